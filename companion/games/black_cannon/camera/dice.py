"""The dice: each candidate blob is looked at straight down on a plane at a die's height, where a flat
die's top face is a true square and its pips true circles; pips are small spots set off from their
surround, lighter or darker; the face is the group of round spots that fits a standard layout of 1 to
6. A die whose pips fit no layout, are squashed (a cocked die, its top leaning) or are not found is
reported with a low confidence, and the players are asked, never told a guess."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.black_cannon.camera.board_view import BoardView
from companion.games.black_cannon.camera.foreground import Blob, TableView
from companion.games.black_cannon.camera.settings import ReaderSettings

LAYOUTS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
           4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
           6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
SPREAD_SHARE = 0.27        # a corner pip's offset from the middle, as a share of the side (dice vary 0.25-0.29)
CROP_MARGIN_MM = 6.0
PIP_SHARE = 0.165          # a pip's diameter as a share of the side, for a lone pip's die size
LONE_PIP_TRUST = 0.9       # a single spot says less than a layout of several
LONE_FACE_SPREAD = 16.0
MAX_SPOTS = 9              # the roundest spots tried: a face and the pips of its sides    # grey levels: how even a lone pip's face round it must be


@dataclass(frozen=True)
class SeenDie:
    pips: int | None
    confidence: float
    centre_mm: tuple[float, float]
    reason: str


@dataclass(frozen=True)
class Spot:
    centre: np.ndarray      # mm, in the crop's board frame
    area_mm2: float
    roundness: float        # 1 for a disc or square seen straight on; less when squashed
    lighter: bool           # lighter than its surround (white pips on a dark die), or darker
    surround: np.ndarray    # mean BGR of a ring round it: the die's body, for a pip
    plain: bool             # a wider ring round it is one even colour, the surround's: a lone pip's face


def _spots(crop: np.ndarray, grey: np.ndarray, ppm: float, origin, settings: ReaderSettings, die_side: float) -> list[Spot]:
    """Round spots about a pip's size standing out from their surround, either way."""
    surround = int(round(die_side * 0.45 * ppm)) | 1
    local = grey.astype(np.float32) - cv2.blur(grey.astype(np.float32), (surround, surround))
    spots = []
    top_area = (die_side * ppm) ** 2
    low, high = settings.pip_area_share[0] * top_area, settings.pip_area_share[1] * top_area
    for sign in (1.0, -1.0):
        response = sign * local
        extreme = float(np.percentile(response, 99.5))
        threshold = max(settings.pip_min_contrast, settings.pip_contrast * extreme)
        mask = (response > threshold).astype(np.uint8)
        count, labels, stats, centres = cv2.connectedComponentsWithStats(mask, connectivity=8)
        for label in range(1, count):
            x, y, w, h, area = stats[label]
            if not low <= area <= high:
                continue
            ys, xs = np.nonzero(labels[y:y + h, x:x + w] == label)
            points = np.column_stack([xs, ys]).astype(np.float32)
            if len(points) < 5:
                continue
            (_, _), (a, b), _ = cv2.minAreaRect(points)
            roundness = min(a, b) / max(a, b, 1e-6)
            fill = area / max(a * b, 1.0)
            if fill < 0.45:
                continue
            radius = math.sqrt(area / math.pi)
            ring = np.zeros(grey.shape, np.uint8)
            centre_px = (int(round(centres[label][0])), int(round(centres[label][1])))
            cv2.circle(ring, centre_px, int(round(radius * 2.4)), 1, -1)
            cv2.circle(ring, centre_px, int(round(radius * 1.5)), 0, -1)
            surround = crop[ring.astype(bool)].mean(axis=0) if ring.any() else np.zeros(3)
            wide = np.zeros(grey.shape, np.uint8)
            cv2.circle(wide, centre_px, int(round(radius * 4.2)), 1, -1)
            cv2.circle(wide, centre_px, int(round(radius * 2.6)), 0, -1)
            around = crop[wide.astype(bool)].astype(np.float32) if wide.any() else np.zeros((1, 3), np.float32)
            plain = bool(around.std(axis=0).max() < LONE_FACE_SPREAD
                         and np.abs(around.mean(axis=0) - surround).max() < LONE_FACE_SPREAD * 1.5)
            spots.append(Spot(centres[label] / ppm + np.array(origin), float(area) / ppm ** 2, float(roundness),
                              sign > 0, surround, plain))
    return spots


