"""`companion serve --game black-cannon` with no --source, as a real process: it plays the bundled clip
(samples/black_cannon/turns.mp4) in a loop, and the camera part starts the game from the table it sees."""

from __future__ import annotations

import time

import pytest

from .test_serve import Served


def stop(served: Served) -> None:
    """SIGTERM, with time for a full read of the table already under way to end (seconds on a busy machine)."""
    served.process.terminate()
    served.process.wait(timeout=60)
    served.process.stdout.close()
    served.process.stderr.close()


@pytest.mark.slow   # the reader takes about a second a steady frame
def test_serve_plays_the_bundled_clip_and_the_camera_sets_the_game_up(tmp_path):
    served = Served(tmp_path / "data", "--no-qr", "--game", "black-cannon", source=None)
    try:
        banner = "".join(served.banner)
        assert "samples/black_cannon/turns.mp4" in banner and "StillReader.read_frame" in banner
        deadline, state = time.monotonic() + 90, {}
        while time.monotonic() < deadline and not state.get("game"):
            time.sleep(1.0)
            state = served.get("api/state")
        assert state.get("game") == "black-cannon", state
        assert {f: s["square"] for f, s in state["ships"].items()} == {"red": "A1", "blue": "K2", "green": "A12"}
        first = served.get("api/record")[0]
        assert (first["type"], first["source"]) == ("game", "camera")
        assert served.get("healthz")["camera"]["source"].endswith("turns.mp4")
    finally:
        stop(served)
