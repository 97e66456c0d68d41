"""The Colony's reader for a stream of frames (the live pipeline's `reader`): the still reader
(ColonyReader, with its StreamMemory) plus what a stream needs before anything is committed: how much
of the board moved since the last frame, and which spaces a hand or arm is over.

A hand is judged from the reader's own measure (how much of the paper round each egg circle is
dark or coloured) against the least that space has shown in this stream with the same count and ant
read: printed arrows and lines next to a circle are always there, and a full space's eggs spill over
its line for as long as it holds them; a hand is there only while it reaches.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.games.the_colony.camera.observation import ColonyObservation
from companion.games.the_colony.camera.reader import ColonyReader, StreamMemory
from companion.games.the_colony.kit.board import GEOMETRY, space_places


@dataclass(frozen=True)
class LiveSettings:
    hand_share: float = 0.07       # more of a circle's paper dark or coloured than the space's least: a hand
    inside: float = 0.98           # a space less inside the picture than this is hidden
    still_motion: float = 0.005    # a board this still ...
    lone_still_frames: int = 2     # ... for this many frames with one space alone over its least: eggs, not a hand
    full_search_every: int = 10    # frames between looks over the whole picture for corner markers not yet found
    motion_size: tuple[int, int] = (240, 160)   # the board's box is compared at this size ...
    motion_level: float = 18.0     # ... a pixel changed by this many grey levels has moved


@dataclass(frozen=True)
class LiveReading:
    """One frame: the still reader's observation, the spaces under a hand, the motion, and where
    each space's circle is in the picture (for drawing)."""

    timestamp: float
    observation: ColonyObservation
    hidden: frozenset[str] = frozenset()
    motion: float = 0.0
    spots: dict = field(default_factory=dict)     # space -> (x, y) picture px of its circle's centre
    radius_px: float = 0.0
    patches: tuple = ()    # per space its patch at half size (stream_memory), to tell which logs changed later

    @property
    def located(self) -> bool:
        return self.observation.located

    @property
    def problems(self) -> tuple[str, ...]:
        if not self.observation.located:
            return self.observation.problems
        return tuple(f"{space}: a hand hides it" for space in sorted(self.hidden))

    def tokens(self) -> dict:
        """Per space its count and its ant's initial ("3", "0R", "4B"), as the tracker votes on them."""
        return {r.space: f"{r.eggs}{(r.ant or '')[:1].upper()}" for r in self.observation.spaces}

    def confidence(self) -> dict:
        return {r.space: min(r.confidence, r.ant_confidence) for r in self.observation.spaces}


class LiveColonyReader:
    """Reads frames one after another; keeps the stream's memory, the least hand measure per space,
    and the last frame's board picture for motion."""

    def __init__(self, reader: ColonyReader | None = None, settings: LiveSettings = LiveSettings()):
        self.reader = reader or ColonyReader()
        self.settings = settings
        self.memory = StreamMemory()
        self.least_hand: dict[tuple[str, str], float] = {}   # (space, its token) -> least hand measure
        self.last_board: np.ndarray | None = None
        self.frames_since_search = 0
        self.lone_still = 0

    def read_frame(self, image: np.ndarray, timestamp: float, previous=None) -> LiveReading:
        # The stream memory looks for markers only where it saw them: with a corner missing (two markers
        # give a poor fit), look over the whole picture again now and then.
        self.frames_since_search += 1
        if 0 < len(self.memory.markers) < 4 and self.frames_since_search >= self.settings.full_search_every:
            self.memory.markers = {}
        if not self.memory.markers:
            self.frames_since_search = 0
        observation = self.reader.read(image, timestamp, None, self.memory)
        measured, frame = self.memory.measured, self.memory.frame
        if not observation.located or measured is None or frame is None:
            self.last_board = None
            return LiveReading(timestamp, observation, motion=1.0)
        corners = frame.to_image([(0, 0), (GEOMETRY.size_mm[0], 0), GEOMETRY.size_mm, (0, GEOMETRY.size_mm[1])])
        motion = self._motion(image, corners)
        hidden = self._hidden(LiveReading(timestamp, observation).tokens(), measured, motion)
        places = space_places(self.reader.layout)
        centres = frame.to_image([place.centre for place in places])
        rim = frame.to_image([(places[0].centre[0] + GEOMETRY.egg_radius_mm, places[0].centre[1])])
        spots = {place.id: (float(x), float(y)) for place, (x, y) in zip(places, centres)}
        radius = float(np.linalg.norm(rim[0] - centres[0]))
        return LiveReading(timestamp, observation, frozenset(hidden), motion, spots, radius, tuple(self.memory.greys))

    def _hidden(self, tokens: dict, measured, motion: float) -> set[str]:
        """The spaces a hand is over. A lone space over its least on a still board, frame after frame, is
        a full space's eggs spilling over its line (read with a count it showed before): its measure
        becomes its least. An arm reaching in crosses the ring of logs, over more than one."""
        hidden, measures = set(), {}
        for index, space in enumerate(self.reader.layout.ids):
            key, hand = (space, tokens[space]), float(measured.hand[index])
            measures[key] = hand
            least = self.least_hand[key] = min(self.least_hand.get(key, hand), hand)
            if hand - least > self.settings.hand_share or measured.inside[index] < self.settings.inside:
                hidden.add(space)
        self.lone_still = self.lone_still + 1 if len(hidden) == 1 and motion <= self.settings.still_motion else 0
        if self.lone_still >= self.settings.lone_still_frames:
            space = next(iter(hidden))
            self.least_hand[(space, tokens[space])] = measures[(space, tokens[space])]
            hidden.clear()
        return hidden

    def _motion(self, image: np.ndarray, corners: np.ndarray) -> float:
        """Share of the board's box that changed since the last frame. The box is shrunk to a fixed size,
        so a pixel's wobble in where the markers put it changes nothing."""
        height, width = image.shape[:2]
        x0, y0 = np.maximum(np.floor(corners.min(axis=0)), 0).astype(int)
        x1, y1 = np.minimum(np.ceil(corners.max(axis=0)), (width, height)).astype(int)
        if x1 - x0 < 8 or y1 - y0 < 8:
            self.last_board = None
            return 1.0
        grey = cv2.cvtColor(image[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY)
        size = self.settings.motion_size
        small = cv2.GaussianBlur(cv2.resize(grey, size, interpolation=cv2.INTER_AREA), (3, 3), 0)
        last, self.last_board = self.last_board, small.astype(np.int16)
        if last is None:
            return 0.0
        return float((np.abs(self.last_board - last) > self.settings.motion_level).mean())
