"""The island read with a group's own pieces, as taught on the teaching sheet (`companion calibrate pieces`).

Teaching gives each country's paint under this light and camera, and each kind's look
(calibration.pieces). The paint replaces the kit's player colours in the colour table, so a
piece's pixels are named by its owner; then every cell the network reads as a road or a piece
is looked at again at the look points of companion.vision.piece_looks: the country whose paint
shows most at its base owns the piece, and the taught look it is nearest to gives its kind.
A look far from every taught one keeps a low confidence: the players are asked.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from calibration.pieces import EMPTY_LABEL, PieceLooks
from companion.games.cannonball_colony.camera.board_view import BoardView
from companion.games.cannonball_colony.camera.kit_colours import KIT_COLOURS
from companion.games.cannonball_colony.cells import COUNTRY_BY_INITIAL, Ground, PieceKind
from companion.games.cannonball_colony.kit.boards import ISLAND_CELL_MM, ISLAND_CELLS
from companion.vision.colour_classes import (CLASS_INDEX, PLAYER_CLASSES, ColourSettings, ColourTable,
                                             default_references)
from companion.vision.piece_looks import LookSettings, match, read_looks

ROAD = Ground.ROAD.value
PLAYER_INDEX = np.array([CLASS_INDEX[name] for name in PLAYER_CLASSES])


@dataclass(frozen=True)
class TaughtSettings:
    looks: LookSettings = LookSettings()
    # Taught paint was measured by this camera under this light: it needs none of the muting the
    # kit's nominal inks are allowed (ColourSettings.saturations), which let a pale paint claim the road.
    colour: ColourSettings = ColourSettings(saturations=(1.2, 1.0, 0.8))
    # A piece stands on a cell when its owner's paint shows on this share of the cell's base points.
    min_base_share: float = 0.1
    # How sure "a bare road" is when the base shows (almost) no paint, and when it shows a little.
    bare_confidence: float = 0.95
    doubtful_bare_confidence: float = 0.55
    doubtful_bare_share: float = 0.08


class TaughtPieces:
    """A group's pieces as taught: the colour references to read the boards with, and the looks to match."""

    def __init__(self, looks: PieceLooks, settings: TaughtSettings = TaughtSettings()):
        self.settings = settings
        learned = looks.learned()
        pieces = {label: squares for label, squares in learned.items() if _is_piece(label)}
        if not pieces:
            raise ValueError(f"no piece was learned from {', '.join(looks.sources) or 'the photos'}; "
                             "teach the pieces again with them on their squares")
        self.references = default_references(KIT_COLOURS)
        for country_class in PLAYER_CLASSES:
            initial = country_class[0]
            paints = [square.colour() for label, squares in pieces.items() if label[1] == initial for square in squares]
            paints = [paint for paint in paints if paint is not None]
            if paints:
                self.references[country_class] = np.median(np.array(paints), axis=0)[::-1]   # BGR -> RGB
        tiles = [square.colour(lit_share=1.0) for square in learned.get(ROAD, [])]
        if tiles:   # the road tiles' own card under this light: a pale paint must not claim them
            self.references["road"] = np.median(np.array(tiles), axis=0)[::-1]
        self.table = ColourTable(self.references, settings.colour)
        # Each kind's taught looks, as shares of its owner's paint at every look point; a bare road
        # (the road square, and no paint at all) is a look too.
        self.looks: dict[str, list[np.ndarray]] = {ROAD: [np.zeros(settings.looks.count, np.float32)]}
        for label, squares in pieces.items():
            owner = CLASS_INDEX[COUNTRY_BY_INITIAL[label[1]].value]
            for square in squares:
                classes = self.table.classify(square.balanced[None].astype(np.float32))[0]
                self.looks.setdefault(label[0], []).append((classes == owner).astype(np.float32))
        for square in learned.get(ROAD, []):
            classes = self.table.classify(square.balanced[None].astype(np.float32))[0]
            self.looks[ROAD] += [(classes == index).astype(np.float32) for index in PLAYER_INDEX]
        self.unlearned = tuple(sorted(label for label in looks.problems() if label != EMPTY_LABEL))

    def revise(self, views: dict[int, BoardView], tokens: dict, probabilities: dict) -> None:
        """Re-read, in place, every cell the network read as a road or a piece."""
        for board, view in views.items():
            cells = [(col, row) for row in range(ISLAND_CELLS) for col in range(ISLAND_CELLS)
                     if _on_road(tokens.get((board, col, row), ""))]
            if cells:
                for (col, row), (token, confidence) in zip(cells, self._judge(view, cells)):
                    tokens[(board, col, row)] = token
                    probabilities[(board, col, row)] = confidence

    def _judge(self, view: BoardView, cells: list[tuple[int, int]]) -> list[tuple[str, float]]:
        """(token, confidence) of each cell on a road: a bare road, or the piece it holds."""
        s = self.settings
        grid = np.array([[view.origin[0] + col + 0.5, view.origin[1] + row + 0.5] for col, row in cells])
        centres = cv2.perspectiveTransform(grid.reshape(-1, 1, 2), view.grid_to_sheet).reshape(-1, 2)
        sheet_to_image = view.grid_to_image @ np.linalg.inv(view.grid_to_sheet)
        image_to_view = _image_to_view(view)
        named = self.table.classify(view.balanced)

        def classes_at(pixels):
            points = cv2.perspectiveTransform(pixels.reshape(-1, 1, 2).astype(np.float64), image_to_view).reshape(-1, 2)
            height, width = named.shape
            xi = np.clip(np.rint(points[:, 0]).astype(int), 0, width - 1)
            yi = np.clip(np.rint(points[:, 1]).astype(int), 0, height - 1)
            return named[yi, xi].reshape(pixels.shape[:-1])

        def any_paint(classes):
            return np.isin(classes, PLAYER_INDEX).astype(np.float32)

        _, classes, _ = read_looks(classes_at, any_paint, sheet_to_image, view.camera, centres, ISLAND_CELL_MM, s.looks)
        judged = []
        for point_classes in classes:
            base = point_classes[:s.looks.base_count]
            counts = np.array([(base == index).mean() for index in PLAYER_INDEX])
            owner = int(counts.argmax())
            if counts[owner] < s.min_base_share:
                sure = s.bare_confidence if counts[owner] < s.doubtful_bare_share else s.doubtful_bare_confidence
                judged.append((ROAD, sure))
                continue
            shares = (point_classes == PLAYER_INDEX[owner]).astype(np.float32)
            found = match(shares, self.looks, s.looks)
            token = ROAD if found.label == ROAD else found.label + PLAYER_CLASSES[owner][0]
            judged.append((token, found.confidence))
        return judged


def _image_to_view(view: BoardView) -> np.ndarray:
    """Picture px -> the rectified view's px."""
    s, m = view.settings.px_per_cell, view.settings.margin_cells
    grid_to_view = np.array([[s, 0, (m - view.origin[0]) * s - 0.5], [0, s, (m - view.origin[1]) * s - 0.5], [0, 0, 1]])
    return grid_to_view @ np.linalg.inv(view.grid_to_image)


def _is_piece(label: str) -> bool:
    return len(label) == 2 and label[0] in {kind.value for kind in PieceKind} and label[1] in COUNTRY_BY_INITIAL


def _on_road(token: str) -> bool:
    return token == ROAD or len(token) == 2
