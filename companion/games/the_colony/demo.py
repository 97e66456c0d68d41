"""The position a The Colony game starts from when nothing is seen (serve --source none): the rulebook's setup."""

from pathlib import Path

START_BOARD = Path(__file__).resolve().parents[3] / "samples" / "boards" / "the-colony-start.txt"
