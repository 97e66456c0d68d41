"""Tracking over time: sequences of frames as a table sees them, and what gets committed."""

import pytest

from companion.tracking import Committed, Gated, Observation, Tracker, TrackerSettings, Unsettled

EMPTY = {"A1": "g", "B1": "g"}
ROAD = {"A1": "r", "B1": "g"}


def frames(spec):
    """'.' a still frame of EMPTY, 'r' a still frame of ROAD, 'h' a hand, 'm' movement."""
    out = []
    for t, code in enumerate(spec):
        tokens = ROAD if code == "r" else EMPTY
        out.append(Observation(float(t), tokens, {"A1": 0.9, "B1": 0.9},
                               hidden=frozenset({"A1"}) if code == "h" else frozenset(),
                               motion=0.2 if code == "m" else 0.0))
    return out


def run(spec, settings=TrackerSettings(window=5, still_frames=3)):
    tracker = Tracker(settings, committed=EMPTY)
    return [tracker.update(frame) for frame in frames(spec)]


def test_a_still_table_commits_once_after_a_hand_leaves():
    events = run("...hhhmmrrrrrrr")
    commits = [e for e in events if isinstance(e, Committed)]
    assert len(commits) == 1 and commits[0].tokens == ROAD
    assert commits[0].timestamp == 10.0   # the third still frame after the movement ended (t=8, 9, 10)


def test_no_commit_while_a_hand_covers_the_board():
    events = run("rrhrrhrrhrrh")
    assert not any(isinstance(e, Committed) for e in events)
    assert all(isinstance(e, Gated) and "hand" in e.reason for e in events[2::3])


def test_movement_gates_and_says_how_much():
    event = run("m")[0]
    assert isinstance(event, Gated) and event.reason == "movement (20.0% of the board changed)"


def test_a_flickering_cell_is_unsettled_not_committed():
    tracker = Tracker(TrackerSettings(window=5, still_frames=5, min_agreement=0.8), committed=EMPTY)
    results = [tracker.update(Observation(t, ROAD if t % 2 else EMPTY)) for t in range(5)]
    assert isinstance(results[-1], Unsettled) and results[-1].keys == {"A1"}


def test_a_single_misread_frame_is_outvoted():
    tracker = Tracker(TrackerSettings(window=5, still_frames=5), committed=EMPTY)
    sequence = [ROAD, ROAD, EMPTY, ROAD, ROAD]
    results = [tracker.update(Observation(t, tokens)) for t, tokens in enumerate(sequence)]
    assert isinstance(results[-1], Committed) and results[-1].tokens == ROAD and results[-1].agreement == pytest.approx(0.8)


def test_low_confidence_keys_are_reported_for_the_players():
    tracker = Tracker(TrackerSettings(window=3, still_frames=3), committed=EMPTY)
    for t in range(3):
        result = tracker.update(Observation(t, ROAD, {"A1": 0.3, "B1": 0.95}))
    assert result.uncertain == {"A1"}


def test_settings_are_checked():
    with pytest.raises(ValueError, match="still_frames must be 1..window"):
        TrackerSettings(window=3, still_frames=4)
