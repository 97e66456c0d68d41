"""A lone pip must lie on a die's body, not on the board's print. A face of one pip is sized and placed by its
one spot alone, so a dark spot of print (a border's row number or column letter, blurred) reads as a 1 just as
well: the paper round it is as even as a die's top. What tells them apart is what lies beyond: a die's top is a
patch of one colour no bigger than a die, ending at its edges (its sides, its shadow, the print under it), where
the paper round a printed mark runs on, along the border or over its square, to the edge of the die's crop. The
top is found as the pixels of the face's body colour joined to its body samples (die_face.BODY and OUTLINE), seen straight
down on the die-top plane; a top that runs on to the crop's edge or is wider than a die is no die's (nor is one far
smaller than the smallest die's top: a cocked die's shaded or squashed face). The same top tells which face a flat 1's
pip belongs to: a die's 1 is its top's middle, where a face of several pips holding or beside it is not; and whether
a lone pip read where the die's body could not be measured is a 2's or 3's near pip, its top running on beyond it."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.black_cannon.camera.die_face import BODY, OUTLINE
from companion.games.black_cannon.camera.settings import ReaderSettings


@dataclass(frozen=True)
class LoneTop:
    """The patch of body colour round a lone pip."""

    span_mm: float        # its longest side (the smallest box round it, turned as it lies)
    cut_off: bool         # it runs on to the crop's edge
    found: bool           # False: the face's body samples showed no one colour
    middle_px: tuple[float, float] | None = None   # the middle of that box, in the crop

    def on_a_die(self, settings: ReaderSettings) -> bool:
        least, most = settings.lone_top_mm
        return self.found and not self.cut_off and least <= self.span_mm <= most

    def doubt(self, settings: ReaderSettings) -> str | None:
        """Why the pip seems to lie on print, in words; None when its top is a die's."""
        if self.on_a_die(settings):
            return None
        if not self.found:
            return "its pip's surround shows no one colour: a printed mark?"
        if self.cut_off:
            return "its pip's surround runs on past a die's size, as the board's paper does: a printed mark?"
        least, most = settings.lone_top_mm
        if self.span_mm < least:
            return f"its pip's surround is even over only {self.span_mm:.0f} mm, less than a die's top: a die cocked?"
        return f"its pip's surround spans {self.span_mm:.0f} mm, more than a die's top ({most:.0f}): a printed mark?"


def lone_top(crop: np.ndarray, face, settings: ReaderSettings) -> LoneTop:
    """The patch of the face's body colour joined to its body samples, in the die-top view `crop`."""
    ppm = settings.dice_px_per_mm
    # A little smoothing first: the JPEG's grain would break a flat top into specks.
    lab = cv2.cvtColor(cv2.medianBlur(crop, 3), cv2.COLOR_BGR2LAB).astype(np.float32)
    height, width = crop.shape[:2]
    # The body between the pips and near the top's edges: a blurred mark's halo reaches the first, not the second.
    places = [tuple(np.round(face.centre + np.asarray(place) @ face.axes).astype(int)) for place in BODY + OUTLINE]
    places = [(x, y) for x, y in places if 0 <= x < width and 0 <= y < height]
    if not places:
        return LoneTop(0.0, False, False)
    body = np.median([lab[y, x] for x, y in places], axis=0)
    mask = (np.linalg.norm(lab - body, axis=2) < settings.lone_top_colour).astype(np.uint8)
    _, labels = cv2.connectedComponents(mask, connectivity=4)
    joined = [labels[y, x] for x, y in places if labels[y, x]]
    if not joined:
        return LoneTop(0.0, False, False)
    ys, xs = np.nonzero(labels == max(set(joined), key=joined.count))
    cut_off = bool(xs.min() == 0 or ys.min() == 0 or xs.max() == width - 1 or ys.max() == height - 1)
    (x, y), (w, h), _ = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
    return LoneTop(float(max(w, h)) / ppm, cut_off, True, (float(x), float(y)))


def off_its_top(crop: np.ndarray, lone, other, settings: ReaderSettings) -> bool:
    """Whether `other`, a face of several pips holding or beside the lone pip `lone`, lies off the top that pip lies
    on: the lone pip's top is a die's (lone_top) and the other face's middle lies farther from that top's middle than
    the pip does, by more than `lone_top_middle_mm`. A flat 1's pip paired with a pip of the side beside it reads as a
    2 whose middle lies towards the camera, off the top, while the pip is the top's middle; a 2 of which one pip was
    read alone, or a 3 or 5 round its middle pip, lies on the top, its pip off the middle."""
    top = lone_top(crop, lone, settings)
    if not top.on_a_die(settings):
        return False
    middle = np.asarray(top.middle_px)
    gap = float(np.linalg.norm(other.centre - middle) - np.linalg.norm(lone.centre - middle))
    return gap / settings.dice_px_per_mm > settings.lone_top_middle_mm


def top_beyond_pip_mm(crop: np.ndarray, lone, away: np.ndarray, settings: ReaderSettings) -> float:
    """How far the middle of the lone pip's top lies beyond the pip, away from the camera (`away`: unit, crop px), in
    mm; 0 when no top is found. A flat 1's pip is its top's middle; the near pip of a 2 or 3 read alone (the far one
    faint) lies short of it, towards the camera, where the top's own colour still runs on to the far pip. The top is
    its own colour only, so it holds where the die's body, its sides' shades too, ran on to the crop's edge; a top run
on itself (wider than `lone_top_beyond_span_mm`, or cut off) says nothing."""
    top = lone_top(crop, lone, settings)
    # A top wider than a die's (its colour run on into the paper round it) has no middle of the die's.
    if not top.found or top.middle_px is None or top.cut_off or top.span_mm > settings.lone_top_beyond_span_mm:
        return 0.0
    return float((np.asarray(top.middle_px) - lone.centre) @ away) / settings.dice_px_per_mm


def print_doubts(crop: np.ndarray, face, settings: ReaderSettings, print_blank: bool = False) -> list[str]:
    """A face of one pip that seems to lie on the board's print: that doubt, in a list; none for other faces.
    `print_blank`: the print under the pip, as the camera sees it, is blank (print_under.py): no printed mark is
    there, so a surround that runs on as paper does is no doubt (a top too small for a die still is)."""
    if face.pips != 1:
        return []
    top = lone_top(crop, face, settings)
    doubt = top.doubt(settings)
    if doubt and print_blank and top.found and top.span_mm >= settings.lone_top_mm[0]:
        return []
    return [doubt] if doubt else []
