"""The reader in motion: a rendered clip of whole turns through reader -> tracker -> move inference,
and a camera that drops out partway through a clip."""

import copy
from dataclasses import replace
from pathlib import Path

import cv2
import pytest

from companion.games.cannonball_colony.game import Game
from companion.games.cannonball_colony.inference import Explained, Question, explain
from companion.games.cannonball_colony.moves import Roads
from companion.games.cannonball_colony.camera.reader import IslandReader
from companion.games.cannonball_colony.observation import position_from_tokens
from companion.tracking import Committed, Gated, Observation, Tracker
from companion.vision.frames import Backoff, CameraSource, SourceState

SAMPLES = Path(__file__).resolve().parents[3] / "samples" / "boards"
CLIP_SEED = 4203
CLIP_SIZE = (960, 540)


def observe(observation):
    return Observation(observation.timestamp, observation.tokens(), dict(observation.confidence),
                       frozenset(observation.hidden), observation.motion)


def referee(frames, start):
    """Frames -> reader -> tracker -> inference, as the live pipeline does; the game, the
    frames that committed, every frame's tracker outcome and the verdicts."""
    reader = IslandReader(players=start.players)
    tracker = Tracker()
    game = Game.from_position(start)
    previous, commits, outcomes, verdicts = None, [], [], []
    for index, image in enumerate(frames):
        previous = reader.read(image, index / 10.0, previous)
        outcome = tracker.update(observe(previous))
        outcomes.append(outcome)
        if not isinstance(outcome, Committed):
            continue
        commits.append(index)
        seen = position_from_tokens(game.position, outcome.tokens)
        explanation = explain(game, seen)
        if isinstance(explanation, Question) and game.turn is not None and game.turn.done:
            ahead = copy.deepcopy(game)   # the next player's move shows up: the last turn is over
            ahead.confirm()
            if isinstance(explain(ahead, seen), Explained):
                game = ahead
                explanation = explain(game, seen)
        if explanation is None:
            continue
        assert isinstance(explanation, Explained), f"frame {index}: {explanation}"
        for move in explanation.moves:
            pending = game.turn.build if game.turn is not None else None
            if isinstance(move, Roads) and isinstance(pending, Roads) and len(pending.cells) == 1 and len(move.cells) == 2:
                verdict = game.extend_roads(Roads(move.cells[1:]))
            else:
                verdict = game.play(move)
            verdicts.append((str(move), verdict.legal))
    if game.turn is not None and game.turn.done:
        game.confirm()
    return game, commits, outcomes, verdicts


@pytest.fixture(scope="module")
def clip():
    from companion.games.cannonball_colony.render import RenderOptions
    from companion.games.cannonball_colony.render.clip import Pacing, render_clip
    from companion.games.cannonball_colony.render.samples import demo_position

    start = demo_position(CLIP_SEED, players=2)
    # Few frames per reach keep the test quick; the table still has to be still for five frames.
    pacing = Pacing(idle=7, approach=2, hold=2, retreat=2)
    options = RenderOptions(size=CLIP_SIZE, tilt_deg=30.0, light="even", jpeg_quality=88, supersample=1)
    return start, render_clip(start, CLIP_SEED, 2, options, pacing)


@pytest.mark.slow   # 8 s: renders and reads a clip
def test_a_clip_of_two_turns_gives_their_moves_and_never_commits_under_a_hand(clip):
    start, rendered = clip
    game, commits, outcomes, verdicts = referee(rendered.frames, start)
    expected = [turn["turn"] for turn in rendered.truth["turns"]]
    assert [str(record) for record in game.history] == expected
    assert verdicts and all(legal for _, legal in verdicts)
    frames = rendered.truth["frames"]
    for index in commits:
        assert frames[index]["hand"] is None, f"committed at frame {index} with a hand in view"
    # Every frame where the hand covers cells was held back.
    for index, record in enumerate(frames):
        if record["hand"] and record["hand"]["covered_cells"]:
            assert isinstance(outcomes[index], Gated) or outcomes[index] is None, index


class FlakyCamera:
    """A capture that plays sample photos and, on its second opening, fails a few reads."""

    opened = 0

    def __init__(self, frames, fail_after):
        FlakyCamera.opened += 1
        self.frames, self.fail_after, self.reads = frames, fail_after, 0

    def isOpened(self):
        return True

    def set(self, *args):
        return True

    def read(self):
        self.reads += 1
        if FlakyCamera.opened == 1 and self.reads > self.fail_after:
            return False, None                   # unplugged: every read fails until reopened
        return True, self.frames[self.reads % len(self.frames)].copy()

    def release(self):
        pass


def test_a_camera_that_drops_out_is_retried_and_the_reading_goes_on():
    frames = [cv2.imread(str(p)) for p in sorted(SAMPLES.glob("cannonball-colony-photo-*.jpg"))[:1]]
    FlakyCamera.opened = 0
    states = []
    source = CameraSource(0, capture_factory=lambda index: FlakyCamera(frames, fail_after=3),
                          backoff=Backoff(initial=0.0, maximum=0.0), on_status=lambda s: states.append(s.state),
                          sleep=lambda seconds: None)
    reader = IslandReader()
    previous, read = None, []
    for frame in source:
        previous = reader.read(frame.image, frame.timestamp, previous)
        read.append(previous)
        if len(read) == 8:
            source.close()
    assert SourceState.LOST in states and SourceState.RECOVERED in states
    assert len(read) == 8 and all(observation.located for observation in read)
    assert len({print_tokens(o) for o in read}) == 1


def print_tokens(observation):
    return tuple(sorted((str(k), v) for k, v in observation.tokens().items()))
