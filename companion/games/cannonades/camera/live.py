"""Cannonades' camera part for the live pipeline (companion.live.Pipeline), as Cannonball Colony's: the
card reader frame after frame (stream.py), the shared still-table tracker over seats (one key per seat
and the discard pile, table_seen.py), and each still table sent to the game as a `seen` command: the
game's record keeps the physical table's bookkeeping (table_record.py, watch.py), so it is logged and
resumes after a kill. With no game (or, on the bundled clip's next pass, a game over or a table that
is not this game's) the first still table starts one: the clip's setup, else `seats` (two by default).

Secrets: only a still table is ever explained, and a seat with a hand or a half-hidden card over it is
hidden from the tracker, so a card glimpsed face up while it is picked up, placed or turned over is
never committed. The tokens and verdicts name only cards lying face up; the picture drawn on the video
gives counts only.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.games.cannonades.camera.reading import Reading
from companion.games.cannonades.camera.settings import STREAM_SETTINGS
from companion.games.cannonades.camera.stream import CardStream
from companion.games.cannonades.camera.table_seen import TableSeen, table_seen
from companion.games.cannonades.watch import TableWatch
from companion.tracking import Committed, Observation, Tracker, TrackerSettings, describe

CLIP = Path(__file__).resolve().parents[4] / "samples" / "cannonades" / "turns.mp4"
DEFAULT_SEATS = ("north", "south")   # a table with no setup: the record's own default seats
# A still table is three steady frames that agree (the clip holds each table four frames or more).
TRACKER = TrackerSettings(window=3, still_frames=3, motion_threshold=0.01, min_agreement=0.66)
MOTION_PX = 24          # a pixel that changed by more than this (grey levels, on the thumbnail) moved
THUMB_WIDTH = 160


@dataclass(frozen=True)
class CardObservation:
    timestamp: float
    reading: Reading
    motion: float                   # share of the thumbnail that changed since the last frame
    thumb: np.ndarray

    @property
    def located(self) -> bool:
        return bool(self.reading.table_markers)

    @property
    def problems(self) -> tuple[str, ...]:
        return () if self.located else self.reading.notes

    def seen(self, players: int) -> TableSeen:
        return table_seen(self.reading, players)


class CardReader:
    """The card reader of one camera stream: the table's place and the last thumbnail are kept from frame to frame."""

    def __init__(self, players: int = 2):
        self.stream = CardStream(players=players, settings=STREAM_SETTINGS)

    def read_frame(self, image: np.ndarray, timestamp: float, previous: CardObservation | None) -> CardObservation:
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
        thumb = cv2.resize(grey, (THUMB_WIDTH, THUMB_WIDTH * grey.shape[0] // grey.shape[1]), interpolation=cv2.INTER_AREA)
        motion = 0.0
        if previous is not None and previous.thumb.shape == thumb.shape:
            motion = float((cv2.absdiff(thumb, previous.thumb) > MOTION_PX).mean())
        return CardObservation(timestamp, self.stream.read(image), motion, thumb)


def make_reader(players: int = 2):
    """A reader of its own for one stream."""
    return CardReader(players).read_frame


class CardsCamera:
    """One pipeline's camera work for a table of physical cards."""

    without_camera = "play from the tablets"
    no_reader = "No card reader installed: showing the camera, not refereeing"
    no_reader_status = "showing the camera; the card reader is not installed"
    first_reading = "Looking for the table's corner markers..."
    bots_at_table = False   # a computer seat's hand is not on the table: with --bot the game is dealt to tablets

    def __init__(self, record=None, *, seats: list[str] | None = None, auto_confirm: bool = False,
                 restart_on_loop: bool = False, tracker_settings: TrackerSettings | None = None):
        self.restart_on_loop, self.auto_confirm = restart_on_loop, auto_confirm
        clip = clip_setup() if restart_on_loop else None
        self.setup = clip or {"seats": list(seats or DEFAULT_SEATS)}
        self.players = len(self.setup["seats"])   # the game's, once one is seen at a commit
        self.tracker_settings = tracker_settings or TRACKER
        self.tracker = Tracker(self.tracker_settings)
        self._first_commit_of_pass = True

    @staticmethod
    def reader():
        return make_reader()

    @staticmethod
    def clip() -> Path | None:
        """The bundled clip (samples/cannonades/turns.mp4): two turns with a shot and a Vendetta, the shootout."""
        return CLIP if CLIP.is_file() else None

    def new_pass(self) -> None:
        self.tracker = Tracker(self.tracker_settings)
        self._first_commit_of_pass = True

    def track(self, observation: CardObservation):
        if not observation.located:
            return None
        seen = observation.seen(self.players)
        tokens = seen.tokens()
        return self.tracker.update(Observation(observation.timestamp, tokens, {key: 1.0 for key in tokens},
                                               seen.hidden(), observation.motion))

    @staticmethod
    def committed(outcome) -> bool:
        return isinstance(outcome, Committed)

    def commands(self, snapshot, committed: Committed, observation: CardObservation) -> list[dict]:
        """The still table for the game's record; a game started first when there is none to follow."""
        tokens = dict(committed.tokens)
        seen = TableSeen.from_tokens(tokens)
        game = getattr(snapshot, "state", None)
        first, self._first_commit_of_pass = self._first_commit_of_pass, False
        digital = game is not None and not isinstance(game, TableWatch)
        if digital and not self.restart_on_loop:
            return [{"type": "question", "message": "This game is dealt to the tablets: the camera shows the table "
                     "but does not referee it.", "cells": ()}]
        if game is None or (first and self.restart_on_loop and (digital or game.over or not follows(game, seen))):
            if len(seen.seats) != len(self.setup["seats"]):
                return self._reseat(len(self.setup["seats"]))
            return [{"type": "start", "cards": "physical", **self.setup}, {"type": "seen", "table": tokens}]
        if len(game.seats) != len(seen.seats):
            return self._reseat(len(game.seats))
        ends = turns_ended(game, seen) if self.auto_confirm else 0
        return [{"type": "table-end"}] * ends + [{"type": "seen", "table": tokens}]

    def _reseat(self, players: int) -> list[dict]:
        """The game seats another number of players: the seat areas change, the table is read again."""
        self.players = players
        self.tracker = Tracker(self.tracker_settings)
        return []

    @staticmethod
    def status(observation: CardObservation, outcome, where: str) -> tuple[str, str]:
        if not observation.located:
            return f"table not found: {'; '.join(observation.problems) or 'no corner markers'}", "looking for the table"
        return f"reading the cards from {where}", describe(outcome, "areas")

    def annotate(self, image, observation: CardObservation, highlight):
        """Each seat's counts as read on this frame, in the picture's corner: counts only, no card names."""
        picture = image.copy()
        for number, seat in enumerate(observation.seen(self.players).seats, start=1):
            line = f"seat {number}: {len(seat.up)} up, {seat.down} down" + (", unsure" if seat.unsure else "")
            cv2.putText(picture, line, (12, 28 + 26 * number), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (0, 0, 0), 4)
            cv2.putText(picture, line, (12, 28 + 26 * number), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (255, 255, 255), 2)
        return picture


def clip_setup() -> dict | None:
    """The physical game the bundled clip plays (its truth file's "setup"), or None without the clip."""
    truth = CLIP.with_suffix(".json")
    return json.loads(truth.read_text(encoding="utf-8"))["setup"] if truth.is_file() else None


def follows(game: TableWatch, seen: TableSeen) -> bool:
    """The table shows the game's fleets as the game has them: the same ships face up, as many face down."""
    return all(sorted(fleet.up) == sorted(now.up) and fleet.down == now.down
               for fleet, now in zip((game.fleets[seat] for seat in game.seats), seen.seats))


def turns_ended(game: TableWatch, seen: TableSeen) -> int:
    """With nobody at the table to press End turn (the bundled clip): how many turns must have ended for
    the rules to explain this table without a question (0 when none or no number of them does)."""
    for ends in range(len(game.seats) + 1):
        trial = copy.deepcopy(game)
        ended = [verdict for _ in range(ends) for verdict in trial.end_turn()]
        if any(verdict.question for verdict in ended):
            return 0
        if not any(verdict.question for verdict in trial.see(seen)):
            return ends
    return 0
