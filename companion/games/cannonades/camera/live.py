"""Cannonades' camera part for the live pipeline (companion.live.Pipeline), as Cannonball Colony's:
the card reader frame after frame (stream.py), the shared still-table tracker over seats (one key per
seat and the discard pile, table_seen.py), and what a still table means (watch.py).

Secrets: only a still table is ever explained, and a seat with a hand or a half-hidden card over it is
hidden from the tracker, so a card glimpsed face up while it is picked up, placed or turned over is
never committed. The watch names only cards lying face up; the commands and the status carry its
sentences and counts, never a reading's raw cards; the picture drawn on the video marks face-down
and unknown cards by their outline alone.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.cannonades.camera.reader import Reading
from companion.games.cannonades.camera.settings import STREAM_SETTINGS
from companion.games.cannonades.camera.stream import CardStream
from companion.games.cannonades.camera.table_seen import TableSeen, table_seen
from companion.games.cannonades.camera.watch import TableWatch, WatchVerdict
from companion.games.cannonades.deck import default_deck
from companion.tracking import Committed, Observation, Tracker, TrackerSettings, describe

MOTION_PX = 24          # a pixel that changed by more than this (grey levels, on the thumbnail) moved
THUMB_WIDTH = 160


@dataclass(frozen=True)
class CardObservation:
    timestamp: float
    reading: Reading
    seen: TableSeen
    motion: float                   # share of the thumbnail that changed since the last frame
    thumb: np.ndarray

    @property
    def located(self) -> bool:
        return bool(self.reading.table_markers)

    @property
    def problems(self) -> tuple[str, ...]:
        return () if self.located else self.reading.notes


def make_reader(players: int = 2):
    """A reader of its own for one stream (the table's place is kept from frame to frame)."""
    stream = CardStream(players=players, settings=STREAM_SETTINGS)

    def read_frame(image: np.ndarray, timestamp: float, previous: CardObservation | None) -> CardObservation:
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
        thumb = cv2.resize(grey, (THUMB_WIDTH, THUMB_WIDTH * grey.shape[0] // grey.shape[1]), interpolation=cv2.INTER_AREA)
        motion = 0.0
        if previous is not None and previous.thumb.shape == thumb.shape:
            motion = float((cv2.absdiff(thumb, previous.thumb) > MOTION_PX).mean())
        reading = stream.read(image)
        return CardObservation(timestamp, reading, table_seen(reading), motion, thumb)

    return read_frame


class CardsCamera:
    """One pipeline's camera work for a table of physical cards: `watch` keeps what can be known."""

    without_camera = "play from the tablets"
    no_reader = "No card reader installed: showing the camera, not refereeing"
    no_reader_status = "showing the camera; the card reader is not installed"
    first_reading = "Looking for the table's corner markers..."

    def __init__(self, record=None, *, seats: list[str] | None = None, auto_confirm: bool = False,
                 restart_on_loop: bool = False, tracker_settings: TrackerSettings | None = None):
        self.seats = list(seats) if seats else None   # else the session's game's, at the first still table
        self.tracker_settings = tracker_settings or TrackerSettings()
        self.tracker = Tracker(self.tracker_settings)
        self.watch: TableWatch | None = None

    @staticmethod
    def reader():
        return make_reader()

    @staticmethod
    def clip():
        return None   # no bundled Cannonades clip yet

    def new_pass(self) -> None:
        self.tracker = Tracker(self.tracker_settings)
        self.watch = None

    def track(self, observation: CardObservation):
        if not observation.located:
            return None
        tokens = observation.seen.tokens()
        confidence = {key: 1.0 for key in tokens}
        return self.tracker.update(Observation(observation.timestamp, tokens, confidence,
                                               observation.seen.hidden(), observation.motion))

    @staticmethod
    def committed(outcome) -> bool:
        return isinstance(outcome, Committed)

    def commands(self, snapshot, committed: Committed, observation: CardObservation) -> list[dict]:
        """The watch's verdicts on a still table: a question for what the rules do not explain, a note for the rest."""
        if self.watch is None:
            game = getattr(snapshot, "state", None)
            seats = self.seats or (list(game.seats) if game is not None else ["anna", "ben"])
            self.watch = TableWatch(seats, game.deck if game is not None else default_deck())
        verdicts = self.watch.see(TableSeen.from_tokens(dict(committed.tokens)))
        return [verdict_command(verdict) for verdict in verdicts]

    def end_turn(self) -> list[dict]:
        if self.watch is None:
            return [{"type": "question", "message": "The camera has not seen the table still yet.", "cells": ()}]
        return [verdict_command(verdict) for verdict in self.watch.end_turn()]

    @staticmethod
    def status(observation: CardObservation, outcome, where: str) -> tuple[str, str]:
        if not observation.located:
            return f"table not found: {'; '.join(observation.problems) or 'no corner markers'}", "looking for the table"
        return f"reading the cards from {where}", describe(outcome, "areas")

    @staticmethod
    def annotate(image, observation: CardObservation, highlight):
        """Each seat's counts as read on this frame, in the picture's corner: counts only, no card names."""
        picture = image.copy()
        for number, seat in enumerate(observation.seen.seats, start=1):
            line = f"seat {number}: {len(seat.up)} up, {seat.down} down" + (", unsure" if seat.unsure else "")
            cv2.putText(picture, line, (12, 28 + 26 * number), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (0, 0, 0), 4)
            cv2.putText(picture, line, (12, 28 + 26 * number), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (255, 255, 255), 2)
        return picture


def verdict_command(verdict: WatchVerdict) -> dict:
    if verdict.question:
        return {"type": "question", "message": verdict.sentence, "cells": ()}
    return {"type": "note", "body": {"type": "table-verdict", "rule": verdict.rule, "sentence": verdict.sentence,
                                     "evidence": list(verdict.evidence), "source": "camera"}}
