"""The kit as a vector PDF (reportlab): each sheet drawn with the same `Surface` calls as its PNG, but
as paths and text, so markers, cells and cut lines stay crisp at any zoom and print at true size.

Markers are drawn module by module as black rectangles (runs merged, so a viewer shows no seams);
the ChArUco board, which OpenCV only gives as a picture, is traced into rectangles at
`TRACE_PX_PER_MM`, finer than its modules, so it is vector too."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import numpy as np
from reportlab.pdfgen.canvas import Canvas

from companion.kit.layout import MM_PER_INCH, Label, Paper, Rect
from companion.kit.marker_image import marker_modules
from companion.kit.sheets import CUT_LINE_GREY, LINE_MM, TEXT_BLACK, Colour, PageDrawing

POINTS_PER_MM = 72.0 / MM_PER_INCH
FONT = "Helvetica"
CAP_HEIGHT = 0.718          # Helvetica's capital height, as a share of its font size
TRACE_PX_PER_MM = 10.0      # a traced picture's resolution: 0.1 mm steps, below any printer's dot


def black_runs(mask: np.ndarray) -> list[tuple[int, int, int, int]]:
    """The True pixels of a 2-D mask as rectangles (x, y, width, height) in pixels: each row's runs,
    merged down the rows while a run stays the same."""
    rects, open_runs, previous = [], {}, None
    height = mask.shape[0]
    for y in range(height + 1):
        row = mask[y] if y < height else None
        if row is not None and previous is not None and np.array_equal(row, previous):
            continue
        runs = set()
        if row is not None:
            edges = np.diff(np.concatenate(([0], row.astype(np.int8), [0])))
            runs = set(zip(np.flatnonzero(edges == 1).tolist(), np.flatnonzero(edges == -1).tolist()))
        for run in set(open_runs) - runs:
            top = open_runs.pop(run)
            rects.append((run[0], top, run[1] - run[0], y - top))
        for run in runs - set(open_runs):
            open_runs[run] = y
        previous = row
    return sorted(rects, key=lambda rect: (rect[1], rect[0]))


class PdfSurface:
    """One PDF page with the sheet's frame shifted by `offset` mm on it (y down, as in the layouts)."""

    def __init__(self, canvas: Canvas, paper: Paper, offset: tuple[float, float] = (0.0, 0.0)):
        self.canvas = canvas
        self.page_height = paper.height_mm * POINTS_PER_MM
        self.offset = offset

    def x(self, x_mm: float) -> float:
        return (self.offset[0] + x_mm) * POINTS_PER_MM

    def y(self, y_mm: float) -> float:
        return self.page_height - (self.offset[1] + y_mm) * POINTS_PER_MM

    def _colour(self, bgr: Colour) -> tuple[float, float, float]:
        blue, green, red = bgr
        return red / 255.0, green / 255.0, blue / 255.0

    def _rect(self, rect: Rect, *, fill: bool, stroke: bool) -> None:
        self.canvas.rect(self.x(rect.x), self.y(rect.y + rect.height), rect.width * POINTS_PER_MM,
                         rect.height * POINTS_PER_MM, stroke=int(stroke), fill=int(fill))

    def fill(self, rect: Rect, bgr: Colour) -> None:
        self.canvas.setFillColorRGB(*self._colour(bgr))
        self._rect(rect, fill=True, stroke=False)

    def outline(self, rect: Rect, bgr: Colour, line_mm: float = LINE_MM) -> None:
        self.canvas.setStrokeColorRGB(*self._colour(bgr))
        self.canvas.setLineWidth(line_mm * POINTS_PER_MM)
        self._rect(rect, fill=False, stroke=True)

    def disc(self, x_mm: float, y_mm: float, diameter_mm: float, bgr: Colour) -> None:
        self.canvas.setFillColorRGB(*self._colour(bgr))
        self.canvas.setStrokeColorRGB(*self._colour(CUT_LINE_GREY))
        self.canvas.setLineWidth(LINE_MM * POINTS_PER_MM)
        self.canvas.circle(self.x(x_mm), self.y(y_mm), diameter_mm / 2 * POINTS_PER_MM, stroke=1, fill=1)

    def text(self, label: Label, bgr: Colour = TEXT_BLACK) -> None:
        cap = label.height * POINTS_PER_MM
        self.canvas.setFillColorRGB(*self._colour(bgr))
        self.canvas.setFont(FONT, cap / CAP_HEIGHT)
        # The label's y is the middle of its capitals, so the baseline sits half a capital below it.
        self.canvas.drawCentredString(self.x(label.x), self.y(label.y + label.height / 2), label.text)

    def marker(self, marker_id: int, dictionary: str, rect: Rect) -> None:
        modules = marker_modules(marker_id, dictionary)
        self._trace(modules, rect, rect.width / modules.shape[1], rect.height / modules.shape[0])

    def picture(self, make: Callable[[int, int], np.ndarray], rect: Rect) -> None:
        width, height = int(round(rect.width * TRACE_PX_PER_MM)), int(round(rect.height * TRACE_PX_PER_MM))
        self._trace(make(width, height) < 128, rect, rect.width / width, rect.height / height)

    def _trace(self, black: np.ndarray, rect: Rect, step_x: float, step_y: float) -> None:
        self.canvas.setFillColorRGB(0, 0, 0)
        for x, y, width, height in black_runs(black):
            self._rect(Rect(rect.x + x * step_x, rect.y + y * step_y, width * step_x, height * step_y),
                       fill=True, stroke=False)


def write_pdf(path: Path, pages: list[PageDrawing], paper: Paper, title: str = "") -> Path:
    """A vector PDF with one `paper`-sized page per drawing; the same content gives the same bytes."""
    if not pages:
        raise ValueError(f"no pages to write to {path}")
    path = Path(path)
    canvas = Canvas(str(path), pagesize=paper.size_points, invariant=1)
    canvas.setTitle(title)
    canvas.setCreator("tabletop-companion")
    for page in pages:
        page.draw(PdfSurface(canvas, paper, page.offset))
        canvas.showPage()
    canvas.save()
    return path
