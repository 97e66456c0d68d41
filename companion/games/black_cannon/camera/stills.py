"""Black Cannon's live reading: a frame is read only when the table is steady, and its reading becomes
the tokens the shared tracker votes on (companion.tracking).

Reading a Black Cannon table takes a good part of a second, so a frame is compared first, small and
blurred, with the one before: while anything moves (a hand throwing the dice, sailing a ship, picking a
ship up) nothing is read. Once the picture is steady the first two frames are read in full; a later
steady frame is compared, at half size, with the last frame read: when no more than a few pixels differ
(less than one pip of a die) the table is the one read, and its reading is kept, also right after a hand
came and went; anything else (a die turned over where it lay, a ship moved under the hand) is read. A die
read as another count than in the still frame read just before is asked about: nothing moved, so one of
the two readings is wrong (a cocked die's tilted top). The reader itself (camera/reader.py) is used
through `read_table` and its `Reading`; what it cannot tell stays unknown here (a die's face below the
reader's confidence is None), never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from companion.games.black_cannon.board import Board, default_board, square_name
from companion.games.black_cannon.camera.reader import Reading, read_table
from companion.games.black_cannon.camera.seen_die import doubt_changed
from companion.games.black_cannon.camera.settings import SETTINGS as READER_SETTINGS
from companion.games.black_cannon.inference import SeenDie, SeenShip, SeenTable
from companion.games.black_cannon.kit import pieces as kit
from companion.vision.arm_watch import ArmWatch, ArmWatchSettings


@dataclass(frozen=True)
class StillSettings:
    width_px: int = 320              # the pictures compared for motion: this wide
    changed_level: float = 18.0      # grey levels (0-255) a pixel must change by to count as moved
    moving_share: float = 0.003      # more of the picture changed than this since the last frame: moving
    settling_share: float = 0.001    # more changed than this: a new steady spell starts (read afresh)
    fresh_reads: int = 2             # frames read in full at the start of each steady spell
    same_width_px: int = 640         # the pictures compared with the last one read: this wide (a pip is 2-4 px)
    same_pixels: int = 4             # no more pixels than this changed since the last frame read: the same table
    ship_sure: float = 0.6           # a ship's reading below this confidence is asked about
    # An arm held still over the table (vision/arm_watch.py) counts where it reaches in past this share of the
    # picture's width and height from its edges: the board and the dice lie well inside; an elbow at the edge is no arm.
    play_inset: float = 0.06
    # A die thrown to the picture's edge touches it too: an arm must cross 1% of the picture's outer band
    # (held-hand clips 9000-9003, 9005, 9007: hands 3.0% and up, dice at the edge 0.2-0.45%).
    arms: ArmWatchSettings = field(default_factory=lambda: ArmWatchSettings(least_edge_share=0.01))


STILL_SETTINGS = StillSettings()


@dataclass(frozen=True)
class LiveReading:
    """One frame, as the camera part tracks it: how much moved, and the table read (None while moving)."""

    timestamp: float
    motion: float                          # share of the picture changed since the last frame
    reading: Reading | None = None
    seen: SeenTable | None = None
    fresh: bool = False                    # read in full from this frame (not reused)
    problems: tuple[str, ...] = ()
    arm: bool = False                      # a hand or arm over the table, held still or not: not read

    @property
    def located(self) -> bool:
        return self.reading is None or self.reading.board_seen

    def tokens(self) -> dict:
        return table_tokens(self.seen) if self.seen is not None else {}

    def confidence(self) -> dict:
        if self.reading is None:
            return {}
        return {("ship", ship.fleet): ship.confidence for ship in self.reading.ships}


def _half(image: np.ndarray, settings: StillSettings) -> np.ndarray:
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    height = max(1, round(grey.shape[0] * settings.same_width_px / grey.shape[1]))
    half = cv2.resize(grey, (settings.same_width_px, height), interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(half, (3, 3), 0)


def _small(half: np.ndarray, settings: StillSettings) -> np.ndarray:
    height = max(1, round(half.shape[0] * settings.width_px / half.shape[1]))
    return cv2.resize(half, (settings.width_px, height), interpolation=cv2.INTER_AREA).astype(np.int16)


def same_table(read: np.ndarray | None, half: np.ndarray, settings: StillSettings) -> bool:
    """Whether a steady frame shows the table last read: hardly a pixel of the half-size picture differs."""
    if read is None or read.shape != half.shape:
        return False
    changed = cv2.absdiff(read, half) > settings.changed_level
    return int(np.count_nonzero(changed)) <= settings.same_pixels


def changed_share(a: np.ndarray | None, b: np.ndarray, settings: StillSettings) -> float:
    if a is None or a.shape != b.shape:
        return 1.0
    return float(np.mean(np.abs(a - b) > settings.changed_level))


@dataclass
class StillReader:
    """The live reader for one stream: `read_frame(image, timestamp, previous) -> LiveReading`."""

    board: Board = field(default_factory=default_board)
    settings: StillSettings = STILL_SETTINGS
    read: object = read_table
    reads: int = 0                      # frames read in full, for the status line and tests
    _last_small: np.ndarray | None = None
    _read_half: np.ndarray | None = None
    _last_reading: LiveReading | None = None
    _steady_reads: int = 0
    _confirmed: bool = False            # the last reading was read fresh_reads times over in one steady spell
    _arms: ArmWatch | None = None

    def read_frame(self, image: np.ndarray, timestamp: float, previous=None) -> LiveReading:
        half = _half(image, self.settings)
        small = _small(half, self.settings)
        motion = 0.0 if self._last_small is None else changed_share(self._last_small, small, self.settings)
        self._last_small = small
        if motion > self.settings.settling_share:
            self._steady_reads = 0
        if self._arms is None:
            self._arms = ArmWatch(self.settings.arms)
        arm = self._arms.look(image, timestamp, motion, [_play_area(image.shape, self.settings)], ())
        if arm.over:   # a hand held still over the table: nothing under it can be read
            self._steady_reads = 0
            return LiveReading(timestamp, motion, problems=("a hand or arm over the table",), arm=True)
        if motion > self.settings.moving_share:
            return LiveReading(timestamp, motion)   # not read: something moves
        last = self._last_reading
        if (last is not None and (self._confirmed or self._steady_reads >= self.settings.fresh_reads)
                and same_table(self._read_half, half, self.settings)):
            return LiveReading(timestamp, motion, last.reading, last.seen, False, last.problems)
        reading = self.read(image, self.board)
        if self._steady_reads and last is not None and last.reading is not None and reading.board_seen:
            reading = doubt_changed_dice(reading, last.reading)   # still since the last read: its dice lie as they did
        self.reads += 1
        self._steady_reads += 1
        self._confirmed = self._steady_reads >= self.settings.fresh_reads and same_table(self._read_half, half, self.settings)
        self._read_half = half
        seen = seen_table(reading, self.board, self.settings) if reading.board_seen else None
        self._last_reading = LiveReading(timestamp, motion, reading, seen, True, tuple(reading.questions[:1]))
        return self._last_reading


def _play_area(shape, settings: StillSettings) -> list[tuple[float, float]]:
    """The picture inside its edge band: where an arm reaching in is over the table."""
    height, width = shape[:2]
    x, y = width * settings.play_inset, height * settings.play_inset
    return [(x, y), (width - x, y), (width - x, height - y), (x, height - y)]


def doubt_changed_dice(reading: Reading, before: Reading) -> Reading:
    """The reading, with each die read as another count than in the still frame read before it asked about."""
    dice = doubt_changed(list(reading.dice), list(before.dice), READER_SETTINGS)
    asked = [die for die, was in zip(dice, reading.dice) if die is not was]
    if not asked:
        return reading
    questions = tuple(f"a die read {die.pips} lies where the frame before read another count ({die.reason}): "
                      "what does it show?" for die in asked)
    return replace(reading, dice=tuple(dice), questions=questions + reading.questions)


def seen_table(reading: Reading, board: Board, settings: StillSettings = STILL_SETTINGS) -> SeenTable:
    """The reading in the rules' terms: each fleet's ship (the surest reading of it), the dice (a face
    below the reader's confidence is unknown) and the chests on the treasure squares."""
    ships: dict[str, SeenShip] = {}
    for ship in sorted(reading.ships, key=lambda s: (not s.sunk and s.square is not None, s.confidence)):
        square = ship.square if ship.square in board else None
        ships[ship.fleet] = SeenShip(square, ship.kind, ship.sunk, ship.confidence >= settings.ship_sure)
    dice = tuple(SeenDie(die.pips if die.confidence >= READER_SETTINGS.confident else None,
                         (round(float(die.centre_mm[0]), 1), round(float(die.centre_mm[1]), 1)),
                         _square_of(board, die.centre_mm)) for die in reading.dice)
    return SeenTable(ships, dice, dict(reading.chests))


def _square_of(board: Board, centre_mm) -> str:
    column, row = int(centre_mm[0] // kit.SQUARE_MM), int(centre_mm[1] // kit.SQUARE_MM)
    return square_name(column, row) if 0 <= column < board.columns and 0 <= row < board.rows else ""


# --- the tracker's tokens, and back ---------------------------------------------------------------
# Voted on: each ship's kind, square and whether it lies over; each die's face and square; the chests.
# A die's exact place (which tells a throw) and how sure a reading is are taken from the frame that
# commits, never voted on: they differ a little in every frame.

def table_tokens(seen: SeenTable) -> dict:
    tokens: dict = {("ship", fleet): f"{ship.kind or '?'}|{ship.square or '-'}|{int(ship.knocked_over)}"
                    for fleet, ship in seen.ships.items()}
    tokens[("dice",)] = ";".join(sorted(f"{d.pips or 0}@{d.where or '-'}" for d in seen.dice))
    tokens.update({("chests", square): str(count) for square, count in seen.chests.items()})
    return tokens


def committed_table(tokens: dict, latest: SeenTable | None, board: Board | None = None) -> SeenTable:
    """The table the tracker committed: the latest frame's reading when it says the same (the usual
    case), else one rebuilt from the voted tokens (dice placed at their squares' centres)."""
    if latest is not None and table_tokens(latest) == dict(tokens):
        return latest
    board = board or default_board()
    ships, dice, chests = {}, [], {}
    for key, token in tokens.items():
        if token is None:
            continue
        if key[0] == "ship":
            kind, square, over = token.split("|")
            ships[key[1]] = SeenShip(None if square == "-" else square, None if kind == "?" else kind, over == "1", False)
        elif key[0] == "dice" and token:
            for word in token.split(";"):
                pips, _, where = word.partition("@")
                centre = _centre_of(board, where)
                dice.append(SeenDie(int(pips) or None, centre, "" if where == "-" else where))
        elif key[0] == "chests":
            chests[key[1]] = int(token)
    return SeenTable(ships, tuple(dice), chests)


def _centre_of(board: Board, square: str) -> tuple[float, float]:
    if square not in board:
        return (-1000.0, -1000.0)   # off the board: never the same place as a die read on it
    column, row = board.xy(square)
    return ((column + 0.5) * kit.SQUARE_MM, (row + 0.5) * kit.SQUARE_MM)
