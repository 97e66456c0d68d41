"""Pip-like spots in a die's crop: round spots about a pip's size that stand out from their surround,
lighter or darker, seen straight down on a plane at a die's height, and their sizes taken at their own height
(a faint pip is not a small one). A pip run into a fainter streak (its top's lit edge) is found where it stands
out at half its own peak."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.black_cannon.camera.settings import ReaderSettings
from companion.vision.components import parts_with_stats


_PIXEL_SPREAD = np.eye(2) / 12.0      # a pixel's own second moments, each way
# minAreaRect's area (float32 sides) may exceed the true least area by rounding: its bound by the box is kept this
# far off before it stands for it
_RECT_ROUNDING = 1e-3
_SIXTEEN_BITS = 1 << 16     # labels that many or fewer sort as 16-bit integers
# A crop's peaks (order statistics near its ends) are bracketed on a sample of every this many values, when the crop
# has at least _END_SAMPLE_LEAST of them, for the ranks within _END_SHARE_MOST of an end (_order_statistics)
_END_SAMPLE_STEP = 16
_END_SAMPLE_LEAST = 4096
_END_SHARE_MOST = 0.125
_FLOAT64_WHOLE = 1 << 53      # whole numbers below this sum exactly in float64, in any order


@dataclass(frozen=True)
class Spot:
    centre: np.ndarray      # mm, in the crop's board frame
    area_mm2: float
    roundness: float        # 1 for a disc or square seen straight on; less when squashed
    lighter: bool           # lighter than its surround (white pips on a dark die), or darker


def find_spots(crop: np.ndarray, grey: np.ndarray, ppm: float, origin, settings: ReaderSettings,
               local: np.ndarray | None = None) -> list[Spot]:
    """Round spots about a pip's size, for any die's size, standing out from their surround, either way.
    `local`: the grey's local_contrast, when the caller has it already."""
    local = local_contrast(grey, ppm, settings) if local is None else local
    spots = []
    # The blob's area says little of the die's size (a body like the print behind it is partly missed).
    smallest, largest = ((side * ppm) ** 2 for side in settings.die_size_mm)
    low, high = settings.pip_area_share[0] * smallest, settings.pip_area_share[1] * largest
    for sign, extreme in zip((1.0, -1.0), _peaks(local, settings.pip_peak_percentile)):
        threshold = max(settings.pip_min_contrast, settings.pip_contrast * extreme)
        mask = ((local > threshold) if sign > 0 else (local < -threshold)).astype(np.uint8)
        kept, unfilled = _filled_parts(mask, low, high, settings)
        if unfilled is not None:
            # A pip whose spot runs into a fainter streak of light or shade (a lit edge of its top) fills its box too
            # little and is lost with it: each part left out so is looked at again where it stands at half its own
            # peak or more, where a pip stands alone (tuning seeds 3550-3749: a red 2's pip joined to its lit edge).
            peaked, corner = _own_peaks(local * sign, *unfilled, settings.streaked_pip_height)
            kept += [(centre + corner, area, points)
                     for centre, area, points in _filled_parts(peaked, low, high, settings, reopen=False)[0]]
        if not kept:
            continue
        moments = [spread + _PIXEL_SPREAD for spread in _covariances([points for *_, points in kept])]
        # Every kept spot's middle, area and roundness at once: each figure is its own spot's, worked as one by one.
        middles = np.array([centre for centre, _, _ in kept]) / ppm + np.array(origin)
        areas_mm2 = (np.array([area for _, area, _ in kept], np.float64) / ppm ** 2).tolist()
        spread = np.linalg.eigvalsh(np.array(moments))
        roundness = np.sqrt(spread[:, 0] / np.maximum(spread[:, 1], 1e-9)).tolist()
        spots += [Spot(middle, area, round_, sign > 0) for middle, area, round_ in zip(middles, areas_mm2, roundness)]
    return spots


