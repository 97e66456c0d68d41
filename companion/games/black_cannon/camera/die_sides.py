"""A die's body round its top face, seen straight down on a plane at a die's height: a flat die's sides lie
between its top and the camera (their edges run along the rays from the camera's foot), so its body reaches no
further across that line than its top does on either side, nor further away from the camera than its top's far
edge. A cocked die's rising side shows beside its top or beyond it: its body runs on further one way across, or
away from the camera. This tells a cocked die showing one to three pips, whose grid of pips cannot show the lean,
and one showing four or more whose grid, seen from above the slant it leans at, is squashed too little to show it
(on bars of its own, set by such flat and cocked tops: a flat one's body, seen from low down, shifts further).
The body is the top's colour (its hue, and on a coloured top its chroma too: the sides are shaded lighter or
darker, a shadow or the paper beside it is grey) joined to the top's body; round a face
of one to three pips, its shift across is measured with thin strips of like colour cut from it (a print line, a chest
square's rim, a shadow's fringe joined to it would run it on across as a side does). The body measures the face read
too: a face of two or three pips whose die's body, found whole, is far wider than its pip spread allows is smaller than
its die's top (a cocked die's tilted top seen foreshortened, or two pips of a bigger face read as a smaller one)."""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.games.black_cannon.camera.die_face import BODY, STRAY_REACH
from companion.games.black_cannon.camera.face_checks import CORNERED_PIPS
from companion.games.black_cannon.camera.settings import ReaderSettings


@dataclass(frozen=True)
class BodyExtent:
    """How far the die's body reaches from its top face's middle, in px of the die-top view."""

    across: tuple[float, float]      # to the left and to the right of the line from the camera (left negative)
    away: float                      # away from the camera
    cut_off: bool                    # the body runs to the crop's edge: a die's colour matches its surround
    spread: float                    # the face's pip spread, px
    # The body before thin strips of like colour were cut from it (a face of one to three pips): whether the body was
    # measured at all is judged on it, so a cut never makes a body run on into its surround a measured one.
    whole: BodyExtent | None = None

    @property
    def width(self) -> float:
        return self.across[1] - self.across[0]

    def shift_across(self) -> float:
        """The body's middle across the line from the camera, off the top's middle, as a share of its width."""
        return abs(self.across[0] + self.across[1]) / max(self.width, 1e-9)

    def reach_away(self) -> float:
        """The body's reach away from the camera beyond the top's middle, as a share of its width across."""
        return self.away / max(self.width, 1e-9)


def body_extent(crop: np.ndarray, face, away: np.ndarray, settings: ReaderSettings) -> BodyExtent | None:
    """The extent of the body joined to the face's body samples, or None when those show no one colour."""
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB).astype(np.float32)
    height, width = crop.shape[:2]
    places = [np.round(face.centre + np.asarray(place) @ face.axes).astype(int) for place in BODY]
    places = [(x, y) for x, y in places if 0 <= x < width and 0 <= y < height]
    if not places:
        return None
    body = np.median([lab[y, x] for x, y in places], axis=0)
    hue_off = np.hypot(lab[..., 1] - body[1], lab[..., 2] - body[2])
    light = lab[..., 0] / max(float(body[0]), 1.0)
    low, high = settings.die_side_lightness
    mask = ((hue_off < settings.die_side_hue) & (light > low) & (light < high)
            & _keeps_top_colour(lab, body, light, settings)).astype(np.uint8)
    # Close over the pips (their colour is not the body's), then drop single-pixel grain.
    size = max(3, int(round(face.spread_px * 0.5)) | 1)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((size, size), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    whole = _extent_of(mask, places, face, away)
    if whole is None or face.pips >= CORNERED_PIPS:
        return whole
    # A thin strip of like colour joined to the body (a print line, a chest square's rim, a shadow's fringe) would
    # run it on across as a side does; a die's side seen is wider than `body_bridge_mm`.
    # (its holes filled first: a top whose shading left patches out of the body would be eaten into by the cut)
    bridge = int(round(settings.body_bridge_mm * settings.dice_px_per_mm)) | 1
    core = _extent_of(cv2.morphologyEx(_holes_filled(mask, face), cv2.MORPH_OPEN,
                                       cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (bridge, bridge))), places, face, away)
    return whole if core is None else replace(core, whole=whole)


def _keeps_top_colour(lab: np.ndarray, body: np.ndarray, light: np.ndarray, settings: ReaderSettings) -> np.ndarray:
    """Where the crop keeps the colour of a coloured top (`body`, its Lab): a side is the same paint, shaded, so its
    chroma falls no faster than its lightness; a shadow or the paper beside the die (a greyish colour within the top's
    hue reach of a dull green or blue) keeps little of it. A top of little colour (ivory) is not judged so."""
    top_chroma = float(np.hypot(body[1] - 128.0, body[2] - 128.0))
    if top_chroma < settings.die_side_chroma_least:
        return np.ones(lab.shape[:2], bool)
    chroma = np.hypot(lab[..., 1] - 128.0, lab[..., 2] - 128.0)
    return chroma >= settings.die_side_chroma_share * top_chroma * np.minimum(light, 1.0)


