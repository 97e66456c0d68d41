"""A harbour mat read from the picture: coins by kind, prize masts and crates, prize hulls.

The mat's place (coast_mat_place: its marker and its paper's edges) gives it seen from
straight above at MAT_PX_PER_MM, read zone by zone against its own white paper, so the
light's colour cancels out:
- coins: brass discs with a coloured ring; the shine inside a ring is filled in, and the
  centres are the peaks of the distance to the paper (coins overlap by 3 mm at most, so
  centres lie 19 mm apart or more); the kind is the ring's hue;
- prize fittings: a lying mast is a long blob (pole with its fleet's pennant), a crate a short
  one (its lid painted in its fleet's colour);
- prize hulls: each carries its ship's tag (fleet and ship), else its hull colour tells the fleet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.kit import coast_pieces as kit
from companion.vision.coast_frame import TableFrame
from companion.vision.coast_mat_place import MatFlattener, MatPlace

MAT_PX_PER_MM = 2.0
COIN_MIN_SEPARATION_MM = kit.COIN_DIAMETER_MM - kit.COIN_MAX_OVERLAP_MM - 1.0
COIN_CHROMA_WEIGHT = 2.5      # a step of colour counts this much more than a step of lightness
COIN_EDGE_MIN = 3.0           # levels per px of that paper likeness: weaker edges are the paper's grain
COIN_EDGE_CAP = 15.0          # a strong edge votes no more than this, so a shiny face cannot outvote rims
COIN_VOTE_SPREAD_MM = 1.5     # votes are spread this far: rims are a little off round (lean, blur)
COIN_FACE_CHECK_MM = 8.0      # a coin's centre has no paper within this radius ...
COIN_FACE_COVERED = 0.8       # ... bar a fifth of it (shine, blur)
PAPER_LIKE_MIN = 200.0        # paper likeness (Lab L - weight * chroma) below this is not paper; paper is near 232
COIN_MIN_VOTES = 0.43         # of a full rim; measured on the dev views (100-179): 0.42-0.44 best
COIN_WEAK_VOTES = 0.2         # a coin with fewer votes than COIN_MIN_VOTES still counts ...
COIN_WEAK_FACE_COVERED = 0.93  # ... with this much of its face covered (dev views 100-299: 0.93-0.97 alike)
# A coin's face (median paper likeness) lies this far below the zone's paper (its 90th
# percentile): on views 7000-7299 true coins lie 80 and more below, blotched paper 8-30.
COIN_FACE_BELOW_PAPER = 55.0
PAPER_MAX_SATURATION, PAPER_MIN_VALUE = 55, 150   # HSV: the white-balanced paper is pale and light
COIN_ZONE_OVERHANG_MM = 4.0   # a coin lies over its zone's bottom line by this much at most, where a hull lies beyond
PAPER_REACH_MM = 34.0         # wider than a coin, so some paper lies within reach of every spot


@dataclass(frozen=True)
class MatReading:
    player: int
    coins: dict[str, int]
    masts: list[int]                 # fleet of each prize mast (its pennant's colour); 0 when unsure
    crates: list[int]                # fleet of each prize crate (its lid's colour); 0 when unsure
    hull_fleets: list[int]           # fleet of each prize hull; 0 when unsure
    confidence: float
    doubts: list[str] = field(default_factory=list)


def _zone(picture: np.ndarray, name: str, margin_mm: float = 0.0) -> np.ndarray:
    """The zone's part of the flattened mat, `margin_mm` wider on every side (within the mat)."""
    zone = kit.mat_zone(name)
    x0, y0 = (max(0, int((v - margin_mm) * MAT_PX_PER_MM)) for v in (zone.x, zone.y))
    x1 = int((zone.x + zone.width + margin_mm) * MAT_PX_PER_MM)
    y1 = int((zone.y + zone.height + margin_mm) * MAT_PX_PER_MM)
    return picture[y0:y1, x0:x1]


