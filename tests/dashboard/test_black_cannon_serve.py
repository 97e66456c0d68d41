"""`companion serve --game black-cannon --source none` as a real process: it starts from the bundled
setup, a tablet rolls and sails over HTTP, and after a SIGKILL mid-turn (and again while a shot is owed)
the restarted server resumes the same game; with the software twin the Cannon screen aims at a ship."""

from __future__ import annotations

import math

import urllib.error

import pytest

from companion.games.black_cannon.kit.pieces import SQUARE_MM

from .black_cannon_scenes import CANNON_TURN
from .test_serve import Served, assert_all_there

GAME = ("--game", "black-cannon", "--no-qr")


def post(served: Served, path: str, body: dict | None = None) -> dict:
    """A tablet's request; the event it committed (acknowledged only once it is on disk)."""
    answer = served.post(path, body)
    assert answer["ok"], answer
    return answer["event"]


@pytest.mark.slow   # about 15 s: starts serve three times
def test_black_cannon_is_served_from_its_setup_played_from_a_tablet_and_resumed_after_kills(tmp_path):
    served = Served(tmp_path, *GAME)
    assert "Tabletop Companion: Black Cannon" in "".join(served.banner)
    view = served.get("api/state")
    assert view["game"] == "black-cannon" and view["player"] == "anna" and view["phase"] == "roll"
    assert view["ships"] == {"red": {"kind": "galleon", "square": "A1"}, "blue": {"kind": "galleon", "square": "L1"},
                             "green": {"kind": "galleon", "square": "A12"}}
    acknowledged = served.get("api/record")
    assert [(e["type"], e["source"]) for e in acknowledged] == [("game", "serve")]
    acknowledged.append(post(served, "api/bc/roll", {"dice": [4, 2]}))
    served.kill()                                              # mid-turn: rolled, the move still to come

    served = Served(tmp_path, *GAME)
    assert_all_there(served, acknowledged)
    assert served.get("api/state")["phase"] == "move" and served.get("api/state")["roll"] == [4, 2]
    acknowledged.append(post(served, "api/bc/move", {"fleet": "red", "to": "E5"}))
    acknowledged.append(post(served, "api/bc/game", {"board": CANNON_TURN}))
    acknowledged.append(post(served, "api/bc/roll", {"dice": [4, 1]}))
    acknowledged.append(post(served, "api/bc/move", {"fleet": "red", "to": "B7"}))
    with pytest.raises(urllib.error.HTTPError) as refused:     # a bad request: a 4xx, and the game goes on
        served.post("api/bc/shot", {"target": "purple"})
    assert refused.value.code == 400
    before = served.get("api/state")
    assert before["phase"] == "shot"
    served.kill()                                              # a shot owed: it is still owed after the restart

    served = Served(tmp_path, *GAME, "--hardware", "sim", "--cannon-pose=300,-100,0")
    try:
        assert_all_there(served, acknowledged)
        assert served.get("api/state") == before
        # The hand-placed cannon stands on the shooter's square B7, facing +x: blue's frigate on J8
        # lies eight squares along and one down, 7.1 degrees off its heading.
        aimed = served.post("api/cannon/aim", {"ship": "blue"})
        assert aimed["target"]["ship"] == "blue" and aimed["target"]["table_mm"] == [9.5 * SQUARE_MM, 7.5 * SQUARE_MM]
        assert aimed["target"]["bearing_deg"] == pytest.approx(7.1)
        assert aimed["target"]["range_mm"] == round(math.hypot(8, 1) * SQUARE_MM)
        acknowledged.append(post(served, "api/bc/shot", {"target": "blue", "sunk": True, "chest": "D4"}))
        after = served.get("api/state")
        assert after["ships"]["blue"]["kind"] == "raft" and after["chests"]["D4"] == 5 and after["player"] == "bob"
        export = served.opener.open(served.url + "api/record.jsonl", timeout=5)
        assert export.headers["Content-Disposition"].endswith("black-cannon-game.jsonl")
        assert [line.count(b'"type"') for line in export.read().splitlines()] == [1] * 7
    finally:
        served.stop()
