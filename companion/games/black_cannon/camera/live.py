"""Black Cannon's camera part for the live pipeline (companion.live.Pipeline): the still-table reader
(camera/stills.py), the shared tracker over ships, dice and chests, and what a still table says to the
game in play (inference.explain): a roll, a move, a shot's outcome, or a question to the players.

With no game yet (or, on the bundled clip's next pass, a table that does not follow from the game)
the first still table starts one: each fleet seen standing is a player of its own, named after it,
red (or the first fleet seen) to play. `serve --board FILE` or the Play screen names real players.
"""

from __future__ import annotations

from pathlib import Path

import cv2

from companion.games.black_cannon.board import default_board
from companion.games.black_cannon.camera.stills import LiveReading, StillReader, committed_table
from companion.games.black_cannon.inference import SeenTable, explain, question
from companion.games.black_cannon.kit import pieces as kit
from companion.games.black_cannon.position import Position, Ship
from companion.games.black_cannon.text import print_board
from companion.tracking import Committed, Observation, Tracker, TrackerSettings, describe

CLIP = Path(__file__).resolve().parents[4] / "samples" / "black_cannon" / "turns.mp4"
# A still table is two steady frames read in full that agree (stills.py reads the first two of each
# steady spell); "moving" is judged by the still reader's own share of the picture.
TRACKER = TrackerSettings(window=2, still_frames=2, motion_threshold=0.003, min_agreement=0.75)


class BlackCannonCamera:
    without_camera = "enter each roll and move on the Play screen"
    no_reader = "No Black Cannon reader installed: showing the camera, not refereeing"
    no_reader_status = "showing the camera; the Black Cannon reader is not installed"
    first_reading = "Looking for the board..."

    def __init__(self, record=None, *, auto_confirm: bool = False, restart_on_loop: bool = False,
                 tracker_settings: TrackerSettings | None = None):
        self.restart_on_loop = restart_on_loop
        self.tracker_settings = tracker_settings or TRACKER
        self.tracker = Tracker(self.tracker_settings)
        self.passes = -1
        self._first_commit_of_pass = True
        self._last: SeenTable | None = None   # the last still table: its dice were not a new throw
        self._last_explained: SeenTable | None = None   # the same, kept across passes: what a roll entered refers to

    @staticmethod
    def reader():
        """A reader of its own for one stream: it remembers the last frame to tell a steady picture."""
        return StillReader().read_frame

    @staticmethod
    def clip() -> Path | None:
        """The bundled clip (samples/black_cannon/turns.mp4): a few turns with a chest and a Black Cannon shot."""
        return CLIP if CLIP.is_file() else None

    def new_pass(self) -> None:
        self.tracker = Tracker(self.tracker_settings)
        self.passes += 1
        self._first_commit_of_pass = True
        self._last = None

    # --- one reading ------------------------------------------------------------------

    def track(self, observation: LiveReading):
        if not observation.located:
            return None
        return self.tracker.update(Observation(observation.timestamp, observation.tokens(),
                                               observation.confidence(),
                                               frozenset({"arm"}) if observation.arm else frozenset(),
                                               observation.motion if observation.seen is not None else 1.0))

    @staticmethod
    def committed(outcome) -> bool:
        return isinstance(outcome, Committed)

    def commands(self, snapshot, committed: Committed, observation: LiveReading) -> list[dict]:
        seen = committed_table(committed.tokens, observation.seen)
        before, self._last = self._last, seen
        self._last_explained = seen
        first, self._first_commit_of_pass = self._first_commit_of_pass, False
        game = snapshot.state
        if game is None or (first and self.restart_on_loop and (game.winner or not follows(game, seen))):
            return start_from(seen)
        if first and before is None and not follows(game, seen):
            return [question("The table does not show the game in play: " + differences(game, seen) +
                             ". Put the ships where the game has them, or start a new game.")]
        # The first still table of a pass is where the dice lie, not a throw: nobody saw them fall.
        return explain(game, seen, before if before is not None else seen)

    def revisit(self, snapshot, events: list[dict]) -> list[dict]:
        """A roll the players entered for a ship the camera already saw moved (it asked for the roll): the
        still table is explained again, so the move is taken from it. Nothing after an undo or anything else."""
        game = snapshot.state
        entered = bool(events) and events[-1].get("type") == "roll" and events[-1].get("source") != "camera"
        table = self._last_explained
        if game is None or table is None or not entered or game.phase != "move":
            return []
        return explain(game, table, table)

    @staticmethod
    def status(observation: LiveReading, outcome, where: str) -> tuple[str, str]:
        if not observation.located:
            return f"board not found: {'; '.join(observation.problems) or 'no corner markers seen'}", "looking for the board"
        return f"reading the table from {where}", describe(outcome, "readings")

    @staticmethod
    def annotate(image, observation: LiveReading, highlight):
        """The reading written across the foot of the picture: ships, dice, and the squares asked about."""
        seen = observation.seen
        if seen is None:
            return image
        ships = "  ".join(f"{fleet} {'over' if s.knocked_over else s.kind or '?'} {s.square or '?'}"
                          for fleet, s in seen.ships.items())
        dice = " ".join(str(d.pips) if d.pips else "?" for d in seen.dice) or "none"
        lines = [f"ships: {ships or 'none seen'}", f"dice: {dice}"]
        if highlight:
            lines.append("asked about: " + " ".join(map(str, highlight)))
        out = image.copy()
        height = max(20, image.shape[0] // 28)
        top = image.shape[0] - height * len(lines) - 6
        cv2.rectangle(out, (0, top), (image.shape[1], image.shape[0]), (25, 25, 25), -1)
        for index, text in enumerate(lines):
            cv2.putText(out, text, (10, top + height * (index + 1) - 4), cv2.FONT_HERSHEY_SIMPLEX, height / 34,
                        (255, 255, 255), 1, cv2.LINE_AA)
        return out


def follows(game, seen: SeenTable) -> bool:
    """Every ship seen standing is one of the game's, on its square or a square it could be sailing to
    this turn (a move not yet recorded): the table is this game's."""
    position = game.position
    for fleet, ship in seen.ships.items():
        if ship.knocked_over or ship.square is None:
            continue
        if fleet not in position.ships:
            return False
        if ship.square != position.ships[fleet].square and fleet not in position.fleets_of(position.turn):
            return False
    return True


def differences(game, seen: SeenTable) -> str:
    ships = game.position.ships
    said = [f"{fleet} seen on {s.square}, the game has it on {ships[fleet].square}" if fleet in ships
            else f"{fleet} is not in the game" for fleet, s in seen.ships.items()
            if not s.knocked_over and s.square and (fleet not in ships or ships[fleet].square != s.square)]
    return "; ".join(said) or "nothing"


def start_from(seen: SeenTable) -> list[dict]:
    """A new game from the table: each standing ship's fleet a player of its own, named after it."""
    board = default_board()
    afloat = {fleet: ship for fleet, ship in seen.ships.items()
              if not ship.knocked_over and ship.square and ship.kind and board.is_sea(ship.square)}
    fleets = [fleet for fleet in kit.FLEET_ORDER if fleet in afloat]
    if not fleets:
        return [question("The camera sees no ship standing on the board: set the fleets out to start a game.")]
    chests = {square: seen.chests.get(square, 0) for square in board.treasure}
    position = Position(board, tuple((fleet, (fleet,)) for fleet in fleets), fleets[0],
                        {fleet: Ship(afloat[fleet].kind, afloat[fleet].square) for fleet in fleets}, frozenset(),
                        {fleet: 0 for fleet in fleets}, chests)
    return [{"type": "start", "board": print_board(position)}]
