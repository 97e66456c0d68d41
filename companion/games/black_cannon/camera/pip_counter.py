"""The pip counter, reading one die from its blob (the blobs that may be dice: die_blobs.py): each is looked at straight
down on a plane at a die's height, where a flat die's top face is a true square and its pips true circles; pips are
small spots set off from their surround, lighter or darker (pip_spots.py); pairs of them propose faces, read as a grid
of pip places (die_face.py), and the farthest face from the camera (the top; the sides lie towards it) is the die's
reading, of the faces within a die's reach of the blob (the crop may catch a die lying beside it). A face's pips are
round and of one size and its body runs on evenly to near its edges: a grid that pairs a top's pip with a side's
squashed one, or runs over an edge, is no face (face_checks.py). A die whose face reads no layout clearly, leans (its
grid of pips squashed), shows no pips, or shows two faces of different counts that neither explains (a lone pip beside a
side's spots) is reported with a low confidence, and the players are asked, never told a guess; so are a roll's dice
whose tops read at sizes far apart (but one asked already, then it alone), a roll's dice being one pair (seen_die.py). A
tilted top squashes its pips along the tilt, where a flat top's, seen straight down on its plane, stay round but for
blur: a face whose pips, pooled, are squashed well beyond that is doubted too (this tells a cocked die showing one to
three pips, where the grid of pip places cannot), and so is such a face whose die's body reaches beside its top or
beyond its far edge, as a flat die's sides never do (die_sides.py); so is a face of four pips or more, on bars of its
own, whose grid a lean seen from above its slant barely squashes. A face whose die's body could not be measured (its
colour ran on into the surround) is doubted when pips of its kind lie just beyond its far edge: a cocked die's tilted
top (pips_beyond.py); a lone pip whose body could not be measured, when its own top's middle lies beyond it, away
from the camera: a 2's or 3's near pip read alone (lone_pip_body.py). Spots anywhere in the crop are taken (a die's body may match the print behind it, leaving it out
of the foreground); a print's dots fit no face of round pips on an even body. A face of four pips or more, a pip in each
corner, already shows a cocked die by its squashed grid: its edges may stray further (a rounded edge catching the light)
and a lower margin reads it sure. A die against a strip of misregistered print is part of a blob far bigger than a die,
which is opened by less than a die's top to find it (foreground.solid_parts). A die whose faces all strayed at their
edges or showed unlike pips is placed at its farthest such face and read loosely: its count is told in the question
asked, never read sure; but when that face's pips are alike and its body, a little in from the edges, is even (a
green-gold top whose rounded edges alone catch the light), it is read as a face, with every doubt above. A reading here
is the pip counter's; the reader puts the learned face reader's beside it (face_model.py), and `SeenDie.doubted` keeps
the doubts raised here standing when the two agree."""

from __future__ import annotations

import math
from functools import partial

import cv2
import numpy as np

from companion.games.black_cannon.board import Board
from companion.games.black_cannon.camera.blur_stretch import blur_reach_px, flat_pips_roundness
from companion.games.black_cannon.camera.board_view import BoardView
from companion.games.black_cannon.camera.die_face import SPREAD_SHARE, proposals, read_proposals_together, stray_spots
from companion.games.black_cannon.camera.die_sides import body_extent, body_measured, face_small_for_body, sides_show_lean
from companion.games.black_cannon.camera.face_checks import (CORNERED_PIPS, explained_by, grid_judged, leans,
                                                             outline_limit, pips_alike, pips_found, pips_shape_seen,
                                                             pips_squashed, sure_margin)
from companion.games.black_cannon.camera.foreground import Blob
from companion.games.black_cannon.camera.lone_pip_body import off_its_top, print_doubts, top_beyond_pip_mm
from companion.games.black_cannon.camera.pair_smear import squash_bearing_deg
from companion.games.black_cannon.camera.print_under import print_blank_under
from companion.games.black_cannon.camera.pip_spots import OwnRadii, find_spots, local_contrast
from companion.games.black_cannon.camera.pips_beyond import pips_beyond_top
from companion.games.black_cannon.camera.quick_stats import median
from companion.games.black_cannon.camera.seen_die import SeenDie
from companion.games.black_cannon.camera.settings import ReaderSettings

