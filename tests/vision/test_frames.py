"""Frame sources: a camera that drops out and comes back, a folder of photos, a recorded video."""

from __future__ import annotations

import threading

import cv2
import numpy as np
import pytest

from companion.vision.frames import (
    Backoff,
    CameraSource,
    FrameSourceError,
    ImageFolderSource,
    SourceState,
    VideoFileSource,
    open_source,
)


def picture(value, size=(48, 64)):
    return np.full((*size, 3), value, dtype=np.uint8)


class FakeCapture:
    """A capture device that gives `good_frames` pictures, then fails every read."""

    def __init__(self, first_value, good_frames, opens=True):
        self.values = iter(range(first_value, first_value + good_frames))
        self.opens = opens
        self.released = False

    def isOpened(self):
        return self.opens and not self.released

    def read(self):
        value = next(self.values, None)
        return (False, None) if value is None else (True, picture(value))

    def set(self, prop, value):
        return True

    def release(self):
        self.released = True


class FakeCamera:
    """Hands out the scripted captures in turn, as cv2.VideoCapture(index) would on each open."""

    def __init__(self, *captures):
        self.captures = list(captures)
        self.opened = []

    def __call__(self, index):
        capture = self.captures.pop(0)
        self.opened.append((index, capture))
        return capture


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        self.now += 0.04
        return self.now


def test_a_camera_that_drops_out_is_retried_with_growing_waits_and_picks_up_where_it_was():
    # Three frames, then the cable is pulled: one reopen fails outright, the next one finds
    # no picture, the third works again.
    camera = FakeCamera(FakeCapture(0, 3), FakeCapture(0, 0, opens=False), FakeCapture(0, 0),
                        FakeCapture(3, 2))
    statuses, waits = [], []
    source = CameraSource(0, capture_factory=camera, backoff=Backoff(initial=0.1, factor=2, maximum=0.3),
                          on_status=statuses.append, clock=FakeClock(), sleep=waits.append)
    frames = []
    for frame in source:
        frames.append(frame)
        if len(frames) == 5:
            source.close()

    assert [int(f.image[0, 0, 0]) for f in frames] == [0, 1, 2, 3, 4]
    assert [f.sequence for f in frames] == [0, 1, 2, 3, 4]
    assert all(b.timestamp > a.timestamp for a, b in zip(frames, frames[1:]))
    assert waits == [0.1, 0.2, 0.3]
    assert [s.message for s in statuses] == [
        "camera 0 lost (read failed), retrying in 0.1 s",
        "camera 0 lost (cannot be opened), retrying in 0.2 s",
        "camera 0 lost (read failed), retrying in 0.3 s",
        "camera 0 is back after 3 retries",
    ]
    assert [s.state for s in statuses] == [SourceState.LOST] * 3 + [SourceState.RECOVERED]
    assert statuses[1].retry_in == 0.2 and statuses[1].attempt == 2
    assert source.status.state is SourceState.RECOVERED
    assert all(capture.released for _, capture in camera.opened)


def test_a_camera_whose_driver_raises_is_still_only_reported_never_raised():
    def exploding(index):
        raise RuntimeError("USB device vanished")

    statuses = []
    source = CameraSource(2, capture_factory=exploding, backoff=Backoff(max_attempts=2),
                          on_status=statuses.append, sleep=lambda seconds: None)
    assert list(source) == []
    assert statuses[0].message == ("camera 2 lost (open failed: USB device vanished), "
                                   "retrying in 0.1 s")
    assert statuses[-1].state is SourceState.GAVE_UP
    assert statuses[-1].message.endswith("gave up after 2 retries")


def test_backoff_doubles_up_to_its_ceiling():
    backoff = Backoff(initial=0.1, factor=2.0, maximum=1.0)
    assert [backoff.delay(n) for n in range(1, 7)] == pytest.approx([0.1, 0.2, 0.4, 0.8, 1.0, 1.0])


def test_a_folder_of_photos_plays_in_natural_order_at_the_given_rate(tmp_path):
    for number in (10, 2, 1):
        cv2.imwrite(str(tmp_path / f"table-{number}.png"), picture(number * 10))
    (tmp_path / "notes.txt").write_text("not a picture")
    statuses = []
    source = open_source(str(tmp_path), fps=4.0, on_status=statuses.append)
    assert isinstance(source, ImageFolderSource)
    frames = list(source)
    assert [f.origin.rsplit("/", 1)[-1] for f in frames] == ["table-1.png", "table-2.png", "table-10.png"]
    assert [int(f.image[0, 0, 0]) for f in frames] == [10, 20, 100]
    assert [f.timestamp for f in frames] == [0.0, 0.25, 0.5]
    assert statuses[-1].state is SourceState.ENDED


def test_an_empty_folder_says_what_it_looked_for(tmp_path):
    with pytest.raises(FrameSourceError, match=r"no images in .* \(looked for .png, .jpg"):
        list(open_source(str(tmp_path)))


def test_a_recorded_video_gives_every_frame_on_the_video_clock(tmp_path):
    path = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10.0, (64, 48))
    assert writer.isOpened(), "this OpenCV build cannot write MJPG video"
    for value in range(0, 200, 25):
        writer.write(picture(value))
    writer.release()

    source = open_source(str(path))
    assert isinstance(source, VideoFileSource)
    frames = list(source)
    assert len(frames) == 8
    assert [f.sequence for f in frames] == list(range(8))
    assert [f.timestamp for f in frames] == pytest.approx([n / 10 for n in range(8)])
    # MJPG is lossy: flat grey survives within a few levels.
    assert [int(f.image[0, 0, 1]) for f in frames] == pytest.approx(list(range(0, 200, 25)), abs=4)
    assert source.status.message.endswith("ended after 8 frames")


def test_a_file_that_is_not_a_video_is_refused_by_name(tmp_path):
    path = tmp_path / "clip.avi"
    path.write_text("this is not a video")
    with pytest.raises(FrameSourceError, match=r"clip.avi': OpenCV cannot open it as a video"):
        list(open_source(str(path)))


@pytest.mark.parametrize("spec, kind", [("0", CameraSource), (" 3 ", CameraSource),
                                        ("samples", ImageFolderSource)])
def test_source_strings_name_the_kind_of_source(spec, kind):
    assert isinstance(open_source(spec, capture_factory=FakeCamera()), kind)


def test_an_unknown_source_string_lists_what_would_have_worked():
    with pytest.raises(FrameSourceError, match=r"frame source 'nowhere/clip.mp4': no such folder "
                                               r"or file; expected a camera index such as 0"):
        open_source("nowhere/clip.mp4")


def test_closing_a_source_cuts_a_long_reconnect_wait_short():
    source = CameraSource(0, capture_factory=lambda index: FakeCapture(0, 0),
                          backoff=Backoff(initial=30.0, maximum=30.0))
    runner = threading.Thread(target=lambda: list(source), daemon=True)
    runner.start()
    try:
        for _ in range(400):  # at most 2 s for the first read to fail
            if source.status.state is SourceState.LOST:
                break
            threading.Event().wait(0.005)
        assert source.status.retry_in == 30.0
    finally:
        source.close()
    runner.join(timeout=2.0)
    assert not runner.is_alive()
