"""The table a Cannons & Coastlines game starts from when no camera is attached."""

from pathlib import Path

GAME = "cannons-coastlines"
# A table to start from when no camera is attached (companion serve --game cannons-coastlines --source none).
DEMO_TABLE = Path(__file__).with_name("demo-table.json")
