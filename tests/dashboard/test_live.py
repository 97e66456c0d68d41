"""The live pipeline: frames -> reader -> tracker -> inference -> session, with a scripted table."""

from __future__ import annotations

import copy
import time

import numpy as np
import pytest

from companion.games.cannonball_colony.game import Game
from companion.games.cannonball_colony.moves import parse_move
from companion.games.cannonball_colony.rules import legal_builds
from companion.games.cannonball_colony.text import parse_board
from companion.live import Pipeline
from companion.games.cannonball_colony.camera.annotate import GOOD, annotate
from companion.session import EventLog, Session
from companion.tracking import Gated, TrackerSettings
from companion.games.cannonball_colony.record import RECORD
from companion.games.cannonball_colony.view import summary
from companion.games.cannonball_colony.camera.live import ColonyCamera

from .conftest import BOARD
from .fakes import FakeFrame, ScriptedReader, ScriptedTable, cell

FAST = TrackerSettings(window=3, still_frames=3)


def played(*moves, confirm_after=()):
    game = Game.from_position(parse_board(BOARD))
    for index, move in enumerate(moves):
        assert game.play(parse_move(move)).legal, move
        if index in confirm_after:
            game.confirm()
    return game


class Rig:
    def __init__(self, tmp_path, board: str = BOARD, **options):
        self.session = Session(EventLog(tmp_path / "live.sqlite"), RECORD)
        self.table = ScriptedTable(parse_board(board))
        self.frames, self.statuses = [], []
        self.pipeline = Pipeline(ColonyCamera, self.session, lambda on_status: self.table, ScriptedReader(self.table),
                                 publish_frame=self.frames.append, publish_status=self.statuses.append,
                                 pace=False, tracker_settings=FAST, **options)

    def watch(self, frames: int = 4):
        return [self.pipeline.process(self.table.image(), 0.0) for _ in range(frames)]

    def events(self):
        return [(e.type, e.body.get("move"), e.body.get("source")) for e in self.session.log.events()]


@pytest.fixture
def rig(tmp_path):
    return Rig(tmp_path)


def test_the_first_still_table_starts_the_game_from_the_camera(rig):
    rig.watch()
    assert rig.events() == [("game", None, "camera")]
    assert rig.session.state.position == parse_board(rig.session.log.events()[0].body["board"])


def test_a_move_is_proposed_only_once_the_hand_has_gone_and_the_table_is_still(rig):
    rig.watch()
    rig.table.hand(True)
    rig.table.show(played("road E1").position)
    assert all(isinstance(outcome, Gated) for outcome in rig.watch(5))   # never a commit under a hand
    assert len(rig.events()) == 1
    rig.table.hand(False)
    rig.watch()
    assert rig.events()[1:] == [("move", "road E1", "camera")]
    assert rig.session.state.turn.build is not None


def test_a_second_grass_road_seen_later_extends_the_first(rig):
    rig.watch()
    first = played("road E1")
    rig.table.show(first.position)
    rig.watch()
    both = first.extend_roads(parse_move("road F1"))
    assert both.legal
    rig.table.show(first.position)
    rig.watch()
    assert rig.events()[-1][:2] == ("move", "road F1") and summary(rig.session.state)["turn"]["build"] == "road E1 F1"


def test_an_impossible_change_is_asked_once_and_never_changes_the_game(rig):
    rig.watch()
    before = summary(rig.session.state)["board"]
    strange = parse_board(BOARD.replace("6  g  g  f  g  g", "6  g  g  f  g  m"))   # a mountain appears at E6
    rig.table.show(strange)
    rig.watch(8)
    questions = [e for e in rig.session.log.events() if e.type == "question"]
    assert len(questions) == 1 and questions[0].body["cells"] == ["E6"]
    assert "What is really there?" in questions[0].body["message"]
    assert summary(rig.session.state)["board"] == before and rig.session.question is not None
    assert rig.pipeline._highlight == (cell("E6"),)


