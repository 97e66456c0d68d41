"""Each cell on a road judged from its look points (companion.vision.piece_looks): a bare road, or the piece
it holds, and how sure.

The country whose paint shows most at the cell's base owns the piece, and the taught look its paint's shares
are nearest to gives its kind; a look far from every taught one keeps a low confidence. Cells are judged from
the camera outwards: a look point inside the outline of a piece already found in front of it is hidden and
counts for nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import cv2
import numpy as np

from companion.games.cannonball_colony.camera.board_view import BoardView
from companion.games.cannonball_colony.camera.kind_choice import KIND_WORDS
from companion.games.cannonball_colony.camera.taught_settings import TaughtSettings
from companion.games.cannonball_colony.cells import COUNTRY_BY_INITIAL, Ground
from companion.games.cannonball_colony.kit.boards import ISLAND_CELL_MM
from companion.vision.colour_classes import CLASS_INDEX, PLAYER_CLASSES, ColourTable
from companion.vision.piece_looks import LookBook, inside_convex, read_looks

ROAD = Ground.ROAD.value
UNFAMILIAR = "?"   # a look like none taught
PLAYER_INDEX = np.array([CLASS_INDEX[name] for name in PLAYER_CLASSES])


class Judged(NamedTuple):
    token: str           # a bare road, a piece, or UNFAMILIAR
    confidence: float
    column: float        # the share of the column's points in view above the base that show the owner's own paint
    hidden: bool = False  # the base is mostly behind pieces in front: a road as far as can be told, not sure of it
    base_paint: float = 0.0  # a bare road's: the share of its base points showing the most shown country's paint


@dataclass
class _BoardMemo:
    """What one board view's judging keeps across its passes, each part depending on one cell alone."""
    view: BoardView
    picture: np.ndarray
    looked: dict = field(default_factory=dict)       # cell -> (its look points, their classes, their box's corners)
    outlined: dict = field(default_factory=dict)     # (cell, kind) -> the outline a piece of that kind shows
    judgements: dict = field(default_factory=dict)   # (cell, points hidden, flags) -> Judged
    hiding: dict = field(default_factory=dict)       # (cell, (piece's cell, kind)) -> which points it hides, or None

    def holds(self, view: BoardView) -> bool:
        return self.view is view and self.picture is view.paper_relative


