"""Islands on the Cannons & Coastlines table: where they are (by colour) and who holds each
(by the flag piece's base disc).

An island is sand round grass; grass is a yellow-green no table, ship or coin shares, so the
play area flattened onto the island plane shows each island as a grass blob, and the beach
is the ISLAND_BEACH_MM round it. A tag need not be read to find an island: a sail, a hand or
a blurred marker leaves the grass.

The holder's flag piece stands in a flat round base disc in the fleet's colour, beside the
tag (kit/pieces.py). The disc lies on the island's plane, so its ring of samples maps exactly
at any tilt; the pole and the flag at its centre, a sail leaning over part of it and the
flag's shadow only take away some of the votes. No disc: the ring shows grass or sand.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from companion.games.cannons_coastlines.kit import pieces as kit
from companion.vision.table_frame import TableFrame
from companion.games.cannons_coastlines.camera.settings import IslandSettings

PX_PER_IN = 10.0              # the flattened play area: 2.5 mm a pixel
MAP_STEP = 8
WINDOW_PX_PER_IN = 8.0
NO_CAST = (0.0, 0.0)


def _lab_ab(rgb) -> np.ndarray:
    return cv2.cvtColor(np.uint8([[rgb[::-1]]]), cv2.COLOR_BGR2Lab)[0, 0, 1:].astype(np.float32) - 128


def references(wash: float) -> dict:
    """What a ring sample may show (a*b* as the camera sees them, washed out by `wash`): a
    fleet's disc, or the island."""
    return {**{look.fleet: _lab_ab(look.rgb) * wash for look in kit.FLEET_LOOKS},
            "grass": _lab_ab(kit.ISLAND_GRASS_RGB) * wash, "sand": _lab_ab(kit.ISLAND_SAND_RGB) * wash}


def is_grass(lab: np.ndarray) -> np.ndarray:
    """Grass pixels of a Lab picture (8-bit): green leaning to yellow, which a green fleet's
    paint (leaning to blue) and green felt (dull) are not."""
    _, a, b = (channel.astype(np.int16) - 128 for channel in cv2.split(np.ascontiguousarray(lab)))
    return (a < -11) & (b > 20) & (4 * b > -3 * a)


