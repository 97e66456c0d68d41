"""The Colony live: still pictures explained as the legal turn that fits them best, through the real
live pipeline and session (a stand-in reader gives the pictures, with the misreads a test asks for).

Each scenario: the table as the camera reads it, and what the game must do."""

from __future__ import annotations

import random

import numpy as np
import pytest

from companion.bots import BOT_EVENT, ComputerSeats
from companion.games.the_colony.bot import BOT
from companion.games.the_colony.camera.live import TheColonyCamera
from companion.games.the_colony.camera.live_reader import LiveReading
from companion.games.the_colony.camera.observation import ColonyObservation, SpaceReading
from companion.games.the_colony.inference import Explained, Question, Seen, explain
from companion.games.the_colony.position import Position
from companion.games.the_colony.record import MOVE_ANT, RECORD
from companion.games.the_colony.rules import sow
from companion.live import Pipeline
from companion.session import EventLog, Session
from companion.tracking import Gated

from the_colony_boards import board_text

SETUP = Position.setup()


def game_from(text: str = ""):
    return RECORD.apply(None, RECORD.decide(None, {"type": "start", "board": text})[1][0], 1)


def sown(position: Position, space: str, via=()) -> Position:
    sowing = sow(position, space, list(via))
    assert sowing.done
    return sowing.position


class Table:
    """What the stand-in reader reads: a position, some spaces misread, a hand over some spaces."""

    def __init__(self, position: Position):
        self.position, self.misread, self.hidden = position, {}, frozenset()

    def reading(self, image, timestamp, previous=None) -> LiveReading:
        spaces = tuple(SpaceReading(space, self.misread.get(space, count), 0.9, self.position.ants.get(space), 0.99,
                                    space in self.hidden) for space, count in self.position.eggs.items())
        observation = ColonyObservation(timestamp, (), spaces, self.position)
        return LiveReading(timestamp, observation, self.hidden, 0.0)


class Rig:
    def __init__(self, tmp_path, position: Position = SETUP):
        self.session = Session(EventLog(tmp_path / "live.sqlite"), RECORD)
        self.table = Table(position)
        self.pipeline = Pipeline(TheColonyCamera, self.session, None, self.table.reading, pace=False)

    def watch(self, frames: int = 4):
        picture = np.zeros((8, 8, 3), np.uint8)
        return [self.pipeline.process(picture, 0.0) for _ in range(frames)]

    def events(self):
        return [(e.type, e.body.get("space") or e.body.get("from"), e.body.get("source"))
                for e in self.session.log.events()]


# --- explain: boards and readings, with the expected answer -------------------------------------

def test_a_sowing_is_found_though_four_untouched_spaces_are_misread_as_before():
    game = game_from()
    after = sown(SETUP, "L5")
    untouched = [space for space in SETUP.layout.ids if after.eggs[space] == SETUP.eggs[space]]
    misread = dict(zip(untouched[::3], (4, 2, 5, 4)))   # read so at the last still picture, and still so
    assert len(misread) == 4
    earlier = Seen({**SETUP.eggs, **misread})
    seen = Seen({**after.eggs, **misread}, dict(after.ants))
    explanation = explain(game, seen, earlier)
    assert isinstance(explanation, Explained)
    assert [c["type"] for c in explanation.commands] == ["sow"] and explanation.commands[0]["space"] == "L5"


def test_a_sowing_is_found_though_a_sown_space_reads_one_egg_off():
    game = game_from()
    after = sown(SETUP, "L5")
    eggs = dict(after.eggs)
    changed = next(space for space in SETUP.layout.ids if after.eggs[space] == 4)
    eggs[changed] = 5
    explanation = explain(game, Seen(eggs, dict(after.ants)), Seen(dict(SETUP.eggs)))
    assert isinstance(explanation, Explained) and explanation.commands[0]["space"] == "L5"


@pytest.mark.parametrize("change, why", [
    ({"L1": 0, "L2": 0, "L3": 9, "L4": 0}, "no legal move fits"),          # eggs moved against the arrows
    ({"L9": 0, "L10": 0, "L11": 0, "L12": 0, "L13": 0}, "no legal move fits"),   # eggs taken off the board
])
def test_a_table_no_legal_turn_fits_is_a_question(change, why):
    game = game_from()
    explanation = explain(game, Seen({**SETUP.eggs, **change}), Seen(dict(SETUP.eggs)))
    assert isinstance(explanation, Question), why
    assert "no legal move" in explanation.message


def test_the_picture_of_the_games_own_table_is_nothing_to_do():
    game = game_from()
    assert explain(game, Seen({**SETUP.eggs, "L4": 4}), Seen({**SETUP.eggs, "L4": 4})) is None


def test_an_unseen_pass_then_the_next_sowing():
    # Red's ant on L6 may step after red's sowing; red does not, and black sows L11.
    text = board_text("L1 2\nL6 1 R\nL11 2\nL12 1\nL13 1\nL14 1\nL19 2")
    game = game_from(text)
    game = RECORD.apply(game, RECORD.decide(game, {"type": "sow", "space": "L1", "via": []})[1][0], 2)
    assert game.phase == MOVE_ANT
    black = sown(game.position.replace(turn="black"), "L11", sow(game.position.replace(turn="black"), "L11", []).options[:1]
                 if not sow(game.position.replace(turn="black"), "L11", []).done else [])
    explanation = explain(game, Seen(dict(black.eggs), dict(black.ants)), Seen(dict(game.position.eggs), dict(game.position.ants)))
    assert isinstance(explanation, Explained)
    assert [c["type"] for c in explanation.commands] == ["pass", "sow"] and explanation.commands[1]["space"] == "L11"


