"""Frame sources: a camera, a video file, a folder of images or the bundled samples, as timestamped frames."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

import cv2
import numpy as np

SAMPLES_DIR = Path(__file__).resolve().parents[2] / "samples"
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")


@dataclass(frozen=True)
class Frame:
    """One picture of the table.

    `timestamp` is in seconds: wall-clock time (time.time) for a camera, time from the
    start for a recording, so a replay is timed the same way on every run. `sequence`
    counts 0, 1, 2, ... over the source's whole life, across camera reconnects.
    """

    image: np.ndarray
    timestamp: float
    sequence: int
    origin: str


class SourceState(Enum):
    RUNNING = "running"
    LOST = "lost"
    RECOVERED = "recovered"
    GAVE_UP = "gave up"
    ENDED = "ended"


@dataclass(frozen=True)
class SourceStatus:
    """What a source is doing, in words a dashboard can show as they are."""

    state: SourceState
    source: str
    message: str
    attempt: int = 0
    retry_in: float | None = None


StatusCallback = Callable[[SourceStatus], None]


@dataclass(frozen=True)
class Backoff:
    """Waits between reconnect attempts: `initial`, then times `factor`, never above `maximum`.

    `max_attempts` None keeps trying for ever: a camera unplugged mid-game may come back
    whenever someone notices, and the game must still be there when it does.
    """

    initial: float = 0.1
    factor: float = 2.0
    maximum: float = 5.0
    max_attempts: int | None = None

    def delay(self, attempt: int) -> float:
        """The wait before reconnect attempt `attempt` (1 for the first)."""
        return min(self.maximum, self.initial * self.factor ** (attempt - 1))


class FrameSourceError(Exception):
    """A source that cannot be opened or read: the message quotes it and says why."""


class FrameSource:
    """Iterate a source for its frames; `status` and the `on_status` callback say how it goes."""

    def __init__(self, description: str, on_status: StatusCallback | None = None):
        self.description = description
        self._on_status = on_status
        self._stop = threading.Event()
        self.status = SourceStatus(SourceState.RUNNING, description, f"{description} opened")

    def frames(self) -> Iterator[Frame]:
        raise NotImplementedError

    def __iter__(self) -> Iterator[Frame]:
        return self.frames()

    def close(self) -> None:
        """Stop at the next frame, and cut short any reconnect wait; safe from another thread."""
        self._stop.set()

    def __enter__(self) -> FrameSource:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def _report(self, state: SourceState, message: str, attempt: int = 0,
                retry_in: float | None = None) -> None:
        self.status = SourceStatus(state, self.description, message, attempt, retry_in)
        if self._on_status is not None:
            self._on_status(self.status)


class CameraSource(FrameSource):
    """A live camera. A failed read is a disconnect: reported, retried with backoff, never raised."""

    def __init__(self, index: int, *, capture_factory: Callable[[int], object] | None = None,
                 backoff: Backoff = Backoff(), on_status: StatusCallback | None = None,
                 clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], object] | None = None,
                 size: tuple[int, int] | None = None):
        super().__init__(f"camera {index}", on_status)
        self.index = index
        self.backoff = backoff
        self.size = size
        self._factory = capture_factory or cv2.VideoCapture
        self._clock = clock
        # Waiting on the stop event lets close() end a long backoff at once.
        self._sleep = sleep or self._stop.wait

    def frames(self) -> Iterator[Frame]:
        sequence, attempt = 0, 0
        capture = self._open()
        try:
            while not self._stop.is_set():
                image, problem = self._read(capture)
                if image is not None:
                    if attempt:
                        self._report(SourceState.RECOVERED,
                                     f"{self.description} is back after {attempt} retries")
                        attempt = 0
                    yield Frame(image, self._clock(), sequence, self.description)
                    sequence += 1
                    continue
                _release(capture)
                capture = None
                attempt += 1
                if self.backoff.max_attempts is not None and attempt > self.backoff.max_attempts:
                    self._report(SourceState.GAVE_UP, f"{self.description} lost ({problem}); gave "
                                 f"up after {self.backoff.max_attempts} retries", attempt)
                    return
                wait = self.backoff.delay(attempt)
                self._report(SourceState.LOST, f"{self.description} lost ({problem}), retrying "
                             f"in {wait:.1f} s", attempt, wait)
                self._sleep(wait)
                if not self._stop.is_set():
                    capture = self._open()
        finally:
            _release(capture)

    def _open(self):
        try:
            capture = self._factory(self.index)
        except Exception as error:  # a driver error on open is one more disconnect
            return _Unavailable(f"open failed: {error}")
        if self.size is not None:
            capture.set(cv2.CAP_PROP_FRAME_WIDTH, self.size[0])
            capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self.size[1])
        return capture

    @staticmethod
    def _read(capture) -> tuple[np.ndarray | None, str]:
        if capture is None:
            return None, "not open"
        if isinstance(capture, _Unavailable):
            return None, capture.reason
        if not capture.isOpened():
            return None, "cannot be opened"
        try:
            ok, image = capture.read()
        except Exception as error:  # cv2.error from a yanked USB device
            return None, f"read failed: {error}"
        if not ok or image is None:
            return None, "read failed"
        return image, ""


class VideoFileSource(FrameSource):
    """A recorded video, frame by frame, timed by the video's own clock."""

    def __init__(self, path: Path, *, capture_factory: Callable[[str], object] | None = None,
                 on_status: StatusCallback | None = None):
        self.path = Path(path)
        super().__init__(f"video {self.path}", on_status)
        self._factory = capture_factory or cv2.VideoCapture

    def frames(self) -> Iterator[Frame]:
        if not self.path.is_file():
            raise FrameSourceError(f"video {str(self.path)!r}: no such file")
        capture = self._factory(str(self.path))
        try:
            if not capture.isOpened():
                raise FrameSourceError(f"video {str(self.path)!r}: OpenCV cannot open it as a video")
            fps = capture.get(cv2.CAP_PROP_FPS) or 0.0
            sequence = 0
            while not self._stop.is_set():
                ok, image = capture.read()
                if not ok or image is None:
                    break
                position_ms = capture.get(cv2.CAP_PROP_POS_MSEC)
                # Some containers report no position; the nominal rate is the next best clock.
                timestamp = position_ms / 1000 if position_ms or sequence == 0 or fps <= 0 else sequence / fps
                yield Frame(image, timestamp, sequence, f"{self.path.name} frame {sequence}")
                sequence += 1
            self._report(SourceState.ENDED, f"{self.description} ended after {sequence} frames")
        finally:
            capture.release()