def test_a_build_taken_back_by_hand_is_an_undo(rig):
    rig.watch()
    rig.table.show(played("road E1").position)
    rig.watch()
    rig.table.show(parse_board(BOARD))
    rig.watch()
    assert [e[0] for e in rig.events()] == ["game", "move", "undo"]


def test_auto_confirm_confirms_when_the_next_player_moves(tmp_path):
    rig = Rig(tmp_path, auto_confirm=True)
    rig.watch()
    france = played("road E1", confirm_after=(0,))
    unconfirmed = played("road E1")
    # A Spanish road on forest: never a second road of France's turn, so only the next turn explains it.
    spain_road = next(c for c in legal_builds(france.position, france.player).road_forest
                      if not copy.deepcopy(unconfirmed).extend_roads(parse_move(f"road {c}")).legal)
    rig.table.show(played("road E1").position)
    rig.watch()
    france.play(parse_move(f"road {spain_road}"))
    rig.table.show(france.position)
    rig.watch()
    assert [e[0] for e in rig.events()] == ["game", "move", "confirm", "move"]
    assert rig.session.log.events()[-1].body["player"] == "spain"


def test_a_game_the_camera_started_takes_its_turn_from_the_first_move(rig):
    start = parse_board(BOARD)
    rig.table.show(start.replace(turn=None))   # a camera cannot see whose turn it is
    rig.watch()
    assert rig.session.state.player == start.players[0]   # a guess, until someone moves
    second = start.players[1]
    theirs = Game.from_position(start.replace(turn=second))
    roads = legal_builds(start, second)
    mine = legal_builds(start, start.players[0])
    only_theirs = next(c for c in roads.road_grass + roads.road_forest if c not in mine.road_grass + mine.road_forest)
    assert theirs.play(parse_move(f"road {only_theirs}")).legal
    rig.table.show(theirs.position.replace(turn=None))
    rig.watch()
    # One new game: the first move puts its turn right, it does not start another.
    assert [e[0] for e in rig.events()] == ["game", "correction", "move"]
    correction = rig.session.log.events()[1].body
    assert correction["turn"] == second.value and second.title in correction["note"]
    assert rig.session.log.events()[-1].body["player"] == second.value
    assert rig.session.question is None


FRANCE_BOXED_IN = """
players: spain france
boards: A1 G1
landing: spain=L6 france=A1
supply: 10
turn: spain
   A  B  C  D  E  F  G  H  I  J  K  L
1  r  l  g  g  g  g  g  g  g  g  g  g
2  m  g  g  g  g  g  g  g  g  g  g  g
3  g  g  g  g  g  g  g  g  g  g  g  g
4  g  g  g  g  g  g  g  g  g  g  g  g
5  g  g  g  g  g  g  g  g  g  g  g  g
6  g  g  g  g  g  g  g  g  g  g  f  r
"""


def test_auto_confirm_passes_for_a_player_who_cannot_build(tmp_path):
    rig = Rig(tmp_path, board=FRANCE_BOXED_IN, auto_confirm=True)
    rig.watch()
    game = Game.from_position(parse_board(FRANCE_BOXED_IN))
    assert game.play(parse_move("road K6")).legal and game.confirm().legal   # forest: one road, turn over
    rig.table.show(game.position)
    rig.watch()
    # France is hemmed in by the lake and the mountain: the next change is Spain's again.
    assert game.play(parse_move("pass")).legal and game.confirm().legal
    assert game.play(parse_move("road L5")).legal
    rig.table.show(game.position)
    rig.watch()
    assert [(e[0], e[1]) for e in rig.events()] == [("game", None), ("move", "road K6"), ("confirm", None),
                                                  ("move", "pass"), ("confirm", None), ("move", "road L5")]
    assert rig.session.question is None


