"""A face's paper is its deck's: every face of one deck is printed on the same paper, so the faces read in a view
show the colour a hidden face's paper must have. What shows of a card as bright as a face's paper but not of that
colour (its chromaticity: the light's strength and the shade of the card on it cancel) is a back, a light one: a
full-bleed light back, a light pattern or border. The grey alone cannot tell those from paper (face_paper.py): on the
varied decks' tuning views 9400-9599 such backs under cannonades were counted face-up ships, sure (9403, 9419, 9437,
9520, 9522, 9530 ...), and light patterned backs were asked about as faces' paper and ink. The paper beside the card
is compared with where there is some (a lamp's pool changes the camera's colours a little across the table: 9428's
hidden S07 lay 0.024 off the faces' paper, 0.007 off the paper beside it), else the read faces' paper; pixels a channel
of which the camera clipped are left out (a bright face's tinted paper clips toward white)."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


PAPER, OTHER, UNSURE = "paper", "other", "unsure"   # what shows of a card, by its colour beside the paper's


@dataclass(frozen=True)
class PaperColourSettings:
    """Chromaticity is (b, g, r) / (b + g + r) of the mean colour; two are compared by their summed absolute
    differences. On tuning views 9400-9490 (varied decks, main's reader; every card main called paper-bright under a
    face) a hidden face's paper lay within 0.008 of the paper beside it, light backs 0.024 off or more:
    `same_paper_most` between the two, 0.016. On 9400-9599 one face lay 0.030 off (9526: S16 under C13, its purple
    ink's blurred edges in what shows) and one back 0.024 (9419: a grey blot on a lavender deck's paper):
    `other_paper_least` just above that face, 0.032; between the bars, asked. A card with no covering face's paper
    beside it (face_paper.mostly_paper) is paper only up to `same_paper_most` off the read faces' paper."""
    same_paper_most: float = 0.016
    other_paper_least: float = 0.032
    paper_below_top: float = 20.0   # a read face's paper: its pixels this near its upper quarter's grey (not ink)
    clipped: int = 250              # a channel this bright or more was clipped by the camera: its colour is lost
    face_inset_px: int = 3          # the read faces' footprint eroded this much more (their blurred rim)
    least_pixels: int = 60          # fewer bright pixels of the card or the faces than this: not told (no say)
    # Between the bars, a second look (cannonades-looks40, varied 9400-11199's 28 such seats): the median of each
    # pixel's chromaticity, and the mean of only the brighter half of each side's pixels (ink's blurred edges and
    # a lamp's fall-off weigh less in both). 7 of 14 hidden faces (and 9805 s2's face-up cannonade) lay within
    # 0.016 by both, backs 0.021 or more by the median: paper only when both are within `same_paper_most` (its bar
    # reused, not fitted).
    second_look_half: float = 50.0  # the brighter half: pixels at or above this percentile of each side's grey


PAPER_COLOUR_SETTINGS = PaperColourSettings()


@dataclass(frozen=True)
class DeckPaper:
    """The view in colour and the read faces' paper's chromaticity (None: no face read, nothing to compare)."""
    view: np.ndarray
    chroma: np.ndarray | None

    def judge(self, x0: int, y0: int, grey_box: np.ndarray, shows: np.ndarray, level: float,
              beside: np.ndarray | None = None, settings: PaperColourSettings = PAPER_COLOUR_SETTINGS,
              second_look: bool = False) -> str:
        """What shows of a card (`shows`, a mask of the box at x0, y0) at least `level` bright, by its colour: the
        deck's paper (PAPER; also when it cannot be told: too little shows, no face read), OTHER (no face's paper,
        whatever its grey: a light back) or UNSURE. `beside`: where a read face's paper lies by the card in the box,
        compared with first. `second_look`: between the bars, looked at again (second_look_says_paper)."""
        height, width = grey_box.shape
        box = self.view[y0:y0 + height, x0:x0 + width]
        unclipped = brightest_channel(box) < settings.clipped
        card = shows & unclipped & (grey_box >= level)
        bright = box[card]
        paper, near = self.chroma, None
        if beside is not None and beside.any():
            top = float(np.percentile(grey_box[beside], 75)) - settings.paper_below_top
            near_mask = beside & unclipped & (grey_box >= top)
            if near_mask.sum() >= settings.least_pixels:
                paper, near = chromaticity(box[near_mask]), (box[near_mask], grey_box[near_mask])
        verdict = told_by_colour(bright, paper, settings)
        if verdict == UNSURE and second_look and near is not None and \
                second_look_says_paper((bright, grey_box[card]), near, settings):
            return PAPER
        return verdict


