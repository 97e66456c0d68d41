"""The annotated camera view as MJPEG: each frame encoded once, shared by every viewer, fps capped."""

from __future__ import annotations

import threading
import time
from typing import Callable, Iterator

import numpy as np

BOUNDARY = "frame"


class FrameHub:
    """The latest annotated frame. The pipeline publishes; viewers wait for the next one.

    Frames arriving faster than `max_fps` are dropped before any encoding; the cap is a budget
    of `burst` frames refilled at `max_fps`, so a frame that comes late (a busy machine) does not
    cost the next one its place. The first viewer to want a frame encodes it, outside the lock
    the pipeline publishes under; everyone else gets the same bytes.
    """

    def __init__(self, max_fps: float = 15.0, quality: int = 80, clock: Callable[[], float] = time.monotonic,
                 burst: float = 2.0):
        if max_fps <= 0:
            raise ValueError(f"max_fps must be more than 0, got {max_fps!r}")
        if burst < 1:
            raise ValueError(f"burst must be at least one frame, got {burst!r}")
        self.max_fps = max_fps
        self.quality = quality
        self.clock = clock
        self.burst = burst
        self._cond = threading.Condition()
        self._encoding = threading.Lock()   # one encoder at a time, so each frame is encoded once
        self._image: np.ndarray | None = None
        self._jpeg: bytes | None = None
        self._seq = 0
        self._budget, self._budget_at = 1.0, None
        self.published = 0
        self.encoded = 0
        self.dropped = 0
        self.viewers = 0

    def publish(self, image: np.ndarray) -> bool:
        """Offer a frame; False when it came too soon after the last one and was dropped."""
        now = self.clock()
        with self._cond:
            # A budget rather than a minimum gap: a camera's jitter would otherwise turn every
            # other frame of 30 fps into one frame in three, and a late frame cost the next one.
            if self._budget_at is not None:
                self._budget = min(self.burst, self._budget + (now - self._budget_at) * self.max_fps)
            self._budget_at = now
            if self._budget < 1.0 - 1e-9:
                self.dropped += 1
                return False
            self._budget -= 1.0
            self._image, self._jpeg = image, None
            self._seq += 1
            self.published += 1
            self._cond.notify_all()
        return True

    @property
    def seq(self) -> int:
        with self._cond:
            return self._seq

    def jpeg(self) -> tuple[int, bytes | None]:
        """The latest frame as JPEG, encoded at most once."""
        with self._encoding:
            with self._cond:
                seq, image, data = self._seq, self._image, self._jpeg
            if image is None or data is not None:
                return seq, data
            import cv2  # only the video stream needs OpenCV

            ok, encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, self.quality])
            if not ok:
                raise RuntimeError(f"JPEG encoding failed for frame {seq} of shape {image.shape}")
            data = encoded.tobytes()
            with self._cond:
                self.encoded += 1
                if self._seq == seq:   # else a newer frame came meanwhile; this one is still sent
                    self._jpeg = data
            return seq, data

    def wait_after(self, seq: int, timeout: float) -> int:
        with self._cond:
            self._cond.wait_for(lambda: self._seq > seq, timeout=timeout)
            return self._seq

    def stream(self, keepalive: float = 2.0, stop: threading.Event | None = None,
               settle: float = 0.25) -> Iterator[bytes]:
        """multipart/x-mixed-replace parts. Without new frames the last one is re-sent now and
        then, so a viewer that went away is noticed and its thread freed. Chromium shows a part
        only once the next part begins, so a frame that no newer one follows within `settle`
        seconds is sent a second time: a still picture shows then, not at the next keep-alive."""
        with self._cond:
            self.viewers += 1
        try:
            # Sequence numbers start at 1: waiting for one after 0 waits for the first frame
            # (after -1 it would not wait at all, and spin until one came).
            seen = 0
            while stop is None or not stop.is_set():
                seq, data = self.jpeg()
                if data is not None and seq != seen:
                    seen = seq
                    yield part(data)
                    if self.wait_after(seen, settle) == seen:
                        yield part(data)
                new = self.wait_after(seen, keepalive)
                if new == seen and data is not None:
                    seen = 0   # re-send the same frame as a keep-alive
        finally:
            with self._cond:
                self.viewers -= 1


def part(jpeg: bytes) -> bytes:
    head = f"--{BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: {len(jpeg)}\r\n\r\n".encode()
    return head + jpeg + b"\r\n"


def placeholder(message: str, detail: str = "", size: tuple[int, int] = (960, 540)) -> np.ndarray:
    """A frame that says why there is no camera picture, instead of a broken image on the tablet."""
    import cv2

    width, height = size
    image = np.full((height, width, 3), (58, 46, 38), np.uint8)
    cv2.putText(image, message, (40, height // 2 - 10), cv2.FONT_HERSHEY_SIMPLEX, 1.1, (240, 240, 240), 2, cv2.LINE_AA)
    for number, line in enumerate(wrap(detail, width - 80, 0.7)):
        cv2.putText(image, line, (40, height // 2 + 40 + 30 * number), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (200, 200, 200),
                    1, cv2.LINE_AA)
    return image


def wrap(text: str, width_px: int, scale: float) -> list[str]:
    """Words into lines no wider than `width_px` in OpenCV's plain font: a long hint stays on the picture."""
    import cv2

    lines: list[str] = []
    for word in text.split():
        trial = f"{lines[-1]} {word}" if lines else word
        if lines and cv2.getTextSize(trial, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)[0][0] <= width_px:
            lines[-1] = trial
        else:
            lines.append(word)
    return lines
