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


PAPER_COLOUR_SETTINGS = PaperColourSettings()


@dataclass(frozen=True)
class DeckPaper:
    """The view in colour and the read faces' paper's chromaticity (None: no face read, nothing to compare)."""
    view: np.ndarray
    chroma: np.ndarray | None

    def judge(self, x0: int, y0: int, grey_box: np.ndarray, shows: np.ndarray, level: float,
              beside: np.ndarray | None = None, settings: PaperColourSettings = PAPER_COLOUR_SETTINGS) -> str:
        """What shows of a card (`shows`, a mask of the box at x0, y0) at least `level` bright, by its colour: the
        deck's paper (PAPER; also when it cannot be told: too little shows, no face read), OTHER (no face's paper,
        whatever its grey: a light back) or UNSURE. `beside`: where a read face's paper lies by the card in the box,
        compared with first."""
        height, width = grey_box.shape
        box = self.view[y0:y0 + height, x0:x0 + width]
        unclipped = brightest_channel(box) < settings.clipped
        bright = box[shows & unclipped & (grey_box >= level)]
        paper = self.chroma
        if beside is not None and beside.any():
            top = float(np.percentile(grey_box[beside], 75)) - settings.paper_below_top
            near = box[beside & unclipped & (grey_box >= top)]
            paper = chromaticity(near) if len(near) >= settings.least_pixels else paper
        return told_by_colour(bright, paper, settings)


def told_by_colour(bright: np.ndarray, paper: np.ndarray | None,
                   settings: PaperColourSettings = PAPER_COLOUR_SETTINGS) -> str:
    """Bright pixels of a card (unclipped, n x 3) told by their colour beside a face's paper's chromaticity `paper`:
    PAPER (also when it cannot be told: too few pixels, no paper to compare with), OTHER (a light back) or UNSURE."""
    if paper is None or len(bright) < settings.least_pixels:
        return PAPER
    off = float(np.abs(chromaticity(bright) - paper).sum())
    return PAPER if off <= settings.same_paper_most else OTHER if off >= settings.other_paper_least else UNSURE


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
