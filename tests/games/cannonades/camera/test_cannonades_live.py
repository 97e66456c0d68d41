"""The live camera part on rendered frames through the real reader, the shared tracker, the pipeline and
the game's record (a session of physical cards): anna adds a ship (the card glimpsed face up under her
hand while she puts it down), then shoots ben's face-down ship, which ben turns up. The shot is judged
from the cards; the glimpsed card is never named by any event, status line or the shared screen's view
(the camera path's secrets test)."""

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
    """The pipeline fed frame after frame, as serve feeds it; everything it says is kept."""

    def __init__(self, tmp_path):
        from companion.games.cannonades.record import RECORD
        from companion.live import Pipeline
        from companion.session import EventLog, Session

        self.session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
        self.statuses: list[dict] = []
        self.pipeline = Pipeline(CardsCamera, self.session, None, make_reader(players=2), pace=False,
                                 tracker_settings=SETTINGS, publish_status=self.statuses.append)
        self.pipeline.camera.setup = {"seats": ["anna", "ben"]}
        self.time = 0.0

    def show(self, images) -> list[str]:
        """The verdicts the frames brought, as sentences."""
        before = self.session.last_seq()
        for image in images:
            self.time += 0.1
            self.pipeline.referee(image, self.time)
        return [verdict["sentence"] for event in self.session.log.events(before) for verdict in event.body.get("verdicts", ())]

    def everything_said(self) -> str:
        return json.dumps([event.body for event in self.session.log.events()]) + json.dumps(self.statuses) + \
            json.dumps(self.session.view(None))


@pytest.mark.slow   # renders five tables: about 15 s
def test_a_shot_is_judged_when_the_ship_turns_up_and_a_card_glimpsed_while_placed_is_never_named(tmp_path):
    table = Table(tmp_path)
    ben = ship("S20", False, 2, 330.0)
    target = ship(BEN_SHIP, False, 2, 450.0)
    assert table.show(frames([ben, target])) == []   # the first still table starts the game and sets the scene
    assert table.session.view(None)["players"]["ben"]["ships"] == [{"id": "ben:down-1", "face": "down"},
                                                                    {"id": "ben:down-2", "face": "down"}]

    reach = HandReach("bottom", 0.5, (380.0, 470.0), (188, 150, 120), (70, 60, 50))
    glimpse = table.show(frames([ben, target, ship(GLIMPSED, True, 1, 380.0)], hand=reach, count=2))
    placed = table.show(frames([ben, target, ship(GLIMPSED, False, 1, 380.0)]))
    assert glimpse == [] and placed == ["anna adds a ship face down (4 card(s) left in hand, 3 action(s) left)."]

    gun = PlacedCard(INDEX[GUN], True, (480.0, 140.0), 160.0, "cannonade", 2)
    laid = table.show(frames([ben, target, ship(GLIMPSED, False, 1, 380.0), gun]))
    assert laid == [f"anna shoots a face-down ship of ben's with {GUN}: ben, turn that ship face up."]
    turned = table.show(frames([ben, ship(BEN_SHIP, True, 2, 450.0), ship(GLIMPSED, False, 1, 380.0), gun]))
    assert turned == [f"anna hits {BEN_SHIP} with {GUN}: a clan in common, {BEN_SHIP} is sunk."]

    anna = table.session.view(None)["players"]["anna"]
    assert (anna["hand"], [s["face"] for s in anna["ships"]]) == (3, ["down"])
    assert GLIMPSED not in table.everything_said()   # seen face up on two frames under a hand: never committed, never named


