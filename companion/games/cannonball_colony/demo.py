"""The board a Cannonball Colony game starts from when nothing is seen (serve --source none, the Table screen's sample)."""

from pathlib import Path

SAMPLE_BOARD = Path(__file__).resolve().parents[3] / "samples" / "boards" / "cannonball-colony-dispute.txt"
