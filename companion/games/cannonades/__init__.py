"""Cannonades: a card game of hidden fleets (rules, per-seat views, referee, computer seat)."""
