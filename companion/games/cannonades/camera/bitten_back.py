"""A bitten back: a back whose pattern has patches near the cloth's colour (a blot's light lobes, a gloss band, blue
on navy cloth) is found bitten at its edges or in pieces, and the one card rectangle fitted to what was found
(touching.fitted_card) is filled only 0.56-0.64 by it; the card's confidence, `split_confidence` times that fill,
fell under `unknown_below` and the seat was asked (varied tuning views 9572, 9595, 9653, 9656). A lower bar on the fill
alone is unsafe: rectangles placed 20-23 mm off their back fill as little (9482, 9488). What tells them is what the
rectangle leaves uncovered: a bitten back's own patches still differ from the table's colour a little, the cloth
beyond a misplaced rectangle's edge does not. So the share of the rectangle that is not the table's colour (each
pixel's colour distance from the table's local colour over `cloth_most`, specks smoothed away) is the card's share of
it: a rectangle that much the card's stands for the card.
Found so, its pixels are not all the mask's: the faint back finder (unexplained.backs_in), which looks only where no
blob explains the view, may find the same card's whole shape there (varied 9844 seat 2: three backs read as four, the
third found both ways 8 mm apart). A bitten back a card's faint shape lies on is that card found twice, or a second card
where the first was guessed: neither is told, it is asked (`found_twice`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.games.cannonades.camera.counted_twice import overlap_share
from companion.games.cannonades.camera.touching import SplitCard, box_around

BITTEN_BACK = "a bitten back: its card rectangle mostly not the cloth's colour, no marker"
FOUND_TWICE = ("a bitten back's card rectangle where a card's shape was found faintly too: one card or two not told, "
               "a card may lie there")


@dataclass(frozen=True)
class BittenBackSettings:
    """`cloth_most`: a pixel within this colour distance of the table's local colour (table_mask.table_difference's,
    lightness halved) is the cloth's; round fitted rectangles on the varied tuning views the cloth beyond came to a
    median 2-5, a tenth of it over 5-8. `smooth_px`: a median this wide takes the sensor's specks away either way.
    `least_card_share`: a rectangle at least this much not the cloth is the card's. On 9400-9799 (every rectangle
    fitted filled under 0.625 by what was found, main's reader: 13) those within 12 mm of a card came to 0.85-1.00 (one
    on the deck, 8 mm off, 0.78), those 20-23 mm off theirs (9482, 9488) 0.63-0.72: the bar between, 0.8.
    `faint_twin_overlap`: a faint back lying over more than this share of a bitten back's rectangle is the same
    place: two whole cards' shapes (a faint back is one) cannot lie half over each other (9844: 0.879; the bitten
    backs mended on 9400-9799, 9572, 9595, 9653, 9656, had no faint back near)."""
    cloth_most: float = 8.0
    smooth_px: int = 5
    least_card_share: float = 0.8
    faint_twin_overlap: float = 0.5


SETTINGS = BittenBackSettings()


def card_share(outline_px: np.ndarray, squared: np.ndarray, explained: np.ndarray,
               settings: BittenBackSettings = SETTINGS) -> float:
    """The share of a card rectangle (its corners, the top view's px) whose colour is not the table's: `squared`, each
    pixel's squared colour distance from the table's local colour; what is `explained` (other cards, read faces) left
    out."""
    x0, y0, x1, y1 = box_around(outline_px, settings.smooth_px, squared.shape)
    if x1 <= x0 or y1 <= y0:
        return 0.0
    card = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillPoly(card, [np.int32(np.round(outline_px.reshape(-1, 2) - [x0, y0]))], 255)
    off_cloth = ((squared[y0:y1, x0:x1] > settings.cloth_most ** 2) * 255).astype(np.uint8)
    off_cloth = cv2.medianBlur(off_cloth, settings.smooth_px)
    mine = (card > 0) & (explained[y0:y1, x0:x1] == 0)
    return float((off_cloth[mine] > 0).mean()) if mine.any() else 0.0


def as_bitten_back(fitted: SplitCard, squared: np.ndarray, explained: np.ndarray,
                   settings: BittenBackSettings = SETTINGS) -> SplitCard:
    """The fitted card, its share inside taken as what of its rectangle is not the cloth when that is at least
    `least_card_share` and more than what was found fills; else as it was."""
    share = card_share(fitted.outline_px, squared, explained, settings)
    if share >= settings.least_card_share and share > fitted.inside:
        return replace(fitted, inside=share)
    return fitted


def found_twice(card_px: np.ndarray, faint_backs_px: list[np.ndarray], settings: BittenBackSettings = SETTINGS) -> bool:
    """Whether a card's shape found faintly (its outline, the top view's px) lies over a bitten back's rectangle."""
    return any(overlap_share(card_px, back.reshape(-1, 2)) > settings.faint_twin_overlap for back in faint_backs_px)
