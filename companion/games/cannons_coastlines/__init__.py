"""Cannons & Coastlines: factions, table geometry in inches, the rules and the 60-point score."""
