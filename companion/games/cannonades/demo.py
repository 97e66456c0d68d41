"""The game `serve --game cannonades --source none` starts when its log is empty: four seats, the default deck."""

from pathlib import Path

DEMO_SETUP = Path(__file__).resolve().parent / "demo-setup.json"
