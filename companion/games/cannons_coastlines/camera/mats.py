"""A harbour mat read from the picture: coins by kind, prize masts and crates, prize hulls.

The mat's place (coast_mat_place: its marker and its paper's edges) gives it seen from
straight above at MAT_PX_PER_MM, read zone by zone against its own white paper, so the
light's colour cancels out:
- coins (coast_coins): brass discs found by their rims, named by their ring's hue;
- prize fittings: a lying mast is a long blob (pole with its fleet's pennant), a crate a short
  one (its lid painted in its fleet's colour);
- prize hulls: each carries its ship's tag (fleet and ship), else its hull colour tells the fleet.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.games.cannons_coastlines.kit import pieces as kit
from companion.vision.table_frame import TableFrame
from companion.games.cannons_coastlines.camera.coins import read_coins
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM, mat_zone_picture, not_paper, white_balanced
from companion.games.cannons_coastlines.camera.mat_place import MatFlattener, MatPlace


@dataclass(frozen=True)
class MatReading:
    player: int
    coins: dict[str, int]
    masts: list[int]                 # fleet of each prize mast (its pennant's colour); 0 when unsure
    crates: list[int]                # fleet of each prize crate (its lid's colour); 0 when unsure
    hull_fleets: list[int]           # fleet of each prize hull; 0 when unsure
    confidence: float
    doubts: list[str] = field(default_factory=list)


FLEET_REFERENCES = {look.fleet: cv2.cvtColor(np.uint8([[look.rgb[::-1]]]), cv2.COLOR_BGR2Lab)[0, 0, 1:].astype(np.float32) - 128
                    for look in kit.FLEET_LOOKS}


def nearest_colour(ab: np.ndarray, references: dict) -> tuple[object, float]:
    """The reference nearest in Lab's a*b* direction and strength, and a 0..1 margin to the next."""
    distances = sorted((float(np.linalg.norm(ab - ref)), name) for name, ref in references.items())
    (best, name), (second, _) = distances[0], distances[1]
    return name, max(0.0, min(1.0, (second - best) / (second + 1e-6)))


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
    zone = mat_zone_picture(balanced, "fittings")
    mask = cv2.morphologyEx(not_paper(zone), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
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


def _solid(balanced: np.ndarray) -> np.ndarray:
    """What is not paper on the whole mat, specks of the paper's grain opened away."""
    return cv2.morphologyEx(not_paper(balanced), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


def hull_blobs(solid: np.ndarray) -> list[np.ndarray]:
    """A mask (over the hulls zone's picture) of each hull lying in the hulls zone: a large
    blob of `solid` (_solid) there."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mat_zone_picture(solid, "hulls"))
    return [labels == index for index in range(1, count)
            if stats[index, cv2.CC_STAT_AREA] / MAT_PX_PER_MM ** 2 >= HULL_MIN_AREA_MM2]


def _hull_cover(solid: np.ndarray) -> np.ndarray:
    """Over the whole mat: each hull in the hulls zone with whatever of it leans out of the zone."""
    count, labels = cv2.connectedComponents(solid)
    areas = np.bincount(mat_zone_picture(labels, "hulls").ravel(), minlength=count) / MAT_PX_PER_MM ** 2
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


def hull_fleet_by_colour(hulls_lab: np.ndarray, blob: np.ndarray) -> tuple[int, float]:
    """The fleet colour of a prize hull (its blob in the hulls zone's Lab picture), voted by hue
    over the band round its edge (its painted sides and rim: the wooden deck inside turns red
    or yellow with the light and would outvote them), and the share of votes that agree."""
    band_px = int(2 * HULL_SIDE_BAND_MM * MAT_PX_PER_MM) | 1
    inner = cv2.erode(blob.astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (band_px, band_px)))
    fleet, agreement, seen = fleet_of_pixels(hulls_lab[blob & (inner == 0)])
    return (fleet, agreement) if seen >= 10 else (0, 0.0)


def read_mat(image: np.ndarray, frame: TableFrame, player: int, place: MatPlace, tags_on_mat: list[int],
             flattener: MatFlattener | None = None) -> MatReading:
    """Player's mat at `place`; `tags_on_mat` the fleets of the ship tags seen on its hulls zone."""
    flattener = flattener or MatFlattener(MAT_PX_PER_MM)
    balanced = white_balanced(flattener.flatten(image, frame, place))
    solid = _solid(balanced)
    coins, doubts, coin_margin = read_coins(balanced, _hull_cover(solid))
    masts, crates, fitting_doubts = read_fittings(balanced)
    doubts += fitting_doubts
    fleets = list(tags_on_mat)
    untagged = hull_blobs(solid)[len(fleets):]
    hulls_lab = cv2.cvtColor(mat_zone_picture(balanced, "hulls"), cv2.COLOR_BGR2Lab) if untagged else None
    for blob in untagged:
        fleet, margin = hull_fleet_by_colour(hulls_lab, blob)
        fleets.append(fleet)
        if margin < 0.6:
            doubts.append("a prize hull whose colour is unclear" + (f" (read as fleet {fleet})" if fleet else ""))
    confidence = min([coin_margin * 2, 1.0] + ([0.3] if doubts else []))
    return MatReading(player, coins, masts, crates, fleets, round(float(confidence), 3), doubts)
