"""Taught: a pale mast where nothing is read, asked rather than left out.

A mast whose sail and pole are nearly the paper's colour can leave the prize mask empty where it lies (its
bands too dull for paint, too light for the mask), or leave only stretches of pole that are let go as part of a
mast read elsewhere when no mast is read anywhere on the mat. Both read the mat short and sure. What still tells
such a mast from the paper is that it darkens it: its bands, pole and shadow lie a little darker than the paper
about them, in a patch about a mast's size, where the mat's printing is only its small caption.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannons_coastlines.camera.mat_looks import MatLooks
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.camera.mat_settings import MatSettings


def unread_mast_doubts(lightness: np.ndarray, prize_blobs: np.ndarray, let_go_mm: list[float], masts_read: int,
                       looks: MatLooks, settings: MatSettings) -> list[str]:
    """Doubts for a pale mast not read on a fittings zone: `lightness` its Lab L, `prize_blobs` the blobs large
    enough for a prize (let go or not), `let_go_mm` the lengths of the stretches of pole let go, `masts_read` the
    masts read on it. Taught only (an untaught reader does not know how large a mast is)."""
    if not looks.taught or looks.mast_mm2 <= 0 or looks.mast_length_mm <= 0:
        return []
    return poles_let_go_alone(let_go_mm, masts_read, looks, settings) + \
        darkened_paper(lightness, prize_blobs, looks, settings)


def poles_let_go_alone(let_go_mm: list[float], masts_read: int, looks: MatLooks, settings: MatSettings) -> list[str]:
    """A stretch of pole is let go as part of a mast read elsewhere; with no mast read on the mat, one a share of a
    taught mast long is a pale mast's part the mask held (its sail not)."""
    if masts_read:
        return []
    long_ones = [mm for mm in let_go_mm if mm >= settings.lone_pole_share * looks.mast_length_mm]
    if not long_ones:
        return poles_let_go_together(let_go_mm, looks, settings)
    return [f"{len(long_ones)} stretch(es) of pole let go, {max(long_ones):.0f} mm long, where no mast is read: "
            "a pale mast?"]


def poles_let_go_together(let_go_mm: list[float], looks: MatLooks, settings: MatSettings) -> list[str]:
    """With no mast read, stretches of pole let go, each too short alone, that together reach
    settings.lone_poles_together_share of a taught mast: a pale mast broken into its pole's top and its dark pennant
    at the foot, its pale sail between them unseen (fresh tuning seed 5628 ben)."""
    together = sum(let_go_mm)
    if len(let_go_mm) < 2 or together < settings.lone_poles_together_share * looks.mast_length_mm:
        return []
    return [f"{len(let_go_mm)} stretches of pole let go, {together / looks.mast_length_mm:.2f} of a mast together, where "
            "no mast is read: a pale mast's parts?"]


def darkened_paper(lightness: np.ndarray, prize_blobs: np.ndarray, looks: MatLooks, settings: MatSettings) -> list[str]:
    """A patch darker than the paper by settings.darkened_by (Lab L, the zone's median being its paper) clear of
    every prize blob by settings.darkened_clear_mm (a mast's reach: a pale sail's pole past it is that mast's),
    covering darkened_mast_share of a taught mast's mm^2 (darkened_least_mm2 at least) and as long
    as a taught mast within darkened_length (the caption's strip at the zone's bottom left out)."""
    paper = int(np.median(lightness))
    darker = ((paper - lightness.astype(np.int16)) >= settings.darkened_by).astype(np.uint8)
    darker[max(0, lightness.shape[0] - int(settings.caption_strip_mm * MAT_PX_PER_MM)):] = 0
    darker = cv2.morphologyEx(darker, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    if not darker.any():
        return []
    count, labels, stats, _ = cv2.connectedComponentsWithStats(darker)
    shortest, longest = settings.darkened_length
    least_mm2 = max(settings.darkened_mast_share * looks.mast_mm2, settings.darkened_least_mm2)
    patches = []    # (index, mm^2, length mm) of the patches a mast's size and length
    for index in range(1, count):
        mm2 = stats[index, cv2.CC_STAT_AREA] / MAT_PX_PER_MM ** 2
        length = max(stats[index, cv2.CC_STAT_WIDTH], stats[index, cv2.CC_STAT_HEIGHT]) / MAT_PX_PER_MM
        if mm2 >= least_mm2 and shortest <= length / looks.mast_length_mm <= longest:
            patches.append((index, mm2, length))
    if not patches:
        return []
    # The wide reach round the prize blobs is costly (9-12 ms a mat): drawn only when a patch could be a mast.
    reach = int(2 * settings.darkened_clear_mm * MAT_PX_PER_MM) | 1
    near = cv2.dilate(prize_blobs.astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (reach, reach)))
    touching = set(np.unique(labels[near > 0]).tolist())
    for index, mm2, length in patches:
        if index not in touching:
            return [f"a patch of {mm2:.0f} mm^2 darker than the paper, {length:.0f} mm long, where nothing is read: "
                    "a pale mast?"]
    return []