def _white_balanced(picture: np.ndarray) -> np.ndarray:
    """Divided by the paper's own colour round each spot, so paper reads white even where a
    lamp's light falls off or warms across the mat. The paper is the brightest thing on a
    mat; its colour round a spot is the brightest colour within a coin and a half (found on
    a quarter-size picture: it changes slowly)."""
    small = cv2.resize(picture, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    reach = int(PAPER_REACH_MM * MAT_PX_PER_MM * 0.25) | 1
    paper = cv2.dilate(small, cv2.getStructuringElement(cv2.MORPH_RECT, (reach, reach)))
    paper = cv2.blur(paper, (reach, reach))
    paper = cv2.resize(paper, (picture.shape[1], picture.shape[0]), interpolation=cv2.INTER_LINEAR)
    return cv2.divide(picture, np.maximum(paper, 1), scale=235.0)


def _not_paper(balanced: np.ndarray) -> np.ndarray:
    hsv = cv2.cvtColor(balanced, cv2.COLOR_BGR2HSV)
    return ((hsv[..., 1] > PAPER_MAX_SATURATION) | (hsv[..., 2] < PAPER_MIN_VALUE)).astype(np.uint8)


# Each kind's ring hue as the camera sees it on the white-balanced mat: a webcam's colours are
# not the printer's (cyan comes out greener, green yellower, purple redder than their sRGB), so
# these are measured: the chroma-weighted ring hue of the true coins on the dev views 100-159.
# Kinds only name the coins; every coin scores 1 point whatever its kind (CS-4).
COIN_HUES_DEG = {"skilled_gunner": 38.0, "evasive_maneuvers": 65.0, "repair_crew": 129.0, "full_sail": 176.0,
                 "brace_for_impact": 290.0, "boarding_party": 329.0}
COIN_RING_SAMPLE_MM = (8.2, 9.0, 9.8)   # across the 3 mm ring, clear of its outer rim
FLEET_REFERENCES = {look.fleet: cv2.cvtColor(np.uint8([[look.rgb[::-1]]]), cv2.COLOR_BGR2Lab)[0, 0, 1:].astype(np.float32) - 128
                    for look in kit.FLEET_LOOKS}


def nearest_colour(ab: np.ndarray, references: dict) -> tuple[object, float]:
    """The reference nearest in Lab's a*b* direction and strength, and a 0..1 margin to the next."""
    distances = sorted((float(np.linalg.norm(ab - ref)), name) for name, ref in references.items())
    (best, name), (second, _) = distances[0], distances[1]
    return name, max(0.0, min(1.0, (second - best) / (second + 1e-6)))


def coin_centres(zone_lab: np.ndarray) -> list[tuple[float, float]]:
    """Centres (px, row-col) of the coins in a white-balanced zone (Lab), by their rims: every edge
    where the paper gives way to something darker votes for the spot one coin radius inside
    it, across the edge. A coin's rim shows round most of its circle even when neighbours
    touch it and however its face shines, so each coin makes one sharp peak; a peak counts when
    its votes reach COIN_MIN_VOTES and no stronger one lies within COIN_MIN_SEPARATION_MM."""
    lab = zone_lab.astype(np.float32)
    # How much like white paper each pixel is: light and grey. A pale coin (cyan, orange) is
    # nearly as light as the paper but far more coloured.
    paper_like = lab[..., 0] - COIN_CHROMA_WEIGHT * np.hypot(lab[..., 1] - 128, lab[..., 2] - 128)
    lightness = cv2.GaussianBlur(paper_like, (0, 0), 1.0)
    gx = cv2.Sobel(lightness, cv2.CV_32F, 1, 0, ksize=3) / 8
    gy = cv2.Sobel(lightness, cv2.CV_32F, 0, 1, ksize=3) / 8
    strength = np.hypot(gx, gy)
    ys, xs = np.nonzero(strength > COIN_EDGE_MIN)
    edge = strength[ys, xs]
    radius = kit.COIN_DIAMETER_MM / 2 * MAT_PX_PER_MM
    # Lightness rises from the coin out to the paper: the centre lies against the gradient.
    cx = np.round(xs - radius * gx[ys, xs] / edge).astype(int)
    cy = np.round(ys - radius * gy[ys, xs] / edge).astype(int)
    height, width = lightness.shape
    inside = (cx >= 0) & (cx < width) & (cy >= 0) & (cy < height)
    votes = np.bincount(cy[inside] * width + cx[inside], weights=np.minimum(edge[inside], COIN_EDGE_CAP),
                        minlength=height * width).reshape(height, width).astype(np.float32)
    sigma = COIN_VOTE_SPREAD_MM * MAT_PX_PER_MM
    # Votes per px of rim, once spread: a full rim of capped edges one px wide scores about 1.
    score = cv2.GaussianBlur(votes, (0, 0), sigma) * (2 * np.pi * sigma ** 2) / (2 * np.pi * radius * COIN_EDGE_CAP)
    peaks = (score >= cv2.dilate(score, np.ones((3, 3), np.uint8))) & (score >= COIN_WEAK_VOTES)
    # A coin covers the paper all round its centre; the edge of a hull leaning in from the
    # next zone, or a caption, gathers votes too, but with paper on one side. Beyond the
    # zone's picture counts as paper: a coin lies in its zone, not past it.
    reach = int(COIN_FACE_CHECK_MM * MAT_PX_PER_MM)
    disc = np.hypot(*np.mgrid[-reach:reach + 1, -reach:reach + 1]) <= reach
    covering = np.pad(paper_like < PAPER_LIKE_MIN, reach)
    rows, cols = np.nonzero(peaks)
    offsets = np.argwhere(disc)
    covered = covering[rows[:, None] + offsets[:, 0], cols[:, None] + offsets[:, 1]].mean(1)
    # A pale coin among others shows little rim against paper: fewer votes will do where its
    # whole face is covered (a gap between coins shows paper in its middle).
    keep = covered >= np.where(score[rows, cols] >= COIN_MIN_VOTES, COIN_FACE_COVERED, COIN_WEAK_FACE_COVERED)
    rows, cols = rows[keep], cols[keep]
    order = np.argsort(-score[rows, cols], kind="stable")
    centres: list[tuple[float, float]] = []
    separation = COIN_MIN_SEPARATION_MM * MAT_PX_PER_MM
    paper_level = float(np.percentile(paper_like, 90))
    for row, col in zip(rows[order], cols[order]):
        if any((row - r) ** 2 + (col - c) ** 2 < separation ** 2 for r, c in centres):
            continue
        # Blotched paper (JPEG colour noise on a far mat) passes the covering test; no coin is that pale.
        face = paper_like[max(0, row - reach):row + reach + 1, max(0, col - reach):col + reach + 1]
        window = disc[max(0, reach - row):, max(0, reach - col):][:face.shape[0], :face.shape[1]]
        if paper_level - float(np.median(face[window])) >= COIN_FACE_BELOW_PAPER:
            centres.append((float(row), float(col)))
    return centres


def read_coins(balanced: np.ndarray) -> tuple[dict[str, int], list[str], float]:
    """Coins by kind on the mat: each coin's kind is the ring hue most of its ring votes for
    (weighted by chroma squared, so the ring's paint outvotes brass and paper the ring
    samples touch when the centre is a little off)."""
    margin = 4.0
    zone_box = kit.mat_zone("coins")
    zone = _zone(balanced, "coins", margin)
    origin = (max(0.0, zone_box.x - margin), max(0.0, zone_box.y - margin))
    lab = cv2.cvtColor(zone, cv2.COLOR_BGR2Lab)
    hulls = _zone(_hull_cover(balanced), "coins", margin)
    low_line = zone_box.y + zone_box.height - (kit.COIN_DIAMETER_MM / 2 - COIN_ZONE_OVERHANG_MM)
    centres = np.array([(row, col) for row, col in coin_centres(lab)
                        # A coin counts where its centre lies (the margin lets a coin at the edge be seen whole) ...
                        if zone_box.contains(origin[0] + col / MAT_PX_PER_MM, origin[1] + row / MAT_PX_PER_MM, -2.0)
                        # ... but a prize hull 12 mm tall leans over the zone's bottom line, and
                        # its deck's edge and tag gather votes there.
                        and not (hulls[int(row), int(col)] and origin[1] + row / MAT_PX_PER_MM > low_line)])
    if len(centres) == 0:
        return {}, [], 1.0
    angles = np.linspace(0, 2 * np.pi, 24, endpoint=False)
    radii = np.array(COIN_RING_SAMPLE_MM) * MAT_PX_PER_MM
    ring = np.stack(np.meshgrid(radii, angles), -1).reshape(-1, 2)
    ys = np.clip(np.round(centres[:, :1] + ring[:, 0] * np.sin(ring[:, 1])).astype(int), 0, zone.shape[0] - 1)
    xs = np.clip(np.round(centres[:, 1:] + ring[:, 0] * np.cos(ring[:, 1])).astype(int), 0, zone.shape[1] - 1)
    ab = lab[ys, xs, 1:].astype(np.float32) - 128                       # (coins, samples, 2)
    hue = np.degrees(np.arctan2(ab[..., 1], ab[..., 0])) % 360.0
    kinds = list(COIN_HUES_DEG)
    gaps = np.abs((hue[..., None] - np.array([COIN_HUES_DEG[k] for k in kinds]) + 180) % 360 - 180)
    strength = (ab ** 2).sum(-1)
    votes = np.stack([(strength * (gaps.argmin(-1) == index)).sum(1) for index in range(len(kinds))], 1)
    shares = votes / np.maximum(votes.sum(1, keepdims=True), 1e-6)
    coins: dict[str, int] = {}
    doubts, margins = [], []
    for share in shares:
        order = np.argsort(-share)
        kind, margin_kind = kinds[order[0]], float(share[order[0]] - share[order[1]])
        coins[kind] = coins.get(kind, 0) + 1
        margins.append(margin_kind)
        if margin_kind < 0.1:
            doubts.append(f"a coin whose ring colour is unclear (read as {kind.replace('_', ' ')})")
    return coins, doubts, (min(margins) if margins else 1.0)


# A crate's blob holds a disc this wide (its 14 mm top, blurred: 7 mm and more on the dev
# views); a lying mast's at most 6.6 mm (where the pennant meets the pole).
CRATE_MIN_HALF_WIDTH_MM = 6.8
PRIZE_MIN_AREA_MM2 = 50.0
FLEET_MIN_CHROMA = 16.0      # Lab a*b*: paler pixels are paper, sail, grey shade or a pale pole
# A mast is counted by its pennant (12 x 7 mm of its fleet's paint): its paint's pixels are
# those of the fleet's hue, coloured and not wood. Blur leaves 40-85 mm^2 of a pennant; a
# sail's warm tint or a pole's shade leaves stray patches of 30 mm^2 and less.
PENNANT_MIN_MM2 = 35.0
PAINT_HUE_REACH_DEG = 30.0
PAINT_MIN_CHROMA = 10.0      # dark blue and green paint blur to little chroma
YELLOW_PAINT_MIN_CHROMA = 28.0   # yellow shares its hue with a sail's cream and with wood ...
YELLOW_PAINT_MIN_LIGHTNESS = 170  # ... but is far stronger and nearly as light as the paper
RED_PAINT_MIN_CHROMA = 20.0  # a crate's shaded wooden side turns red-brown
PAINT_JOIN_MM = 4.0          # parts of one pennant or lid lie closer; two pennants lie 11 mm apart or more
POLE_MIN_LENGTH_MM, POLE_MAX_WIDTH_MM = 30.0, 9.0   # a lying mast is 44 mm long; its pole 4 mm, blurred
CRATE_MIN_THICK_MM2 = 240.0  # thick part of a blob with a pole: a broad pennant 216-223 mm^2, a crate 225 and up (views 7000-7449)
POLE_CLEAR_MM = 10.0         # a crate's top is 14 mm across: it holds a disc this wide, a pole does not
LID_REACH_MM = 6.0           # a crate's lid lies within this of the crate's thick core
MAST_PART_GAP_MM = 6.0       # pole and pennant of one mast lie closer; two masts lie 11 mm apart or more
PALE_PENNANT_MIN_MM2 = 12.0  # of coloured pixels: a mast whose pennant is too pale for a patch of paint
# Wood (crate sides and rim, mast poles) is an orange-yellow of middling lightness; a yellow
# fleet's paint shares its hue but is nearly as light as the paper.
WOOD_HUES_DEG = (45.0, 85.0)
WOOD_MAX_LIGHTNESS = 170     # 8-bit Lab L


def _hue_deg(ab: np.ndarray) -> np.ndarray:
    return np.degrees(np.arctan2(ab[..., 1], ab[..., 0])) % 360.0


FLEET_HUES_DEG = {fleet: float(_hue_deg(ab)) for fleet, ab in FLEET_REFERENCES.items()}


def fleet_of_pixels(lab_pixels: np.ndarray) -> tuple[int, float, int]:
    """The fleet whose colour the coloured, not wooden pixels show, by hue (a camera and the
    light wash colours out, but keep their hue): (fleet or 0, share of the votes that agree,
    how many coloured pixels there were)."""
    lightness = lab_pixels[:, 0].astype(np.float32)
    ab = lab_pixels[:, 1:].astype(np.float32) - 128
    hue = _hue_deg(ab)
    wood = (hue >= WOOD_HUES_DEG[0]) & (hue <= WOOD_HUES_DEG[1]) & (lightness < WOOD_MAX_LIGHTNESS)
    coloured = (np.hypot(ab[:, 0], ab[:, 1]) > FLEET_MIN_CHROMA) & ~wood
    if not coloured.any():
        return 0, 0.0, 0
    fleets = list(FLEET_HUES_DEG)
    gaps = np.abs((hue[coloured, None] - np.array([FLEET_HUES_DEG[f] for f in fleets])[None] + 180) % 360 - 180)
    # Votes weighted by chroma squared: the paint outvotes a pale pole or a sail's tint.
    strength = (ab[coloured] ** 2).sum(1)
    votes = np.bincount(np.argmin(gaps, axis=1), weights=strength, minlength=len(fleets))
    return int(fleets[int(np.argmax(votes))]), float(votes.max() / votes.sum()), int(coloured.sum())


def _fleet_paint(lab: np.ndarray) -> dict[int, np.ndarray]:
    """Each fleet's paint in the picture: pixels of its hue, coloured enough and not wood."""
    ab = lab[..., 1:].astype(np.float32) - 128
    hue = _hue_deg(ab)
    chroma = np.hypot(ab[..., 0], ab[..., 1])
    lightness = lab[..., 0]
    wood = (hue >= WOOD_HUES_DEG[0]) & (hue <= WOOD_HUES_DEG[1]) & (lightness < WOOD_MAX_LIGHTNESS)
    paint = {}
    for fleet, fleet_hue in FLEET_HUES_DEG.items():
        near = (np.abs((hue - fleet_hue + 180) % 360 - 180) < PAINT_HUE_REACH_DEG) & ~wood
        colour = kit.fleet_look(fleet).colour
        if colour == "yellow":
            near &= (chroma > YELLOW_PAINT_MIN_CHROMA) & (lightness >= YELLOW_PAINT_MIN_LIGHTNESS)
        else:
            near &= chroma > (RED_PAINT_MIN_CHROMA if colour == "red" else PAINT_MIN_CHROMA)
        paint[fleet] = near.astype(np.uint8)
    return paint


def _paint_patches(paint: np.ndarray) -> list[np.ndarray]:
    """Patches of paint big enough for a pennant; parts of one patch split by a pole or blur
    within PAINT_JOIN_MM are one patch."""
    paint = cv2.morphologyEx(paint, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    join = int(PAINT_JOIN_MM * MAT_PX_PER_MM) | 1
    count, labels = cv2.connectedComponents(cv2.dilate(paint, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (join, join))))
    labels = np.where(paint > 0, labels, 0)
    areas = np.bincount(labels.ravel(), minlength=count)
    return [labels == index for index in range(1, count) if areas[index] >= PENNANT_MIN_MM2 * MAT_PX_PER_MM ** 2]


def read_fittings(balanced: np.ndarray) -> tuple[list[int], list[int], list[str]]:
    """(fleet of each lying mast, fleet of each crate, doubts) in the fittings zone. Every blob
    that is not paper belongs to a prize. A crate is thick (14 mm square, and standing 11 mm
    tall it leans in the view only to grow longer); a lying mast is thin (a 4 mm pole, the
    pennant beside its end), and its pole and pennant can show as separate blobs, so thin
    blobs within a few mm of each other are one mast. Masts side by side touch by their sails,
    and a pennant can touch a crate, so a blob holds as many masts as it shows pennants
    (patches of one fleet's paint) apart from a crate's lid; a thin blob whose pennant is too
    pale for a patch is still one mast when its coloured pixels show a pennant's worth."""
    zone = _zone(balanced, "fittings")
    mask = cv2.morphologyEx(_not_paper(zone), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    depth = cv2.distanceTransform(mask, cv2.DIST_L2, 5) / MAT_PX_PER_MM
    lab = cv2.cvtColor(zone, cv2.COLOR_BGR2Lab)
    pieces: list[tuple[str, np.ndarray]] = []
    thin = np.zeros_like(mask)
    for index in range(1, count):
        if stats[index, cv2.CC_STAT_AREA] / MAT_PX_PER_MM ** 2 < PRIZE_MIN_AREA_MM2:
            continue
        blob = labels == index
        if float(depth[blob].max()) >= CRATE_MIN_HALF_WIDTH_MM:
            pieces.append(("crate", blob))
        else:
            thin[blob] = 1
    joined = cv2.dilate(thin, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (int(MAST_PART_GAP_MM * MAT_PX_PER_MM) | 1,) * 2))
    count, labels = cv2.connectedComponents(joined)
    pieces += [("mast", (labels == index) & (thin > 0)) for index in range(1, count)]
    patches = [(fleet, patch) for fleet, paint in _fleet_paint(lab).items() for patch in _paint_patches(paint & mask)]
    reach = int(LID_REACH_MM * MAT_PX_PER_MM) | 1
    masts, crates, doubts = [], [], []
    for kind, blob in pieces:
        inside = [(fleet, patch) for fleet, patch in patches if (patch & blob).sum() * 2 > patch.sum()]
        if kind == "crate":
            core = cv2.dilate((blob & (depth >= CRATE_MIN_HALF_WIDTH_MM)).astype(np.uint8),
                              cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (reach, reach))) > 0
            on_core = {n: int((patch & core).sum()) for n, (_, patch) in enumerate(inside) if (patch & core).any()}
            # The lid lies most on the crate's core; paint clear of the core is a pennant touching the crate.
            pennants = [fleet for n, (fleet, _) in enumerate(inside) if n not in on_core]
            masts += pennants
            if on_core:
                lid_fleet = inside[max(on_core, key=on_core.get)][0]
                poles, thick_mm2 = _poles(blob)
                if poles and thick_mm2 < CRATE_MIN_THICK_MM2:
                    # A pole with a broad pennant at its end: a mast, the pennant no lid.
                    masts.append(lid_fleet)
                    continue
                crates.append(lid_fleet)
                # A mast lying against the crate, its pennant blurred into the lid: its pole
                # still shows, long and thin, clear of the crate.
                masts += [lid_fleet] * max(0, poles - len(pennants))
                continue
        elif inside:
            masts += [fleet for fleet, _ in inside]
            continue
        fleet, agreement, seen = fleet_of_pixels(lab[blob])
        if kind == "mast" and seen < PALE_PENNANT_MIN_MM2 * MAT_PX_PER_MM ** 2:
            continue   # a stretch of pole, its pennant's part seen as its own blob
        if seen < 4:
            fleet = 0
            doubts.append(f"a prize {kind} whose fleet colour was not seen")
        elif agreement < 0.6:
            doubts.append(f"a prize {kind} whose fleet colour is unclear (read as fleet {fleet})")
        (masts if kind == "mast" else crates).append(fleet)
    return masts, crates, doubts