CROP_MARGIN_MM = 6.0


def read_die(view: BoardView, image: np.ndarray, blob: Blob, settings: ReaderSettings,
             board: Board | None = None, smeared: bool = False) -> SeenDie:
    """The die read from `blob` (the module's docstring). `smeared`: the photo is known smeared (pair_smear.py), so
    its pips seen squashed say nothing of a lean."""
    ppm, height = settings.dice_px_per_mm, settings.die_top_guess_mm
    # The crop holds the blob and a whole die round its middle, both on the table and at a die's height:
    # a blob may be only part of its die (a body that matches the print behind it).
    reach = settings.die_size_mm[1]
    x0, y0, x1, y1 = blob.box_mm
    cx, cy = blob.centre_mm
    x0, y0, x1, y1 = min(x0, cx - reach), min(y0, cy - reach), max(x1, cx + reach), max(y1, cy + reach)
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    # (and the blob's middle: seen at a die's height it lies towards the camera, where the die's top lies when the
    # blob is that top's own colour seen on the table)
    raised = view.to_board(cv2.perspectiveTransform(np.float64([corners + [(cx, cy)]]), view.to_image).reshape(-1, 2),
                           height)
    seen_from = (np.float64([cx, cy]), raised[4])
    raised = raised[:4]
    low = np.minimum(raised.min(axis=0), np.float64(corners).min(axis=0)) - CROP_MARGIN_MM
    high = np.maximum(raised.max(axis=0), np.float64(corners).max(axis=0)) + CROP_MARGIN_MM
    crop = view.warp(image, ppm, tuple(low), tuple(high - low), height)
    grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    local = local_contrast(grey, ppm, settings)
    spots = [s for s in find_spots(crop, grey, ppm, low, settings, local) if s.roundness > settings.spot_roundness]
    centre = tuple(map(float, blob.centre_mm))
    if not spots:
        return SeenDie(None, 0.0, centre, "no pips found on it: a die upside down, cocked or hidden?")
    faces, near_misses, rounded_tops = [], [], []
    picture = crop.astype(np.float32)
    kinds = []
    for lighter in (True, False):
        kind = [s for s in spots if s.lighter == lighter]
        if not kind:
            continue
        points = (np.array([s.centre for s in kind]) - low) * ppm
        radii = np.sqrt(np.array([s.area_mm2 for s in kind]) / math.pi) * ppm
        roundness = np.array([s.roundness for s in kind])
        own_radii = OwnRadii(local, points, radii, settings, negated=not lighter)
        kinds.append((points, radii, roundness, own_radii, float(median(radii)),
                      proposals(points, radii, ppm, settings, own_radii)))
    # The light pips' faces and the dark pips' read together (each with its own pips' radius), then judged kind by kind.
    # A face read under the face margin is dropped below whatever it reads: it is not read further (None).
    def edge_limit(face) -> float:   # (the photo's blur there widens it: a far die is small in the picture)
        return outline_limit(face, settings, blur_reach_px(view, low, settings, face.centre))

    read = read_proposals_together(picture, [(offered, pip_radius) for *_, pip_radius, offered in kinds],
                                   settings.lone_margin_quantile, settings.face_margin) if kinds else []
    for (points, radii, roundness, own_radii, pip_radius, _), kind_faces in zip(kinds, read):
        for face in kind_faces:
            if face is None or face.margin < settings.face_margin or face.evenness > settings.face_evenness \
                    or _beyond(low + face.centre / ppm, seen_from, reach) \
                    or stray_spots(face, points, picture, pip_radius, settings.stray_pip_likeness):
                continue
            alike = pips_alike(face, points, own_radii, roundness, settings)
            if face.outline <= edge_limit(face) and alike:
                faces.append((face, points, radii))
            else:
                near_misses.append((face, points, radii))
                if alike and face.inside_outline <= edge_limit(face):
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
        other.margin >= item[0].margin and pips_found(other, item[0].centre[None, :]) for other in several)]
    # A die's sides lie between its top and the camera: of the faces found, the top is the farthest one.
    away = _away_from_camera(view, blob)
    top = _farthest(faces, away)
    tops = list(top)
    # Two pips of a face also read as a smaller face of two (or three) between them: of the faces read about
    # as well as the best, the largest is the die's whole top.
    # A lone pip's face is sized only by the pip: a face of several pips read well near it is the better word.
    # One read far worse (a flat 1's pip paired with a side's pip, its grid over the top's edge) is not.
    # Nor is one lying off the top the lone pip is the middle of (the pip paired with a side's). A lone pip kept
    # against such faces drops them: kept beside it, they outranked it by their size and asked about a die read
    # right (tuning seed 4978: two flat ivory 1s asked "it could also be 1").
    several = [item for item in top if item[0].pips > 1]
    if several:
        lone = [item for item in top if item[0].pips == 1 and all(
            not _beside(item[0], other[0]) or not _rivals_lone(other[0], item[0], settings, crop) for other in several)]
        top = [other for other in several if not any(_beside(item[0], other[0]) for item in lone)] + lone
    best = max(item[0].margin for item in top)
    near_best = [item for item in top if item[0].margin >= best - settings.face_rival_margin]
    face, points, radii = max(near_best, key=lambda item: item[0].spread_px)
    # Another count read nearly as well on a face of the same place and size makes the reading doubtful.
    counts = {item[0].pips for item in near_best if np.linalg.norm(item[0].centre - face.centre) < face.spread_px
              and item[0].spread_px >= face.spread_px * 0.85}
    confidence = min(1.0, face.sure_by / sure_margin(face, settings))
    reason = f"{face.pips} pip{'s' if face.pips > 1 else ''} on the top face (margin {face.sure_by:.2f}, edges {face.outline:.2f})"
    edges_lit = face.outline > edge_limit(face)
    if edges_lit:
        reason += f", {face.inside_outline:.2f} just inside them: a rounded edge catching the light"
    # So does a face of another count on the die's top whose pips are not this face's (a lone pip beside a
    # side's spots, or a side's pips beside the top's).
    counts |= {item[0].pips for item in tops if not explained_by(face, item) and _rivals_lone(item[0], face, settings, crop)}
    # And a face of more pips that holds this one's, read as well but for its edges or its pips' looks.
    counts |= {item[0].pips for item in near_misses if item[0].pips > face.pips and item[0].margin >= best - \
               settings.face_rival_margin and explained_by(item[0], (face, points, radii))}
    if face.pips == 1:
        counts |= {item[0].pips for item in faces if item[0].pips > 1 and pips_found(item[0], face.centre[None, :])
                   and _rivals_lone(item[0], face, settings, crop)}
        # A lone pip in the middle of a face of three or five read nearly as well, but for its edges or its pips'
        # looks, may be that face's middle pip: a cocked die's side whose outer pips, squashed, were no spots.
        counts |= {item[0].pips for item in near_misses if item[0].pips in (3, 5)
                   and item[0].margin >= face.margin - settings.face_rival_margin
                   and np.linalg.norm(item[0].centre - face.centre) <= settings.lone_in_middle_spreads * item[0].spread_px}
    # A lone pip must lie on a die's top, not on the board's print (`board`: where the print is known blank, it is not).
    doubts = print_doubts(crop, face, settings, board is not None and face.pips == 1 and print_blank_under(
        view, board, np.asarray(low) + face.centre / ppm, height, settings))
    if len(counts) > 1:
        doubts.append(f"it could also be {' or '.join(str(c) for c in sorted(counts - {face.pips}))}")
    if leans(face, points, radii, settings):
        doubts.append("the face is seen squashed: a cocked die?")
    # A face of four pips or more shows a lean by its grid too (leans): its pips need only be rounder than the photo's
    # blur leaves a flat top's. One of one to three pips has only its pips' squash to tell a lean by, and cocked dice
    # read as such sit at the bar (tuning seeds 2800-3549 forced to lean: 2974, 3091 read as a lone 1 at 0.66).
    blurred = partial(flat_pips_roundness, view, low, settings) if face.pips >= CORNERED_PIPS else None
    squash_bearing = None
    if pips_squashed(grey, face, points, radii, settings, local, blurred):
        squash_bearing = squash_bearing_deg(view, low, settings, face.centre,
                                            pips_shape_seen(grey, face, points, radii, settings, local))
        if not smeared:
            doubts.append("its pips are seen squashed: a cocked die?")
        else:
            reason += "; its pips are seen squashed as the other die's are: the photo's smear"
    extent = body_extent(crop, face, away, settings)
    side_seen = sides_show_lean(extent, face.pips, settings)
    if side_seen:
        doubts.append("its body shows a side beside its top: a cocked die?")
    elif face_small_for_body(extent, face.pips, settings):
        doubts.append("its face is small for its die's body: a cocked die's tilted top, or pips of a bigger face?")
    elif not body_measured(extent, face.pips, settings):
        if pips_beyond_top(face, points, radii, away, settings) >= settings.pips_beyond_least:
            doubts.append("pips lie beyond its far edge, its body unmeasured: a cocked die's side read as its top?")
        elif face.pips == 1 and top_beyond_pip_mm(crop, face, away, settings) > settings.lone_top_beyond_mm:
            doubts.append("its top runs on beyond its pip, away from the camera, its body unmeasured: "
                          "one pip of a face of more?")
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
                   bool(doubts), side_seen=side_seen, squash_bearing_deg=squash_bearing,
                   grid_judged=grid_judged(face, points),
                   body_cut_off=extent is not None and (extent.whole or extent).cut_off)


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


