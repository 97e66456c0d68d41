"""A Black Cannon computer seat with the live pipeline and Black Cannon's camera part on a scripted
table: the roll the camera reads is the bot's to answer; the ship must then be seen where the bot said,
and any other placement, legal or not, is a question to the players and is never accepted."""

from __future__ import annotations

import random

import numpy as np

from companion.bots import BOT_EVENT, ComputerSeats
from companion.games.black_cannon.bot import BOT
from companion.games.black_cannon.camera.live import BlackCannonCamera
from companion.games.black_cannon.camera.reader import Reading
from companion.games.black_cannon.camera.stills import LiveReading
from companion.games.black_cannon.inference import SeenDie, SeenShip, SeenTable
from companion.games.black_cannon.moves import sailing
from companion.games.black_cannon.record import RECORD
from companion.live import Pipeline
from companion.session import EventLog, Session

START = """players: anna=red bob=blue cleo=green
turn: anna
ships: red=galleon@A1 blue=galleon@K2 green=galleon@A12
carrying:
home: red=0 blue=0 green=0
chests: D4=4 J4=3 D9=3 J9=4
"""


class Table:
    """What the scripted camera sees: each fleet's square and the two dice."""

    def __init__(self):
        self.ships = {"red": "A1", "blue": "K2", "green": "A12"}
        self.dice = (SeenDie(6, (-10.0, 40.0)), SeenDie(5, (-10.0, 80.0)))
        self.chests = {"D4": 4, "J4": 3, "D9": 3, "J9": 4}

    def reading(self, image, timestamp, previous) -> LiveReading:
        seen = SeenTable({f: SeenShip(square, "galleon") for f, square in self.ships.items()}, self.dice, dict(self.chests))
        return LiveReading(timestamp, 0.0, Reading(True), seen, True)


class Rig:
    def __init__(self, tmp_path):
        self.session = Session(EventLog(tmp_path / "live.sqlite"), RECORD)
        self.session.act(RECORD.start(START, source="tablet"))
        self.table = Table()
        self.pipeline = Pipeline(BlackCannonCamera, self.session, None, self.table.reading, pace=False)
        self.image = np.zeros((36, 64, 3), np.uint8)

    def watch(self, frames: int = 4) -> None:
        for _ in range(frames):
            self.pipeline.process(self.image, 0.0)

    def last(self):
        return self.session.log.events()[-1]


def test_a_wrong_placement_for_the_computers_move_is_a_question_never_accepted(tmp_path):
    rig = Rig(tmp_path)
    computer = ComputerSeats(rig.session, BOT, {"anna": "greedy"}, camera=True, rng=random.Random(2))
    rig.pipeline.vet = computer.vet
    rig.watch()                                   # the table as the game has it: nothing to do
    assert computer.step() == "idle"              # anna must roll first: the computer has nothing to say yet

    rig.table.dice = (SeenDie(3, (100.0, -12.0)), SeenDie(1, (200.0, 350.0)))   # the dice thrown and read
    rig.watch()
    assert (rig.last().type, sorted(rig.last().body["dice"]), rig.last().body["source"]) == ("roll", [1, 3], "camera")

    assert computer.step() == "waiting"
    said = [e for e in rig.session.log.events() if e.type == BOT_EVENT][-1].body
    chosen = said["commands"][0]["to"]
    assert said["sentence"].startswith("Sail red's galleon from A1")
    before = rig.session.state

    legal = [move.to for move in sailing(before.position, "red", (3, 1)).moves]
    elsewhere = next(square for square in legal if square != chosen)   # legal, but not the computer's move
    rig.table.ships["red"] = elsewhere
    rig.watch()
    assert rig.last().type == "question" and said["sentence"] in rig.session.question["message"]
    assert rig.session.state.position == before.position and rig.session.state.phase == "move"
    assert computer.status()["state"] == "wrong"

    rig.table.ships["red"] = "C1"                 # not even legal: asked about, never accepted
    rig.watch()
    assert rig.last().type == "question" and rig.session.state.position == before.position

    rig.table.ships["red"] = chosen               # where the computer said, its chest picked up as it said
    if chosen in rig.table.chests:
        rig.table.chests[chosen] -= 1
    rig.watch()
    move = [e for e in rig.session.log.events() if e.type == "move"][-1].body
    assert (move["fleet"], move["to"], move["source"]) == ("red", chosen, "camera")
    assert rig.session.state.position.ships["red"].square == chosen
    assert rig.session.question is None
    assert computer.status()["state"] == "placed"


def test_a_ship_sailed_before_the_computer_said_its_move_is_not_taken(tmp_path):
    rig = Rig(tmp_path)
    computer = ComputerSeats(rig.session, BOT, {"anna": "greedy"}, camera=True, rng=random.Random(2))
    rig.pipeline.vet = computer.vet
    rig.watch()
    rig.table.dice = (SeenDie(3, (100.0, -12.0)), SeenDie(1, (200.0, 350.0)))
    rig.table.ships["red"] = "D4"                 # thrown and sailed before the computer could say anything
    rig.table.chests["D4"] -= 1
    rig.watch()
    kinds = [e.type for e in rig.session.log.events()]
    assert kinds[-2:] == ["roll", "question"] and "move" not in kinds
    assert "wait for its move" in rig.session.question["message"]
    assert rig.session.state.phase == "move" and rig.session.state.position.ships["red"].square == "A1"
