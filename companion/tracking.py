"""Observations over time -> stable states: gate on motion and hands, vote, commit when still.

Game-agnostic: an observation is a map from keys (cells, ships, egg spaces) to read tokens,
with a confidence per key, the keys a hand or arm hides, and how much the picture moved.
A state is committed only after the table has been still and unhidden for a while and the
recent frames agree; a hand over the board never produces a commit.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Hashable, Mapping


@dataclass(frozen=True)
class TrackerSettings:
    window: int = 7                # frames voted over
    still_frames: int = 5          # unhidden, motionless frames needed before a commit
    motion_threshold: float = 0.02  # fraction of the board's pixels that changed since last frame
    min_agreement: float = 0.7     # share of the window that must agree on every key
    min_confidence: float = 0.6    # below this mean confidence a key is reported uncertain

    def __post_init__(self):
        if not 1 <= self.still_frames <= self.window:
            raise ValueError(f"still_frames must be 1..window ({self.window}), not {self.still_frames}")


@dataclass(frozen=True)
class Observation:
    timestamp: float
    tokens: Mapping[Hashable, str]
    confidence: Mapping[Hashable, float] = field(default_factory=dict)
    hidden: frozenset = frozenset()
    motion: float = 0.0


@dataclass(frozen=True)
class Gated:
    """Nothing is voted this frame: something moves or hides the board."""

    timestamp: float
    reason: str
    hidden: frozenset = frozenset()


@dataclass(frozen=True)
class Committed:
    """A new stable state of the table."""

    timestamp: float
    tokens: Mapping[Hashable, str]
    uncertain: frozenset = frozenset()   # keys the players should be asked about
    agreement: float = 1.0


@dataclass(frozen=True)
class Unsettled:
    """Still, but the frames disagree on some keys (a flicker between two readings)."""

    timestamp: float
    keys: frozenset


def describe(outcome, keys: str = "cells") -> str:
    """The camera status line for a tracker outcome; `keys` names what the game's tokens are."""
    if isinstance(outcome, Gated):
        return f"waiting: {outcome.reason}"
    if isinstance(outcome, Committed):
        return "table still: state committed"
    if isinstance(outcome, Unsettled):
        return f"settling: {len(outcome.keys)} {keys} still flicker"
    return "watching"


class Tracker:
    def __init__(self, settings: TrackerSettings | None = None, committed: Mapping | None = None):
        self.settings = settings or TrackerSettings()
        self.frames: deque[Observation] = deque(maxlen=self.settings.window)
        self.still = 0
        self.committed: dict | None = dict(committed) if committed is not None else None

    def update(self, observation: Observation):
        """Feed one frame; returns Gated, Committed, Unsettled, or None (still settling / unchanged)."""
        settings = self.settings
        if observation.hidden or observation.motion > settings.motion_threshold:
            self.frames.clear()
            self.still = 0
            reason = ("a hand or arm over the board" if observation.hidden
                      else f"movement ({observation.motion:.1%} of the board changed)")
            return Gated(observation.timestamp, reason, frozenset(observation.hidden))
        self.frames.append(observation)
        self.still += 1
        if self.still < settings.still_frames:
            return None
        tokens, agreement, doubtful = self._vote()
        if doubtful:
            return Unsettled(observation.timestamp, frozenset(doubtful))
        if tokens == self.committed:
            return None
        self.committed = tokens
        return Committed(observation.timestamp, tokens, self._uncertain(tokens), agreement)

    def recommit(self, tokens: Mapping) -> None:
        """After the players answer a question: take their answer as the committed state."""
        self.committed = dict(tokens)

    def _vote(self):
        keys = set().union(*(frame.tokens.keys() for frame in self.frames))
        voted, lowest, doubtful = {}, 1.0, []
        for key in keys:
            counts = Counter(frame.tokens.get(key) for frame in self.frames)
            token, votes = counts.most_common(1)[0]
            share = votes / len(self.frames)
            lowest = min(lowest, share)
            if share < self.settings.min_agreement or token is None:
                doubtful.append(key)
            voted[key] = token
        return voted, lowest, doubtful

    def _uncertain(self, tokens: Mapping) -> frozenset:
        doubtful = set()
        for key, token in tokens.items():
            scores = [frame.confidence.get(key, 1.0) for frame in self.frames if frame.tokens.get(key) == token]
            if scores and sum(scores) / len(scores) < self.settings.min_confidence:
                doubtful.add(key)
        return frozenset(doubtful)
