"""What shows of a card found by its shape, told by its paper: a face's paper and ink, or a back. A card reaching
under a face-up card is a face whose markers that card hides when what shows of it is as bright as that face's paper
(paper_bright), unless one of its marker squares lies clear (a_marker_shows: unread, not hidden); a card whose corners
its neighbours hide is a face when what shows of it spans a face's paper and ink (mostly_paper). What shows as bright
as paper is paper only in the colour of the deck's paper (paper_colour, paper_colour.py: else a light back)."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannonades.camera import touching
from companion.games.cannonades.camera.paper_colour import OTHER, PAPER, UNSURE, DeckPaper
from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.camera.table_mask import paper_level
from companion.games.cannonades.kit import cards


def a_marker_shows(outline_px: np.ndarray, cover: np.ndarray, others_px: tuple[np.ndarray, ...],
                   settings: ReaderSettings) -> bool:
    """Whether a face's marker would show, were the card a face: one of its two marker squares (top-left and
    bottom-right, so on one diagonal: a face is never mirrored in the top view, and turned half round its markers
    lie on the same diagonal) lies in the view, `hidden_face_marker_clear` of it clear of the read faces (with
    their cut margin) and of the cards split from its shape."""
    corners = np.float64(outline_px).reshape(4, 2)
    first, second = corners[1] - corners[0], corners[2] - corners[1]
    short, long = (first, second) if np.hypot(*first) <= np.hypot(*second) else (second, first)
    across, along = short / max(np.hypot(*short), 1e-6), long / max(np.hypot(*long), 1e-6)
    if across[0] * along[1] - across[1] * along[0] < 0:   # the card's x then y turn as the view's do
        along = -along
    scale, half = settings.top_px_per_mm, cards.MARKER_MM / 2
    offset = np.array([cards.MARKER_INSET_MM + half - side / 2 for side in cards.CARD_MM]) * scale
    taken = np.zeros_like(cover)
    cv2.fillPoly(taken, [np.int32(np.round(other)) for other in others_px], 255)
    taken |= cover
    for sign in (1, -1):
        middle = corners.mean(axis=0) + sign * (offset[0] * across + offset[1] * along)
        square = np.array([middle + half * scale * (x * across + y * along) for x, y in ((-1, -1), (1, -1), (1, 1), (-1, 1))])
        marker, box = touching.card_on_box(square, 1, cover.shape)
        whole = (half * 2 * scale) ** 2
        clear = cv2.countNonZero(cv2.bitwise_and(marker, cv2.bitwise_not(taken[box]))) if marker.size else 0
        if clear >= settings.hidden_face_marker_clear * whole:
            return True
    return False


def paper_bright(grey: np.ndarray, outline_px: np.ndarray, cover: np.ndarray, settings: ReaderSettings,
                 others_px: tuple[np.ndarray, ...] = (), least_shown: float | None = None) -> bool | None:
    """Whether a card reaching into a face-up card's footprint lies under it, and much of what shows of it is
    as bright as that face's paper (taken beside the card). Where the two overlap, the face shows when the card
    lies under it; a card lying over the face shows itself there (a back beside a face-up ship in a row).
    What shows is the card's alone: not where `others_px` (cards split from its shape, overlapping it in a row)
    lie, which may be another's paper. None when it cannot tell: no face's paper beside the card (it reaches only
    into the cut margin round a face: a dark back was called bright so), or nothing of the card shows; the card is
    then judged by what shows of it, as one beside the face (face_down._split_card)."""
    looked = what_shows(grey, outline_px, cover, settings, others_px)
    if looked is None:
        return None   # the card lies wholly off the view: nothing of it shows
    paper, grey_box, visible, overlap, _, _ = looked
    return paper_verdict(paper, grey_box[visible], grey_box[overlap], settings, least_shown)


def paper_colour(grey: np.ndarray, outline_px: np.ndarray, cover: np.ndarray, settings: ReaderSettings,
                 others_px: tuple[np.ndarray, ...], deck: DeckPaper) -> str:
    """What shows of a card reaching under a face-up card as bright as paper, told by its colour beside the face's
    paper (paper_colour.DeckPaper.judge: PAPER, OTHER or UNSURE); PAPER when nothing of it shows."""
    looked = what_shows(grey, outline_px, cover, settings, others_px)
    if looked is None:
        return PAPER
    paper, grey_box, visible, _, _, (corner, beside) = looked
    return deck.judge(*corner, grey_box, visible, paper_level(paper, settings), beside, second_look=True)


def paper_between(grey: np.ndarray, outline_px: np.ndarray, cover: np.ndarray, settings: ReaderSettings,
                  others_px: tuple[np.ndarray, ...] = ()) -> bool:
    """Whether a card reaching under a face-up card, short of a face's share of paper (paper_bright False), still
    shows `covered_paper_unsure_share` of paper and `covered_inner_paper_least` of what shows
    `covered_inner_inset_mm` or more inside its own outline (past the light border a back may have: classic 4 mm,
    navy 3) as bright as the covering face's paper: a face's strip its marker darkens. A back's border is
    paper-bright, its inside not; a face's paper runs on inside but for its marker and ink. The card's box is
    looked at once for both."""
    looked = what_shows(grey, outline_px, cover, settings, others_px)
    if looked is None:
        return False
    paper, grey_box, visible, overlap, inside, _ = looked
    if not paper_verdict(paper, grey_box[visible], grey_box[overlap], settings, settings.covered_paper_unsure_share):
        return False
    share = inner_paper_share(paper, grey_box, visible, inside, settings)
    return share is not None and share >= settings.covered_inner_paper_least


def inner_paper_share(paper: np.ndarray, grey_box: np.ndarray, visible: np.ndarray, inside: np.ndarray,
                      settings: ReaderSettings) -> float | None:
    """Of what shows of a card `covered_inner_inset_mm` or more inside its outline (past the light border a back may
    have), the share as bright as the face's paper beside it (what_shows' parts); None when nothing shows there."""
    inset = 2 * int(round(settings.covered_inner_inset_mm * settings.top_px_per_mm)) + 1
    inner = grey_box[visible & (cv2.erode(inside, np.ones((inset, inset), np.uint8)) > 0)]
    if inner.size == 0:
        return None
    return float((inner >= paper_level(paper, settings)).mean())


def what_shows(grey: np.ndarray, outline_px: np.ndarray, cover: np.ndarray, settings: ReaderSettings,
                others_px: tuple[np.ndarray, ...]) -> tuple[np.ndarray, ...] | None:
    """A card's box (grown by the reach of the paper beside it) looked at: the face's paper beside the card, the
    box's grey, what shows of the card alone, where it overlaps a face, its rectangle, and the box's top-left corner
    with where the face's paper beside the card lies in it; None when the box lies wholly off the view."""
    # Worked on the card's box grown by the reach of the paper beside it (the same pixels as on the whole view).
    beside, margin = settings.paper_beside_px // 2, margin_px(settings)
    outline = np.int32(np.round(outline_px))
    x0, y0, x1, y1 = touching.box_around(outline, beside, cover.shape)
    if x1 <= x0 or y1 <= y0:
        return None
    wx0, wy0, wx1, wy1 = touching.box_around(np.int32([[x0, y0], [x1 - 1, y1 - 1]]), margin, cover.shape)
    cover_box = cover[y0:y1, x0:x1]
    inside = np.zeros_like(cover_box)
    cv2.fillPoly(inside, [outline - [x0, y0]], 255)
    faces = cv2.erode(cover[wy0:wy1, wx0:wx1], np.ones((2 * margin + 1,) * 2, np.uint8))   # the faces, no margin
    face = faces[y0 - wy0:y1 - wy0, x0 - wx0:x1 - wx0] > 0
    grey_box = grey[y0:y1, x0:x1]
    near = cv2.dilate(inside, np.ones((settings.paper_beside_px,) * 2, np.uint8)) > 0
    beside = face & near & (inside == 0)
    paper = grey_box[beside]
    own = inside.copy()
    if others_px:
        cv2.fillPoly(own, [np.int32(np.round(other)) - [x0, y0] for other in others_px], 0)
    return paper, grey_box, (own > 0) & (cover_box == 0), (inside > 0) & face, inside, ((x0, y0), beside)