class ImageFolderSource(FrameSource):
    """The images of a folder in natural order (img2 before img10), `fps` of them a second.

    A single image file is a folder of one: a still photo to read once.
    """

    def __init__(self, folder: Path, *, fps: float = 1.0, recursive: bool = False,
                 on_status: StatusCallback | None = None, description: str | None = None):
        self.folder = Path(folder)
        super().__init__(description or f"folder {self.folder}", on_status)
        if fps <= 0:
            raise FrameSourceError(f"{self.description}: fps must be more than 0, got {fps!r}")
        self.fps = fps
        self.recursive = recursive

    def paths(self) -> list[Path]:
        if self.folder.is_file() and self.folder.suffix.lower() in IMAGE_SUFFIXES:
            return [self.folder]
        if not self.folder.is_dir():
            raise FrameSourceError(f"{self.description}: {str(self.folder)!r} is not a folder")
        pattern = "**/*" if self.recursive else "*"
        found = [p for p in self.folder.glob(pattern) if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES]
        if not found:
            raise FrameSourceError(f"{self.description}: no images in {str(self.folder)!r} "
                                   f"(looked for {', '.join(IMAGE_SUFFIXES)})")
        return sorted(found, key=lambda p: _natural_key(p.relative_to(self.folder).as_posix()))

    def frames(self) -> Iterator[Frame]:
        paths = self.paths()
        for sequence, path in enumerate(paths):
            if self._stop.is_set():
                return
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is None:
                raise FrameSourceError(f"{self.description}: image {str(path)!r} cannot be read "
                                       f"(frame {sequence} of {len(paths)})")
            yield Frame(image, sequence / self.fps, sequence, str(path))
        self._report(SourceState.ENDED, f"{self.description} ended after {len(paths)} images")


def open_source(spec: str, *, on_status: StatusCallback | None = None,
                capture_factory: Callable | None = None, backoff: Backoff = Backoff(),
                fps: float = 1.0, size: tuple[int, int] | None = None) -> FrameSource:
    """A source from its command-line form: "0" a camera index, "samples", a folder, a video file."""
    text = str(spec).strip()
    if text.isdigit():
        return CameraSource(int(text), capture_factory=capture_factory, backoff=backoff,
                            on_status=on_status, size=size)
    if text == "samples":
        return ImageFolderSource(SAMPLES_DIR, fps=fps, recursive=True, on_status=on_status,
                                 description="the bundled samples")
    path = Path(text)
    if path.is_dir() or (path.is_file() and path.suffix.lower() in IMAGE_SUFFIXES):
        return ImageFolderSource(path, fps=fps, on_status=on_status)
    if path.is_file():
        return VideoFileSource(path, capture_factory=capture_factory, on_status=on_status)
    raise FrameSourceError(
        f"frame source {spec!r}: no such folder or file; expected a camera index such as 0, "
        f"a folder of images, a video file, or 'samples'"
    )


class _Unavailable:
    """Stands in for a capture whose factory raised, so the loop treats it as a failed read."""

    def __init__(self, reason: str):
        self.reason = reason

    def release(self) -> None:
        pass


def _release(capture) -> None:
    if capture is not None:
        try:
            capture.release()
        except Exception:  # releasing a dead device must not hide why it died
            pass


def _natural_key(text: str) -> list:
    return [int(part) if part.isdigit() else part.lower() for part in re.split(r"(\d+)", text)]
