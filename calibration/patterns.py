"""Calibration targets: parse a pattern spec such as `chessboard:9x6:25mm` into its geometry."""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

SPEC_FORMS = "chessboard:COLSxROWS:SQUARE or charuco:SQUARESXxSQUARESY:SQUARE:MARKER:DICT[:legacy]"

_UNITS_IN_MM = {"mm": 1.0, "cm": 10.0, "m": 1000.0}
_LENGTH = re.compile(r"^(\d+(?:\.\d*)?|\.\d+)(mm|cm|m)$")
_GRID = re.compile(r"^(\d+)x(\d+)$")


@dataclass(frozen=True)
class ChessboardPattern:
    """A chessboard counted by its inner corners (OpenCV's convention), squares in mm."""

    columns: int
    rows: int
    square_mm: float

    kind = "chessboard"

    def __str__(self) -> str:
        return f"chessboard:{self.columns}x{self.rows}:{_format_mm(self.square_mm)}"

    @property
    def corner_count(self) -> int:
        return self.columns * self.rows

    def object_points(self) -> np.ndarray:
        """(N, 3) float32 corner positions in mm, row by row, in findChessboardCorners' order."""
        grid = np.mgrid[0:self.columns, 0:self.rows].T.reshape(-1, 2)
        points = np.zeros((self.corner_count, 3), np.float32)
        points[:, :2] = grid * self.square_mm
        return points


@dataclass(frozen=True)
class CharucoPattern:
    """A ChArUco board counted by its squares, with square and marker sides in mm.

    `legacy` selects the layout OpenCV printed before 4.6. It only differs from today's
    layout when `squares_y` is even, so boards with an odd row count need not say.
    """

    squares_x: int
    squares_y: int
    square_mm: float
    marker_mm: float
    dictionary: str
    legacy: bool = False

    kind = "charuco"

    def __str__(self) -> str:
        text = (
            f"charuco:{self.squares_x}x{self.squares_y}:{_format_mm(self.square_mm)}"
            f":{_format_mm(self.marker_mm)}:{self.dictionary}"
        )
        return text + (":legacy" if self.legacy else "")

    @property
    def corner_count(self) -> int:
        return (self.squares_x - 1) * (self.squares_y - 1)

    def board(self):
        """The OpenCV CharucoBoard, in mm."""
        import cv2

        from companion.vision.markers import get_dictionary

        board = cv2.aruco.CharucoBoard(
            (self.squares_x, self.squares_y), self.square_mm, self.marker_mm,
            get_dictionary(self.dictionary),
        )
        board.setLegacyPattern(self.legacy)
        return board


Pattern = ChessboardPattern | CharucoPattern


def parse_pattern(spec: str) -> Pattern:
    """`chessboard:9x6:25mm` or `charuco:5x7:40mm:20mm:DICT_6X6_250`; ValueError naming the bad part."""
    parts = spec.strip().split(":")
    kind = parts[0].lower()
    if kind == "chessboard":
        return _parse_chessboard(spec, parts)
    if kind == "charuco":
        return _parse_charuco(spec, parts)
    raise ValueError(f"pattern {spec!r}: unknown kind {parts[0]!r}; expected {SPEC_FORMS}")


def _parse_chessboard(spec: str, parts: list[str]) -> ChessboardPattern:
    if len(parts) != 3:
        raise ValueError(f"pattern {spec!r}: expected {SPEC_FORMS.split(' or ')[0]}")
    columns, rows = _grid(spec, parts[1], "inner corners", minimum=2)
    return ChessboardPattern(columns, rows, _length(spec, parts[2], "square size"))


def _parse_charuco(spec: str, parts: list[str]) -> CharucoPattern:
    legacy = len(parts) == 6 and parts[5].lower() == "legacy"
    if len(parts) not in (5, 6) or (len(parts) == 6 and not legacy):
        raise ValueError(f"pattern {spec!r}: expected {SPEC_FORMS.split(' or ')[1]}")
    squares_x, squares_y = _grid(spec, parts[1], "squares", minimum=2)
    square = _length(spec, parts[2], "square size")
    marker = _length(spec, parts[3], "marker size")
    if marker >= square:
        raise ValueError(
            f"pattern {spec!r}: marker size {parts[3]!r} must be smaller than square size {parts[2]!r}"
        )
    dictionary = parts[4]
    from companion.vision.markers import dictionary_names

    if dictionary not in dictionary_names():
        raise ValueError(
            f"pattern {spec!r}: unknown dictionary {dictionary!r}; "
            f"valid names are: {', '.join(dictionary_names())}"
        )
    return CharucoPattern(squares_x, squares_y, square, marker, dictionary, legacy)


def _grid(spec: str, text: str, what: str, minimum: int) -> tuple[int, int]:
    match = _GRID.match(text.lower())
    if not match:
        raise ValueError(f"pattern {spec!r}: {what} {text!r} should look like 9x6")
    first, second = int(match[1]), int(match[2])
    if min(first, second) < minimum:
        raise ValueError(f"pattern {spec!r}: {what} {text!r} needs at least {minimum} each way")
    return first, second


def _length(spec: str, text: str, what: str) -> float:
    match = _LENGTH.match(text.lower())
    if not match:
        raise ValueError(f"pattern {spec!r}: {what} {text!r} should be a length such as 25mm")
    millimetres = float(match[1]) * _UNITS_IN_MM[match[2]]
    if millimetres <= 0:
        raise ValueError(f"pattern {spec!r}: {what} {text!r} must be more than zero")
    return millimetres


def _format_mm(millimetres: float) -> str:
    return f"{millimetres:g}mm"
