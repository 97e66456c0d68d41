"""A game of physical cards in the game's record (table_record.py): started from a setup file, played as
still tables (seat tokens) and the players' word, kept as events that replay to the same counts. Bad
input names its field; what makes no sense now is refused, nothing logged."""

from __future__ import annotations

import json

import pytest

from companion.games.cannonades.record import CannonadesRecord
from companion.games.verdict import Verdict

RECORD = CannonadesRecord(new_seed=lambda: 7)
SETUP = {"cards": "physical", "seats": ["anna", "ben"], "turn": "anna", "hands": {"anna": 4, "ben": 3}, "pile": 1,
         "had_turn": ["anna", "ben"]}
EMPTY2 = "up=;ways=;down=2;shots="


def table(anna: str, ben: str, discard: str = "") -> dict:
    return {"seat 1": anna, "seat 2": ben, "discard": discard}


def play(commands: list[dict]) -> tuple[object, list[dict]]:
    """Each command decided then applied, as the session does; the state and every event body."""
    state, log = None, []
    for command in commands:
        verdict, bodies = RECORD.decide(state, command)
        assert isinstance(verdict, Verdict) and verdict.legal, (command, verdict.message)
        for body in bodies:
            state = RECORD.apply(state, body, len(log) + 1)
            log.append(body)
    return state, log


SHOT = [RECORD.start(json.dumps(SETUP), source="camera"),
        {"type": "seen", "table": table(EMPTY2, EMPTY2), "source": "camera"},
        {"type": "seen", "table": table(EMPTY2, "up=;ways=;down=2;shots=C26>face down"), "source": "camera"},
        {"type": "seen", "table": table(EMPTY2, "up=S13;ways=west;down=1;shots=C26>S13"), "source": "camera"}]


def test_a_setup_with_physical_cards_starts_a_table_game_and_its_log_replays_to_the_same_view():
    state, log = play(SHOT + [{"type": "table-tell", "what": "draw"}])
    assert [body["type"] for body in log] == ["table-game", "seen", "seen", "seen", "table-tell"]
    view = RECORD.view(state, None)
    assert (view["cards"], view["pile"], view["players"]["ben"]["hand"], view["players"]["anna"]["hand"]) == \
           ("physical", 0, 4, 3)
    assert view["shootout"] == {"trigger": "ben", "final_turns": ["ben"]} and view["turn"] == "anna"
    replayed = None
    for seq, body in enumerate(log, start=1):
        replayed = RECORD.apply(replayed, body, seq)
    assert RECORD.view(replayed, None) == view


def test_end_turn_while_a_grin_is_due_is_refused_and_logs_nothing():
    state, _ = play(SHOT)
    verdict, bodies = RECORD.decide(state, {"type": "table-end"})
    assert not verdict.legal and bodies == [] and "ben's Vendetta is still due against anna" in verdict.message


def test_a_table_the_rules_do_not_explain_is_logged_with_a_question_for_the_players():
    state, _ = play(SHOT[:2])
    verdict, bodies = RECORD.decide(state, {"type": "seen", "table": table("up=S03;ways=west;down=1;shots=", EMPTY2)})
    assert verdict.legal and [body["type"] for body in bodies] == ["seen", "question"]
    assert bodies[1]["message"] == "S03 turned face up in anna's fleet with no shot at it: what happened?"


def test_a_log_that_does_not_replay_is_refused_naming_the_event():
    _, log = play(SHOT)
    log[3]["verdicts"][0]["sentence"] = "anna misses."
    state = None
    with pytest.raises(ValueError, match=r"\(seen\) does not replay"):
        for seq, body in enumerate(log, start=1):
            state = RECORD.apply(state, body, seq)


@pytest.mark.parametrize("setup, field", [
    ({"cards": "physical", "seats": ["anna"]}, "seats"),
    ({"cards": "physical", "seats": ["anna", "ben"], "turn": "cleo"}, "turn"),
    ({"cards": "physical", "seats": ["anna", "ben"], "hands": {"anna": -1}}, "hands"),
    ({"cards": "physical", "seats": ["anna", "ben"], "pile": 99}, "pile"),
    ({"cards": "paper", "seats": ["anna", "ben"]}, "cards"),
])
def test_a_bad_setup_names_its_field(setup, field):
    with pytest.raises(ValueError, match=rf"^{field}: "):
        RECORD.decide(None, RECORD.start(json.dumps(setup)))


def test_a_bad_still_table_or_telling_names_what_is_wrong():
    state, _ = play(SHOT[:2])
    with pytest.raises(ValueError, match=r"table: seat token 'up=;down=x;shots=': expected"):
        RECORD.decide(state, {"type": "seen", "table": table("up=;down=x;shots=", EMPTY2)})
    with pytest.raises(ValueError, match=r"table: 3 seats read for a game of 2"):
        RECORD.decide(state, {"type": "seen", "table": {**table(EMPTY2, EMPTY2), "seat 3": EMPTY2}})
    with pytest.raises(ValueError, match=r"what: expected one of draw, none, salvage"):
        RECORD.decide(state, {"type": "table-tell", "what": "steal"})
    verdict, _ = RECORD.decide(state, {"type": "add", "seat": "anna", "card": "S01"})
    assert not verdict.legal and "played with physical cards" in verdict.message
