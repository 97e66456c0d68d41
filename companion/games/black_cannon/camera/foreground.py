"""What lies on the table: the photo seen straight down on the board plane, against what the printed
board looks like there (its light measured as a smooth gain per colour) and, off the board, against
the table's own blurred look; what differs, once thin misregistered print lines are opened away, is
pieces, dice, hands and their shadows, as blobs in board mm. For the dice alone it keeps two more masks: where
the hue lies outside the print's nearby hues (a mid-tone die over a black line passes the colour test), and the
small spots the opening drops (the pips of a die the colour of the ground it lies on); see hidden_dice.py."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from companion.games.black_cannon.board import Board
from companion.games.black_cannon.camera.board_view import BoardView
from companion.games.black_cannon.camera.settings import ReaderSettings
from companion.games.black_cannon.kit.sheets import board_picture
from companion.vision.components import parts_with_stats
from companion.vision.scratch import scratch

GAIN_SHRINK = 24      # the light's gain field is measured this many times smaller: it changes slowly
TABLE_MEDIAN_MM = 60.0     # wide enough that a die (at most 24 mm) is the minority in it
TABLE_SAMPLE_MM = 2.0
_FLOAT32_WHOLE = 1 << 24   # whole numbers below this are exact in float32
_INT32_SAFE = 1 << 30      # sums below this, and sums and differences of two of them, fit 32-bit integers


@dataclass(frozen=True)
class Blob:
    centre_mm: np.ndarray        # board frame
    area_mm2: float
    colour: np.ndarray           # mean BGR of the photo over the blob
    box_mm: tuple[float, float, float, float]   # x0, y0, x1, y1


@dataclass(frozen=True)
class TableView:
    picture: np.ndarray          # the photo straight down on the board plane
    mask: np.ndarray             # uint8: 255 where something lies
    origin_mm: tuple[float, float]
    px_per_mm: float
    tinted: np.ndarray | None = None   # uint8: 255 where the hue differs from any the print shows nearby (dice only)
    speckles: np.ndarray | None = None   # uint8: 255 where the colour differs in spots the opening drops (pips)
    gain: np.ndarray | None = None     # float32 per colour: the light's gain over the print (the picture over it: the
                                       # colours as printed, for the hulls' paint under a warm or a cold lamp)

    def to_mm(self, points_px) -> np.ndarray:
        return np.asarray(points_px, np.float64) / self.px_per_mm + np.array(self.origin_mm)


@lru_cache(maxsize=4)
def _expected(board: Board, px_per_mm: float, margin_px: int) -> tuple[np.ndarray, np.ndarray]:
    """The print as the table view sees it (zero round it) and its means over the gain's cells; shared by every
    view, so never written to."""
    picture = board_picture(board, px_per_mm).astype(np.float32)
    expected = cv2.copyMakeBorder(picture, margin_px, margin_px, margin_px, margin_px, cv2.BORDER_CONSTANT, value=0)
    print_mean = cv2.resize(expected, _gain_cells(expected), interpolation=cv2.INTER_AREA)
    for array in (expected, print_mean):
        array.flags.writeable = False
    return expected, print_mean


def _gain_cells(picture: np.ndarray) -> tuple[int, int]:
    return picture.shape[1] // GAIN_SHRINK, picture.shape[0] // GAIN_SHRINK


def table_view(view: BoardView, image: np.ndarray, board: Board, settings: ReaderSettings) -> TableView:
    ppm, margin = settings.view_px_per_mm, settings.margin_mm
    width, height = view.geometry.size_mm
    origin = (-margin, -margin)
    picture = view.warp(image, ppm, origin, (width + 2 * margin, height + 2 * margin))
    margin_px = int(round(margin * ppm))
    expected, print_mean = _expected(board, ppm, margin_px)
    # The work arrays of a few MB each are kept from photo to photo (vision/scratch.py); what is returned is fresh.
    # The photo's sums over every rectangle from its top-left corner: its means over blocks from them (area_means).
    sums = cv2.integral(picture, sum=scratch("table sums", (picture.shape[0] + 1, picture.shape[1] + 1, 3), np.int32))
    # The light over the board: the photo's local mean over the print's, per colour (a blurred photo keeps its
    # means), taken small so a piece hardly moves it, and the median of neighbours to drop the pieces. The photo
    # is taken on the board's print alone, zero round it.
    seen_mean = area_means(picture, GAIN_SHRINK, sums, _inner(expected, margin_px))
    gain = np.clip((seen_mean + 4.0) / (print_mean + 4.0), 0, 4).astype(np.float32)
    gain = np.dstack([cv2.medianBlur(np.ascontiguousarray(gain[:, :, c]), 5) for c in range(3)])
    gain = cv2.resize(gain, (picture.shape[1], picture.shape[0]), interpolation=cv2.INTER_LINEAR)
    # The print as lit, on the print alone: the strips round it are the table's own look (below).
    lit, inner = scratch("table lit", picture.shape, np.float32), _inner(expected, margin_px)
    np.multiply(expected[inner], gain[inner], out=lit[inner])
    # Off the board: the table's own look, a median over a window far wider than a die, so a die does not
    # make its own background (a plain blur of 20 mm let an 18 mm die hide in it).
    table = _table_look(picture, ppm, margin_px, scratch("table look", picture.shape, np.uint8), sums)
    for strip in _border(expected, margin_px):      # off the board: four strips round the print
        lit[strip] = table[strip]
    # The print may lie a little off where the homography puts it (lens distortion): a colour counts as
    # foreground only when it lies outside what the print shows anywhere within `misregistration_mm`.
    reach = max(3, int(round(settings.misregistration_mm * ppm)) * 2 + 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (reach, reach))
    # 8-bit: erosion and dilation run far faster on it
    lit = _to_uint8(np.clip(lit, 0, 255, out=lit), scratch("table lit 8-bit", picture.shape, np.uint8))
    darkest = cv2.erode(lit, kernel, dst=scratch("table darkest", picture.shape, np.uint8))
    lightest = cv2.dilate(lit, kernel, dst=scratch("table lightest", picture.shape, np.uint8))
    difference = _channel_max(cv2.max(cv2.subtract(picture, lightest, dst=lightest),
                                      cv2.subtract(darkest, picture, dst=darkest), dst=darkest))
    mask = _above(difference, settings.foreground_colour)
    tinted = mask | _above(_hue_difference(picture, lit, kernel), settings.foreground_hue)
    side = max(3, int(round(settings.foreground_open_mm * ppm)) | 1)
    opening = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, opening)
    return TableView(picture, opened, origin, ppm, cv2.morphologyEx(tinted, cv2.MORPH_OPEN, opening),
                     cv2.subtract(mask, opened), gain)


def _to_uint8(values: np.ndarray, out: np.ndarray) -> np.ndarray:
    """values.astype(np.uint8) written into `out`."""
    np.copyto(out, values, casting="unsafe")
    return out


def _above(image: np.ndarray, level: float) -> np.ndarray:
    """uint8: 255 where the 8-bit `image` lies above `level`, else 0 ((image > level) * 255; cv2.threshold compares
    8-bit pixels with the level's floor, the same for whole numbers)."""
    return cv2.threshold(image, level, 255, cv2.THRESH_BINARY)[1]


def _hue_difference(picture: np.ndarray, lit: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    """How far each pixel's hue (Lab a, b) lies outside every hue the print shows within the kernel: a die of a
    mid-tone colour over a black print line lies between the line's and the square's colours in every BGR channel,
    yet the line and the square are both greyish where the die is not."""
    # a and b alone, plane by plane: the lightness is never looked at (erosion and dilation work channel by channel)
    # Its work arrays are this thread's (vision/scratch.py), the result among them: it is read before the next call.
    seen = cv2.cvtColor(picture, cv2.COLOR_BGR2Lab, dst=scratch("hue seen", picture.shape, np.uint8))
    expected = cv2.cvtColor(lit, cv2.COLOR_BGR2Lab, dst=scratch("hue expected", lit.shape, np.uint8))
    outside = []
    for channel in (1, 2):
        plane = [scratch(f"hue {channel} {k}", picture.shape[:2], np.uint8) for k in range(4)]
        seen_hue = cv2.extractChannel(seen, channel, dst=plane[0])
        expected_hue = cv2.extractChannel(expected, channel, dst=plane[1])
        darkest, lightest = cv2.erode(expected_hue, kernel, dst=plane[2]), cv2.dilate(expected_hue, kernel, dst=plane[3])
        outside.append(cv2.max(cv2.subtract(seen_hue, lightest, dst=lightest), cv2.subtract(darkest, seen_hue, dst=darkest),
                               dst=darkest))
    return cv2.max(*outside, dst=outside[0])


def _channel_max(image: np.ndarray) -> np.ndarray:
    """The largest of each pixel's three channels (as image.max(axis=2), which runs far slower on uint8)."""
    return np.maximum(np.maximum(image[:, :, 0], image[:, :, 1]), image[:, :, 2])


def _inner(expected: np.ndarray, margin_px: int) -> tuple[slice, slice]:
    """Where the board's print lies in the table view."""
    height, width = expected.shape[:2]
    return slice(margin_px, height - margin_px), slice(margin_px, width - margin_px)


def _border(expected: np.ndarray, margin_px: int) -> list[tuple[slice, slice]]:
    """The table view off the board's print, as four strips."""
    height, width = expected.shape[:2]
    rows, _ = _inner(expected, margin_px)
    return [(slice(0, margin_px), slice(None)), (slice(height - margin_px, None), slice(None)),
            (rows, slice(0, margin_px)), (rows, slice(width - margin_px, None))]


def _table_look(seen: np.ndarray, ppm: float, margin_px: int, out: np.ndarray | None = None,
                sums: np.ndarray | None = None) -> np.ndarray:
    """The table round the board, smooth: each colour's median over TABLE_MEDIAN_MM, taken small (8-bit); right in
    the `margin_px` round the edges alone, the only part read (off the board's print). `out`: 8-bit memory of the
    seen's shape to write it in; `sums`: the seen's integral image, when the caller has it (area_means)."""
    shrink = max(1, int(round(ppm * TABLE_SAMPLE_MM)))
    small = np.clip(area_means(seen, shrink, sums), 0, 255).astype(np.uint8)
    side = max(3, int(round(TABLE_MEDIAN_MM / TABLE_SAMPLE_MM)) | 1)
    # A pixel of the strips, enlarged back, is drawn from the small pixels within its place over the scale plus one.
    reach = int(np.ceil(margin_px * small.shape[1] / seen.shape[1])) + 2, \
        int(np.ceil(margin_px * small.shape[0] / seen.shape[0])) + 2
    smooth = _median_near_edges(small, side, reach)
    return cv2.resize(smooth, (seen.shape[1], seen.shape[0]), dst=out, interpolation=cv2.INTER_LINEAR)


def area_means(picture: np.ndarray, shrink: int, sums: np.ndarray | None = None,
               inner: tuple[slice, slice] | None = None) -> np.ndarray:
    """cv2.resize(picture as float32, its size // shrink, INTER_AREA), the picture taken as zero outside `inner`
    (where given). From `sums`, the 8-bit picture's cv2.integral (32-bit), when the shrink is whole both ways:
    OpenCV then sums each block in float32 and multiplies the sum by float32(1 / shrink**2); an 8-bit block's sum
    is a whole number under 2**24, exact in any order, and is the integral's four corners (the same figures to the
    bit; the picture's whole sum kept under 2**30 so that no sum or difference of two overflows)."""
    height, width = picture.shape[:2]
    cells = (width // shrink, height // shrink)
    if (sums is None or height % shrink or width % shrink or shrink * shrink * 255 >= _FLOAT32_WHOLE
            or height * width * 255 >= _INT32_SAFE):
        seen = picture.astype(np.float32)
        if inner is not None:
            seen = cv2.copyMakeBorder(seen[inner], inner[0].start, height - inner[0].stop, inner[1].start,
                                      width - inner[1].stop, cv2.BORDER_CONSTANT, value=0)
        return cv2.resize(seen, cells, interpolation=cv2.INTER_AREA)
    if inner is None:
        corners = np.ascontiguousarray(sums[::shrink, ::shrink])    # gathered once: four strided reads cost more
    else:
        rows = np.clip(np.arange(0, height + 1, shrink), inner[0].start, inner[0].stop)
        corners = sums[rows][:, np.clip(np.arange(0, width + 1, shrink), inner[1].start, inner[1].stop)]
    blocks = corners[1:, 1:] - corners[:-1, 1:] - corners[1:, :-1] + corners[:-1, :-1]
    return blocks.astype(np.float32) * np.float32(1.0 / (shrink * shrink))


def _median_near_edges(image: np.ndarray, side: int, reach: tuple[int, int]) -> np.ndarray:
    """cv2.medianBlur(image, side) within `reach` (columns, rows) of the image's edges, `image` itself inside them:
    the median of a band as deep as the reach and half the window more is the whole image's median in the reach
    (the window meets the band's inner side no nearer; its outer sides are the image's own edges)."""
    height, width = image.shape[:2]
    deep_x, deep_y = reach[0] + side // 2, reach[1] + side // 2
    if 2 * deep_x >= width or 2 * deep_y >= height:
        return cv2.medianBlur(image, side)
    smooth = image.copy()
    smooth[:reach[1]] = cv2.medianBlur(np.ascontiguousarray(image[:deep_y]), side)[:reach[1]]
    smooth[height - reach[1]:] = cv2.medianBlur(np.ascontiguousarray(image[height - deep_y:]), side)[deep_y - reach[1]:]
    smooth[:, :reach[0]] = cv2.medianBlur(np.ascontiguousarray(image[:, :deep_x]), side)[:, :reach[0]]
    smooth[:, width - reach[0]:] = cv2.medianBlur(np.ascontiguousarray(image[:, width - deep_x:]), side)[:, deep_x - reach[0]:]
    return smooth


def blobs(table: TableView, join_mm: float = 3.0, tinted: bool = False) -> list[Blob]:
    """The foreground's parts, pieces broken by a misregistered line joined again across `join_mm`; `tinted` takes
    the parts of hue too (TableView.tinted)."""
    return joined_parts(table, table.tinted if tinted else table.mask, join_mm)


def joined_parts(table: TableView, mask: np.ndarray, join_mm: float) -> list[Blob]:
    """The parts of `mask` (one of the table view's) once closed across `join_mm`, as blobs."""
    side = max(3, int(round(join_mm * table.px_per_mm)) | 1)
    closing = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    return _parts(table, cv2.morphologyEx(mask, cv2.MORPH_CLOSE, closing), (0, 0))


def solid_parts(table: TableView, blob: Blob, thickness_mm: float) -> list[Blob]:
    """The parts of `blob` (a big one) at least `thickness_mm` thick all round: a die lying against a strip of
    misregistered print or a shadow's edge joins it into one blob far bigger than a die, and opening the
    blob by less than a die's top leaves the die on its own and drops the thin strip."""
    ppm = table.px_per_mm
    x0, y0 = (int(v) for v in np.floor((np.array(blob.box_mm[:2]) - table.origin_mm) * ppm))
    x1, y1 = (int(v) for v in np.ceil((np.array(blob.box_mm[2:]) - table.origin_mm) * ppm))
    side = max(3, int(round(thickness_mm * ppm)) | 1)
    window = np.ascontiguousarray(table.mask[max(y0, 0):y1 + 1, max(x0, 0):x1 + 1])
    opened = cv2.morphologyEx(window, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side)))
    return _parts(table, opened, (max(x0, 0), max(y0, 0)))


def _parts(table: TableView, mask: np.ndarray, offset_px: tuple[int, int]) -> list[Blob]:
    """Each connected part of `mask` (a window of the table view at `offset_px`) as a blob in board mm."""
    count, labels, stats, centres = parts_with_stats(mask)
    found = []
    ppm = table.px_per_mm
    ox, oy = offset_px
    for label in range(1, count):
        x, y, w, h, area = stats[label]
        colour = _mean_colour(table.picture[oy + y:oy + y + h, ox + x:ox + x + w], labels[y:y + h, x:x + w] == label,
                              int(area))
        x0, y0 = table.to_mm([(ox + x, oy + y)])[0]
        found.append(Blob(table.to_mm([centres[label] + (ox, oy)])[0], float(area) / ppm ** 2, colour,
                          (float(x0), float(y0), float(x0 + w / ppm), float(y0 + h / ppm))))
    return found


def _mean_colour(picture: np.ndarray, pixels: np.ndarray, count: int) -> np.ndarray:
    """picture[pixels].mean(axis=0) of an 8-bit colour picture (float64), `count` the pixels set, without gathering
    them: cv2.mean's sums are whole numbers and come back as sum times 1 / count, near enough to give each sum back
    exactly, which divided by the count is numpy's mean to the bit (it sums the whole numbers exactly too)."""
    means = np.array(cv2.mean(picture, mask=pixels.view(np.uint8))[:picture.shape[2]])
    return np.round(means * count) / count
