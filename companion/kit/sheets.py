"""Draw a sheet layout onto a page: the raster page (BGR numpy array at a DPI) here, the vector PDF
page in kit/pdf.py, both through the same `Surface` calls, so a PNG and a PDF show the same sheet.

What a layout's cell grid holds is the game's to draw, passed in as `draw_grid`; everything else
(patches, cut lines, squares, discs, markers, labels) is drawn here."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Protocol

import cv2
import numpy as np

from calibration.patterns import CharucoPattern
from companion.kit.layout import MM_PER_INCH, Label, Paper, Rect, SheetLayout, printable_area
from companion.kit.marker_image import marker_image
from companion.kit.palette import patch_colour

Colour = tuple[int, int, int]   # BGR, as OpenCV and the palette give it
WHITE = (255, 255, 255)
CUT_LINE_GREY = (150, 150, 150)
GRID_LINE = (40, 40, 40)
TEXT_BLACK = (0, 0, 0)
FONT = cv2.FONT_HERSHEY_SIMPLEX
LINE_MM = 0.3
SQUARE_LINE_MM = 0.5   # a teaching square's outline: plain to a camera, thin beside a piece


class Surface(Protocol):
    """Where a sheet is drawn, in the sheet's mm (the surface places the sheet on its paper)."""

    def fill(self, rect: Rect, bgr: Colour) -> None: ...
    def outline(self, rect: Rect, bgr: Colour, line_mm: float = LINE_MM) -> None: ...
    def disc(self, x_mm: float, y_mm: float, diameter_mm: float, bgr: Colour) -> None: ...
    def text(self, label: Label, bgr: Colour = TEXT_BLACK) -> None: ...
    def marker(self, marker_id: int, dictionary: str, rect: Rect) -> None: ...
    def picture(self, make: Callable[[int, int], np.ndarray], rect: Rect) -> None:
        """A black-and-white picture filling `rect`: `make(width_px, height_px)` gives it (0 black, 255 white)."""


GridDrawing = Callable[[Surface, SheetLayout], None]   # draws what a layout's cell grid holds


@dataclass(frozen=True)
class PageDrawing:
    """One printed page: where the sheet's frame sits on the paper (mm), and how to draw the sheet."""

    offset: tuple[float, float]
    draw: Callable[[Surface], None]


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

    def fill(self, rect: Rect, bgr: Colour) -> None:
        x0, y0, x1, y1 = self.span(rect)
        self.image[y0:y1, x0:x1] = bgr

    def outline(self, rect: Rect, bgr: Colour, line_mm: float = LINE_MM) -> None:
        x0, y0, x1, y1 = self.span(rect)
        cv2.rectangle(self.image, (x0, y0), (x1 - 1, y1 - 1), bgr, max(1, self.px(line_mm)))

    def disc(self, x_mm: float, y_mm: float, diameter_mm: float, bgr: Colour) -> None:
        """A filled disc with its cut line round it."""
        centre, radius = self.point(x_mm, y_mm), self.px(diameter_mm / 2)
        cv2.circle(self.image, centre, radius, bgr, -1, cv2.LINE_AA)
        cv2.circle(self.image, centre, radius, CUT_LINE_GREY, max(1, self.px(LINE_MM)), cv2.LINE_AA)

    def text(self, label: Label, bgr: Colour = TEXT_BLACK) -> None:
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
        self.image[y0:y0 + side, x0:x0 + side] = marker_image(marker_id, side, dictionary)[:, :, None]

    def picture(self, make: Callable[[int, int], np.ndarray], rect: Rect) -> None:
        x0, y0, x1, y1 = self.span(rect)
        self.image[y0:y1, x0:x1] = make(x1 - x0, y1 - y0)[:, :, None]


def draw_sheet(surface: Surface, layout: SheetLayout, draw_grid: GridDrawing | None = None) -> None:
    """Everything on `layout`; its cell grid, when it has one, is drawn by `draw_grid`."""
    if layout.grid is not None:
        if draw_grid is None:
            raise ValueError(f"the {layout.title} sheet has a cell grid: give what to draw in it")
        draw_grid(surface, layout)
    for patch in layout.patches:
        surface.fill(patch.rect, patch_colour(patch.name).bgr)
        # Drawn 1 mm outside, so the white patch shows and no sample ever touches the line.
        surface.outline(patch.rect.inset(-1.0), CUT_LINE_GREY)
    for cut in layout.cut_lines:
        surface.outline(cut, CUT_LINE_GREY)
    for square in layout.squares:
        surface.outline(square, GRID_LINE, SQUARE_LINE_MM)
    for disc in layout.discs:
        surface.disc(disc.x, disc.y, disc.diameter, patch_colour(disc.name).bgr)
    for placement in layout.markers:
        surface.marker(placement.id, placement.dictionary,
                       Rect(placement.x, placement.y, placement.size, placement.size))
    for label in layout.labels:
        surface.text(label)


def sheet_page(layout: SheetLayout, paper: Paper, draw_grid: GridDrawing | None = None) -> PageDrawing:
    """`layout` centred on `paper`; ValueError when it does not fit inside the margins."""
    return PageDrawing(layout.page_offset(paper), lambda surface: draw_sheet(surface, layout, draw_grid))


def rasterise(page: PageDrawing, paper: Paper, dpi: float = 300) -> np.ndarray:
    """The page as a BGR picture at `dpi`."""
    raster = Page(paper, dpi, page.offset)
    page.draw(raster)
    return raster.image


def render_sheet(layout: SheetLayout, paper: Paper, dpi: float = 300,
                 draw_grid: GridDrawing | None = None) -> np.ndarray:
    """The page with `layout` centred on it; a layout with a cell grid needs its `draw_grid`."""
    return rasterise(sheet_page(layout, paper, draw_grid), paper, dpi)


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


def charuco_page(pattern: CharucoPattern, paper: Paper) -> PageDrawing:
    """The ChArUco board (fitted to the paper) centred on the page, captioned with its spec."""
    fitted = fit_charuco(pattern, paper)
    width, height = fitted.squares_x * fitted.square_mm, fitted.squares_y * fitted.square_mm
    bottom_margin = (paper.height_mm - height) / 2

    def draw(surface: Surface) -> None:
        board = fitted.board()
        surface.picture(lambda w, h: board.generateImage((w, h), marginSize=0, borderBits=1), Rect(0, 0, width, height))
        surface.text(Label(f"{fitted}  (print at 100%)", width / 2, height + bottom_margin / 2,
                           min(2.5, bottom_margin / 3)))

    return PageDrawing(((paper.width_mm - width) / 2, (paper.height_mm - height) / 2), draw)


def render_charuco(pattern: CharucoPattern, paper: Paper, dpi: float = 300) -> np.ndarray:
    return rasterise(charuco_page(pattern, paper), paper, dpi)