_ORDERS = {count: np.array(list(itertools.permutations(range(count)))) for count in LAYOUTS}


def _layout_error(points: np.ndarray, count: int) -> tuple[float, float, np.ndarray]:
    """(error as a share of the side, the side) of the best similarity fit of the standard layout,
    over every way of matching the pips to the layout's places."""
    if count == 1:
        return 0.0, 0.0, np.zeros(1, int)
    source = np.array(LAYOUTS[count], np.float64) * SPREAD_SHARE
    targets = (points - points.mean(axis=0))[_ORDERS[count]]            # (orders, count, 2)
    # Similarity (rotation and scale; the layout's own symmetry covers reflections) by least squares.
    a = (source[None, :, 0] * targets[:, :, 0] + source[None, :, 1] * targets[:, :, 1]).sum(axis=1)
    b = (source[None, :, 0] * targets[:, :, 1] - source[None, :, 1] * targets[:, :, 0]).sum(axis=1)
    norm = float((source ** 2).sum())
    scale, angle = np.hypot(a, b) / norm, np.arctan2(b, a)
    cos, sin = np.cos(angle)[:, None], np.sin(angle)[:, None]
    fitted = np.stack([source[None, :, 0] * cos - source[None, :, 1] * sin,
                       source[None, :, 0] * sin + source[None, :, 1] * cos], axis=2) * scale[:, None, None]
    errors = np.sqrt(((fitted - targets) ** 2).sum(axis=2).mean(axis=1)) / np.maximum(scale, 1e-9)
    best = int(np.argmin(errors))
    return float(errors[best]), float(scale[best]), _ORDERS[count][best]


def _squash(points: np.ndarray, count: int) -> float:
    """How round the layout is seen: the ratio of the two stretches of the affine map from the standard layout
    to the pips (1 for a face square to the view, cos(lean) for a face leaning)."""
    source = np.array(LAYOUTS[count], np.float64)
    source = source - source.mean(axis=0)
    target = points - points.mean(axis=0)
    matrix, *_ = np.linalg.lstsq(source, target, rcond=None)
    stretches = np.linalg.svd(matrix, compute_uv=False)
    return float(stretches[-1] / max(stretches[0], 1e-9))


def _groups(spots: list[Spot], reach: float) -> list[list[Spot]]:
    groups: list[list[Spot]] = []
    for spot in spots:
        joined = [g for g in groups if any(np.linalg.norm(spot.centre - other.centre) < reach for other in g)]
        merged = [spot] + [s for g in joined for s in g]
        joined_ids = {id(g) for g in joined}
        groups = [g for g in groups if id(g) not in joined_ids] + [merged]
    return groups


def _face(spots: list[Spot], settings: ReaderSettings) -> SeenDie | None:
    """The most spots that fit a die face's layout (1 to 6), the best fit among as many; None when none fits."""
    spots = sorted(spots, key=lambda spot: -spot.roundness)[:MAX_SPOTS]
    for count in range(min(len(spots), 6), 0, -1):
        best: tuple[float, SeenDie] | None = None
        for chosen in itertools.combinations(range(len(spots)), count):
            group = [spots[i] for i in chosen]
            face = _fit(group, settings)
            if face is not None and (best is None or face[0] < best[0]):
                best = face
        if best is not None:
            return best[1]
    return None


