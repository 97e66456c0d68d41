"""The demo `companion serve` plays with no arguments: the bundled clip in a loop, each pass a
fresh game. Its frames are fed straight to the live pipeline as serve sets it up (auto-confirm,
a new game each pass), without pacing, for many passes.

The real camera reader reads each frame of the clip once; later passes are given its same
readings again (a pass starts with no previous reading, so the reader would read them the same
way), which keeps twenty passes to a few seconds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games.cannonball_colony.demo import SAMPLE_BOARD
from companion.games.cannonball_colony.camera.reader import IslandReader
from companion.live import Pipeline
from companion.session import EventLog, Session
from companion.vision.frames import open_source
from companion.games.cannonball_colony.record import RECORD
from companion.games.cannonball_colony.camera.live import ColonyCamera
from companion.games.cannonball_colony.record import moves_played

CLIP = Path(__file__).resolve().parents[2] / "samples" / "renders" / "turns.mp4"
TRUTH = json.loads(CLIP.with_suffix(".json").read_text(encoding="utf-8"))
PASSES = 20   # the old demo's supply ran out after 16


class ReadOnce:
    """The real reader, its reading of each frame kept for the passes after the first."""

    def __init__(self):
        self.reader, self.readings = IslandReader(), {}

    def __call__(self, image, timestamp, previous):
        key = (timestamp, previous is None)
        if key not in self.readings:
            self.readings[key] = self.reader.read(image, timestamp, previous)
        return self.readings[key]


@pytest.fixture(scope="module")
def reader():
    return ReadOnce()


class Demo:
    """serve's demo pipeline on a log in `folder`; `play(n)` runs n passes of the clip, and
    `during(pass, frame, action)` does something (a tablet's tap) just before that frame."""

    def __init__(self, folder: Path, reader):
        self.session = Session(EventLog(folder / "game.sqlite"), RECORD)
        self.statuses, self.starts, self.actions = [], [], {}
        self.pipeline = Pipeline(ColonyCamera, self.session, self._open, reader, pace=False, loop=True, auto_confirm=True,
                                 restart_on_loop=True, publish_status=self.statuses.append)
        self.wanted = 0

    def during(self, pass_number: int, frame: int, action) -> None:
        self.actions[(pass_number, frame)] = action

    def _open(self, on_status):
        self.starts.append(self.session.last_seq())
        return OnePass(self, len(self.starts) - 1, open_source(str(CLIP), on_status=on_status))

    def play(self, passes: int) -> list[list]:
        """Each pass's events, as the log holds them."""
        self.wanted = passes
        self.pipeline.run()
        events = self.session.log.events()
        bounds = self.starts + [self.session.last_seq()]
        return [[e for e in events if start < e.seq <= end] for start, end in zip(bounds, bounds[1:])]


class OnePass:
    """The clip, once, as its video source plays it; the demo stops after its last pass."""

    def __init__(self, demo: Demo, number: int, source):
        self.demo, self.number, self.source = demo, number, source
        self.description = source.description

    def __iter__(self):
        for index, frame in enumerate(self.source):
            if (self.number, index) in self.demo.actions:
                self.demo.actions[(self.number, index)]()
            yield frame
        if self.number + 1 >= self.demo.wanted:
            self.demo.pipeline.stop()

    def close(self):
        self.source.close()


def supply_of(board_text: str) -> str:
    return next(line for line in board_text.splitlines() if line.startswith("supply:"))


def refereed(events) -> list[tuple]:
    """What a pass refereed: each move, proposal, correction and question, with its verdict."""
    return [(e.type, e.body.get("player"), e.body.get("move"), e.body.get("verdict"), e.body.get("message"),
             e.body.get("turn")) for e in events if e.type not in ("game",)]


@pytest.fixture(scope="module")
def many_passes(tmp_path_factory, reader):
    demo = Demo(tmp_path_factory.mktemp("demo"), reader)
    return demo, demo.play(PASSES)


@pytest.mark.slow   # 6 s: the demo plays the clip several times
def test_every_pass_starts_exactly_one_new_game_with_the_full_supply(many_passes):
    _, passes = many_passes
    games = [[e for e in events if e.type == "game"] for events in passes]
    assert [len(found) for found in games] == [1] * PASSES
    assert all(found[0] == events[0] for found, events in zip(games, passes))   # the pass's first word
    # The full supply less the roads on the table, as the clip's truth has it at its start.
    assert {supply_of(found[0].body["board"]) for found in games} == {supply_of(TRUTH["states"][0]["board_text"])}


@pytest.mark.slow   # 6 s: the demo plays the clip several times
def test_every_pass_referees_the_clip_the_same_as_the_first(many_passes):
    demo, passes = many_passes
    assert moves_played(passes[0]) == [turn["turn"] for turn in TRUTH["turns"]]
    assert all(e.body["verdict"]["legal"] for e in passes[0] if e.type == "move")
    assert [e for e in passes[0] if e.type == "question"] == []
    for number, events in enumerate(passes[1:], start=2):
        assert refereed(events) == refereed(passes[0]), f"pass {number} refereed the clip differently"
    assert demo.session.state.phase.value != "over"


@pytest.mark.slow   # 6 s: the demo plays the clip several times
def test_a_looping_clip_never_says_it_ended(many_passes):
    demo, _ = many_passes
    assert demo.pipeline.passes == PASSES
    assert {s["state"] for s in demo.statuses} == {"running"}
    assert not [s for s in demo.statuses if "ended" in s["message"]]


def test_a_clip_played_once_says_it_ended(tmp_path):
    statuses = []
    pipeline = Pipeline(ColonyCamera, Session(EventLog(tmp_path / "game.sqlite"), RECORD), lambda on_status: open_source(
        str(CLIP), on_status=on_status), None, pace=False, publish_status=statuses.append)
    pipeline.run()
    assert statuses[-1]["state"] == "ended" and f"after {TRUTH['clip']['frame_count']} frames" in statuses[-1]["message"]


def test_a_restarted_demo_whose_game_is_over_starts_a_new_one(tmp_path, reader):
    # The log a dead demo left: a game over (the supply ran out) on the island the clip starts with.
    start = TRUTH["states"][0]["board_text"]
    ended = start.replace(supply_of(start), "supply: 0")
    Session(EventLog(tmp_path / "game.sqlite"), RECORD).act({"type": "start", "board": ended, "source": "camera"})
    demo = Demo(tmp_path, reader)
    assert demo.session.state.phase.value == "over"
    [events] = demo.play(1)
    assert [e.type for e in events][:1] == ["game"] and "supply: 0" not in events[0].body["board"]
    assert moves_played(events) == [turn["turn"] for turn in TRUTH["turns"]]
    assert demo.session.state.phase.value != "over"


def test_the_sample_island_started_mid_pass_is_played_until_the_clip_comes_round_again(tmp_path, reader):
    demo = Demo(tmp_path, reader)
    demo.during(0, TRUTH["clip"]["frame_count"] // 2, lambda: demo.session.act({"type": "start", "board": SAMPLE_BOARD.read_text(encoding="utf-8")}).event)
    first, second = demo.play(2)
    sample = [e for e in first if e.type == "game" and e.body["source"] == "tablet"]
    after = first[first.index(sample[0]) + 1:]
    # The camera sees the clip's island, not the sample's: it says so once and leaves the game alone.
    assert [e.type for e in after] == ["question"] and "another island" in after[0].body["message"]
    assert [e.type for e in second][:1] == ["game"] and moves_played(second) == [t["turn"] for t in TRUTH["turns"]]