def flattened_play_area(image: np.ndarray, frame: TableFrame, height_mm: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """The play area seen from straight above at PX_PER_IN on the plane `height_mm` up (BGR),
    and a mask of where that plane runs out of the picture."""
    width, height = (int(v * PX_PER_IN) for v in kit.PLAY_AREA_IN)
    # The lens bends the map gently: a coarse grid mapped exactly, the rest between. Its points
    # lie where cv2.resize takes them to lie (pixel centres scaled), so the map is exact there.
    columns, rows = width // MAP_STEP, height // MAP_STEP
    xs = (np.arange(columns) + 0.5) * width / columns
    ys = (np.arange(rows) + 0.5) * height / rows
    grid = np.stack(np.meshgrid(xs, ys), -1).reshape(-1, 2) / PX_PER_IN * kit.MM_PER_INCH
    coarse = frame.to_image(grid, height_mm).reshape(len(ys), len(xs), 2).astype(np.float32)
    pixels = cv2.resize(coarse, (width, height), interpolation=cv2.INTER_LINEAR)
    h, w = image.shape[:2]
    outside = (pixels[..., 0] < 0) | (pixels[..., 1] < 0) | (pixels[..., 0] > w - 1) | (pixels[..., 1] > h - 1)
    flat = cv2.remap(image, pixels[..., 0], pixels[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    return flat, outside


def find_islands(flat_lab: np.ndarray, table_lab: np.ndarray, outside: np.ndarray,
                 elsewhere: np.ndarray, settings: IslandSettings = IslandSettings()) -> list[tuple[np.ndarray, float, np.ndarray]]:
    """Each island's outline (table inches, N x 2), a confidence that falls when the island runs
    out of the picture, and its grass's a*b* as seen. `outside`: pixels the camera does not see;
    `elsewhere`: pixels known to show something else (ships)."""
    smooth = cv2.blur(flat_lab, (3, 3))   # a cloth's weave and the sensor's noise
    grass = is_grass(smooth) & ~elsewhere
    # Unlike the table both overall and round about (a lamp lights a felt or linen unevenly):
    # the median of a quarter-size picture over a window twice an island's width.
    small = cv2.resize(smooth, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    around = cv2.resize(cv2.medianBlur(small, int(settings.table_window_in * PX_PER_IN / 4) | 1),
                        (smooth.shape[1], smooth.shape[0]), interpolation=cv2.INTER_LINEAR)
    ys, xs = np.nonzero(grass)
    pixels = smooth[ys, xs].astype(np.float32)
    grass[ys, xs] = ((np.linalg.norm(pixels - table_lab, axis=1) > settings.table_difference)
                     & (np.linalg.norm(pixels - around[ys, xs], axis=1) > settings.table_difference))
    grass = cv2.morphologyEx(grass.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    beach = 2 * int(round(kit.ISLAND_BEACH_MM / kit.MM_PER_INCH * PX_PER_IN)) + 1
    # A flag's disc or a pole's shadow can cut a strip of grass off: pieces this close are one
    # island (islands lie 6" apart).
    join = 2 * int(round(settings.join_in * PX_PER_IN / 2)) + 1
    count, groups, boxes, _ = cv2.connectedComponentsWithStats(
        cv2.dilate(grass, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (join, join))))
    groups = np.where(grass > 0, groups, 0)
    areas = np.bincount(groups.ravel(), minlength=count)
    islands = []
    for group in range(1, count):
        if areas[group] < settings.grass_min_area_in2 * PX_PER_IN ** 2:
            continue
        x, y, w, h = boxes[group, :4]
        ys, xs = np.nonzero(groups[y:y + h, x:x + w] == group)
        hull = cv2.convexHull(np.column_stack([xs, ys]).astype(np.int32))
        share = len(xs) / max(cv2.contourArea(hull), 1.0)
        if not settings.grass_share[0] <= share <= settings.grass_share[1]:
            continue   # speckles of a greenish table, or a green hull's edge: no island's lawn
        # The tag card and the flag's disc can bite the grass up to the beach on a small
        # island: the grass's hull fills the bite (an island's own bays are shallow).
        blob = np.zeros((h + 2 * beach, w + 2 * beach), np.uint8)
        cv2.fillConvexPoly(blob, hull + beach, 1)
        blob = cv2.dilate(blob, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (beach, beach)))
        whole, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        outline = cv2.approxPolyDP(max(whole, key=cv2.contourArea), 1.0, True).reshape(-1, 2) + (x - beach, y - beach)
        # Running out of the picture, or off the play area (flattened no further).
        unseen = (bool(outside[max(0, y - beach):y + h + beach, max(0, x - beach):x + w + beach].any())
                  or min(x, y) < beach or x + w + beach > grass.shape[1] or y + h + beach > grass.shape[0])
        grass_ab = np.median(smooth[y:y + h, x:x + w][ys, xs][:, 1:].astype(np.float32), axis=0) - 128
        islands.append(((outline + 0.5) / PX_PER_IN, 0.4 if unseen else 0.9, grass_ab))
    return islands


def nearest_reference(lab: np.ndarray, cast=NO_CAST, settings: IslandSettings = IslandSettings()) -> np.ndarray:
    """Per Lab pixel (8-bit, ... x 3): the fleet (1-4) whose washed-out colour is nearest, 0 for
    grass or sand, -1 for too little colour to say (a sail, the pole, a shadow, white card).
    `cast`: how far the light moves a*b* here, taken off first (see light_on_grass)."""
    ab = lab[..., 1:].astype(np.float32) - 128 - np.asarray(cast, np.float32)
    table = references(settings.wash)
    refs = np.array(list(table.values()))
    nearest = np.argmin(np.linalg.norm(ab[..., None, :] - refs, axis=-1), axis=-1)
    labels = np.array([name if isinstance(name, int) else 0 for name in table])[nearest]
    return np.where(np.hypot(ab[..., 0], ab[..., 1]) >= settings.neutral_chroma, labels, -1)


def light_on_grass(grass_ab, settings: IslandSettings = IslandSettings()) -> np.ndarray:
    """How far the light moves colours (a*b*) on an island: its grass as seen against the
    grass's reference. A warm lamp turns a green disc towards the grass; judged against the
    island's own grass it stays apart."""
    return np.asarray(grass_ab, np.float32) - references(settings.wash)["grass"]


def ring_votes(lab_samples: np.ndarray, cast=NO_CAST, settings: IslandSettings = IslandSettings()) -> dict:
    """Votes of Lab samples (8-bit, N x 3): fleet (1-4) or 0 (the island) -> count."""
    classes = nearest_reference(lab_samples, cast, settings)
    return {name: int((classes == name).sum()) for name in [0] + [look.fleet for look in kit.FLEET_LOOKS]}


def holder_from_votes(votes: dict, settings: IslandSettings = IslandSettings()) -> tuple[int | None, float]:
    """The fleet whose disc the votes show (None: the island shows), and a 0..1 margin."""
    total = sum(votes.values())
    if total < settings.min_votes:
        return None, 0.0
    fleets = {name: count for name, count in votes.items() if name}
    best = max(fleets, key=fleets.get)
    runner_up = max([votes[0]] + [count for name, count in fleets.items() if name != best])
    if fleets[best] > votes[0]:
        return best, min(1.0, (fleets[best] - runner_up) / total)
    return None, min(1.0, (votes[0] - fleets[best]) / total)


def disc_holder(image: np.ndarray, frame: TableFrame, tag_corners_px: np.ndarray, cast=NO_CAST,
                settings: IslandSettings = IslandSettings()) -> tuple[int | None, float]:
    """Whose flag piece stands beside the island's tag (None: nobody's), and a 0..1 margin."""
    corners = frame.to_table(tag_corners_px, kit.ISLAND_THICKNESS_MM)
    right = (corners[1] + corners[2] - corners[0] - corners[3]) / 2
    right /= max(float(np.linalg.norm(right)), 1e-6)
    down = np.array([-right[1], right[0]])
    pole = corners.mean(0) + right * kit.FLAG_POLE_OFFSET_MM[0] + down * kit.FLAG_POLE_OFFSET_MM[1]
    angles = np.linspace(0, 2 * math.pi, settings.disc_ring_samples, endpoint=False)
    radii = np.repeat(settings.disc_ring_mm, settings.disc_ring_samples)[:, None]
    turns = np.tile(angles, len(settings.disc_ring_mm))[:, None]
    ring = pole + radii * (np.cos(turns) * right + np.sin(turns) * down)
    pixels = frame.to_image(ring, kit.ISLAND_THICKNESS_MM + kit.FLAG_BASE_THICKNESS_MM)
    return holder_from_votes(ring_votes(_lab_at(image, pixels), cast, settings), settings)


def _lab_at(image: np.ndarray, pixels: np.ndarray) -> np.ndarray:
    """Lab of the picture at `pixels`, each a 3x3 mean (JPEG blocks and noise averaged)."""
    h, w = image.shape[:2]
    x0, y0 = np.clip(np.floor(pixels.min(0)).astype(int) - 2, 0, [w - 1, h - 1])
    x1, y1 = np.clip(np.ceil(pixels.max(0)).astype(int) + 3, 1, [w, h])
    patch = cv2.blur(image[y0:y1, x0:x1], (3, 3))
    xs = np.clip(np.round(pixels[:, 0]).astype(int) - x0, 0, x1 - x0 - 1)
    ys = np.clip(np.round(pixels[:, 1]).astype(int) - y0, 0, y1 - y0 - 1)
    return cv2.cvtColor(patch[ys, xs].reshape(1, -1, 3), cv2.COLOR_BGR2Lab).reshape(-1, 3)


def island_holder_anywhere(flat_lab: np.ndarray, outline_in: np.ndarray, cast=NO_CAST,
                           settings: IslandSettings = IslandSettings()) -> tuple[int | None, float]:
    """Whose disc lies somewhere on an island whose tag was not read: a patch of one fleet's
    colour inside the outline at least settings.disc_share of a disc (None: nobody's), and a margin."""
    corners = np.round(outline_in * PX_PER_IN - 0.5).astype(np.int32)
    x0, y0 = np.maximum(corners.min(0), 0)
    x1, y1 = corners.max(0) + 1
    flat_lab = flat_lab[y0:y1, x0:x1]
    mask = np.zeros(flat_lab.shape[:2], np.uint8)
    cv2.fillPoly(mask, [corners - (x0, y0)], 1)
    classes = nearest_reference(flat_lab, cast, settings)
    disc_px = math.pi * (kit.FLAG_BASE_DIAMETER_MM / 2 / kit.MM_PER_INCH * PX_PER_IN) ** 2
    patches = {}
    for look in kit.FLEET_LOOKS:
        paint = ((classes == look.fleet) & (mask > 0)).astype(np.uint8)
        count, _, stats, _ = cv2.connectedComponentsWithStats(paint)
        patches[look.fleet] = int(stats[1:, cv2.CC_STAT_AREA].max()) if count > 1 else 0
    best = max(patches, key=patches.get)
    needed = settings.disc_share * disc_px
    if patches[best] < needed:
        return None, min(1.0, 1.0 - patches[best] / needed)
    runner_up = max(area for fleet, area in patches.items() if fleet != best)
    return best, min(1.0, (patches[best] - runner_up) / disc_px)


def island_outline_round_tag(image: np.ndarray, frame: TableFrame, tag_corners_px: np.ndarray, table_lab: np.ndarray,
                             settings: IslandSettings = IslandSettings()) -> tuple[tuple[tuple[float, float], ...], float]:
    """The outline (table inches) of an island whose tag was read but whose grass was not
    found (mostly hidden): what differs from the table round the tag, and a confidence that
    falls when it runs out of the window looked at."""
    centre_in = frame.to_table(tag_corners_px, kit.ISLAND_THICKNESS_MM).mean(0) / kit.MM_PER_INCH
    side = int(2 * settings.window_in * WINDOW_PX_PER_IN)
    origin = centre_in - settings.window_in
    grid = np.stack(np.meshgrid(np.arange(side), np.arange(side)), -1).reshape(-1, 2) / WINDOW_PX_PER_IN + origin
    pixels = frame.to_image(grid * kit.MM_PER_INCH, kit.ISLAND_THICKNESS_MM).reshape(side, side, 2).astype(np.float32)
    patch = cv2.remap(image, pixels[..., 0], pixels[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2Lab).astype(np.float32)
    differs = (np.linalg.norm(lab - table_lab, axis=2) > settings.round_tag_difference).astype(np.uint8)
    differs = cv2.morphologyEx(differs, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    count, labels = cv2.connectedComponents(differs)
    middle = labels[side // 2, side // 2]
    if middle == 0:
        return (), 0.0
    blob = (labels == middle).astype(np.uint8)
    contours, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    contour = cv2.approxPolyDP(max(contours, key=cv2.contourArea), 1.0, True).reshape(-1, 2)
    touches = blob[0].any() or blob[-1].any() or blob[:, 0].any() or blob[:, -1].any()
    outline = tuple((round(float(x / WINDOW_PX_PER_IN + origin[0]), 3), round(float(y / WINDOW_PX_PER_IN + origin[1]), 3))
                    for x, y in contour)
    return outline, (0.4 if touches else 0.9)