def test_a_question_behind_an_unseen_pass_names_who_did_what():
    """Red may step its ant after sowing L1; the picture shows one of black's two sowings behind red's unseen pass,
    L13 read as sowing L14 leaves it and the rest as sowing L13 does. The question is about black's sowing: it must
    not say it was red's move (colony-clips1: "which move Red made: pass; sow ...")."""
    game = game_from(board_text("L1 2\nL6 1 R\nL11 2\nL12 1\nL13 1\nL14 1\nL19 2"))
    game = RECORD.apply(game, RECORD.decide(game, {"type": "sow", "space": "L1", "via": []})[1][0], 2)
    black = game.position.replace(turn="black")
    from_l13, from_l14 = sown(black, "L13"), sown(black, "L14")
    eggs = {**from_l13.eggs, "L13": from_l14.eggs["L13"]}      # L13 1 (from L14) where from L13 leaves 0
    explanation = explain(game, Seen(eggs, dict(from_l13.ants)), Seen(dict(game.position.eggs), dict(game.position.ants)))
    assert isinstance(explanation, Question)
    assert "which move Red made" not in explanation.message
    assert "Red passes, then Black: sow L14" in explanation.message
    assert "Red passes, then Black: sow L13" in explanation.message


def test_two_ways_to_the_very_same_table_are_a_question_not_a_guess():
    """Clip 4069 (colony-clips3): black sows L15 into the centre and relays on; choosing L17 or L8 at the first
    choice leaves every log with the same count, so no picture can tell the two apart. Read without a fault, the
    picture must still be asked about (the camera played L8 first, sure, and the record had a move never made)."""
    logs = "L1 3\nL2 3\nL3 3\nL4 3\nL5 3\nL6 3\nL7 3\nL8 3\nL9 0\nL10 4\nL11 4\nL12 3\nL13 3\nL14 3\nL15 3\n" \
           "L16 3\nL17 3\nL18 3\nL19 3 R"
    game = game_from(board_text(logs, "turn: black\ncollected: red=1 black=0\nants: optional\n"))
    played = sown(game.position, "L15", ["L19", "L17", "L19", "L19", "L8", "L9"])
    twin = sown(game.position, "L15", ["L19", "L8", "L19", "L19", "L8", "L9"])
    assert (played.eggs, played.ants) == (twin.eggs, twin.ants)
    explanation = explain(game, Seen(dict(played.eggs), dict(played.ants)),
                          Seen(dict(game.position.eggs), dict(game.position.ants)))
    assert isinstance(explanation, Question)
    assert "sow L15 via L19,L17,L19,L19,L8,L9" in explanation.message
    assert "sow L15 via L19,L8,L19,L19,L8,L9" in explanation.message
    assert "both leave the same logs" in explanation.message


# --- through the pipeline and the session -------------------------------------------------------

def test_the_setup_starts_the_game_and_a_sowing_is_played_only_once_the_hand_is_gone(tmp_path):
    rig = Rig(tmp_path)
    rig.table.misread = {"L3": 4, "L15": 2}
    rig.watch()
    assert rig.events() == [("game", None, "camera")]
    rig.table.hidden = frozenset({"L5", "L6"})
    rig.table.position = sown(SETUP, "L5")
    assert all(isinstance(outcome, Gated) for outcome in rig.watch(6))   # never a commit under a hand
    assert len(rig.events()) == 1
    rig.table.hidden = frozenset()
    rig.watch()
    assert rig.events()[1:] == [("sowing", "L5", "camera")]
    assert rig.session.state.position.eggs == sown(SETUP, "L5").eggs   # the game's counts, not the misreads


def test_a_table_no_turn_explains_is_asked_about_and_changes_nothing(tmp_path):
    rig = Rig(tmp_path)
    rig.watch()
    rig.table.position = SETUP.replace(eggs={**SETUP.eggs, "L1": 0, "L2": 0, "L3": 9, "L4": 0})
    rig.watch()
    assert [e[0] for e in rig.events()] == ["game", "question"]
    assert rig.session.question is not None and "L3" in rig.session.question["cells"]
    assert rig.session.state.position == SETUP


def test_a_computer_seats_sowing_is_checked_from_the_camera(tmp_path):
    rig = Rig(tmp_path)
    computer = ComputerSeats(rig.session, BOT, {"red": "easy"}, camera=True, rng=random.Random(4))
    rig.pipeline.vet = computer.vet
    rig.watch()
    assert computer.step() == "waiting"
    said = [e for e in rig.session.log.events() if e.type == BOT_EVENT][-1].body
    told = said["commands"][0]
    wrong_space = next(s for s in SETUP.layout.ids if s != told["space"] and sow(SETUP, s, []).done)
    rig.table.position = sown(SETUP, wrong_space)
    rig.watch()
    assert rig.events()[-1][0] == "question"
    assert said["sentence"] in rig.session.question["message"]
    assert rig.session.state.position == SETUP          # the wrong sowing is never accepted
    assert computer.status()["state"] == "wrong"

    rig.table.position = sown(SETUP, told["space"], told["via"])
    rig.watch()
    sowings = [e for e in rig.session.log.events() if e.type == "sowing"]
    assert [(e.body["space"], e.body["source"]) for e in sowings] == [(told["space"], "camera")]
    assert rig.session.state.position.eggs == sown(SETUP, told["space"], told["via"]).eggs
