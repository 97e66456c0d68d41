"""The live Cannons & Coastlines pipeline: frames -> table reader -> still-table tracker -> session.

It is the Cannonball Colony pipeline's loop (sources, pacing, the picture shown while the
reader reads behind it, camera status) with its own `track` and `draw`: the reader is injected with the signature of
`companion.games.cannons_coastlines.camera.reader.read_frame(image_bgr, timestamp, previous)`
returning a TableObservation. Without a reader the picture is shown, not refereed.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from companion.games.cannons_coastlines.observation import TableObservation
from companion.games.cannons_coastlines.tracking import (CoastTracker, CoastTrackerSettings, Settling,
                                                         TableCommitted, Unchanged, Waiting)
from companion.live import LivePipeline
from companion.live_picture import banner

from companion.games.cannons_coastlines.camera.annotate import annotate_table
from companion.games.cannons_coastlines.session import CoastSession

TableReader = Callable[[np.ndarray, float, "TableObservation | None"], TableObservation]


class CoastPipeline(LivePipeline):
    # No Turn screen here: the Points screen ends turns and judges claims, and only the camera moves ships.
    WITHOUT_CAMERA = ("end turns, set prize values and declare victory on the Points screen; the table stays as "
                      "it was started (the demo table, or --board)")
    NO_READER = "No table reader installed: showing the camera, not refereeing"
    NO_READER_STATUS = "showing the camera; the Cannons & Coastlines table reader is not installed yet"
    FIRST_READING = "Looking for the table..."

    def __init__(self, session: CoastSession, open_source, reader: TableReader | None, *,
                 coast_settings: CoastTrackerSettings | None = None, **options):
        super().__init__(session, open_source, reader, **options)
        self.coast_settings = coast_settings or CoastTrackerSettings()
        self.coast_tracker = CoastTracker(self.coast_settings)

    def _begin_pass(self) -> None:
        super()._begin_pass()
        self.coast_tracker = CoastTracker(self.coast_settings)

    def draw(self, image: np.ndarray, observation: TableObservation) -> np.ndarray:
        picture = annotate_table(image, observation, self.session.rulebook)
        return banner(picture, observation.problems[0]) if observation.problems else picture

    def track(self, observation: TableObservation):
        outcome = self.coast_tracker.update(observation)
        if isinstance(outcome, TableCommitted):
            self.commits += 1
            if self.session.table is None:
                self.session.start(outcome.table, source="camera")
            else:
                self.session.observe(outcome.table, outcome.stale, source="camera")
        where = getattr(self._source, "description", None) or "the camera"
        self._set_status("running", f"reading the table from {where}", tracking=describe(outcome))
        return outcome


def describe(outcome) -> str:
    if isinstance(outcome, Waiting):
        return f"waiting: {outcome.reason}"
    if isinstance(outcome, Settling):
        return f"settling: {outcome.calm_frames} calm frame(s)"
    if isinstance(outcome, TableCommitted):
        return "table still: state committed" + (f" ({len(outcome.stale)} ship(s) hidden, last pose kept)"
                                                 if outcome.stale else "")
    if isinstance(outcome, Unchanged):
        return "table still: nothing changed"
    return "watching"
