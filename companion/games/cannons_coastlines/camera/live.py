"""Cannons & Coastlines' camera part for the live pipeline (companion.live.Pipeline): the table
reader, the still-table tracker, and the session commands a committed table makes: the first
starts the game, every later one is observed (stale ships named)."""

from __future__ import annotations

from companion.games.cannons_coastlines.observation import TableObservation
from companion.games.cannons_coastlines.tracking import (CoastTracker, CoastTrackerSettings, Settling,
                                                         TableCommitted, Unchanged, Waiting)
from companion.games.cannons_coastlines.camera.annotate import annotate_table


class CoastCamera:
    # No Turn screen here: the Points screen ends turns and judges claims, and only the camera moves ships.
    without_camera = ("end turns, set prize values and declare victory on the Points screen; the table stays as "
                      "it was started (the demo table, or --board)")
    no_reader = "No table reader installed: showing the camera, not refereeing"
    no_reader_status = "showing the camera; the Cannons & Coastlines table reader is not installed yet"
    first_reading = "Looking for the table..."

    def __init__(self, record, *, auto_confirm: bool = False, restart_on_loop: bool = False,
                 tracker_settings: CoastTrackerSettings | None = None):
        self.rulebook = record.rulebook
        self.tracker_settings = tracker_settings or CoastTrackerSettings()
        self.tracker = CoastTracker(self.tracker_settings)

    @staticmethod
    def reader(pieces: str | None = None):
        """A reader of its own for one stream: it keeps the last frame's readings for the next; with
        `pieces` (a taught pieces file, calibration.pieces) it reads the group's own pieces on the mats."""
        from companion.games.cannons_coastlines.camera.reader import make_reader
        from companion.games.cannons_coastlines.camera.taught import load_taught

        return make_reader(taught=load_taught(pieces) if pieces is not None else None).read_frame

    @staticmethod
    def clip():
        return None   # no recording is bundled yet

    def new_pass(self) -> None:
        self.tracker = CoastTracker(self.tracker_settings)

    def track(self, observation: TableObservation):
        return self.tracker.update(observation)

    @staticmethod
    def committed(outcome) -> bool:
        return isinstance(outcome, TableCommitted)

    @staticmethod
    def commands(snapshot, committed: TableCommitted, observation: TableObservation) -> list[dict]:
        if snapshot.state is None:
            return [{"type": "start", "table": committed.table}]
        return [{"type": "observe", "table": committed.table, "stale": sorted(committed.stale)}]

    @staticmethod
    def status(observation: TableObservation, outcome, where: str) -> tuple[str, str]:
        return f"reading the table from {where}", describe(outcome)

    def annotate(self, image, observation: TableObservation, highlight):
        return annotate_table(image, observation, self.rulebook)


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