def test_a_looping_clip_starts_a_new_game_on_each_pass(tmp_path):
    rig = Rig(tmp_path, restart_on_loop=True, loop=True)
    rig.watch()
    rig.table.show(played("road E1").position)
    rig.watch()
    rig.pipeline.passes, rig.table.current = 1, 0   # the clip came round to its start again
    rig.pipeline._begin_pass()
    rig.watch()
    assert [e[0] for e in rig.events()] == ["game", "move", "game"]


def test_without_a_reader_the_picture_is_still_shown_but_nothing_refereed(tmp_path):
    session = Session(EventLog(tmp_path / "g.sqlite"), RECORD)
    table, frames, statuses = ScriptedTable(parse_board(BOARD)), [], []
    pipeline = Pipeline(ColonyCamera, session, lambda on_status: table, None, publish_frame=frames.append,
                        publish_status=statuses.append)
    pipeline.process(table.image(), 0.0)
    assert len(frames) == 1 and frames[0].shape == table.image().shape
    assert statuses[-1]["state"] == "no reader" and session.last_seq() == 0


def test_the_running_thread_reads_a_finite_source_then_says_it_ended(tmp_path):
    session = Session(EventLog(tmp_path / "g.sqlite"), RECORD)
    table = ScriptedTable(parse_board(BOARD))
    frames = [type("F", (), {"image": table.image(), "timestamp": i / 30})() for i in range(10)]
    statuses = []
    pipeline = Pipeline(ColonyCamera, session, lambda on_status: frames, ScriptedReader(table), publish_status=statuses.append,
                        pace=True, tracker_settings=FAST)
    pipeline.start()._thread.join(5)
    assert statuses[-1]["state"] == "ended" and pipeline.frames_seen == 10
    assert session.state is not None


def test_the_annotated_frame_outlines_every_read_cell(rig):
    observation = ScriptedReader(rig.table)(rig.table.image(), 0.0)
    drawn = annotate(rig.table.image(), observation)
    x, y = observation.cell_outlines[cell("A1")][0]
    blue, green, red = (int(v) for v in drawn[int(y), int(x) + 5])
    assert green > red + 60 and green > blue + 60 and GOOD[1] > GOOD[0]   # a green, "read surely" outline
    assert np.array_equal(rig.table.image()[5:, 600:], drawn[5:, 600:])   # outside the board: untouched


def test_a_lost_camera_is_reported_and_the_game_is_kept(tmp_path):
    from companion.vision.frames import Backoff, CameraSource

    class Unplugged:
        def isOpened(self):
            return False

        def release(self):
            pass

    session = Session(EventLog(tmp_path / "g.sqlite"), RECORD)
    session.act({"type": "start", "board": BOARD})
    statuses = []
    camera = lambda on_status: CameraSource(0, capture_factory=lambda index: Unplugged(), on_status=on_status,
                                            backoff=Backoff(initial=0.01, max_attempts=2))
    pipeline = Pipeline(ColonyCamera, session, camera, None, publish_status=statuses.append)
    pipeline.start()._thread.join(5)
    states = [s["state"] for s in statuses]
    assert "lost" in states and states[-1] == "gave up"
    assert "camera 0 lost" in statuses[states.index("lost")]["message"]
    assert session.last_seq() == 1 and session.state is not None   # nothing of the game is touched


class SlowFirstReading(ScriptedReader):
    """The real reader's first look searches the whole picture for the boards: half a second."""

    def __call__(self, image, timestamp, previous=None):
        if self.calls == 0:
            time.sleep(0.5)
        return super().__call__(image, timestamp, previous)