def paper_verdict(paper: np.ndarray, visible: np.ndarray, overlap: np.ndarray, settings: ReaderSettings,
                  least_shown: float | None = None) -> bool | None:
    """paper_bright's answer from the grey of the face's paper beside the card, of what shows of the card, and of
    where the two overlap; what shows is paper when `least_shown` of it is (`covered_paper_share` unless given)."""
    if visible.size == 0 or paper.size == 0:
        return None
    level = paper_level(paper, settings)
    under = overlap.size == 0 or float((overlap >= level).mean()) >= settings.covered_paper_share
    least = settings.covered_paper_share if least_shown is None else least_shown
    return under and float((visible >= level).mean()) >= least


def mostly_paper(grey: np.ndarray, outline_px: np.ndarray, settings: ReaderSettings,
                 others_px: tuple[np.ndarray, ...] = (), cover: np.ndarray | None = None,
                 deck: DeckPaper | None = None, blank_least_mm: float = 0.0) -> str | None:
    """Whether what shows of a card (inside its outline, its blurred rim, the other cards split from its shape and
    the read faces left out) is mostly a face's paper: its grey spans `paper_contrast` levels or more (paper and
    ink) and `paper_share` of it lies in the top 40% of that span. A back is its colour with a frame, a pattern or
    a border at most; a face is paper but for its markers and print. The cue holds under any light (a span).
    None when the grey says no; else the light part's colour beside the `deck`'s paper: PAPER (also with no deck),
    OTHER (a light back's pattern) or UNSURE (neither plainly: not told, asked). Neither plainly, but not a face's
    paper and ink past a back's border (_face_like_inside: a frame's dark only, or a pattern's ground between its
    lines narrower than `blank_least_mm` in radius): OTHER, a back, as before."""
    outline = np.int32(np.round(outline_px))
    x, y, w, h = cv2.boundingRect(outline)   # worked on the card's box only: the view is read many times a second
    x0, y0 = max(x - 3, 0), max(y - 3, 0)
    x1, y1 = min(x + w + 3, grey.shape[1]), min(y + h + 3, grey.shape[0])
    if x1 <= x0 or y1 <= y0:
        return False
    own = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillPoly(own, [outline - np.int32([x0, y0])], 255)
    own = cv2.erode(own, np.ones((5, 5), np.uint8))
    if others_px:
        cv2.fillPoly(own, [np.int32(np.round(other)) - np.int32([x0, y0]) for other in others_px], 0)
    shows = (own > 0) & (cover[y0:y1, x0:x1] == 0) if cover is not None else own > 0
    values = grey[y0:y1, x0:x1][shows]
    if values.size == 0:
        return None
    darkest, brightest = np.percentile(values, (5, 95))
    if brightest - darkest < settings.paper_contrast:
        return None
    light = darkest + 0.6 * (brightest - darkest)
    if float((values >= light).mean()) < settings.paper_share:
        return None
    # No covering face's paper beside to compare with here: the deck's, and only its plain colour is paper (a light
    # back's pattern in a doubtful colour was asked, then counted a ship under a cannonade: tuning 9553). A colour
    # between the bars on what looks a face inside is a doubt, not a back (11329's S21, dim and soft, 0.016 off the
    # read faces' paper, was read face down, sure).
    told = PAPER if deck is None else deck.judge(x0, y0, grey[y0:y1, x0:x1], shows, light)
    if told == UNSURE and not _face_like_inside(grey[y0:y1, x0:x1], shows, light, settings, blank_least_mm):
        return OTHER
    return told


