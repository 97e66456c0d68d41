"""Cannons & Coastlines' camera part for the live pipeline (companion.live.Pipeline): the table
reader, the still-table tracker, and the session commands a committed table makes: the first
starts the game, every later one is observed (stale ships named). A mat the camera cannot vouch
for keeps what the game knows of it (its last sure reading, or what a player set by hand) and the
players are asked to check it. With no camera, `serve` plays the bundled clip (samples/coast/turns.mp4)
in a loop, each pass a new game from its first still table."""

from __future__ import annotations

from pathlib import Path

from companion.games.cannons_coastlines.observation import TableObservation
from companion.games.cannons_coastlines.table import Table
from companion.games.cannons_coastlines.tracking import (CoastTracker, CoastTrackerSettings, Settling,
                                                         TableCommitted, Unchanged, Waiting)
from companion.games.cannons_coastlines.camera.annotate import annotate_table
from companion.games.cannons_coastlines.camera.fleet_count import unseen_question
from companion.games.cannons_coastlines.camera.ship_gone import last_ship_question, left_question

CLIP = Path(__file__).resolve().parents[4] / "samples" / "coast" / "turns.mp4"


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
        self.restart_on_loop = restart_on_loop
        self._first_commit_of_pass = True
        self._left: set[str] = set()     # ships the reader saw leave the table since the last commit
        self._last_kept: set[str] = set()   # fleets' last ships seen to leave, kept afloat: no game ends on them

    @staticmethod
    def reader(pieces: str | None = None):
        """A reader of its own for one stream: it keeps the last frame's readings for the next; with
        `pieces` (a taught pieces file, calibration.pieces) it reads the group's own pieces on the mats."""
        from companion.games.cannons_coastlines.camera.reader import make_reader
        from companion.games.cannons_coastlines.camera.taught import load_taught

        return make_reader(taught=load_taught(pieces) if pieces is not None else None).read_frame

    @staticmethod
    def clip() -> Path | None:
        """The bundled clip (samples/coast/turns.mp4): a turn each of two fleets, a prize and a coin changing hands."""
        return CLIP if CLIP.is_file() else None

    def new_pass(self) -> None:
        self.tracker = CoastTracker(self.tracker_settings)
        self._first_commit_of_pass = True
        self._left, self._last_kept = set(), set()

    def track(self, observation: TableObservation):
        self._left.update(observation.left_ships)
        return self.tracker.update(observation)

    @staticmethod
    def committed(outcome) -> bool:
        return isinstance(outcome, TableCommitted)

    def commands(self, snapshot, committed: TableCommitted, observation: TableObservation) -> list[dict]:
        doubts = {"unsure": dict(committed.unsure_mats), "notes": dict(committed.notes)}
        first, self._first_commit_of_pass = self._first_commit_of_pass, False
        starting = snapshot.state is None or (first and self.restart_on_loop)   # the clip's next pass: a new game
        kept, left = [], []
        if starting:
            commands = [{"type": "start", "table": committed.table, **doubts}]
        else:
            table = known_mats(committed.table, snapshot.state.table, committed.unsure_mats)
            table, kept, left = self._left_the_table(table, snapshot.state.table)
            commands = [{"type": "observe", "table": table, "stale": sorted(set(committed.stale) | self._last_kept), **doubts}]
        self._left.clear()
        if committed.unsure_mats:
            commands.append(mats_question(committed.unsure_mats, kept=not starting))
        if left:
            commands.append(left_question(left))
        if kept:
            commands.append(last_ship_question(kept))
        if starting and observation is not None and observation.unseen_ships:
            # A ship never seen is not in the game: the players are told which, once, as the game starts.
            commands.append({"type": "question", "message": unseen_question(observation.unseen_ships), "cells": ()})
        return commands

    def _left_the_table(self, table: Table, known: Table) -> tuple[Table, list[str], list[str]]:
        """Ships the reader saw leave the table that the game still has leave the game (a ship forced off the table
        sinks), but a fleet's last ship is kept afloat, stale, until its tag or another ship of its fleet is seen: a
        camera that cannot see a ship ends no game on it. The table, the last ships newly kept, the ships left."""
        gone = {ship for ship in self._left | self._last_kept if ship in known.ships and ship not in table.ships}
        kept = {ship for ship in gone
                if not any(other.owner == known.ships[ship].owner for other in table.ships.values())}
        newly_kept, self._last_kept = sorted(kept - self._last_kept), kept
        if kept:
            table = table.replace(ships={**table.ships, **{ship: known.ships[ship] for ship in kept}})
        return table, newly_kept, sorted(gone - kept)

    @staticmethod
    def status(observation: TableObservation, outcome, where: str) -> tuple[str, str]:
        return f"reading the table from {where}", describe(outcome)

    def annotate(self, image, observation: TableObservation, highlight):
        return annotate_table(image, observation, self.rulebook)


def known_mats(table: Table, known: Table, unsure) -> Table:
    """What the game knows of each unsure mat (a sure reading before, or a player's hand) wins over the camera's."""
    kept = {player: known.mats[player] for player in unsure if player in known.mats}
    return table.replace(mats={**table.mats, **kept}) if kept else table


# A question stays short on a tablet: the first doubts of each mat are enough to say where to look.
DOUBTS_SAID = 2


def mats_question(unsure, kept: bool = True) -> dict:
    """The players asked to check the mats the camera cannot vouch for; the Points screen sets one by hand."""
    named = "; ".join(f"{player}'s mat ({', '.join(doubts[:DOUBTS_SAID])})" for player, doubts in sorted(unsure.items()))
    shown = "the points keep what was last known" if kept else "the points shown are its reading"
    message = (f"The camera cannot vouch for {named}: {shown}. Check the mat, and if its points are wrong, set it "
               f"on the Points screen.")
    return {"type": "question", "message": message, "cells": ()}


def describe(outcome) -> str:
    if isinstance(outcome, Waiting):
        return f"waiting: {outcome.reason}"
    if isinstance(outcome, Settling):
        return f"settling: {outcome.calm_frames} calm frame(s)"
    if isinstance(outcome, TableCommitted):
        return "table still: state committed" + (f" ({len(outcome.stale)} ship(s) hidden, last pose kept)"
                                                 if outcome.stale else "") + \
            (f" ({len(outcome.unsure_mats)} mat(s) unsure, the players asked)" if outcome.unsure_mats else "")
    if isinstance(outcome, Unchanged):
        return "table still: nothing changed"
    return "watching"