class LookJudge:
    """Judges cells with one colour table and book of taught looks. `paint_classes`: for strict and not, a lookup
    per player of the classes that count as its paint; `heights`: kind -> how tall it was taught (mm)."""

    def __init__(self, table: ColourTable, book: LookBook, paint_classes: dict[bool, list[np.ndarray]],
                 heights: dict[str, float], settings: TaughtSettings):
        self.table, self.book, self.paint_classes, self.heights = table, book, paint_classes, heights
        self._paint_lookup = {strict: np.array(lookups) for strict, lookups in paint_classes.items()}   # (players, classes)
        self.settings = settings
        self._named: tuple | None = None   # (a view's picture, its pixels named): a board is judged more than once
        # A board is judged three times a read over mostly the same cells: what depends on one cell alone is kept
        # for its view (each cell's look points and classes, its outline per kind, its judgement per points hidden).
        self._kept: _BoardMemo | None = None

    def judge(self, view: BoardView, cells: list[tuple[int, int]], familiar_only: bool = False,
              strict: frozenset = frozenset()) -> list[Judged]:
        """(token, confidence, column) of each cell on a road: a bare road, or the piece it holds. Cells are
        judged from the camera outwards; a look point inside the outline of a piece already found in
        front of it, or (for a piece's own column) behind it, is hidden and counts for nothing."""
        s = self.settings
        grid = np.array([[view.origin[0] + col + 0.5, view.origin[1] + row + 0.5] for col, row in cells])
        centres = cv2.perspectiveTransform(grid.reshape(-1, 1, 2), view.grid_to_sheet).reshape(-1, 2)
        sheet_to_image = view.grid_to_image @ np.linalg.inv(view.grid_to_sheet)
        image_to_view = view.image_to_view()
        if self._named is None or self._named[0] is not view.paper_relative:
            self._named = (view.paper_relative, self.table.classify(view.paper_relative))
        named = self._named[1]
        if self._kept is None or not self._kept.holds(view):
            self._kept = _BoardMemo(view, view.paper_relative)
        looked, outlined = self._kept.looked, self._kept.outlined
        judgements, hiding = self._kept.judgements, self._kept.hiding

        def classes_at(pixels):
            points = cv2.perspectiveTransform(pixels.reshape(-1, 1, 2).astype(np.float64), image_to_view).reshape(-1, 2)
            height, width = named.shape
            xi = np.clip(np.rint(points[:, 0]).astype(int), 0, width - 1)
            yi = np.clip(np.rint(points[:, 1]).astype(int), 0, height - 1)
            return named[yi, xi].reshape(pixels.shape[:-1])

        def any_paint(classes):
            return np.isin(classes, PLAYER_INDEX).astype(np.float32)

        new = [index for index, cell in enumerate(cells) if cell not in looked]
        if new:   # each cell's points are read from its own middle alone
            pixels, classes, _ = read_looks(classes_at, any_paint, sheet_to_image, view.camera, centres[new],
                                            ISLAND_CELL_MM, s.looks)
            # With each cell's points, their box's corners (kept: a cell's hidden points are asked about in every pass).
            looked.update((cells[index], (pixels[i], classes[i], pixels[i].min(axis=0), pixels[i].max(axis=0)))
                          for i, index in enumerate(new))
        pixels = [looked[cell][0] for cell in cells]

        def one(index, known):
            key = (cells[index], known.tobytes(), familiar_only, cells[index] in strict)
            if key not in judgements:
                judgements[key] = self._one(looked[cells[index]][1], known, familiar_only, cells[index] in strict)
            return judgements[key]

        def outline(index, kind):
            if (cells[index], kind) not in outlined:
                outlined[cells[index], kind] = self._outline(view, centres[index], kind)
            return cells[index], kind

        lows = np.array([looked[cell][2] for cell in cells]).reshape(-1, 2)
        highs = np.array([looked[cell][3] for cell in cells]).reshape(-1, 2)

        def hide_all(piece):
            """What one piece's outline hides of every cell's points, all cells at once."""
            fresh = [index for index, cell in enumerate(cells) if (cell, piece) not in hiding]
            if not fresh:
                return
            for index, hidden in zip(fresh, _hidden_each([pixels[i] for i in fresh], lows[fresh], highs[fresh],
                                                         outlined[piece])):
                hiding[cells[index], piece] = hidden

        def unhidden(index, pieces):
            hidden = np.zeros(len(pixels[index]), bool)
            for piece in pieces:   # what one piece's outline hides of a cell's points
                if (cells[index], piece) not in hiding:
                    hide_all(piece)
                if hiding[cells[index], piece] is not None:
                    hidden |= hiding[cells[index], piece]
            return (~hidden).astype(np.float32)

        eye = view.camera.position[:2]
        order = np.argsort(np.linalg.norm(centres - eye, axis=1))
        judged: dict[int, Judged] = {}
        outlines: dict[int, tuple] = {}          # a piece found: (its cell, its kind)
        # Each cell's points hidden by the pieces found so far, grown as each is found (the same union as taken over
        # them cell by cell, without asking every cell about every piece).
        behind = [np.zeros(len(points), bool) for points in pixels]
        for index in order:                      # nearest first: what stands in front is known
            judged[index] = one(index, (~behind[index]).astype(np.float32))
            token = judged[index][0]
            if token != ROAD:
                outlines[index] = piece = outline(index, token[0])
                hide_all(piece)
                for other, cell in enumerate(cells):
                    hidden = hiding[cell, piece]
                    if hidden is not None:
                        behind[other] |= hidden
        for index in outlines:   # a piece's column again, without the pieces behind it
            others = [o for i, o in outlines.items() if i != index]
            judged[index] = one(index, unhidden(index, others))
        return [judged[index] for index in range(len(cells))]

    def _one(self, point_classes: np.ndarray, known: np.ndarray, familiar_only: bool = False,
             strict: bool = False) -> Judged:
        """The cell's token, how sure, and how much of the column its paint shows; with `familiar_only`, a look far from every taught one is "?"; `strict`:
        a cell the network read as bare ground holds a piece only where its base shows paint widely."""
        s = self.settings
        base, base_known = point_classes[:s.looks.base_count], known[:s.looks.base_count]
        seen = base_known.sum()
        if seen.dtype.type(seen / np.intp(base_known.size)) < s.min_known_base:   # base_known.mean(), as numpy takes it
            return Judged(ROAD, s.hidden_confidence, 0.0, hidden=True)
        painted = self._paint_lookup[strict].take(base, axis=1)   # (players, base points): each player's paint at each
        counts = (painted * base_known).sum(axis=1) / seen
        owner = int(counts.argmax())
        if counts[owner] < (s.missed_base_share if strict else s.min_base_share):
            return Judged(ROAD, s.bare_confidence if counts[owner] < s.doubtful_bare_share else s.doubtful_bare_confidence, 0.0,
                          base_paint=float(counts[owner]))
        shares = (point_classes == PLAYER_INDEX[owner]).astype(np.float32)
        shares[:s.looks.base_count] = painted[owner]
        found = self.book.match(shares, known)
        token = ROAD if found.label == ROAD else found.label + PLAYER_CLASSES[owner][0]
        column_known = known[s.looks.base_count:]
        column = float((shares[s.looks.base_count:] * column_known).sum() / max(column_known.sum(), 1.0))
        if familiar_only and found.distance > s.looks.unfamiliar:
            return Judged(UNFAMILIAR, found.confidence, column)
        return Judged(token, found.confidence, column)

    def _outline(self, view: BoardView, centre: np.ndarray, kind: str) -> np.ndarray:
        """The picture outline of a box as wide as a piece may be and as tall as the kind was taught."""
        half = self.settings.piece_width_share * ISLAND_CELL_MM / 2
        corners = centre + np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
        low = view.camera.project_raised(corners, 0.0)
        high = view.camera.project_raised(corners, self.heights.get(kind, max(self.settings.looks.heights_mm)))
        return cv2.convexHull(np.vstack([low, high]).astype(np.float32)).reshape(-1, 2).astype(np.float64)


def _hidden_each(pixels: list[np.ndarray], lows: np.ndarray, highs: np.ndarray, outline: np.ndarray) -> list:
    """For each cell's points (with their boxes' corners `lows`, `highs`), which lie inside the outline; None when
    its box is clear of the outline's (most pieces stand far). The points in reach are tested together."""
    clear = (outline.min(axis=0) > highs).any(axis=1) | (outline.max(axis=0) < lows).any(axis=1)
    near = [i for i in range(len(pixels)) if not clear[i]]
    inside = np.split(inside_convex(np.concatenate([pixels[i] for i in near]), outline),
                      np.cumsum([len(pixels[i]) for i in near])[:-1]) if near else []
    found: list = [None] * len(pixels)
    for i, points in zip(near, inside):
        found[i] = points
    return found


def named(token: str) -> str:
    """A judged token in words, for a doubt's reason."""
    if token == UNFAMILIAR:
        return "a look like none of the kit's pieces"
    if token == ROAD:
        return "a bare road"
    return f"a {KIND_WORDS[token[0]]} of {COUNTRY_BY_INITIAL[token[1]].value}"


def on_road(token: str) -> bool:
    """A cell the looks judge: a road, bare or with a piece on it."""
    return token == ROAD or len(token) == 2