def _rivals_lone(other, face, settings: ReaderSettings, crop: np.ndarray) -> bool:
    """Whether the face `other` of several pips stands against `face` when that is a lone pip's: only when read
    about as well as it. A flat 1's pip and a pip of the side beside it (seen from low down) pair into a 2 whose grid
    runs over the top's edge and onto the side, read far worse than the lone pip (tuning seeds 2200-2549: margins
    0.22-0.49 against 0.64-0.87); a 2 of which one pip was read as a lone 1 reads about as well as that pip does.
    Read nearly as well, it still does not stand when it lies off the top the lone pip is the middle of (off_its_top)."""
    return face.pips != 1 or other.pips == 1 or (other.margin >= face.margin - settings.lone_rival_margin
                                                 and not off_its_top(crop, face, other, settings))


def _beside(lone, other) -> bool:
    """Whether the lone pip `lone` lies within reach of the face `other` of several pips (holding it, or beside it)."""
    return bool(np.linalg.norm(lone.centre - other.centre) <= 2 * other.spread_px)


def _beyond(point, ends: tuple[np.ndarray, np.ndarray], reach: float) -> bool:
    """Whether `point` (board mm) lies farther than `reach` from the line between `ends`: the blob's middle on the table
    and where it is seen at a die's height. The crop holds a whole die round the blob; a face beyond that reach is
    another die's that the crop caught (tuning seeds 2559 and 2615: a die's blob read its neighbour's farther top)."""
    (x0, y0), (x1, y1) = (map(float, end) for end in ends)
    ax, ay = x1 - x0, y1 - y0
    px, py = float(point[0]) - x0, float(point[1]) - y0
    share = min(1.0, max(0.0, (px * ax + py * ay) / max(ax * ax + ay * ay, 1e-9)))
    return math.hypot(px - share * ax, py - share * ay) > reach


def _away_from_camera(view: BoardView, blob: Blob) -> np.ndarray:
    """The unit direction on the board from the camera's foot through the blob."""
    away = np.asarray(blob.centre_mm) - view.camera.position[:2]
    return away / max(np.linalg.norm(away), 1e-9)


def _farthest(faces: list, away: np.ndarray) -> list:
    """Of (face, spots, radii) items, those about as far from the camera as the farthest: a die's top, not its sides."""
    far = max(float(item[0].centre @ away) for item in faces)
    return [item for item in faces if float(item[0].centre @ away) >= far - item[0].spread_px * 1.2]