def _filled_parts(mask: np.ndarray, low: float, high: float, settings: ReaderSettings, reopen: bool = True):
    """The parts of the 0/1 `mask` of a pip's size that fill their least-area rectangle well enough, each as (middle
    px, area px, its pixels from its box's corner); and, when `reopen`, (labels, stats, wanted labels) of the parts
    of a pip's size that do not (None when there are none)."""
    count, labels, stats, centres = parts_with_stats(mask)
    areas = stats[1:, cv2.CC_STAT_AREA]
    sized = (np.flatnonzero((low <= areas) & (areas <= high) & (areas >= settings.spot_least_px)) + 1).tolist()
    if not sized:
        return [], None
    kept, unfilled = [], []
    boxed = _fill_their_boxes(stats[sized], settings.spot_fill_least)
    for label, points, fills in zip(sized, _spot_points(labels, stats, sized, mask), boxed):
        if not fills:
            area = stats[label, cv2.CC_STAT_AREA]
            (_, _), (a, b), _ = cv2.minAreaRect(points)
            if area / max(a * b, 1.0) < settings.spot_fill_least:
                unfilled.append(label)
                continue
        # Roundness from the second moments: a few pixels' bounding box says more of the pixel grid than of the spot.
        kept.append((centres[label], stats[label, cv2.CC_STAT_AREA], points))
    return kept, ((labels, stats, unfilled) if reopen and unfilled else None)


def _own_peaks(response: np.ndarray, labels: np.ndarray, stats: np.ndarray, wanted: list[int],
               share: float) -> tuple[np.ndarray, np.ndarray]:
    """A 0/1 mask of the pixels of each wanted part of `labels` whose `response` stands at `share` of the part's own
    peak or more, over the box round those parts only, and that box's top-left corner (x, y)."""
    boxes = stats[wanted, :4]
    x0, y0 = boxes[:, :2].min(axis=0)
    x1, y1 = (boxes[:, :2] + boxes[:, 2:]).max(axis=0)
    labels, response = labels[y0:y1, x0:x1], response[y0:y1, x0:x1]
    chosen = np.zeros(len(stats), bool)
    chosen[wanted] = True
    ys, xs = np.nonzero(chosen[labels])
    parts, values = labels[ys, xs], response[ys, xs]
    peaks = np.full(len(stats), -np.inf, np.float32)
    np.maximum.at(peaks, parts, values)
    high = values >= share * peaks[parts]
    mask = np.zeros(labels.shape, np.uint8)
    mask[ys[high], xs[high]] = 1
    return mask, np.array([x0, y0], np.float64)


def _fill_their_boxes(stats: np.ndarray, least: float) -> list[bool]:
    """_fills_its_box of each spot's (left, top, width, height, area) row of `stats`, all at once (the same
    figures: whole-number sides, and the same float products in the same order)."""
    width, height, area = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT], stats[:, cv2.CC_STAT_AREA]
    return (area >= least * np.maximum((width - 1) * (height - 1) * (1 + _RECT_ROUNDING), 1.0)).tolist()


def _fills_its_box(area: int, width: int, height: int, least: float) -> bool:
    """Whether a spot of `area` pixels in a box of width x height surely fills `least` of its least-area rectangle
    (the area over cv2.minAreaRect's, at least 1, of its pixels' centres): that rectangle is no larger than the
    centres' own box, (width - 1) x (height - 1). A round pip's spot fills its box well over the least share; those
    this does not tell are measured."""
    return area >= least * max((width - 1) * (height - 1) * (1 + _RECT_ROUNDING), 1.0)


def _peaks(local: np.ndarray, percentile: float) -> tuple[float, float]:
    """float(np.percentile(local, percentile)) and the same of -local, to the bit, from one partition of the
    crop (np.percentile partitions a copy for each): numpy's linear method, its virtual index and its float32
    interpolation, on the order statistics each needs (those of -local are local's from the other end, negated)."""
    flat = local.ravel()
    count = flat.size
    index = (count - 1) * np.true_divide(percentile, 100)
    below = int(np.floor(index))
    if index >= count - 1:
        below = count - 1
    above = min(below + 1, count - 1)
    ordered = _order_statistics(flat, {below, above, count - 1 - below, count - 1 - above})
    gamma = float(index - np.floor(index)) if index < count - 1 else 0.0
    return (float(_lerp(ordered[below], ordered[above], gamma)),
            float(_lerp(-ordered[count - 1 - below], -ordered[count - 1 - above], gamma)))


