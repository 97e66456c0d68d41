"""A harbour mat read from the picture: coins by kind, prize masts and crates, prize hulls.

The mat's marker (36 + player - 1) fixes its place on the table; the mat is then seen from
straight above (rectified at MAT_PX_PER_MM through the table frame and the lens) and read
zone by zone against its own white paper, so the light's colour cancels out:
- coins: brass discs with a coloured ring; their centres are the peaks of the distance to
  the paper (coins overlap by 3 mm at most, so centres lie 19 mm apart or more); the kind is
  the ring's hue;
- prize fittings: a lying mast is a cream sail with its fleet's pennant, a crate a brown box;
- prize hulls: each carries its ship's tag (fleet and ship), else its hull colour tells the fleet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.kit import coast_pieces as kit
from companion.vision.coast_frame import TableFrame

MAT_PX_PER_MM = 1.5
COIN_MIN_SEPARATION_MM = kit.COIN_DIAMETER_MM - kit.COIN_MAX_OVERLAP_MM - 1.0
COIN_RING_RADIUS_MM = kit.COIN_DIAMETER_MM / 2 - 0.6 - kit.COIN_RING_MM / 2


@dataclass(frozen=True)
class MatReading:
    player: int
    coins: dict[str, int]
    masts: list[int]                 # fleet of each prize mast (its pennant's colour); 0 when unsure
    crates: int
    hull_fleets: list[int]           # fleet of each prize hull; 0 when unsure
    confidence: float
    doubts: list[str] = field(default_factory=list)


def mat_pose(frame: TableFrame, marker_corners_px: np.ndarray) -> np.ndarray | None:
    """2x3 similarity mat mm -> table mm, from the mat marker's corners."""
    on_table = frame.to_table(marker_corners_px)
    x0, y0 = kit.MAT_MARKER_AT
    side = kit.MAT_MARKER_MM
    in_mat = np.array([(x0, y0), (x0 + side, y0), (x0 + side, y0 + side), (x0, y0 + side)], np.float64)
    pose, _ = cv2.estimateAffinePartial2D(in_mat, on_table)
    return pose