def second_look_says_paper(card: tuple[np.ndarray, np.ndarray], beside: tuple[np.ndarray, np.ndarray],
                           settings: PaperColourSettings = PAPER_COLOUR_SETTINGS) -> bool:
    """A card's bright pixels and the paper beside it (each its colours, n x 3, and their greys) the same paper by
    two measures less swayed by ink's edges than the mean's: their median chromaticities, and the mean
    chromaticities of the brighter half of each."""
    median_off = float(np.abs(median_chromaticity(card[0]) - median_chromaticity(beside[0])).sum())
    brighter = [colours[grey >= np.percentile(grey, settings.second_look_half)] for colours, grey in (card, beside)]
    brighter_off = float(np.abs(chromaticity(brighter[0]) - chromaticity(brighter[1])).sum())
    return median_off <= settings.same_paper_most and brighter_off <= settings.same_paper_most


def told_by_colour(bright: np.ndarray, paper: np.ndarray | None,
                   settings: PaperColourSettings = PAPER_COLOUR_SETTINGS) -> str:
    """Bright pixels of a card (unclipped, n x 3) told by their colour beside a face's paper's chromaticity `paper`:
    PAPER (also when it cannot be told: too few pixels, no paper to compare with), OTHER (a light back) or UNSURE."""
    if paper is None or len(bright) < settings.least_pixels:
        return PAPER
    off = float(np.abs(chromaticity(bright) - paper).sum())
    return PAPER if off <= settings.same_paper_most else OTHER if off >= settings.other_paper_least else UNSURE


def median_chromaticity(pixels: np.ndarray) -> np.ndarray:
    """The per-channel median of each pixel's own chromaticity (a few odd pixels do not move it)."""
    values = pixels.reshape(-1, 3).astype(np.float64)
    return np.median(values / np.maximum(values.sum(axis=1, keepdims=True), 1e-6), axis=0)


def brightest_channel(image: np.ndarray) -> np.ndarray:
    """Each pixel's largest channel: image.max(axis=2), the same values, without numpy's slow reduction over a short
    last axis (11 ms on a 860 x 620 top view, a tenth of the read)."""
    return np.maximum(np.maximum(image[..., 0], image[..., 1]), image[..., 2])


def chromaticity(pixels: np.ndarray) -> np.ndarray:
    mean = pixels.reshape(-1, 3).astype(np.float64).mean(axis=0)
    return mean / max(float(mean.sum()), 1e-6)


def deck_paper(view: np.ndarray, grey: np.ndarray, cover: np.ndarray, margin_px: int,
               settings: PaperColourSettings = PAPER_COLOUR_SETTINGS) -> DeckPaper:
    """The read faces' paper in `view` (top view, colour): inside their footprint `cover` (grown by their cut margin
    `margin_px`), the pixels near the faces' upper quarter of grey."""
    inset = 2 * (margin_px + settings.face_inset_px) + 1
    faces = cv2.erode(cover, np.ones((inset, inset), np.uint8)) > 0
    values = grey[faces]
    if values.size < settings.least_pixels:
        return DeckPaper(view, None)
    near_top = view[faces & (grey >= float(np.percentile(values, 75)) - settings.paper_below_top)]
    paper = near_top[brightest_channel(near_top) < settings.clipped]   # the same pixels, in the same order
    if len(paper) < settings.least_pixels:
        return DeckPaper(view, None)
    return DeckPaper(view, chromaticity(paper))