def _holes_filled(mask: np.ndarray, face) -> np.ndarray:
    """`mask` with its holes filled whose middles lie well inside the face's top (STRAY_REACH spreads of its middle):
    patches of the top its shading left out. A hole beside the top (where a print line meets the die) is left open."""
    count, labels, _, middles = cv2.connectedComponentsWithStats(np.pad(1 - mask, 1, constant_values=1),
                                                                 connectivity=4)
    inside = np.linalg.norm(middles - 1 - face.centre, axis=1) <= STRAY_REACH * face.spread_px
    inside[0] = inside[labels[0, 0]] = False     # the mask itself, and the background round the crop
    return (mask | inside[labels[1:-1, 1:-1]]).astype(np.uint8)


def _extent_of(mask: np.ndarray, places, face, away: np.ndarray) -> BodyExtent | None:
    """The extent of the part of `mask` joined to most of the body samples at `places`."""
    height, width = mask.shape[:2]
    _, labels = cv2.connectedComponents(mask)
    joined = [labels[y, x] for x, y in places if labels[y, x]]
    if not joined:
        return None
    ys, xs = np.nonzero(labels == max(set(joined), key=joined.count))
    offsets = np.column_stack([xs, ys]) - face.centre
    along, across = offsets @ away, offsets @ np.array([-away[1], away[0]])
    cut_off = bool(xs.min() == 0 or ys.min() == 0 or xs.max() == width - 1 or ys.max() == height - 1)
    return BodyExtent((float(across.min()), float(across.max())), float(along.max()), cut_off, float(face.spread_px))


def sides_show_lean(extent: BodyExtent | None, pips: int, settings: ReaderSettings) -> bool:
    """Whether the body round a top reaches out as a cocked die's does. A body cut off by the crop, or wider than
    a die's body can be (its colour run on into the surround), says nothing; a lone pip's spread is only a guess,
    so its body is measured in mm against a die's own span. A face of four pips or more is judged on its own bars
    (tuning seeds 3750-4349: its flat tops' bodies shift and reach a little further, seen from low down)."""
    if not body_measured(extent, pips, settings):
        return False
    if pips >= CORNERED_PIPS:
        return (extent.shift_across() > settings.cornered_shift_across
                or extent.reach_away() > settings.cornered_reach_away)
    # Its shift across is the body's with thin strips cut (a print line, a rim, a shadow's fringe run it on across); its
    # reach away the whole body's, as before: a far edge's thin rim round a pip there is a cocked die's top too
    # (forced-lean fresh tuning seed 6194: a cocked 6's side read as a 2, its reach 0.56 whole, 0.46 cut).
    reach = (extent.whole or extent).reach_away()
    return extent.shift_across() > settings.cocked_shift_across or reach > settings.cocked_reach_away


def body_measured(extent: BodyExtent | None, pips: int, settings: ReaderSettings) -> bool:
    """Whether the body round a top was measured at all: not when its colour was not found, or ran on into the
    surround (cut off by the crop, or wider than a die's body can be: an ivory die on the board's white border), judged
    on the whole body before thin strips were cut from it."""
    if extent is not None and extent.whole is not None:
        extent = extent.whole
    if extent is None or extent.cut_off:
        return False
    if pips >= CORNERED_PIPS:
        return extent.width <= settings.cornered_body_spreads * extent.spread
    if pips > 1:
        return extent.width <= settings.die_body_spreads * extent.spread
    # A lone pip gives no spread to size the body by: a body narrower than a die's top or wider than one can span
    # (the colour barely found, or run on into the print round it) says nothing either.
    low, high = settings.lone_body_mm
    return low <= extent.width / settings.dice_px_per_mm <= high


def face_small_for_body(extent: BodyExtent | None, pips: int, settings: ReaderSettings) -> bool:
    """Whether a face of two or three pips is smaller than its die's top: the die's body, found whole (not cut off by
    the crop) and no wider than a die's body can be (`die_body_most_mm`: its colour not run on into the surround), is
    wider than `small_face_body_spreads` of the face's pip spreads. A flat top's body, its sides seen from low down,
    is not (forced-lean fresh tuning seed 6511: a cocked red 1's tilted side read sure as a 2 of 14.7 mm, its body
    28.3 mm, 7.1 spreads). A lone pip's face has no spread to size it by; one of four pips or more has bars of its
    own (its flat tops' colour runs on at 6-7 spreads)."""
    if extent is None or pips < 2 or pips >= CORNERED_PIPS:
        return False
    whole = extent.whole or extent
    if whole.cut_off or whole.width > settings.die_body_most_mm * settings.dice_px_per_mm:
        return False
    return whole.width > settings.small_face_body_spreads * whole.spread
