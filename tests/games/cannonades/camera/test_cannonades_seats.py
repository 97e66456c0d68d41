"""Three and four seats on camera: rendered tables with ships along the left and right edges too (turned
to face their seats), read by the streaming reader once, each card's seat found from the areas of the
game's number of players (kit/table.py), and a session of three seats played from still tables."""

from __future__ import annotations

import dataclasses

import pytest

from companion.games.cannonades.camera.live import CardsCamera, make_reader
from companion.games.cannonades.deck import default_deck
from companion.games.cannonades.record import RECORD
from companion.games.cannonades.render.draw import render_scene
from companion.games.cannonades.render.scene import PlacedCard, random_scene
from companion.live import Pipeline
from companion.render.options import RenderOptions
from companion.session import EventLog, Session
from companion.tracking import TrackerSettings

DECK = default_deck()
INDEX = {card.id: index for index, card in enumerate(DECK.cards)}
DECK_PILE = PlacedCard(-1, False, (375.0, 300.0), 0.0, "deck")
# Seat 1 at the bottom (cards upright), seat 2 on the left (turned 90), seat 3 at the top, seat 4 on the right.
THREE = [PlacedCard(INDEX["S01"], True, (370.0, 500.0), 0.0, "ship", 1),
         PlacedCard(INDEX["S02"], False, (480.0, 500.0), 0.0, "ship", 1),
         PlacedCard(INDEX["S09"], False, (110.0, 250.0), 90.0, "ship", 2),
         PlacedCard(INDEX["S10"], True, (110.0, 350.0), 90.0, "ship", 2),
         PlacedCard(INDEX["S17"], True, (420.0, 100.0), 180.0, "ship", 3)]
FOUR = THREE + [PlacedCard(INDEX["S25"], False, (730.0, 300.0), 270.0, "ship", 4),
                PlacedCard(INDEX["C02"], True, (740.0, 330.0), 290.0, "cannonade", 4)]


def photo(cards: list[PlacedCard], players: int, tilt: float):
    base = random_scene(11, RenderOptions(tilt_deg=tilt, jpeg_quality=92), players=players, style="navy")
    return render_scene(dataclasses.replace(base, cards=(DECK_PILE, *cards), hand=None, table_material="oak")).image


@pytest.mark.slow   # two renders and reads: about 6 s
@pytest.mark.parametrize("players, cards, tilt, expected", [
    (3, THREE, 15, {"seat 1": "up=S01;ways=west;down=1;shots=", "seat 2": "up=S10;ways=north;down=1;shots=",
                    "seat 3": "up=S17;ways=east;down=0;shots=", "discard": ""}),
    (4, FOUR, 25, {"seat 1": "up=S01;ways=west;down=1;shots=", "seat 2": "up=S10;ways=north;down=1;shots=",
                   "seat 3": "up=S17;ways=east;down=0;shots=", "seat 4": "up=;ways=;down=1;shots=C02>face down",
                   "discard": ""}),
], ids=["three seats", "four seats"])
def test_each_card_is_in_its_seat_s_area_for_the_game_s_number_of_players(players, cards, tilt, expected):
    observation = make_reader()(photo(cards, players, tilt), 0.0, None)
    assert observation.seen(players).tokens() == expected
    # Read with a two-seat table's areas, the left seat's ships would be counted as seat 1's or 2's.
    assert observation.seen(2).tokens() != {key: value for key, value in expected.items() if key in ("seat 1", "seat 2", "discard")}


@pytest.mark.slow   # three renders, each held for the tracker: about 12 s
def test_a_three_seat_game_is_started_and_played_from_the_table(tmp_path):
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    pipeline = Pipeline(CardsCamera, session, None, make_reader(), pace=False,
                        tracker_settings=TrackerSettings(window=3, still_frames=3))
    pipeline.camera.setup, pipeline.camera.players = {"seats": ["anna", "ben", "cleo"]}, 3
    clock = iter(range(1000))
    added = THREE + [PlacedCard(INDEX["S03"], False, (590.0, 500.0), 0.0, "ship", 1)]
    on_the_left = added + [PlacedCard(INDEX["S11"], False, (110.0, 450.0), 90.0, "ship", 2)]
    for cards in (THREE, added, on_the_left):
        image = photo(cards, 3, 15)
        for _ in range(4):
            pipeline.referee(image, next(clock) / 10)
    events = [event.body for event in session.log.events()]
    assert events[0]["type"] == "table-game" and events[0]["seats"] == ["anna", "ben", "cleo"]
    said = [verdict["sentence"] for body in events for verdict in body.get("verdicts", ())]
    assert said == ["anna adds a ship face down (4 card(s) left in hand, 3 action(s) left).",
                    "a ship was added to ben's fleet on anna's turn: take it back, or press End turn first."]
    players = session.view(None)["players"]
    assert [len(players[seat]["ships"]) for seat in ("anna", "ben", "cleo")] == [3, 2, 1]
