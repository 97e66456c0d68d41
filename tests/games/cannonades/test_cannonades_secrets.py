"""Secrets stay secret: whole random games of four seats through the real Session on a real SQLite log.
After every command, each seat's view and each logged event as that seat sees it may name only cards
the seat may know: its own hand and ships, and every card ever shown face up. The log replays exactly."""

from __future__ import annotations

import json
import random
import re

import pytest

from companion.games.cannonades.record import RECORD, CannonadesRecord
from companion.session import EventLog, Session

CARD = re.compile(r"\b[SC]\d\d\b")
SEATS = ["anna", "ben", "cleo", "dan"]


def named(value) -> set[str]:
    return set(CARD.findall(json.dumps(value)))


def public_now(game) -> set[str]:
    shown = set(game.discard)
    shown |= {s.card for fleet in game.fleets.values() for s in fleet if s.face_up}
    return shown


def own_now(game, seat) -> set[str]:
    return set(game.hands[seat]) | {s.card for s in game.fleets[seat]}


def pick(legal: list[dict], rng: random.Random) -> dict:
    """A random player that ends its turn less often than it acts, so the games run long."""
    actions = [c for c in legal if c["type"] != "end"]
    return rng.choice(actions) if actions and rng.random() < 0.85 else rng.choice(legal)


def play_and_check(tmp_path, seed: int) -> tuple[int, int]:
    session = Session(EventLog(tmp_path / f"game-{seed}.sqlite"), RECORD)
    session.act({"type": "start", "seats": SEATS, "seed": seed})
    rng = random.Random(seed)
    knows = {seat: own_now(session.state, seat) for seat in SEATS}
    shared = public_now(session.state)
    checked = 0
    seen_events = 0
    while not session.state.over:
        seat = session.state.to_move
        verdict, _ = session.act({**pick(session.view(seat)["legal"], rng), "seat": seat})
        assert verdict.legal, verdict.message
        game = session.state
        shared |= public_now(game)
        for event in session.log.events(seen_events):   # a redeal shows the hand to all, then shuffles it away
            shared |= {c for e in event.body.get("effects", []) if e["what"] == "redeal" for c in e["cards"]}
        for who in SEATS:
            knows[who] |= own_now(game, who) | shared
        for event in session.log.events(seen_events):
            for who in [*SEATS, None]:
                sent = session.event_view(event, who)
                allowed = knows[who] if who else shared
                assert named(sent) <= allowed, (who, event.seq, named(sent) - allowed)
                checked += 1
            seen_events = event.seq
        for who in [*SEATS, None]:
            seen = session.view(who)
            allowed = knows[who] if who else shared
            assert named(seen) <= allowed, (who, named(seen) - allowed)
            if seen["standings"] is not None:   # the tiebreak table counts icons: only once all ships are up
                assert all(ship["face"] == "up" for p in seen["players"].values() for ship in p["ships"])
            for player in seen["players"].values():
                for ship in player["ships"]:
                    assert ("card" in ship) == (ship["face"] == "up" or ship["id"].rpartition("-")[0] == who)
            checked += 1
    replayed = Session(EventLog(tmp_path / f"game-{seed}.sqlite"), CannonadesRecord())
    assert replayed.state.to_json() == session.state.to_json()
    return checked, session.seq


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12))
def test_no_seat_is_ever_sent_a_card_it_may_not_know(tmp_path, seed):
    checked, events = play_and_check(tmp_path, seed)
    assert events > 40 and checked > 500


def test_a_draw_shows_the_card_only_to_its_drawer_and_the_deal_order_to_nobody(tmp_path):
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    session.act({"type": "start", "seats": ["anna", "ben"], "seed": 11})
    game_event = session.log.events()[0]
    anna_hand = session.state.hands["anna"]
    for who in ("anna", "ben", None):
        sent = session.event_view(game_event, who)
        assert "order" not in sent and "seed" not in sent
        assert (set(anna_hand) <= named(sent)) == (who == "anna")
    assert session.view(None)["hand"] is None and session.view("ben")["hand"] is not None


def test_the_seed_decides_the_deal_and_a_start_without_one_gets_a_fresh_one(tmp_path):
    def dealt(record, seed=None):
        command = {"type": "start", "seats": ["anna", "ben"], **({"seed": seed} if seed is not None else {})}
        return record.decide(None, command)[1][0]["order"]

    assert dealt(RECORD, 5) == dealt(RECORD, 5) != dealt(RECORD, 6)
    seeds = iter([1, 2])
    fresh = CannonadesRecord(new_seed=lambda: next(seeds))
    assert dealt(fresh) == dealt(RECORD, 1) and dealt(fresh) == dealt(RECORD, 2)


def test_undo_in_the_log_never_crosses_a_shot(tmp_path):
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    session.act({"type": "start", "seats": ["anna", "ben"], "seed": 3})
    while session.state.decision == "redeal":
        session.act({"type": "keep", "seat": session.state.to_move})
    ship = next(c for c in session.state.hands["anna"] if c.startswith("S"))
    assert session.act({"type": "add", "seat": "anna", "card": ship}).verdict.legal
    assert session.act({"type": "undo", "seat": "anna"}).verdict.legal
    assert ship in session.state.hands["anna"] and session.state.actions_left == 4
    refused = session.act({"type": "undo", "seat": "anna"})
    assert not refused.verdict.legal and refused.verdict.reasons[0].rule == "CN-10" and refused.events == ()


def test_a_physical_deck_s_list_is_sent_as_its_name_and_size(tmp_path):
    cards = [{"id": f"S{n:02d}", "kind": "ship", "icons": ["red"], "sails": "left"} for n in range(10)] + \
            [{"id": f"C{n:02d}", "kind": "cannonade", "icons": ["red", "blue"]} for n in range(10)]
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    session.act({"type": "start", "seats": ["anna", "ben"], "seed": 2,
                 "deck": {"name": "ours", "clans": ["red", "blue"], "cards": cards}})
    sent = session.event_view(session.log.events()[0], None)
    assert sent["deck"] == {"name": "ours", "cards": 20} and named(sent) == set()
