"""Black Cannon: the board as data (BC-1), the rules, the position text, the referee and the record."""
