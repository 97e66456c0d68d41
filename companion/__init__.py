"""Tabletop Companion: sees a physical game table, referees it, and shows it on a tablet."""

__version__ = "0.1.0"