# The smallest hull, 4 x 1.6 in, covers about 3700 mm^2; one lying mostly in the zone shows
# 2700 and more (views 7000-7449). The table showing past a mat placed a little off makes
# blobs of 1500-2100 along the mat's edge.
HULL_MIN_AREA_MM2 = 2200.0
HULL_SIDE_BAND_MM = 5.0          # the painted sides and rim round the wooden deck, as seen from above


def hull_blobs(balanced: np.ndarray) -> list[np.ndarray]:
    """A mask (over the hulls zone's picture) of each hull lying in the hulls zone: a large
    blob that is not paper."""
    mask = cv2.morphologyEx(_not_paper(_zone(balanced, "hulls")), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    return [labels == index for index in range(1, count)
            if stats[index, cv2.CC_STAT_AREA] / MAT_PX_PER_MM ** 2 >= HULL_MIN_AREA_MM2]


def _hull_cover(balanced: np.ndarray) -> np.ndarray:
    """Over the whole mat: each hull in the hulls zone with whatever of it leans out of the zone."""
    mask = cv2.morphologyEx(_not_paper(balanced), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, labels = cv2.connectedComponents(mask)
    areas = np.bincount(_zone(labels, "hulls").ravel(), minlength=count) / MAT_PX_PER_MM ** 2
    areas[0] = 0.0   # the paper
    return np.isin(labels, np.nonzero(areas >= HULL_MIN_AREA_MM2)[0])


def _poles(blob: np.ndarray) -> tuple[int, float]:
    """How many lying masts' poles stand out of a crate's blob: parts long and thin once the
    crate (what a disc of POLE_CLEAR_MM fits in) is taken away; and that thick part's mm^2."""
    size = int(POLE_CLEAR_MM * MAT_PX_PER_MM) | 1
    thick = cv2.morphologyEx(blob.astype(np.uint8), cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    rest = (blob > 0) & (cv2.dilate(thick, np.ones((5, 5), np.uint8)) == 0)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(rest.astype(np.uint8))
    poles = 0
    for index in range(1, count):
        if stats[index, cv2.CC_STAT_AREA] < POLE_MIN_LENGTH_MM * MAT_PX_PER_MM * 2:
            continue
        # A bar's length and width from its spread along and across.
        spread = np.linalg.eigvalsh(np.cov(np.argwhere(labels == index).T.astype(np.float64)))
        width, length = np.sqrt(12.0 * np.maximum(spread, 0.0)) / MAT_PX_PER_MM
        poles += bool(length >= POLE_MIN_LENGTH_MM and width <= POLE_MAX_WIDTH_MM)
    return poles, float(thick.sum()) / MAT_PX_PER_MM ** 2


def hull_fleet_by_colour(balanced: np.ndarray, blob: np.ndarray) -> tuple[int, float]:
    """The fleet colour of a prize hull, voted by hue over the band round its edge (its painted
    sides and rim: the wooden deck inside turns red or yellow with the light and would
    outvote them), and the share of votes that agree."""
    band_px = int(2 * HULL_SIDE_BAND_MM * MAT_PX_PER_MM) | 1
    inner = cv2.erode(blob.astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (band_px, band_px)))
    band = blob & (inner == 0)
    lab = cv2.cvtColor(_zone(balanced, "hulls"), cv2.COLOR_BGR2Lab)
    fleet, agreement, seen = fleet_of_pixels(lab[band])
    return (fleet, agreement) if seen >= 10 else (0, 0.0)


def read_mat(image: np.ndarray, frame: TableFrame, player: int, place: MatPlace, tags_on_mat: list[int],
             flattener: MatFlattener | None = None) -> MatReading:
    """Player's mat at `place`; `tags_on_mat` the fleets of the ship tags seen on its hulls zone."""
    flattener = flattener or MatFlattener(MAT_PX_PER_MM)
    balanced = _white_balanced(flattener.flatten(image, frame, place))
    coins, doubts, coin_margin = read_coins(balanced)
    masts, crates, fitting_doubts = read_fittings(balanced)
    doubts += fitting_doubts
    fleets = list(tags_on_mat)
    for blob in hull_blobs(balanced)[len(fleets):]:
        fleet, margin = hull_fleet_by_colour(balanced, blob)
        fleets.append(fleet)
        if margin < 0.6:
            doubts.append("a prize hull whose colour is unclear" + (f" (read as fleet {fleet})" if fleet else ""))
    confidence = min([coin_margin * 2, 1.0] + ([0.3] if doubts else []))
    return MatReading(player, coins, masts, crates, fleets, round(float(confidence), 3), doubts)
