"""Whether a card reaching under a face-up card, as bright as that face's paper and of its colour (face_paper's
paper_bright and paper_colour), shows a face's own paper. A face's paper runs on inside its outline, in blank stretches
between its markers and print; a light back's paper-bright pixels may be only its border (a picture inside it) or the
ground between a fine pattern's lines (stripes, a lattice, dots), both of the paper's colour on some varied decks
(fresh tuning views 10852, 10770, 10826: such a back under a cannonade was counted a face-up ship, sure). Either
doubt is asked (face up or down not told), never turned into a back."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.cannonades.camera.face_paper import inner_paper_share, what_shows
from companion.games.cannonades.camera.settings import ReaderSettings
from companion.games.cannonades.camera.table_mask import paper_level


@dataclass(frozen=True)
class HiddenFaceSettings:
    # The widest blank stretch of paper showing: a face's hidden under a cannonade had 6.0 mm or more of radius (its
    # strip's half width), the ground between a light back's stripes 3.6-4.4 mm (varied 10600-10899, main's reader):
    # a face shows at least this much. Set between them, a little nearer the faces' least (a pattern's pitch reaches
    # 11 mm in render/varied.py: wider gaps are not told by this).
    blank_radius_least_mm: float = 5.2


HIDDEN_FACE = HiddenFaceSettings()


def face_paper_shows(grey: np.ndarray, outline_px: np.ndarray, cover: np.ndarray, settings: ReaderSettings,
                     others_px: tuple[np.ndarray, ...] = (), hidden: HiddenFaceSettings = HIDDEN_FACE) -> bool:
    """Whether what shows of the card holds a face's paper: `covered_inner_paper_least` of what shows
    `covered_inner_inset_mm` inside its outline paper-bright (past a back's light border, as face_paper.paper_between
    measures it), and a blank stretch of paper `blank_radius_least_mm` wide in radius (wider than a fine pattern's
    gaps). True when nothing of the card shows (nothing to doubt)."""
    looked = what_shows(grey, outline_px, cover, settings, others_px)
    if looked is None:
        return True
    paper, grey_box, visible, _, inside, _ = looked
    if paper.size == 0 or not visible.any():
        return True
    inner = inner_paper_share(paper, grey_box, visible, inside, settings)
    if inner is not None and inner < settings.covered_inner_paper_least:
        return False   # paper only at its rim: a back's light border
    blank = visible & (grey_box >= paper_level(paper, settings))
    widest = cv2.distanceTransform(np.pad(np.uint8(blank), 1), cv2.DIST_L2, 5).max() / settings.top_px_per_mm
    return float(widest) >= hidden.blank_radius_least_mm
