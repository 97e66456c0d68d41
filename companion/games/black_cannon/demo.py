"""The position a Black Cannon game starts from when nothing is seen (serve --source none): three players'
galleons in their ports and the fourteen chests on the treasure squares."""

from pathlib import Path

START_BOARD = Path(__file__).resolve().parents[3] / "samples" / "boards" / "black-cannon-start.txt"
