"""Cannonball Colony: rules, board text format and (later) the camera reader."""