def test_a_slow_reading_never_holds_the_picture_up(tmp_path):
    session = Session(EventLog(tmp_path / "g.sqlite"), RECORD)
    table = ScriptedTable(parse_board(BOARD))
    recording = [FakeFrame(table.image(), step / 20, step) for step in range(20)]   # one second at 20 fps
    shown = []
    pipeline = Pipeline(ColonyCamera, session, lambda on_status: recording, SlowFirstReading(table), pace=True,
                        publish_frame=lambda picture: shown.append(time.monotonic()), tracker_settings=FAST)
    started = time.monotonic()
    pipeline.run()
    # The picture came at once and kept the recording's pace through the slow reading...
    gaps = [later - earlier for earlier, later in zip(shown, shown[1:])]
    assert len(shown) == len(recording) and shown[0] - started < 0.25 and max(gaps) < 0.25
    # ...and the reader caught up on every frame behind it: the still table started the game.
    assert pipeline.frames_seen == len(recording) and pipeline.skipped == 0
    assert [e.type for e in session.log.events()] == ["game"]


def test_a_reader_that_fails_behind_the_picture_is_reported(tmp_path):
    def broken(image, timestamp, previous):
        raise RuntimeError("model file missing")

    table, statuses = ScriptedTable(parse_board(BOARD)), []
    pipeline = Pipeline(ColonyCamera, Session(EventLog(tmp_path / "g.sqlite"), RECORD), lambda on_status: [FakeFrame(
        table.image(), step / 30, step) for step in range(30)], broken, pace=True, publish_status=statuses.append)
    pipeline.run()
    assert statuses[-1]["state"] == "lost" and "RuntimeError: model file missing" in statuses[-1]["message"]


def test_a_looping_recording_keeps_its_frame_rate_across_the_loop(tmp_path):
    table = ScriptedTable(parse_board(BOARD))
    recording = [FakeFrame(table.image(), step / 10, step) for step in range(5)]   # half a second at 10 fps
    shown, passes = [], []

    def replay(on_status):
        passes.append(len(passes))
        if len(passes) > 2:
            pipeline.stop()
        return recording

    pipeline = Pipeline(ColonyCamera, Session(EventLog(tmp_path / "g.sqlite"), RECORD), replay, ScriptedReader(table), pace=True,
                        loop=True, publish_frame=lambda picture: shown.append(time.monotonic()),
                        tracker_settings=FAST)
    pipeline.run()
    # Every frame of both passes is shown. The pace itself (a loop's next pass a frame after the
    # last, not at once) is checked on a manual clock in tests/test_live_frames.py: wall-clock
    # gaps shrink on a busy machine.
    assert len(shown) == 2 * len(recording)


def test_a_picture_is_drawn_with_its_own_reading_when_the_reader_keeps_up(tmp_path):
    class Drawing(Pipeline):
        drawn = []

        def draw(self, image, observation):
            self.drawn.append(observation.timestamp)
            return super().draw(image, observation)

    table = ScriptedTable(parse_board(BOARD))
    recording = [FakeFrame(table.image(), step / 20, step) for step in range(10)]
    # A long wait, so a busy machine cannot make the reader miss it: the wait is what is tested.
    pipeline = Drawing(ColonyCamera, Session(EventLog(tmp_path / "g.sqlite"), RECORD), lambda on_status: recording,
                       ScriptedReader(table), pace=True, tracker_settings=FAST, reading_wait=2.0)
    pipeline.run()
    assert pipeline.drawn == [frame.timestamp for frame in recording]   # no outline a frame behind


def test_a_committed_piece_misread_as_another_kind_does_not_change_the_game(rig):
    rig.watch()
    before = summary(rig.session.state)["board"]
    misread = parse_board(BOARD.replace("3  r  r  r  Ff r  r  r  Cs", "3  r  r  r  Ff r  r  r  Fs"))   # Spain's cannon
    rig.table.show(misread)
    rig.watch(8)
    assert rig.events() == [("game", None, "camera")]      # no question, no move: the game keeps its cannon
    assert summary(rig.session.state)["board"] == before and rig.session.question is None
    rig.table.show(played("road E1").position.replace(
        pieces={**played("road E1").position.pieces, cell("H3"): misread.pieces[cell("H3")]}))
    rig.watch()
    assert rig.events()[1:] == [("move", "road E1", "camera")]   # the next move is still read
    assert "H3: read as a fort" in rig.session.log.events()[-1].body["note"]