def _face_like_inside(grey_box: np.ndarray, shows: np.ndarray, light: float, settings: ReaderSettings,
                      blank_least_mm: float) -> bool:
    """Whether what shows of a card is a face's paper and ink past a back's border too: `covered_inner_inset_mm`
    inside, its grey still spans `paper_contrast` (a back whose only dark is its frame does not: 11478's fine orange
    lattice, blurred even), and its light part holds a blank stretch `blank_least_mm` wide in radius (a face's paper
    runs on between its markers and print; a coarse lattice's ground is narrower: 11097)."""
    inset = 2 * int(round(settings.covered_inner_inset_mm * settings.top_px_per_mm)) + 1
    inner = grey_box[(cv2.erode(np.uint8(shows), np.ones((inset, inset), np.uint8)) > 0)]
    if inner.size == 0:
        return True   # nothing inside to tell by: a doubt
    darkest, brightest = np.percentile(inner, (5, 95))
    if brightest - darkest < settings.paper_contrast:
        return False
    blank = np.pad(np.uint8(shows & (grey_box >= light)), 1)
    return cv2.distanceTransform(blank, cv2.DIST_L2, 5).max() / settings.top_px_per_mm >= blank_least_mm


def corners_in_paper_colour(grey: np.ndarray, squares_px: list[np.ndarray], settings: ReaderSettings,
                            deck: DeckPaper) -> bool:
    """Whether the light corners of a card that look like a face's (`squares_px`: the two squares off its printed
    corners, in the view's px) are not plainly another colour than the deck's paper: their brighter part by
    DeckPaper.judge (True also when it cannot tell: no face read, too little of it)."""
    outline = np.int32(np.round(np.concatenate(squares_px)))
    x, y, w, h = cv2.boundingRect(outline)
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, grey.shape[1]), min(y + h, grey.shape[0])
    if x1 <= x0 or y1 <= y0:
        return True
    inside = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillPoly(inside, [np.int32(np.round(square)) - np.int32([x0, y0]) for square in squares_px], 255)
    grey_box = grey[y0:y1, x0:x1]
    values = grey_box[inside > 0]
    if values.size == 0:
        return True
    level = float(np.percentile(values, settings.plain_corner_light_percentile))
    return deck.judge(x0, y0, grey_box, inside > 0, level) != OTHER


def margin_px(settings: ReaderSettings) -> int:
    return int(round(settings.face_up_margin_mm * settings.top_px_per_mm))
