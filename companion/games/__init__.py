"""Pure rules and text formats for each game, one folder per game."""
