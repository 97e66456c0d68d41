"""`companion serve --game the-colony --source none` as a real process: it starts from the rulebook's
setup, a tablet plays over HTTP, and after a SIGKILL the restarted server resumes the same game."""

from __future__ import annotations

import urllib.error

import pytest

from .test_serve import Served, assert_all_there


def post(served: Served, path: str, body: dict | None = None) -> dict:
    """A tablet's request; the event it committed (acknowledged only once it is on disk)."""
    answer = served.post(path, body)
    assert answer["ok"], answer
    return answer["event"]


@pytest.mark.slow   # about 14 s: starts serve three times
def test_the_colony_is_served_from_its_setup_played_from_a_tablet_and_resumed_after_a_kill(tmp_path):
    served = Served(tmp_path, "--game", "the-colony", "--no-qr")
    assert "Tabletop Companion: The Colony" in "".join(served.banner)
    view = served.get("api/state")
    assert view["game"] == "the-colony" and view["player"] == "red" and set(view["eggs"].values()) == {3}
    acknowledged = served.get("api/record")
    assert [(e["type"], e["source"]) for e in acknowledged] == [("game", "serve")]
    acknowledged.append(post(served, "api/colony/sow", {"space": "L1", "via": ["L19"]}))
    served.kill()                                              # mid-turn: sown, the ant move still to come

    served = Served(tmp_path, "--game", "the-colony", "--no-qr")
    assert_all_there(served, acknowledged)
    view = served.get("api/state")
    assert view["phase"] == "move-ant" and view["ants"] == {"L19": "red"} and view["undo"] == "Red's sowing from L1"
    acknowledged.append(post(served, "api/colony/ant", {"from": "L19", "to": "L8"}))
    acknowledged.append(post(served, "api/colony/sow", {"space": "L9"}))   # black: L10, L11, L12
    acknowledged.append(post(served, "api/colony/undo"))
    with pytest.raises(urllib.error.HTTPError) as refused:     # a bad request: a 4xx, and the game goes on
        served.post("api/colony/sow", {"space": "L42"})
    assert refused.value.code == 400
    before = served.get("api/state")
    served.kill()

    served = Served(tmp_path, "--game", "the-colony", "--no-qr")
    try:
        assert_all_there(served, acknowledged)
        after = served.get("api/state")
        assert after == before
        assert after["player"] == "black" and after["ants"] == {"L8": "red"} and after["ants_mandatory"] is True
        export = served.opener.open(served.url + "api/record.jsonl", timeout=5)
        assert export.headers["Content-Disposition"].endswith("the-colony-game.jsonl")
        assert [line.count(b'"type"') for line in export.read().splitlines()] == [1] * 5
    finally:
        served.stop()