def _fit(group: list[Spot], settings: ReaderSettings) -> tuple[float, SeenDie] | None:
    count = len(group)
    points = np.array([s.centre for s in group])
    areas = np.array([s.area_mm2 for s in group])
    roundness = float(np.mean([s.roundness for s in group]))
    from_pips = float(np.sqrt(areas / math.pi).mean()) * 2 / PIP_SHARE
    if count <= 2 and not all(spot.plain for spot in group):   # few spots: their face must be plain round them
        return None
    if count == 1:
        error, side, order = 0.0, from_pips, np.zeros(1, int)
    else:
        error, side, order = _layout_error(points, count)
    body = np.array([s.surround for s in group])
    if error > settings.layout_tolerance or not 0.7 <= side / from_pips <= 1.45 or \
            float(np.abs(body - body.mean(axis=0)).max()) > settings.body_colour_spread:
        return None
    sized = settings.die_size_mm[0] * 0.8 <= side <= settings.die_size_mm[1] * 1.2
    even = float(areas.std() / areas.mean()) if count > 1 else 0.0
    confidence = max(0.0, 1.0 - error / settings.layout_tolerance) ** 0.5 * min(1.0, roundness / 0.75) * \
        (1.0 if sized else 0.3) * max(0.0, 1.0 - max(even - 0.35, 0.0))
    if count == 1:
        confidence *= LONE_PIP_TRUST
    # Four pips or more show the face's own shape; fewer, only their own roundness (coarser: pixels).
    squashed = _squash(points[order], count) < settings.flat_face_squash if count >= 4 else \
        min(s.roundness for s in group) < settings.flat_pip_roundness
    if squashed:   # the face is seen foreshortened: the die leans on something
        confidence *= 0.5
    return error, SeenDie(count, round(confidence, 3), tuple(map(float, points.mean(axis=0))),
                          f"{count} pip{'s' if count > 1 else ''} in the standard layout (fit {error:.2f} of the side)")


def _on_foreground(view: BoardView, table: TableView, spots: list[Spot], height: float) -> list[Spot]:
    """The spots that lie where something stands on the table: a print's own dots are not on a die."""
    if not spots:
        return spots
    pixels = cv2.perspectiveTransform(np.float64([[s.centre for s in spots]]), view.raised(height)).reshape(-1, 2)
    on_table = view.to_board(pixels)
    px = np.round((on_table - np.array(table.origin_mm)) * table.px_per_mm).astype(int)
    h, w = table.mask.shape
    keep = []
    for spot, (x, y) in zip(spots, px):
        if 0 <= x < w and 0 <= y < h and table.grown[y, x]:
            keep.append(spot)
    return keep


def read_die(view: BoardView, image: np.ndarray, blob: Blob, settings: ReaderSettings, table: TableView) -> SeenDie:
    ppm, height = settings.dice_px_per_mm, settings.die_top_guess_mm
    x0, y0, x1, y1 = blob.box_mm
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    raised = view.to_board(cv2.perspectiveTransform(np.float64([corners]), view.to_image).reshape(-1, 2), height)
    low = np.minimum(raised.min(axis=0), np.float64(corners).min(axis=0)) - CROP_MARGIN_MM
    high = np.maximum(raised.max(axis=0), np.float64(corners).max(axis=0)) + CROP_MARGIN_MM
    crop = view.warp(image, ppm, tuple(low), tuple(high - low), height)
    grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    side_guess = min(max(math.sqrt(blob.area_mm2 / 1.6), settings.die_size_mm[0]), settings.die_size_mm[1])
    spots = [s for s in _spots(crop, grey, ppm, low, settings, side_guess) if s.roundness > 0.55]
    spots = _on_foreground(view, table, spots, height)
    centre = tuple(map(float, blob.centre_mm))
    if not spots:
        return SeenDie(None, 0.0, centre, "no pips found on it: a die upside down, cocked or hidden?")
    # In this view a die's sides lie between its top and the camera: the top's pips are the farthest ones.
    foot = view.camera.position[:2]
    away = np.asarray(blob.centre_mm) - foot
    away /= max(np.linalg.norm(away), 1e-9)
    spots.sort(key=lambda spot: -float(spot.centre @ away))
    # A die's pips are all lighter than its body or all darker: each kind is tried, the better face kept.
    faces = [_face([s for s in spots if s.lighter == lighter], settings) for lighter in (True, False)]
    faces = [face for face in faces if face is not None]
    best = max(faces, key=lambda face: (face.confidence, face.pips)) if faces else None
    if best is None:
        return SeenDie(None, 0.0, centre, "its spots fit no die face: cocked, or not a die")
    return best