def test_the_pipeline_keeps_the_physical_table_in_the_game_s_record_and_a_restart_resumes_it(tmp_path):
    """Readings as the reader makes them, through the shared pipeline's tracking: the first still table
    starts a game of physical cards, one more face-down ship in anna's area is her adding a ship; a new
    session on the same log replays the still tables to the same counts."""
    import numpy as np

    from companion.games.cannonades.camera.live import CardObservation
    from companion.games.cannonades.camera.reading import Reading, SeenCard
    from companion.games.cannonades.record import RECORD
    from companion.live import Pipeline
    from companion.session import EventLog, Session

    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    pipeline = Pipeline(CardsCamera, session, None, None, pace=False, tracker_settings=SETTINGS)

    def observe(downs: int, at: float):
        cards = tuple(SeenCard("down", (300.0 + 90 * n, 490.0), "seat 1", 0.9) for n in range(downs))
        return CardObservation(at, Reading(2, cards, (20, 21, 22, 23)), 0.0, np.zeros((90, 160), np.uint8))

    for frame in range(3):
        pipeline.track(observe(1, frame / 10))
    for frame in range(3, 6):
        pipeline.track(observe(2, frame / 10))
    events = [event.body for event in session.log.events()]
    assert [event["type"] for event in events] == ["table-game", "seen", "seen"]
    assert events[0]["seats"] == ["north", "south"] and events[0]["source"] == "camera"
    assert [v["sentence"] for v in events[2]["verdicts"]] == [
        "north adds a ship face down (4 card(s) left in hand, 3 action(s) left)."]
    resumed = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    assert resumed.view(None) == session.view(None) and resumed.view(None)["players"]["north"]["hand"] == 4


def test_a_game_dealt_to_the_tablets_is_not_refereed_from_a_camera_but_the_clip_starts_its_own(tmp_path):
    from companion.games.cannonades.record import RECORD
    from companion.games.cannonades.seen import TableSeen
    from companion.session import EventLog, Session
    from companion.tracking import Committed

    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    session.act({"type": "start", "seats": ["anna", "ben"], "seed": 3})   # on the tablets
    still = Committed(0.0, TableSeen.from_tokens({"seat 1": "up=;down=1;shots=", "seat 2": "up=;down=1;shots="}).tokens())
    asked = CardsCamera(seats=["anna", "ben"]).commands(session.snapshot(), still, None)
    assert [c["type"] for c in asked] == ["question"] and "dealt to the tablets" in asked[0]["message"]
    clip = CardsCamera(restart_on_loop=True, auto_confirm=True).commands(session.snapshot(), still, None)
    assert [c["type"] for c in clip] == ["start", "seen"] and clip[0]["cards"] == "physical"


def test_a_hand_over_a_seat_keeps_the_seat_s_last_steady_count_until_the_table_shows_it_again(tmp_path):
    """The game knows north's two face-down ships; a hand over north's area hides one (the reader counts
    one and says the seat is unsure): nothing is committed or said, north keeps two, and the table seen
    again once the hand is gone is the same table, so nothing changes."""
    import numpy as np

    from companion.games.cannonades.camera.live import CardObservation
    from companion.games.cannonades.camera.reading import Reading, SeenCard
    from companion.games.cannonades.record import RECORD
    from companion.live import Pipeline
    from companion.session import EventLog, Session

    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    pipeline = Pipeline(CardsCamera, session, None, None, pace=False, tracker_settings=SETTINGS)
    ships = (SeenCard("down", (300.0, 490.0), "seat 1", 0.9), SeenCard("down", (390.0, 490.0), "seat 1", 0.9),
             SeenCard("down", (420.0, 110.0), "seat 2", 0.9))
    hand = (ships[0], SeenCard("unknown", (400.0, 520.0), "seat 1", 0.0, why="a shape reaching in from beyond "
                               "the play area: a hand or an arm"), ships[2])

    def observe(cards, at: float):
        return CardObservation(at, Reading(2, cards, (20, 21, 22, 23)), 0.0, np.zeros((90, 160), np.uint8))

    clock = iter(range(100))
    for cards in [ships] * 3 + [hand] * 5:
        pipeline.track(observe(cards, next(clock) / 10))
    events = [event.body["type"] for event in session.log.events()]
    north = session.view(None)["players"]["north"]
    assert events == ["table-game", "seen"] and [ship["face"] for ship in north["ships"]] == ["down", "down"]
    for _ in range(3):
        pipeline.track(observe(ships, next(clock) / 10))
    assert [event.body["type"] for event in session.log.events()] == events
