"""How frames go through the live pipeline: a recording at its own pace, then a backlog for the reader.

The pipeline's frame thread shows every frame as it comes and leaves it in the backlog; a
reader thread takes them in order. A reader that falls behind (a full search for the boards
takes the best part of a second) catches up on the frames it missed, so the tracker still
sees every still moment; only a backlog past `limit` frames loses its oldest, as a camera would.
"""

from __future__ import annotations

import threading
from collections import deque
from typing import Callable, Generic, Iterable, Iterator, TypeVar

Item = TypeVar("Item")

# About five seconds of a 10 fps clip: more than the slowest reading, less than a memory worry.
DEFAULT_LIMIT = 50
# How long a picture waits for its own reading (a few ms, usually) when the reader had nothing
# else to do; a busy reader is not waited for. Outlines that keep up with a hand, and never a
# picture held up by a slow reading.
OWN_READING_WAIT = 0.02


class Backlog(Generic[Item]):
    """A bounded first-in first-out queue between two threads; `close` ends it."""

    def __init__(self, limit: int = DEFAULT_LIMIT):
        if limit < 1:
            raise ValueError(f"a backlog holds at least one frame, not {limit!r}")
        self.limit = limit
        self.dropped = 0
        self._put = self._done = 0
        self._items: deque = deque()
        self._cond = threading.Condition()
        self._closed = False
        self._drain = True

    def put(self, item: Item) -> None:
        with self._cond:
            if len(self._items) >= self.limit:
                self._items.popleft()
                self.dropped += 1
            self._items.append(item)
            self._put += 1
            self._cond.notify_all()

    def take(self) -> Item | None:
        """The oldest item, waiting for one; None once closed (and drained, if asked)."""
        with self._cond:
            self._cond.wait_for(lambda: self._items or self._closed)
            if self._items and (self._drain or not self._closed):
                return self._items.popleft()
            return None

    def done(self) -> None:
        """The taker has finished with the item it took."""
        with self._cond:
            self._done += 1
            self._cond.notify_all()

    @property
    def pending(self) -> int:
        """Items put and not yet done: waiting, or in the taker's hands."""
        with self._cond:
            return self._put - self._done - self.dropped

    def wait_done(self, timeout: float) -> bool:
        """Wait, at most `timeout` s, until every item put so far is done (or dropped)."""
        with self._cond:
            return self._cond.wait_for(lambda: self._done + self.dropped >= self._put or self._closed, timeout)

    def close(self, drain: bool = True) -> None:
        """No more items: the taker gets what is left (`drain`) or nothing more, then None."""
        with self._cond:
            self._closed, self._drain = True, drain
            self._cond.notify_all()

    def __len__(self) -> int:
        with self._cond:
            return len(self._items)


class Pacer:
    """A recording played at its own speed, as if the camera were watching it now; a loop's
    next pass comes a frame's time after the last frame, not at once. `wait(seconds)` is
    True when the pipeline stops meanwhile."""

    def __init__(self, clock: Callable[[], float], wait: Callable[[float], bool]):
        self.clock, self.wait = clock, wait
        self._next_pass_due = float("-inf")

    def frames(self, frames: Iterable, live: bool) -> Iterator:
        """The frames of one pass, each when it is due; a live camera's as they come."""
        started = first = last = None
        for frame in frames:
            if not live:
                if started is None:
                    started, first = max(self.clock(), self._next_pass_due), frame.timestamp
                delay = (frame.timestamp - first) - (self.clock() - started)
                if delay > 0 and self.wait(delay):
                    return
                if last is not None:
                    self._next_pass_due = started + 2 * frame.timestamp - first - last
                last = frame.timestamp
            yield frame
