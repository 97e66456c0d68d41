"""The dice: each candidate blob is looked at straight down on a plane at a die's height, where a flat
die's top face is a true square and its pips true circles; pips are small spots set off from their
surround, lighter or darker; pairs of them propose faces, read as a grid of pip places (die_face.py), and
the farthest face from the camera (the top; the sides lie towards it) is the die's reading. A face's pips
are round and of one size and its body runs on evenly to near its edges: a grid that pairs a top's pip
with a side's squashed one, or runs over an edge, is no face. A die whose face reads no layout clearly,
leans (its grid of pips squashed), shows no pips, or shows two faces of different counts that neither explains
(a lone pip beside a side's spots) is reported with a low confidence, and the players are asked, never
told a guess; so are a roll's dice whose tops read at sizes far apart (but one asked already, then it alone),
a roll's dice being one pair. A tilted top squashes its pips along the tilt, where a flat top's, seen straight
down on its plane, stay round but for blur: a face whose pips, pooled, are squashed well beyond that is doubted too (this
tells a cocked die showing one to three pips, where the grid of pip places cannot), and so is such a face
whose die's body reaches beside its top or beyond its far edge, as a flat die's sides never do
(die_sides.py). Spots anywhere in the crop are taken (a die's body may match the print behind it, leaving it
out of the foreground); a print's dots fit no face of round pips on an even body. A face of four pips or more, a pip in each corner, already
shows a cocked die by its squashed grid: its edges may stray further (a rounded edge catching the light) and a lower
margin reads it sure. A die against a strip of misregistered print is part of a blob far bigger than a die, which
is opened by less than a die's top to find it (foreground.solid_parts). A die whose faces all strayed at their edges
or showed unlike pips is placed at its farthest such face and read loosely: its count is told in the question asked,
never read sure; but when that face's pips are alike and its body, a little in from the edges, is even (a green-gold
top whose rounded edges alone catch the light), it is read as a face, with every doubt above. A reading here is the
pip counter's; the reader puts the learned face reader's beside it (face_model.py), and `SeenDie.doubted` keeps the doubts
raised here standing when the two agree."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.games.black_cannon.camera.board_view import BoardView
from companion.games.black_cannon.camera.die_face import (BODY, GRID, SPREAD_SHARE, pips_roundness, proposals, read_grid,
                                                          read_lone, stray_spots)
from companion.games.black_cannon.camera.die_sides import body_extent, sides_show_lean
from companion.games.black_cannon.camera.foreground import Blob
from companion.games.black_cannon.camera.lone_pip_body import print_doubts
from companion.games.black_cannon.camera.settings import ReaderSettings

CROP_MARGIN_MM = 6.0
CORNERED_PIPS = 4          # a face of this many pips or more has a pip in each of its corners


@dataclass(frozen=True)
class SeenDie:
    pips: int | None
    confidence: float
    centre_mm: tuple[float, float]
    reason: str
    side_mm: float | None = None     # the top face's side from its pips' spread; None for a lone pip
    doubted: bool = False            # a doubt was raised on it beyond its margin (a cocked die?, another count)


@dataclass(frozen=True)
class Spot:
    centre: np.ndarray      # mm, in the crop's board frame
    area_mm2: float
    roundness: float        # 1 for a disc or square seen straight on; less when squashed
    lighter: bool           # lighter than its surround (white pips on a dark die), or darker


def _spots(crop: np.ndarray, grey: np.ndarray, ppm: float, origin, settings: ReaderSettings) -> list[Spot]:
    """Round spots about a pip's size, for any die's size, standing out from their surround, either way."""
    local = _local_contrast(grey, ppm, settings)
    spots = []
    # The blob's area says little of the die's size (a body like the print behind it is partly missed).
    smallest, largest = ((side * ppm) ** 2 for side in settings.die_size_mm)
    low, high = settings.pip_area_share[0] * smallest, settings.pip_area_share[1] * largest
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
            fill = area / max(a * b, 1.0)
            # Roundness from the second moments: a few pixels' bounding box says more of the pixel grid than of the spot.
            moments = np.cov(points.T) + np.eye(2) / 12.0
            spread = np.linalg.eigvalsh(moments)
            roundness = math.sqrt(spread[0] / max(spread[1], 1e-9))
            if fill < 0.45:
                continue
            spots.append(Spot(centres[label] / ppm + np.array(origin), float(area) / ppm ** 2, float(roundness),
                              sign > 0))
    return spots


def _local_contrast(grey: np.ndarray, ppm: float, settings: ReaderSettings) -> np.ndarray:
    """Each pixel against its surround (about half a die across): a pip stands out of it either way."""
    surround = int(round(settings.die_top_guess_mm * 0.45 * ppm)) | 1
    return grey.astype(np.float32) - cv2.blur(grey.astype(np.float32), (surround, surround))


def die_candidates(loose: list[Blob], settings: ReaderSettings) -> list[Blob]:
    """The blobs that may be a die: each blob of a die's size, and, since a die whose body partly matches
    the print behind it breaks into pieces, pieces within a few mm of each other taken together (a hand
    or a ship that joins a die's group does not cost the die its own blob)."""
    groups = [[blob] for blob in loose]
    singles = [list(group) for group in groups]
    merged = True
    while merged:
        merged = False
        for i in range(len(groups)):
            for j in range(i + 1, len(groups)):
                if _gap_mm(_box_of(groups[i]), _box_of(groups[j])) <= settings.die_pieces_gap_mm:
                    groups[i] += groups.pop(j)
                    merged = True
                    break
            if merged:
                break
    found = []
    for group in singles + [group for group in groups if len(group) > 1]:
        box = _box_of(group)
        area = sum(blob.area_mm2 for blob in group)
        if not _too_small(area, settings) and not _too_big(area, box, settings):
            weights = np.array([blob.area_mm2 for blob in group])[:, None]
            centre = (np.array([blob.centre_mm for blob in group]) * weights).sum(axis=0) / weights.sum()
            colour = (np.array([blob.colour for blob in group]) * weights).sum(axis=0) / weights.sum()
            found.append(Blob(centre, float(area), colour, box))
    return found


def bigger_than_a_die(blob: Blob, settings: ReaderSettings) -> bool:
    """Whether a blob is too big to be one die, its sides and its shadow (a die may lie inside it)."""
    return _too_big(blob.area_mm2, blob.box_mm, settings)


def _too_big(area: float, box, settings: ReaderSettings) -> bool:
    return area > 4.0 * settings.die_size_mm[1] ** 2 or max(box[2] - box[0], box[3] - box[1]) > settings.die_blob_span_mm


def _too_small(area: float, settings: ReaderSettings) -> bool:
    return area < settings.die_min_area_share * settings.die_size_mm[0] ** 2


def _box_of(group: list[Blob]) -> tuple[float, float, float, float]:
    boxes = np.array([blob.box_mm for blob in group])
    return float(boxes[:, 0].min()), float(boxes[:, 1].min()), float(boxes[:, 2].max()), float(boxes[:, 3].max())


def _gap_mm(a, b) -> float:
    return max(a[0] - b[2], b[0] - a[2], a[1] - b[3], b[1] - a[3], 0.0)


def read_die(view: BoardView, image: np.ndarray, blob: Blob, settings: ReaderSettings) -> SeenDie:
    ppm, height = settings.dice_px_per_mm, settings.die_top_guess_mm
    # The crop holds the blob and a whole die round its middle, both on the table and at a die's height:
    # a blob may be only part of its die (a body that matches the print behind it).
    reach = settings.die_size_mm[1]
    x0, y0, x1, y1 = blob.box_mm
    cx, cy = blob.centre_mm
    x0, y0, x1, y1 = min(x0, cx - reach), min(y0, cy - reach), max(x1, cx + reach), max(y1, cy + reach)
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    raised = view.to_board(cv2.perspectiveTransform(np.float64([corners]), view.to_image).reshape(-1, 2), height)
    low = np.minimum(raised.min(axis=0), np.float64(corners).min(axis=0)) - CROP_MARGIN_MM
    high = np.maximum(raised.max(axis=0), np.float64(corners).max(axis=0)) + CROP_MARGIN_MM
    crop = view.warp(image, ppm, tuple(low), tuple(high - low), height)
    grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    spots = [s for s in _spots(crop, grey, ppm, low, settings) if s.roundness > settings.spot_roundness]
    centre = tuple(map(float, blob.centre_mm))
    if not spots:
        return SeenDie(None, 0.0, centre, "no pips found on it: a die upside down, cocked or hidden?")
    faces, near_misses, rounded_tops = [], [], []
    picture = crop.astype(np.float32)
    for lighter in (True, False):
        kind = [s for s in spots if s.lighter == lighter]
        if not kind:
            continue
        points = (np.array([s.centre for s in kind]) - low) * ppm
        radii = np.sqrt(np.array([s.area_mm2 for s in kind]) / math.pi) * ppm
        roundness = np.array([s.roundness for s in kind])
        for middle, angle, spread, lone in proposals(points, radii, ppm, settings):
            pip_radius = float(np.median(radii))
            face = read_lone(picture, middle, spread, pip_radius, settings.lone_margin_quantile) if lone else \
                read_grid(picture, middle, angle, spread, pip_radius)
            if face is None or face.margin < settings.face_margin or face.evenness > settings.face_evenness \
                    or stray_spots(face, points, picture, pip_radius, settings.stray_pip_likeness):
                continue
            alike = _pips_alike(face, points, radii, roundness, settings)
            if face.outline <= _outline_limit(face, settings) and alike:
                faces.append((face, points, radii))
            else:
                near_misses.append((face, points, radii))
                if alike and face.inside_outline <= _outline_limit(face, settings):
                    rounded_tops.append(near_misses[-1])
    if not faces and not near_misses:
        return SeenDie(None, 0.0, centre, "its spots fit no die face: cocked, or not a die")
    if not faces:
        loose = max(_farthest(near_misses, _away_from_camera(view, blob)), key=lambda item: item[0].margin)
        # A flat top whose rounded edges catch the light strays at its edges but not just inside them: read as a
        # face, with every doubt below (its size among them); any other loose face is only placed and asked about.
        if not any(loose is item for item in rounded_tops):
            return _loose_face(loose[0], low, settings)
        faces = [loose]
    # A lone pip on a pip place of a face of several pips that reads better is one of that face's pips.
    several = [item[0] for item in faces if item[0].pips > 1]
    faces = [item for item in faces if item[0].pips > 1 or not any(
        other.margin >= item[0].margin and _pips_found(other, item[0].centre[None, :]) for other in several)]
    # A die's sides lie between its top and the camera: of the faces found, the top is the farthest one.
    away = _away_from_camera(view, blob)
    top = _farthest(faces, away)
    tops = list(top)
    # Two pips of a face also read as a smaller face of two (or three) between them: of the faces read about
    # as well as the best, the largest is the die's whole top.
    # A lone pip's face is sized only by the pip: a face of several pips read well near it is the better word.
    several = [item for item in top if item[0].pips > 1]
    if several:
        top = several + [item for item in top if item[0].pips == 1 and all(
            np.linalg.norm(item[0].centre - other[0].centre) > 2 * other[0].spread_px for other in several)]
    best = max(item[0].margin for item in top)
    near_best = [item for item in top if item[0].margin >= best - settings.face_rival_margin]
    face, points, radii = max(near_best, key=lambda item: item[0].spread_px)
    # Another count read nearly as well on a face of the same place and size makes the reading doubtful.
    counts = {item[0].pips for item in near_best if np.linalg.norm(item[0].centre - face.centre) < face.spread_px
              and item[0].spread_px >= face.spread_px * 0.85}
    confidence = min(1.0, face.sure_by / _sure_margin(face, settings))
    reason = f"{face.pips} pip{'s' if face.pips > 1 else ''} on the top face (margin {face.sure_by:.2f}, edges {face.outline:.2f})"
    edges_lit = face.outline > _outline_limit(face, settings)
    if edges_lit:
        reason += f", {face.inside_outline:.2f} just inside them: a rounded edge catching the light"
    # So does a face of another count on the die's top whose pips are not this face's (a lone pip beside a
    # side's spots, or a side's pips beside the top's).
    counts |= {item[0].pips for item in tops if not _explained_by(face, item)}
    # And a face of more pips that holds this one's, read as well but for its edges or its pips' looks.
    counts |= {item[0].pips for item in near_misses if item[0].pips > face.pips and item[0].margin >= best - \
               settings.face_rival_margin and _explained_by(item[0], (face, points, radii))}
    if face.pips == 1:
        counts |= {item[0].pips for item in faces if item[0].pips > 1 and _pips_found(item[0], face.centre[None, :])}
    doubts = print_doubts(crop, face, settings)   # a lone pip must lie on a die's top, not on the board's print
    if len(counts) > 1:
        doubts.append(f"it could also be {' or '.join(str(c) for c in sorted(counts - {face.pips}))}")
    if _leans(face, points, radii, settings):
        doubts.append("the face is seen squashed: a cocked die?")
    if _pips_squashed(grey, face, points, radii, settings):
        doubts.append("its pips are seen squashed: a cocked die?")
    if face.pips < CORNERED_PIPS and sides_show_lean(body_extent(crop, face, away, settings), face.pips, settings):
        doubts.append("its body shows a side beside its top: a cocked die?")
    for doubt in doubts:   # each doubt on its own lowers the die's confidence again
        confidence *= settings.doubted_keeps
        reason += f"; {doubt}"
    middle = np.asarray(low) + face.centre / ppm
    side = face.spread_px / ppm / SPREAD_SHARE if face.pips > 1 else None
    if edges_lit and doubts:
        # A face read through its lit edges and doubted already is asked about: its size, often a cocked die's
        # (tuning seeds with a die forced to lean), would only doubt the other, flat die too (doubt_unlike_pair).
        side = None
    return SeenDie(face.pips, round(confidence, 3), (float(middle[0]), float(middle[1])), reason, side,
                   bool(doubts))


def _loose_face(face, low, settings: ReaderSettings) -> SeenDie:
    """`face`, the farthest from the camera of those whose edges strayed or whose pips looked unlike, read about as
    well as the best of them, when it is no rounded top's whose edges alone caught the light: a side's squashed pips,
    a cocked die's top, a top lit inside its edges too. It is never read sure (doubted, so the learned face reader's
    agreement does not lift it: on tuning seeds with a die forced to lean that read two cocked dice more): the die
    is placed and asked about with the count seen, where it used to go unseen."""
    middle = np.asarray(low) + face.centre / settings.dice_px_per_mm
    # Its size is left unknown (None): a loose face is often a cocked die's, and the pair's sizes would then doubt
    # the other, flat die (doubt_unlike_pair) for no gain.
    reason = (f"{face.pips} pip{'s' if face.pips > 1 else ''} read loosely on the top face (margin {face.margin:.2f}, "
              f"edges {face.outline:.2f}): its edges stray or its pips look unlike")
    return SeenDie(face.pips, settings.loose_face_confidence, (float(middle[0]), float(middle[1])), reason,
                   doubted=True)


def _away_from_camera(view: BoardView, blob: Blob) -> np.ndarray:
    """The unit direction on the board from the camera's foot through the blob."""
    away = np.asarray(blob.centre_mm) - view.camera.position[:2]
    return away / max(np.linalg.norm(away), 1e-9)


def _farthest(faces: list, away: np.ndarray) -> list:
    """Of (face, spots, radii) items, those about as far from the camera as the farthest: a die's top, not its sides."""
    far = max(float(item[0].centre @ away) for item in faces)
    return [item for item in faces if float(item[0].centre @ away) >= far - item[0].spread_px * 1.2]


def doubt_unlike_pair(dice: list[SeenDie], settings: ReaderSettings) -> list[SeenDie]:
    """A roll's two dice are one pair, of one size: when their top faces read sizes far apart, one of them
    is no flat top (a cocked die's tilted face, or two pips of a bigger face read as a smaller one). The odd
    size is laid on a die asked about already, the other keeping its reading (tuning seeds: a cocked or misread
    die beside a flat one read right); else both are doubted. A lone pip's face says too little of its size."""
    sides = [die.side_mm for die in dice]
    if len(dice) != 2 or None in sides or max(sides) <= min(sides) * settings.dice_pair_sizes:
        return dice
    note = f"; the two dice's tops read {min(sides):.0f} and {max(sides):.0f} mm: a die cocked?"
    asked = [die.confidence < settings.confident for die in dice]
    blamed = asked if sum(asked) == 1 else [True, True]
    return [replace(die, confidence=round(die.confidence * settings.doubted_keeps, 3), reason=die.reason + note)
            if blame else die for die, blame in zip(dice, blamed)]


def doubt_changed(dice: list[SeenDie], before: list[SeenDie], settings: ReaderSettings) -> list[SeenDie]:
    """The dice of a frame read while the table stood still since the frame read before it: a die lying
    where it lay then but read as another count is asked about, since one of the two readings is wrong
    (a cocked die's tilted top reads differently from one frame's grain to the next)."""
    doubted = []
    for die in dice:
        earlier = {other.pips for other in before if other.pips is not None
                   and math.dist(other.centre_mm, die.centre_mm) < settings.die_size_mm[0]}
        if die.pips is not None and earlier - {die.pips}:
            note = f"; the frame before read {' or '.join(map(str, sorted(earlier)))} here: a die cocked?"
            die = replace(die, confidence=round(die.confidence * settings.doubted_keeps, 3), reason=die.reason + note)
        doubted.append(die)
    return doubted


def _outline_limit(face, settings: ReaderSettings) -> float:
    """How far the body near a face's edges may stray: a face of four pips or more has a pip in each corner, so a
    grid laid over an edge already puts a pip place off the top; its edge samples, where a rounded edge catches
    the light, may stray further (a face of one to three pips is most often a part of a bigger one misread)."""
    return settings.face_outline_cornered if face.pips >= CORNERED_PIPS else settings.face_outline


def _sure_margin(face, settings: ReaderSettings) -> float:
    """The margin a face is read for sure with: lower for a face of four pips or more, whose corner pips show a
    cocked die's squashed grid (_leans); a cocked die misread shows one to three pips."""
    return settings.face_sure_margin_cornered if face.pips >= CORNERED_PIPS else settings.face_sure_margin


def _pips_found(face, points: np.ndarray) -> list[tuple[int, int]]:
    """(pip place, spot) for each of the face's pip places with a spot found on it."""
    axes = _face_axes(face)
    found = []
    for index in face.pip_places:
        distance = np.hypot(*(points - (face.centre + np.asarray(GRID[index], np.float64) @ axes)).T)
        nearest = int(np.argmin(distance))
        if distance[nearest] < 0.5 * face.spread_px:
            found.append((index, nearest))
    return found


def _explained_by(face, other) -> bool:
    """Whether every pip found of `other` (a face, its spots, their radii) lies on a pip place of `face`. A lone
    pip read as a face has even body all round it (FaceRead.outline), which no pip of a bigger face has."""
    other_face, points, _ = other
    if other_face.pips == 1 and face.pips > 1:
        return False
    pips = np.array([points[spot] for _, spot in _pips_found(other_face, points)]).reshape(-1, 2)
    return all(_pips_found(face, pip[None, :]) for pip in pips)


def _pips_alike(face, points: np.ndarray, radii: np.ndarray, roundness: np.ndarray, settings: ReaderSettings) -> bool:
    """One face's pips, seen straight down on its plane, are round and of one size: a pip of a side, seen
    squashed and smaller, is no pip of the top face."""
    spots = [spot for _, spot in _pips_found(face, points)]
    if not spots:
        return False
    sizes = radii[spots]
    return bool(roundness[spots].min() >= settings.flat_pip_roundness
                and sizes.max() <= sizes.min() * settings.pip_size_spread)


def _leans(face, points: np.ndarray, radii: np.ndarray, settings: ReaderSettings) -> bool:
    """Whether the pips found on the face lie squashed against the square grid: the face leans."""
    found = _pips_found(face, points)
    grid = [GRID[index] for index, _ in found]
    seen = [points[spot] for _, spot in found]
    if len(grid) >= 4:
        return _squash_of(np.array(grid, np.float64), np.array(seen)) < settings.flat_face_squash
    return False


def _pips_squashed(grey: np.ndarray, face, points: np.ndarray, radii: np.ndarray, settings: ReaderSettings) -> bool:
    """Whether the face's pips, pooled, are squashed beyond what blur does to a flat top's round pips (a tilted
    top, or a side's pips read as a face): this works for faces of one to three pips, where the grid cannot."""
    found = [spot for _, spot in _pips_found(face, points)]
    if not found:
        return False
    body = np.median([_grey_at(grey, face.centre + np.asarray(place) @ _face_axes(face)) for place in BODY])
    pips = np.median([_grey_at(grey, points[spot]) for spot in found])
    contrast = _local_contrast(grey, settings.dice_px_per_mm, settings) * (1.0 if pips > body else -1.0)
    roundness = pips_roundness(contrast, face, points[found], float(np.median(radii[found])))
    return roundness < settings.flat_pips_roundness


def _face_axes(face) -> np.ndarray:
    cos, sin = math.cos(face.angle), math.sin(face.angle)
    return np.array([[cos, sin], [-sin, cos]]) * face.spread_px


def _grey_at(grey: np.ndarray, point) -> float:
    return float(grey[int(round(point[1])), int(round(point[0]))])


def _squash_of(source: np.ndarray, target: np.ndarray) -> float:
    source = source - source.mean(axis=0)
    target = target - target.mean(axis=0)
    matrix, *_ = np.linalg.lstsq(source, target, rcond=None)
    stretches = np.linalg.svd(matrix, compute_uv=False)
    return float(stretches[-1] / max(stretches[0], 1e-9))