def rectify_mat(image: np.ndarray, frame: TableFrame, pose: np.ndarray) -> np.ndarray:
    """The mat seen from straight above, MAT_PX_PER_MM, its top-left corner at (0, 0)."""
    width, height = (int(round(v * MAT_PX_PER_MM)) for v in kit.MAT_MM)
    step = 8  # the map is smooth: compute it on a coarse grid and resize
    xs = np.arange(0, width + step, step, dtype=np.float64)
    ys = np.arange(0, height + step, step, dtype=np.float64)
    grid = np.stack(np.meshgrid(xs, ys), -1).reshape(-1, 2) / MAT_PX_PER_MM
    on_table = grid @ pose[:, :2].T + pose[:, 2]
    pixels = frame.to_image(on_table).reshape(len(ys), len(xs), 2).astype(np.float32)
    full = cv2.resize(pixels, (len(xs) * step, len(ys) * step), interpolation=cv2.INTER_LINEAR)[:height, :width]
    return cv2.remap(image, full[..., 0], full[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _zone(picture: np.ndarray, name: str) -> np.ndarray:
    zone = kit.mat_zone(name)
    x0, y0 = int(zone.x * MAT_PX_PER_MM), int(zone.y * MAT_PX_PER_MM)
    return picture[y0:y0 + int(zone.height * MAT_PX_PER_MM), x0:x0 + int(zone.width * MAT_PX_PER_MM)]


def _white_balanced(picture: np.ndarray) -> np.ndarray:
    """Divided by the paper's colour (the brightest common colour), so paper reads white."""
    flat = picture.reshape(-1, 3).astype(np.float32)
    brightness = flat.sum(1)
    paper = flat[brightness >= np.percentile(brightness, 80)].mean(0)
    return np.clip(picture.astype(np.float32) / np.maximum(paper, 1.0) * 235.0, 0, 255).astype(np.uint8)


def _not_paper(balanced: np.ndarray) -> np.ndarray:
    hsv = cv2.cvtColor(balanced, cv2.COLOR_BGR2HSV)
    return ((hsv[..., 1] > 55) | (hsv[..., 2] < 150)).astype(np.uint8)


def _reference_hues() -> dict[str, np.ndarray]:
    hues = {}
    for kind, look in kit.COIN_LOOKS.items():
        bgr = np.uint8([[look.rgb[::-1]]])
        hues[kind] = cv2.cvtColor(bgr, cv2.COLOR_BGR2Lab)[0, 0, 1:].astype(np.float32) - 128
    return hues


COIN_REFERENCES = _reference_hues()
FLEET_REFERENCES = {look.fleet: cv2.cvtColor(np.uint8([[look.rgb[::-1]]]), cv2.COLOR_BGR2Lab)[0, 0, 1:].astype(np.float32) - 128
                    for look in kit.FLEET_LOOKS}


def nearest_colour(ab: np.ndarray, references: dict) -> tuple[object, float]:
    """The reference nearest in Lab's a*b* direction and strength, and a 0..1 margin to the next."""
    distances = sorted((float(np.linalg.norm(ab - ref)), name) for name, ref in references.items())
    (best, name), (second, _) = distances[0], distances[1]
    return name, max(0.0, min(1.0, (second - best) / (second + 1e-6)))


def read_coins(balanced: np.ndarray) -> tuple[dict[str, int], list[str], float]:
    zone = _zone(balanced, "coins")
    mask = _not_paper(zone)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    distance = cv2.distanceTransform(mask, cv2.DIST_L2, 3) / MAT_PX_PER_MM
    radius = kit.COIN_DIAMETER_MM / 2
    lab = cv2.cvtColor(zone, cv2.COLOR_BGR2Lab).astype(np.float32)
    coins: dict[str, int] = {}
    doubts, margins = [], []
    candidates = np.argwhere(distance >= radius * 0.55)
    order = np.argsort(-distance[candidates[:, 0], candidates[:, 1]])
    centres: list[tuple[float, float]] = []
    for row, col in candidates[order]:
        if any(math.hypot(row - r, col - c) < COIN_MIN_SEPARATION_MM * MAT_PX_PER_MM for r, c in centres):
            continue
        centres.append((row, col))
    angles = np.linspace(0, 2 * np.pi, 24, endpoint=False)
    ring = COIN_RING_RADIUS_MM * MAT_PX_PER_MM
    for row, col in centres:
        ys = np.clip(np.round(row + ring * np.sin(angles)).astype(int), 0, zone.shape[0] - 1)
        xs = np.clip(np.round(col + ring * np.cos(angles)).astype(int), 0, zone.shape[1] - 1)
        samples = lab[ys, xs, 1:] - 128
        chroma = np.linalg.norm(samples, axis=1)
        ab = np.median(samples[chroma >= np.percentile(chroma, 40)], axis=0)
        kind, margin = nearest_colour(ab, COIN_REFERENCES)
        coins[kind] = coins.get(kind, 0) + 1
        margins.append(margin)
        if margin < 0.1:
            doubts.append(f"a coin whose ring colour is unclear (read as {kind.replace('_', ' ')})")
    return coins, doubts, (min(margins) if margins else 1.0)


def read_fittings(balanced: np.ndarray) -> tuple[list[int], int, list[str]]:
    """(fleet of each lying mast, number of crates, doubts) in the fittings zone."""
    zone = _zone(balanced, "fittings")
    hsv = cv2.cvtColor(zone, cv2.COLOR_BGR2HSV)
    lab = cv2.cvtColor(zone, cv2.COLOR_BGR2Lab).astype(np.float32)
    # Brown wood: crates and mast poles (hue orange, fairly dark, saturated).
    brown = ((hsv[..., 0] >= 5) & (hsv[..., 0] <= 25) & (hsv[..., 1] > 80) & (hsv[..., 2] < 200)).astype(np.uint8)
    brown = cv2.morphologyEx(brown, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(brown)
    masts, crates, doubts = [], 0, []
    saturated = (hsv[..., 1] > 90) & ~brown.astype(bool)
    for index in range(1, count):
        x, y, w, h, area = stats[index]
        area_mm = area / MAT_PX_PER_MM ** 2
        if area_mm < 40:
            continue
        rect = cv2.minAreaRect(np.argwhere(labels == index)[:, ::-1].astype(np.float32))
        long_side, short_side = max(rect[1]) / MAT_PX_PER_MM, max(min(rect[1]), 1) / MAT_PX_PER_MM
        if long_side / short_side < 2.0:
            crates += 1
            continue
        # A mast's pole: its pennant lies near one end, in the fleet's colour.
        cx, cy = rect[0]
        reach = int(32 * MAT_PX_PER_MM)
        y0, y1 = max(0, int(cy) - reach), min(zone.shape[0], int(cy) + reach)
        x0, x1 = max(0, int(cx) - reach), min(zone.shape[1], int(cx) + reach)
        near = saturated[y0:y1, x0:x1]
        if near.sum() < 6:
            masts.append(0)
            doubts.append("a prize mast whose pennant colour was not seen")
            continue
        ab = np.median(lab[y0:y1, x0:x1][near][:, 1:] - 128, axis=0)
        fleet, margin = nearest_colour(ab, FLEET_REFERENCES)
        masts.append(int(fleet))
        if margin < 0.1:
            doubts.append(f"a prize mast whose pennant colour is unclear (read as fleet {fleet})")
    return masts, crates, doubts


def hull_fleet_by_colour(balanced: np.ndarray, place_mm: tuple[float, float]) -> tuple[int, float]:
    """The fleet colour of the hull round a spot of the mat (its painted rim)."""
    x, y = (int(v * MAT_PX_PER_MM) for v in place_mm)
    reach = int(40 * MAT_PX_PER_MM)
    patch = balanced[max(0, y - reach):y + reach, max(0, x - reach):x + reach]
    hsv = cv2.cvtColor(patch, cv2.COLOR_BGR2HSV)
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2Lab).astype(np.float32)
    hue = hsv[..., 0].astype(int)
    painted = (hsv[..., 1] > 90) & ~((hue >= 5) & (hue <= 22))  # not the wooden deck
    if painted.sum() < 10:
        return 0, 0.0
    fleet, margin = nearest_colour(np.median(lab[painted][:, 1:] - 128, axis=0), FLEET_REFERENCES)
    return int(fleet), margin


def hull_spots(balanced: np.ndarray) -> list[tuple[float, float]]:
    """Mat mm of each hull lying in the hulls zone (a large blob that is not paper)."""
    zone_box = kit.mat_zone("hulls")
    zone = _zone(balanced, "hulls")
    mask = cv2.morphologyEx(_not_paper(zone), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, _, stats, centroids = cv2.connectedComponentsWithStats(mask)
    spots = []
    for index in range(1, count):
        area_mm = stats[index, cv2.CC_STAT_AREA] / MAT_PX_PER_MM ** 2
        if area_mm < 1500:   # the smallest hull, 4 x 1.6 in, covers about 3300 mm^2
            continue
        cx, cy = centroids[index] / MAT_PX_PER_MM
        spots.append((zone_box.x + cx, zone_box.y + cy))
    return spots


def read_mat(image: np.ndarray, frame: TableFrame, player: int, marker_corners_px: np.ndarray,
             tags_on_mat: list[int]) -> MatReading:
    """Player's mat; `tags_on_mat` the fleets of the ship tags seen on its hulls zone."""
    pose = mat_pose(frame, marker_corners_px)
    if pose is None:
        return MatReading(player, {}, [], 0, [], 0.0, [f"mat {player}: its marker could not be placed on the table"])
    balanced = _white_balanced(rectify_mat(image, frame, pose))
    coins, doubts, coin_margin = read_coins(balanced)
    masts, crates, fitting_doubts = read_fittings(balanced)
    doubts += fitting_doubts
    spots = hull_spots(balanced)
    fleets = list(tags_on_mat)
    for spot in spots[len(fleets):]:
        fleet, margin = hull_fleet_by_colour(balanced, spot)
        fleets.append(fleet)
        if margin < 0.1:
            doubts.append("a prize hull whose colour is unclear" + (f" (read as fleet {fleet})" if fleet else ""))
    confidence = min([coin_margin * 2, 1.0] + ([0.3] if doubts else []))
    return MatReading(player, coins, masts, crates, fleets, round(float(confidence), 3), doubts)


def mat_to_table(pose: np.ndarray, point_mm) -> np.ndarray:
    return np.asarray(point_mm, np.float64) @ pose[:, :2].T + pose[:, 2]


def table_to_mat(pose: np.ndarray, point_mm) -> np.ndarray:
    inverse = cv2.invertAffineTransform(pose)
    return np.asarray(point_mm, np.float64) @ inverse[:, :2].T + inverse[:, 2]