def _order_statistics(flat: np.ndarray, ranks: set[int]) -> dict[int, np.generic]:
    """np.partition(flat, sorted(ranks))[rank] of each rank, to the bit, for finite values. The ranks near either end
    (a crop's peaks) are taken from the values at or past a bracket: a value of a sample of every
    _END_SAMPLE_STEP-th with twice as many of the sample beyond it as the ranks need, so that the values past it,
    checked to be enough, hold those ranks (the values left out all lie on the other side of every value kept);
    the other ranks, or where a bracket leaves too few, from the whole."""
    count = flat.size
    found: dict[int, np.generic] = {}
    if count >= _END_SAMPLE_LEAST:
        sample = flat[::_END_SAMPLE_STEP]
        for top in (True, False):
            near = [rank for rank in ranks if (count - 1 - rank if top else rank) < count * _END_SHARE_MOST
                    and rank not in found]
            if not near:
                continue
            needed = count - min(near) if top else max(near) + 1
            spare = min(sample.size - 1, 2 * -(-needed // _END_SAMPLE_STEP))
            place = sample.size - 1 - spare if top else spare
            bracket = np.partition(sample, place)[place]
            kept = flat[flat >= bracket] if top else flat[flat <= bracket]
            if kept.size < needed:
                continue
            left_out = count - kept.size if top else 0
            ordered = np.partition(kept, [rank - left_out for rank in near])
            found.update((rank, ordered[rank - left_out]) for rank in near)
    rest = sorted(ranks - set(found))
    if rest:
        ordered = np.partition(flat, rest)
        found.update((rank, ordered[rank]) for rank in rest)
    return found


def _lerp(a, b, gamma: float):
    """numpy's quantile interpolation (numpy.lib._function_base_impl._lerp) in the values' own type."""
    step = b - a
    return b - step * (1 - gamma) if gamma >= 0.5 else a + step * gamma


def _spot_points(labels: np.ndarray, stats: np.ndarray, wanted: list[int], mask: np.ndarray) -> list[np.ndarray]:
    """Each wanted label's pixels in raster order, as np.nonzero gives them in its box, as float32 (x, y) rows from
    its box's corner: the labelled pixels gathered once and grouped by label (a stable sort keeps their raster order).
    `mask` is the 0/1 uint8 mask labelled: its set pixels are the labelled ones, found in it flat and as booleans (four
    times faster than np.nonzero of the labels), and a 16-bit copy of their labels sorts the same, by radix."""
    flat = np.flatnonzero(mask.view(bool))
    ys, xs = np.divmod(flat, labels.shape[1])
    found_labels = labels.ravel()[flat]
    points = np.empty((len(flat), 2), np.float32)
    points[:, 0] = xs - stats[found_labels, cv2.CC_STAT_LEFT]
    points[:, 1] = ys - stats[found_labels, cv2.CC_STAT_TOP]
    if len(stats) <= _SIXTEEN_BITS:
        found_labels = found_labels.astype(np.uint16)
    points = points[np.argsort(found_labels, kind="stable")]
    ends = np.cumsum(stats[:, cv2.CC_STAT_AREA]) - stats[0, cv2.CC_STAT_AREA]
    return [points[ends[label - 1]:ends[label]] for label in wanted]


def _covariance(points: np.ndarray) -> np.ndarray:
    """np.cov(points.T), worked the same way (the same figures to the bit) without its checks, which cost more
    than the sum itself on a pip's few dozen pixels."""
    centred = points.T.astype(np.float64)
    centred = centred - centred.mean(axis=1)[:, None]
    moments = np.dot(centred, centred.T)
    moments *= np.true_divide(1, points.shape[0] - 1)
    return moments


def _covariances(point_sets: list[np.ndarray]) -> list[np.ndarray]:
    """_covariance of each set of points, the same figures to the bit: the points are whole pixel offsets, so their
    sums, taken for all sets at once, are exact in any order, and so are their means; each set's centred points stay
    a (points, 2) block whose transpose is multiplied by it in its own np.dot, as _covariance multiplies them."""
    sizes = np.array([len(points) for points in point_sets])
    flat = np.concatenate(point_sets).astype(np.float64)
    if not np.array_equal(flat, np.round(flat)) or np.abs(flat).sum() >= _FLOAT64_WHOLE:
        return [_covariance(points) for points in point_sets]
    ends = np.cumsum(sizes)
    means = np.add.reduceat(flat, ends - sizes, axis=0) / sizes[:, None]
    centred = flat - np.repeat(means, sizes, axis=0)
    found = []
    for start, end in zip((ends - sizes).tolist(), ends.tolist()):
        block = centred[start:end]
        moments = np.dot(block.T, block)
        moments *= np.true_divide(1, end - start - 1)
        found.append(moments)
    return found


def local_contrast(grey: np.ndarray, ppm: float, settings: ReaderSettings) -> np.ndarray:
    """Each pixel against its surround (about half a die across): a pip stands out of it either way."""
    surround = int(round(settings.die_top_guess_mm * 0.45 * ppm)) | 1
    grey = grey.astype(np.float32)
    return grey - cv2.blur(grey, (surround, surround))


def half_height_radii(response: np.ndarray, points: np.ndarray, radii: np.ndarray, settings: ReaderSettings) -> np.ndarray:
    """Each spot's radius (px) taken at a share of its own peak (`response`: the local contrast, signed so the spots
    stand up): a spot cut from the crop by one threshold comes out small where its pip stands off faintly (a lit top's
    gold pip) and whole where it stands off well, so pips of one face differ in size by their light alone; taken at
    their own height they differ by their shapes only. A spot lost in its surround keeps the size it was found with."""
    return OwnRadii(response, points, radii, settings)[range(len(points))]


class OwnRadii:
    """half_height_radii of a crop's spots, each worked out when it is first asked for (`own[i]`, or `own[indices]`
    for an array) and kept: a reader asks only for the spots that pair into a face's spread or lie on a face's pip
    places (most of a crop's spots are specks of the print that pair with none), and each spot's own radius is
    measured on its own window, so the figures are those of half_height_radii to the bit. `negated`: the response
    is the negated `response` (the dark spots'), negated window by window."""

    def __init__(self, response: np.ndarray, points: np.ndarray, radii: np.ndarray, settings: ReaderSettings,
                 negated: bool = False):
        self._response, self._points, self._negated = response, points, negated
        self._radii = np.array(radii, np.float64)
        self._reach, self._height = settings.pip_own_reach, settings.pip_own_height
        self._known: dict[int, np.float64] = {}

    def __getitem__(self, index):
        if np.ndim(index) == 0:
            return self._one(int(index))
        return np.array([self._one(int(i)) for i in index], np.float64)

    def _one(self, index: int) -> np.float64:
        found = self._known.get(index)
        if found is None:
            found = self._known[index] = self._measured(index)
        return found

    def _measured(self, index: int) -> np.float64:
        (x, y), radius = self._points[index], self._radii[index]
        h, w = self._response.shape
        reach = int(math.ceil(self._reach * radius))
        x0, y0, x1, y1 = max(0, int(x) - reach), max(0, int(y) - reach), min(w, int(x) + reach + 1), min(h, int(y) + reach + 1)
        window = self._response[y0:y1, x0:x1]
        if self._negated:
            window = -window
        near = np.hypot(np.arange(x0, x1)[None, :] - x, np.arange(y0, y1)[:, None] - y) <= max(radius, 1.0)
        if not near.any():
            return radius
        nearby = np.where(near, window, -np.inf)
        top = int(nearby.argmax())
        peak = float(nearby.flat[top])
        if peak <= 0:
            return radius
        mask = (window >= self._height * peak).astype(np.uint8)
        return np.float64(math.sqrt(_part_area(mask, top) / math.pi))


def _part_area(mask: np.ndarray, at: int) -> int:
    """How many pixels the 8-connected part of the 0/1 `mask` holding the flat index `at` has (all the 0 pixels when it
    is one: connectedComponents' background label), as labelling the whole mask counts them."""
    if not mask.flat[at]:
        return int(mask.size - np.count_nonzero(mask))
    row, column = divmod(at, mask.shape[1])
    return int(cv2.floodFill(mask, None, (column, row), 2, flags=8)[0])
