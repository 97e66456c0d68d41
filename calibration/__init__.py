"""Calibration: camera intrinsics, board and table pose, colour references, stored as JSON."""
