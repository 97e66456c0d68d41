"""Render a sheet layout onto a page image (BGR numpy array) at a given DPI."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from calibration.patterns import CharucoPattern
from companion.kit.layout import MM_PER_INCH, Label, Paper, Rect, SheetLayout, printable_area
from companion.kit.palette import patch_colour, terrain_colour
from companion.games.cannonball_colony.kit.terrain import Terrain
from companion.vision.markers import get_dictionary

WHITE = (255, 255, 255)
CUT_LINE_GREY = (150, 150, 150)
GRID_LINE = (40, 40, 40)
TEXT_BLACK = (0, 0, 0)
FONT = cv2.FONT_HERSHEY_SIMPLEX
LINE_MM = 0.3


class Page:
    """A blank paper at `dpi`, with the sheet's frame shifted by `offset` mm on it."""

    def __init__(self, paper: Paper, dpi: float, offset: tuple[float, float] = (0.0, 0.0)):
        self.paper = paper
        self.dpi = float(dpi)
        self.offset = offset
        width, height = self.px(paper.width_mm), self.px(paper.height_mm)
        self.image = np.full((height, width, 3), 255, dtype=np.uint8)

    def px(self, mm: float) -> int:
        return int(round(mm * self.dpi / MM_PER_INCH))

    def point(self, x_mm: float, y_mm: float) -> tuple[int, int]:
        """Pixel position of a point given in the sheet's frame."""
        return self.px(self.offset[0] + x_mm), self.px(self.offset[1] + y_mm)

    def span(self, rect: Rect) -> tuple[int, int, int, int]:
        # Both ends rounded from mm, so neighbouring cells share edges with no gap.
        x0, y0 = self.point(rect.x, rect.y)
        x1, y1 = self.point(rect.x + rect.width, rect.y + rect.height)
        return x0, y0, x1, y1

    def fill(self, rect: Rect, bgr: tuple[int, int, int]) -> None:
        x0, y0, x1, y1 = self.span(rect)
        self.image[y0:y1, x0:x1] = bgr

    def outline(self, rect: Rect, bgr: tuple[int, int, int], line_mm: float = LINE_MM) -> None:
        x0, y0, x1, y1 = self.span(rect)
        cv2.rectangle(self.image, (x0, y0), (x1 - 1, y1 - 1), bgr, max(1, self.px(line_mm)))

    def disc(self, x_mm: float, y_mm: float, diameter_mm: float, bgr: tuple[int, int, int]) -> None:
        """A filled disc with its cut line round it."""
        centre, radius = self.point(x_mm, y_mm), self.px(diameter_mm / 2)
        cv2.circle(self.image, centre, radius, bgr, -1, cv2.LINE_AA)
        cv2.circle(self.image, centre, radius, CUT_LINE_GREY, max(1, self.px(LINE_MM)), cv2.LINE_AA)

    def text(self, label: Label, bgr: tuple[int, int, int] = TEXT_BLACK) -> None:
        cap_px = max(self.px(label.height), 4)
        scale = cap_px / cv2.getTextSize("H", FONT, 1.0, 1)[0][1]
        thickness = max(1, int(round(scale * 1.6)))
        (width, height), _ = cv2.getTextSize(label.text, FONT, scale, thickness)
        cx, cy = self.point(label.x, label.y)
        cv2.putText(self.image, label.text, (cx - width // 2, cy + height // 2), FONT, scale,
                    bgr, thickness, cv2.LINE_AA)

    def marker(self, marker_id: int, dictionary: str, rect: Rect) -> None:
        x0, y0, x1, y1 = self.span(rect)
        side = min(x1 - x0, y1 - y0)
        tile = cv2.aruco.generateImageMarker(get_dictionary(dictionary), marker_id, side, borderBits=1)
        self.image[y0:y0 + side, x0:x0 + side] = tile[:, :, None]


def render_sheet(layout: SheetLayout, paper: Paper, dpi: float = 300,
                 terrain: Terrain | None = None) -> np.ndarray:
    """The page with `layout` centred on it; island boards need their `terrain`."""
    page = Page(paper, dpi, layout.page_offset(paper))
    if layout.grid is not None:
        if terrain is None:
            raise ValueError(f"the {layout.title} sheet has a cell grid: give its terrain")
        _draw_terrain(page, layout, terrain)
    for patch in layout.patches:
        page.fill(patch.rect, patch_colour(patch.name).bgr)
        # Drawn 1 mm outside, so the white patch shows and no sample ever touches the line.
        page.outline(patch.rect.inset(-1.0), CUT_LINE_GREY)
    for cut in layout.cut_lines:
        page.outline(cut, CUT_LINE_GREY)
    for disc in layout.discs:
        page.disc(disc.x, disc.y, disc.diameter, patch_colour(disc.name).bgr)
    for placement in layout.markers:
        page.marker(placement.id, placement.dictionary,
                    Rect(placement.x, placement.y, placement.size, placement.size))
    for label in layout.labels:
        page.text(label)
    return page.image


def fit_charuco(pattern: CharucoPattern, paper: Paper) -> CharucoPattern:
    """`pattern`, or the same board with whole-mm smaller squares when it won't fit `paper`.

    Markers shrink in proportion, so the board stays the same board at a smaller scale.
    """
    room_x, room_y = printable_area(paper)
    square = pattern.square_mm
    while square * pattern.squares_x > room_x or square * pattern.squares_y > room_y:
        square -= 1.0
        if square < 5.0:
            raise ValueError(f"the ChArUco board {pattern} does not fit on {paper.name} paper")
    return replace(pattern, square_mm=square, marker_mm=pattern.marker_mm * square / pattern.square_mm)


def render_charuco(pattern: CharucoPattern, paper: Paper, dpi: float = 300) -> np.ndarray:
    """The ChArUco board (fitted to the paper) centred on the page, captioned with its spec."""
    fitted = fit_charuco(pattern, paper)
    width, height = fitted.squares_x * fitted.square_mm, fitted.squares_y * fitted.square_mm
    page = Page(paper, dpi, ((paper.width_mm - width) / 2, (paper.height_mm - height) / 2))
    x0, y0, x1, y1 = page.span(Rect(0, 0, width, height))
    board_image = fitted.board().generateImage((x1 - x0, y1 - y0), marginSize=0, borderBits=1)
    page.image[y0:y1, x0:x1] = board_image[:, :, None]
    bottom_margin = (paper.height_mm - height) / 2
    page.text(Label(f"{fitted}  (print at 100%)", width / 2, height + bottom_margin / 2,
                    min(2.5, bottom_margin / 3)))
    return page.image


def _draw_terrain(page: Page, layout: SheetLayout, terrain: Terrain) -> None:
    grid = layout.grid
    if len(terrain) != grid.rows or any(len(row) != grid.columns for row in terrain):
        raise ValueError(f"the {layout.title} sheet needs {grid.rows} rows of {grid.columns} "
                         f"terrain cells, got {[len(row) for row in terrain]}")
    for row_index, row in enumerate(terrain):
        for column_index, token in enumerate(row):
            colour = terrain_colour(token)
            cell = grid.cell_rect(column_index, row_index)
            page.fill(cell, colour.bgr)
            # The letter sits in the corner, away from the middle the camera samples.
            mark_height = grid.cell * 0.15
            page.text(Label(colour.mark, cell.x + mark_height, cell.y + mark_height * 1.1,
                            mark_height), WHITE if colour.is_dark else TEXT_BLACK)
    for row_index in range(grid.rows):
        for column_index in range(grid.columns):
            page.outline(grid.cell_rect(column_index, row_index), GRID_LINE, LINE_MM / 2)
    page.outline(grid.bounds, GRID_LINE)
