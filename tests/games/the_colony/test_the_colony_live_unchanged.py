"""The Colony live: logs whose picture did not change keep the game's counts (colony-clips4).

A reader that counts every log one egg too many, at every picture (glass beads at a steep tilt, clip 4029), left
every still picture a question: with no earlier picture matched to the game, each misread log cost as much as a
log the move changed. Now a log whose pixels are as they were at the picture the game was last matched to keeps
the game's count, and a question's picture becomes that picture once the players have played their answer.

The stand-in reader gives each log a patch drawn from what truly lies on it (its count and ant), as a camera's
pixels would, and reads every count one too many."""

from __future__ import annotations

import numpy as np

from companion.games.the_colony.camera.live import TheColonyCamera
from companion.games.the_colony.camera.live_reader import LiveReading
from companion.games.the_colony.camera.observation import ColonyObservation, SpaceReading
from companion.games.the_colony.inference import Explained, Question, Seen, explain
from companion.games.the_colony.position import Position
from companion.games.the_colony.record import RECORD
from companion.games.the_colony.rules import sow
from companion.live import Pipeline
from companion.session import EventLog, Session

SETUP = Position.setup()


def sown(position: Position, space: str, via=()) -> Position:
    sowing = sow(position, space, list(via))
    assert sowing.done
    return sowing.position


def untouched(before: Position, after: Position) -> frozenset[str]:
    """The logs whose picture a move leaves as it was: the same eggs and the same ant (a log's patch holds its ant spot)."""
    return frozenset(space for space in before.layout.ids
                     if after.eggs[space] == before.eggs[space] and after.ants.get(space) == before.ants.get(space))


def patch_of(eggs: int, ant: str | None) -> np.ndarray:
    """A log's patch as pixels: what lies on it, nothing of how the counter reads it."""
    return np.full(16, 40.0 * eggs + (100.0 if ant else 0.0), np.float32)


class OneTooMany:
    """Reads every log one egg too many; its patches show the true table."""

    def __init__(self, position: Position):
        self.position = position

    def reading(self, image, timestamp, previous=None) -> LiveReading:
        eggs, ants = self.position.eggs, self.position.ants
        spaces = tuple(SpaceReading(space, count + 1, 0.9, ants.get(space), 0.99, False)
                       for space, count in eggs.items())
        patches = tuple(patch_of(count, ants.get(space)) for space, count in eggs.items())
        return LiveReading(timestamp, ColonyObservation(timestamp, (), spaces, self.position), frozenset(), 0.0,
                           patches=patches)


def test_a_sowing_is_found_where_every_log_it_left_alone_reads_one_too_many_but_shows_no_change():
    game = RECORD.apply(None, RECORD.decide(None, {"type": "start", "board": ""})[1][0], 1)
    after = sown(SETUP, "L5")
    left_alone = untouched(SETUP, after)
    seen = Seen({space: count + 1 for space, count in after.eggs.items()}, dict(after.ants))
    assert isinstance(explain(game, seen), Question)   # read alone: 14 logs off by one, no move fits
    explanation = explain(game, Seen(seen.eggs, seen.ants, unchanged=left_alone))
    assert isinstance(explanation, Explained)
    assert [command.get("space") for command in explanation.commands] == ["L5"]


def test_a_move_that_changes_a_log_whose_picture_did_not_change_does_not_fit():
    game = RECORD.apply(None, RECORD.decide(None, {"type": "start", "board": ""})[1][0], 1)
    after = sown(SETUP, "L5")
    # L5's sowing read right, but the pixels say L6 and L7 did not change: then L5 is not what was sown.
    # (Red's ant went to L8 after the sowing: L8's ant spot changed.)
    everything_but_l5_and_the_ant = frozenset(SETUP.layout.ids) - {"L5", "L8"}
    assert after.ants == {"L8": "red"}
    explanation = explain(game, Seen(dict(after.eggs), dict(after.ants), unchanged=everything_but_l5_and_the_ant))
    assert isinstance(explanation, Question)


def test_after_the_players_answer_a_question_the_next_turn_is_read_through_the_questions_picture(tmp_path):
    session = Session(EventLog(tmp_path / "live.sqlite"), RECORD)
    table = OneTooMany(SETUP)
    pipeline = Pipeline(TheColonyCamera, session, None, table.reading, pace=False)
    session.act({"type": "start", "board": "", "source": "players"})   # the players set the game up, not the camera

    def watch(frames: int = 4):
        for _ in range(frames):
            pipeline.process(np.zeros((8, 8, 3), np.uint8), 0.0)

    def events():
        return [(e.type, e.body.get("space"), e.body.get("source")) for e in session.log.events()][1:]

    red = sown(SETUP, "L5")
    table.position = red
    watch()
    assert events() == [("question", None, "camera")]      # no picture yet says how this table reads
    session.act({"type": "sow", "space": "L5", "via": [], "source": "players"})
    black = sown(red.replace(turn="black"), "L1", ["L4"])    # red moves no ant; black sows L1
    table.position = black
    watch()
    # The question's picture showed red's sowing; the logs black's sowing left alone look just as they did.
    assert [event for event in events()[2:] if event[0] != "pass"] == [("sowing", "L1", "camera")]
    assert session.state.position.eggs == black.eggs          # the game's counts, never the misreads


def test_ants_read_where_none_stand_on_logs_whose_picture_did_not_change_weigh_nothing():
    """colony-clips5, clip 4076 (colony eggs, tilt 44): L6 and L9 read a black ant at every picture where none
    stands, so every turn was asked. A log's patch holds its ant spot too: where it did not change, nor did the ant."""
    game = RECORD.apply(None, RECORD.decide(None, {"type": "start", "board": ""})[1][0], 1)
    after = sown(SETUP, "L5")
    left_alone = untouched(SETUP, after)
    phantoms = {"L9": "black", "L12": "black", "L15": "black"}
    assert set(phantoms) <= left_alone
    seen_ants = {**after.ants, **phantoms}
    assert isinstance(explain(game, Seen(dict(after.eggs), seen_ants)), Question)   # read alone: three ants wrong
    explanation = explain(game, Seen(dict(after.eggs), seen_ants, unchanged=left_alone))
    assert isinstance(explanation, Explained)
    assert [command.get("space") for command in explanation.commands] == ["L5"]
