"""The backlog between the live picture and the camera reader, and a recording's pace."""

import threading

import pytest

from companion.live_frames import Backlog, Pacer


def test_a_backlog_past_its_limit_loses_its_oldest_frames_first():
    backlog = Backlog(limit=2)
    for frame in ("one", "two", "three"):
        backlog.put(frame)
    assert backlog.dropped == 1 and [backlog.take(), backlog.take()] == ["two", "three"]


def test_a_closed_backlog_hands_over_what_is_left_unless_told_not_to():
    drained, cut = Backlog(), Backlog()
    for backlog in (drained, cut):
        backlog.put("last")
    drained.close()
    cut.close(drain=False)
    assert [drained.take(), drained.take()] == ["last", None]
    assert cut.take() is None


def test_a_reader_waiting_on_an_empty_backlog_wakes_for_the_next_frame():
    backlog, taken = Backlog(), []
    reader = threading.Thread(target=lambda: taken.append(backlog.take()))
    reader.start()
    backlog.put("next")
    reader.join(2)
    assert taken == ["next"]


def test_the_frame_thread_can_wait_a_moment_for_the_reading_of_what_it_put():
    backlog = Backlog()
    assert backlog.pending == 0
    backlog.put("frame")
    assert backlog.pending == 1 and not backlog.wait_done(0.01)   # not read yet: the picture goes on
    reader = threading.Thread(target=lambda: (backlog.take(), backlog.done()))
    reader.start()
    assert backlog.wait_done(2) and backlog.pending == 0
    reader.join(2)


def test_a_backlog_holds_at_least_one_frame():
    with pytest.raises(ValueError, match="at least one frame"):
        Backlog(limit=0)


class Frame:
    def __init__(self, timestamp):
        self.timestamp = timestamp


class ManualClock:
    """Time that moves only when the pacer waits: the pace is checked without a busy machine's noise."""

    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now

    def wait(self, seconds):
        self.now += seconds
        return False


def test_a_recording_plays_at_its_own_pace_and_a_loops_next_pass_comes_a_frame_later():
    clock = ManualClock()
    pacer = Pacer(clock, clock.wait)
    recording = [Frame(step / 10) for step in range(5)]   # half a second at 10 fps
    shown = []
    for _ in range(2):
        for _frame in pacer.frames(recording, live=False):
            shown.append(round(clock.now - 100.0, 6))
    assert shown == [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]


def test_a_live_camera_is_not_paced():
    clock = ManualClock()
    frames = list(Pacer(clock, clock.wait).frames([Frame(0.0), Frame(5.0)], live=True))
    assert len(frames) == 2 and clock.now == 100.0
