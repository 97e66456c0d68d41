"""The record through the real Session: setups checked field by field, commands refused with their
rule and nothing logged, a log that no longer replays named, a computer seat playing through Session.act,
and the rules' list of open moves agreeing with their refusals."""

from __future__ import annotations

import itertools
import json
import random
import sqlite3

import pytest

from companion.games.cannonades.bot import BOT
from companion.games.cannonades.record import RECORD
from companion.games.cannonades.rules import legal_moves, refusal
from companion.session import EventLog, Session, SessionError

TWELVE = {"name": "tiny", "clans": ["red", "blue"],
          "cards": [{"id": f"S{n}", "kind": "ship", "icons": ["red"], "sails": "left"} for n in range(6)]
          + [{"id": f"K{n}", "kind": "cannonade", "icons": ["red", "blue"]} for n in range(6)]}


@pytest.mark.parametrize("setup, message", [
    ({"seats": ["anna"]}, "seats: expected a list of 2 to 5 names"),
    ({"seats": ["anna", "anna"]}, "seats: a seat is named twice"),
    ({"seats": ["anna", "Ben!"]}, "seats[1]: 'Ben!' is not a seat name"),
    ({"seats": ["anna", "ben"], "variant": "fast"}, "variant: 'fast' is not one of standard, fixed-5"),
    ({"seats": ["anna", "ben"], "seed": "x"}, "seed: expected a whole number"),
    ({"seats": ["anna", "ben", "cleo"], "deck": TWELVE}, "deck: 12 cards cannot deal 5 to each of 3 seats"),
    ({"seats": ["anna", "ben"], "deck": {**TWELVE, "clans": []}}, "deck.clans: expected a list of clan names"),
])
def test_a_bad_setup_is_refused_naming_the_field(setup, message):
    with pytest.raises(ValueError) as refused:
        RECORD.start(json.dumps(setup))
    assert str(refused.value).startswith(message)


def test_a_setup_that_is_not_json_says_line_and_column():
    with pytest.raises(ValueError, match=r"setup line 1, column 12: not JSON"):
        RECORD.start('{"seats": [}')


@pytest.fixture
def session(tmp_path):
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    session.act(RECORD.start(json.dumps({"seats": ["anna", "ben"], "seed": 21})))
    while session.state.decision == "redeal":
        session.act({"type": "keep", "seat": session.state.to_move})
    return session


def test_a_refused_command_logs_nothing_and_names_its_rule(session):
    before = session.seq
    acted = session.act({"type": "end", "seat": "ben"})
    assert not acted.verdict.legal and acted.verdict.reasons[0].rule == "rules:turn" and session.seq == before
    cannonade = next(c for c in session.state.hands["anna"] if c.startswith("C"))
    acted = session.act({"type": "shoot", "seat": "anna", "card": cannonade, "target": "ben-1"})
    assert acted.verdict.reasons[0].rule == "rules:first-turn"
    with pytest.raises(ValueError, match="a shoot command needs 'target'"):
        session.act({"type": "shoot", "seat": "anna", "card": cannonade})
    with pytest.raises(ValueError, match="seat: 'zed' is not a seat"):
        session.act({"type": "end", "seat": "zed"})
    with pytest.raises(ValueError, match="unknown Cannonades command 'fire'"):
        session.act({"type": "fire", "seat": "anna"})


def test_a_discard_of_several_cards_is_one_event_per_card(session):
    hand = list(session.state.hands["anna"])
    ships = [c for c in hand if c.startswith("S")]
    session.act({"type": "add", "seat": "anna", "card": ships[0]})
    session.act({"type": "end", "seat": "anna"})   # two players: the limit is 3, anna holds 4
    assert session.state.pending[-1] == ("discard", "anna", 1, "limit")
    acted = session.act({"type": "discard", "seat": "anna", "cards": [c for c in hand if c != ships[0]][:1]})
    assert len(acted.events) == 1 and session.state.current == "ben"


def test_a_log_whose_events_were_changed_does_not_replay(session, tmp_path):
    ship = next(c for c in session.state.hands["anna"] if c.startswith("S"))
    session.act({"type": "add", "seat": "anna", "card": ship})
    session.log.close()
    db = sqlite3.connect(tmp_path / "game.sqlite")
    seq, body = db.execute("SELECT seq, body FROM events ORDER BY seq DESC LIMIT 1").fetchone()
    changed = json.loads(body)
    changed["effects"][0]["ship"] = "anna-9"
    db.execute("UPDATE events SET body = ? WHERE seq = ?", (json.dumps(changed), seq))
    db.commit()
    db.close()
    with pytest.raises(SessionError, match=rf"event {seq} \(add\) does not replay"):
        Session(EventLog(tmp_path / "game.sqlite"), RECORD)


@pytest.mark.slow
def test_a_computer_seat_plays_a_whole_game_through_the_session(tmp_path):
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    session.act({"type": "start", "seats": ["anna", "bot"], "seed": 4})
    rng = random.Random(4)
    while not session.state.over:
        seat = session.state.to_move
        if seat == "bot":
            decided = BOT.choose(session.snapshot().state, "bot", "quick", rng)
            assert all(session.act(command).verdict.legal for command in decided.commands)
        else:
            session.act({**rng.choice(session.view(seat)["legal"]), "seat": seat})
    assert session.state.winners and session.view(None)["over"]


def candidate_moves(game) -> list[tuple]:
    """Every move shape with every card and ship of the game: the open ones and many that are not."""
    cards = list(game.deck.ids[::7]) + [c for h in game.hands.values() for c in h]
    ships = [s.id for f in game.fleets.values() for s in f] + ["nobody-1"]
    return ([("keep",), ("redeal",), ("end",), ("salvage", None), ("grin", "none", None), ("grin", "draw", None),
             ("grin", "discard", None)]
            + [(kind, c) for kind in ("add", "draw", "discard", "salvage") for c in cards]
            + [("shoot", c, s) for c, s in itertools.product(cards, ships)]
            + [("board", a, b) for a, b in itertools.product(ships, ships)]
            + [("grin", "reveal", s) for s in ships])


@pytest.mark.parametrize("seed", range(3))
def test_the_open_moves_are_exactly_those_without_a_refusal(seed):
    from test_cannonades_bot import midgame

    for moves in (0, 15, 30, 45):
        game = midgame(seed, moves=moves)
        if game.over:
            continue
        open_moves = set(legal_moves(game))
        refused = {m for m in candidate_moves(game) if refusal(game, game.to_move, m) is not None}
        assert open_moves.isdisjoint(refused)
        assert {m for m in candidate_moves(game) if m not in refused} <= open_moves


def test_a_game_on_a_physical_deck_s_file_replays_without_the_file(tmp_path, monkeypatch):
    deck = dict(TWELVE, cards=[dict(c, id=f"{c['id']}x{n}") for n in range(2) for c in TWELVE["cards"]])   # 24
    path = tmp_path / "our-deck.json"
    path.write_text(json.dumps(deck))
    monkeypatch.chdir(tmp_path)
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    session.act(RECORD.start(json.dumps({"seats": ["anna", "ben"], "deck": "our-deck.json", "seed": 3})))
    assert session.view("anna")["deck"] == {"name": "tiny", "cards": 24}
    path.unlink()   # the log holds the list itself
    assert Session(EventLog(tmp_path / "game.sqlite"), RECORD).state.to_json() == session.state.to_json()
