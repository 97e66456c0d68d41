"""The live camera part on rendered frames through the real reader, the shared tracker and the watch:
anna adds a ship (the card glimpsed face up under her hand while she puts it down), then shoots ben's
face-down ship, which ben turns up. The shot is judged from the cards; the glimpsed card is never named
by any command, status line or the watch's view (the camera path's secrets test)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from companion.games.cannonades.camera.live import CardsCamera, make_reader
from companion.games.cannonades.deck import default_deck
from companion.games.cannonades.render.draw import render_scene
from companion.games.cannonades.render.scene import HandReach, PlacedCard, random_scene
from companion.render.options import RenderOptions
from companion.tracking import TrackerSettings

DECK = default_deck()
INDEX = {card.id: i for i, card in enumerate(DECK.cards)}
SETTINGS = TrackerSettings(window=3, still_frames=3)
GLIMPSED, BEN_SHIP, GUN = "S33", "S09", "C02"   # C02 anchor/skull against S09 anchor: sunk


def scene(cards: list[PlacedCard], hand: HandReach | None = None):
    base = random_scene(7, RenderOptions(tilt_deg=20, jpeg_quality=90), players=2, style="classic")
    deck = PlacedCard(-1, False, (377.0, 300.0), 0.0, "deck")
    return dataclasses.replace(base, cards=(deck, *cards), hand=hand, table_material="navy cloth")


def ship(card: str, face_up: bool, seat: int, x: float) -> PlacedCard:
    y = 490.0 if seat == 1 else 110.0
    return PlacedCard(INDEX[card], face_up, (x, y), 0.0 if seat == 1 else 180.0, "ship", seat)


def frames(cards, hand=None, count=4):
    image = render_scene(scene(cards, hand)).image
    return [image] * count


class Table:
    """The camera part fed frame after frame, as the pipeline feeds it; everything it says is kept."""

    def __init__(self):
        self.camera = CardsCamera(seats=["anna", "ben"], tracker_settings=SETTINGS)
        self.read = make_reader(players=2)
        self.previous, self.said, self.time = None, [], 0.0

    def show(self, images) -> list[dict]:
        commands = []
        for image in images:
            self.time += 0.1
            observation = self.previous = self.read(image, self.time, self.previous)
            outcome = self.camera.track(observation)
            self.said.append(json.dumps(self.camera.status(observation, outcome, "the test")))
            if self.camera.committed(outcome):
                commands += self.camera.commands(None, outcome, observation)
        self.said.append(json.dumps(commands))
        return commands


@pytest.mark.slow   # renders five tables: about 15 s
def test_a_shot_is_judged_when_the_ship_turns_up_and_a_card_glimpsed_while_placed_is_never_named():
    table = Table()
    ben = ship("S20", False, 2, 330.0)
    target = ship(BEN_SHIP, False, 2, 450.0)
    assert table.show(frames([ben, target])) == []   # the first still table sets the scene
    assert table.camera.watch.view()["players"]["ben"]["ships_down"] == 2

    reach = HandReach("bottom", 0.5, (380.0, 470.0), (188, 150, 120), (70, 60, 50))
    glimpse = table.show(frames([ben, target, ship(GLIMPSED, True, 1, 380.0)], hand=reach, count=2))
    placed = table.show(frames([ben, target, ship(GLIMPSED, False, 1, 380.0)]))
    assert glimpse == [] and [c["body"]["sentence"] for c in placed] == [
        "anna adds a ship face down (4 card(s) left in hand, 3 action(s) left)."]

    gun = PlacedCard(INDEX[GUN], True, (480.0, 140.0), 160.0, "cannonade", 2)
    laid = table.show(frames([ben, target, ship(GLIMPSED, False, 1, 380.0), gun]))
    assert [c["body"]["sentence"] for c in laid] == [
        f"anna shoots a face-down ship of ben's with {GUN}: ben, turn that ship face up."]
    turned = table.show(frames([ben, ship(BEN_SHIP, True, 2, 450.0), ship(GLIMPSED, False, 1, 380.0), gun]))
    assert len(turned) == 1 and turned[0]["type"] == "note", turned
    assert f"anna hits {BEN_SHIP} with {GUN}: a clan in common, {BEN_SHIP} is sunk." == turned[0]["body"]["sentence"]

    view = table.camera.watch.view()
    assert view["players"]["anna"] == {"hand": 3, "ships_up": [], "ships_down": 1, "out": False, "shots_waiting": []}
    everything = "\n".join(table.said) + json.dumps(view)
    assert GLIMPSED not in everything   # seen face up on two frames under a hand: never committed, never named


def test_the_pipeline_logs_the_watch_s_verdicts_as_notes_beside_the_game(tmp_path):
    """Readings as the reader makes them, through the shared pipeline's tracking: a still table with
    one more face-down ship in anna's area is logged as her adding a ship; the game is not touched."""
    import numpy as np

    from companion.games.cannonades.camera.live import CardObservation
    from companion.games.cannonades.camera.reader import Reading, SeenCard
    from companion.games.cannonades.camera.table_seen import table_seen
    from companion.games.cannonades.record import RECORD
    from companion.live import Pipeline
    from companion.session import EventLog, Session

    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    pipeline = Pipeline(CardsCamera, session, None, None, pace=False, tracker_settings=SETTINGS)

    def observe(downs: int, at: float):
        cards = tuple(SeenCard("down", (300.0 + 90 * n, 490.0), "seat 1", 0.9) for n in range(downs))
        reading = Reading(2, cards, (20, 21, 22, 23))
        return CardObservation(at, reading, table_seen(reading), 0.0, np.zeros((90, 160), np.uint8))

    for frame in range(3):
        pipeline.track(observe(1, frame / 10))
    for frame in range(3, 6):
        pipeline.track(observe(2, frame / 10))
    notes = [event.body for event in session.log.events() if event.body.get("type") == "table-verdict"]
    assert [note["sentence"] for note in notes] == ["anna adds a ship face down (4 card(s) left in hand, 3 action(s) left)."]
    assert session.state is None   # beside the game: no game was started or changed
