"""How a Cannonades card looks in each style: the face's paper and ink, and the back (which tells nothing).
"harbour" (scene.HELD_OUT_STYLE) is a full-bleed dark back with no white border, never used in tuning;
"ember" and "slate" are full-bleed dark backs too (a thin light frame inset, or none), each close to one
of the cloths, so that tuning sees the kind of back the held-out one is without seeing it."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from companion.games.cannonades.deck import Deck
from companion.games.cannonades.kit import cards

# BGR, sRGB: (paper, ink) of the faces
FACE_INKS = {"classic": ((238, 242, 244), (25, 25, 25)), "navy": ((200, 222, 232), (70, 35, 25)),
             "harbour": ((222, 226, 214), (30, 40, 55)), "ember": ((214, 228, 240), (40, 30, 70)),
             "slate": ((232, 232, 226), (60, 50, 40))}


def face(deck: Deck, index: int, style: str, px_per_mm: float) -> np.ndarray:
    """Deck card `index`'s face in `style`, uint8 BGR at `px_per_mm`."""
    return inked_face(deck, index, *FACE_INKS[style], px_per_mm)


@lru_cache(maxsize=512)
def inked_face(deck: Deck, index: int, paper_bgr, ink_bgr, px_per_mm: float) -> np.ndarray:
    """Deck card `index`'s face printed in `ink_bgr` on `paper_bgr` (render/varied.py's decks draw their own)."""
    printed = cards.face_image(deck.cards[index], index, px_per_mm).astype(np.float32) / 255.0
    paper, ink = (np.array(colour, np.float32) for colour in (paper_bgr, ink_bgr))
    return np.clip(ink + (paper - ink) * printed, 0, 255).astype(np.uint8)


@lru_cache(maxsize=8)
def back(style: str, px_per_mm: float) -> np.ndarray:
    width, height = (int(round(mm * px_per_mm)) for mm in cards.CARD_MM)
    image = np.zeros((height, width, 3), np.uint8)
    p = px_per_mm
    if style == "classic":      # red lattice inside a white border
        image[:] = (240, 240, 240)
        cv2.rectangle(image, (int(4 * p), int(4 * p)), (width - int(4 * p), height - int(4 * p)), (40, 40, 170), -1)
        for k in range(-height, width + height, int(6 * p)):
            cv2.line(image, (k, int(4 * p)), (k + height, height), (90, 90, 215), max(1, int(p)))
            cv2.line(image, (k, height - int(4 * p)), (k + height, 0), (90, 90, 215), max(1, int(p)))
        image[:int(4 * p)] = image[-int(4 * p):] = (240, 240, 240)
        image[:, :int(4 * p)] = image[:, -int(4 * p):] = (240, 240, 240)
    elif style == "navy":       # blue waves inside a cream border
        image[:] = (205, 225, 235)
        cv2.rectangle(image, (int(3 * p), int(3 * p)), (width - int(3 * p), height - int(3 * p)), (110, 60, 30), -1)
        for row in range(int(8 * p), height - int(6 * p), int(7 * p)):
            xs = np.arange(int(5 * p), width - int(5 * p))
            ys = row + (2 * p * np.sin(xs / (3 * p))).astype(int)
            image[np.clip(ys, 0, height - 1), xs] = (190, 150, 90)
    elif style == "ember":      # full bleed, burgundy near the burgundy cloth, a cream frame and a lozenge
        image[:] = (30, 24, 80)
        cream = (170, 200, 220)
        cv2.rectangle(image, (int(4 * p), int(4 * p)), (width - int(4 * p), height - int(4 * p)), cream, max(1, int(0.5 * p)))
        middle = np.int32([(width // 2, int(16 * p)), (width - int(12 * p), height // 2),
                           (width // 2, height - int(16 * p)), (int(12 * p), height // 2)])
        cv2.polylines(image, [middle], True, cream, max(1, int(0.7 * p)))
    elif style == "slate":      # full bleed, dark blue-grey near the navy cloth, a lattice of dots, no frame
        image[:] = (58, 34, 24)
        for y in range(int(7 * p), height - int(5 * p), int(7 * p)):
            for x in range(int(7 * p), width - int(5 * p), int(7 * p)):
                cv2.circle(image, (x, y), max(1, int(0.9 * p)), (120, 96, 86), -1)
    else:                       # harbour: full bleed, dark green, a thin gold frame and a wheel
        image[:] = (45, 70, 25)
        cv2.rectangle(image, (int(5 * p), int(5 * p)), (width - int(5 * p), height - int(5 * p)), (60, 160, 200), max(1, int(0.6 * p)))
        cv2.circle(image, (width // 2, height // 2), int(14 * p), (60, 160, 200), max(1, int(0.8 * p)))
        for k in range(8):
            angle = k * np.pi / 4
            tip = (int(width / 2 + 18 * p * np.cos(angle)), int(height / 2 + 18 * p * np.sin(angle)))
            cv2.line(image, (width // 2, height // 2), tip, (60, 160, 200), max(1, int(0.8 * p)))
    return image
