"""One back counted twice in a row split into cards: the split's greedy rectangle for a back may stand partly on the
card before it (whose pixels were cut out), so it takes only the back's first part, and what it leaves beside a
cannonade is split again as the row's last card (touching._covered_rest): one back, two cards. Tuning view 9794 seat 2
(a column of three light-bordered backs, the last under C26): the middle back, 81 mm from the first, was found at 243
and 297 mm, 54 mm apart, the seat read as four backs, sure. Two cards of a row lying over each other that much are
what one card's pixels read twice look like, not a row: such a split is not trusted (tried again with each card free
to reach under the face, or asked). But a last card showing a face's paper (the hidden face under the cannonade, as
face_down judges a split card) is not a back's pixels read again, however far its rectangle lies over the back beside
it: what shows of it is fitted off its true place (varied 9840 seat 2: S12 under C11, 0.33 of it showing, fitted 0.38
over the back after it; taken for a back read twice, the seat was read again as three backs, sure, S12 lost). Only the
last cards not so are judged (touching.split_blob's `hidden_face`)."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class CountedTwiceSettings:
    """A row's last card (under a cannonade) lying over a card found before it by more than `most_overlap` of its
    rectangle: 9794's lay 0.35-0.37 over the back before it (54 mm apart along a card 88 long). On 9400-9799 (main's
    reader, every such last card: 53) the rest lay at most 0.28 over a card found, but for the deck's pile (9408, 9691:
    0.55, 0.54) and seat 4 of 9671 (0.50, asked either way) and 9787 (0.33: the split tried again reaching under its
    cannonade reads the seat as before)."""
    most_overlap: float = 0.3


SETTINGS = CountedTwiceSettings()


def overlap_share(card_px: np.ndarray, other_px: np.ndarray) -> float:
    """The share of one card rectangle (its four corners, px) that another covers."""
    corners = np.concatenate([card_px.reshape(-1, 2), other_px.reshape(-1, 2)])
    origin = np.floor(corners.min(axis=0)) - 1
    size = np.int32(np.ceil(corners.max(axis=0) - origin)) + 2
    card = np.zeros((size[1], size[0]), np.uint8)
    other = np.zeros_like(card)
    cv2.fillPoly(card, [np.int32(np.round(card_px.reshape(-1, 2) - origin))], 255)
    cv2.fillPoly(other, [np.int32(np.round(other_px.reshape(-1, 2) - origin))], 255)
    return cv2.countNonZero(cv2.bitwise_and(card, other)) / max(cv2.countNonZero(card), 1)


def read_twice(rest_px: list[np.ndarray], found_px: list[np.ndarray], settings: CountedTwiceSettings = SETTINGS) -> bool:
    """Whether a row's last card split from what the cards found leave lies over one of them by more than
    `most_overlap`: one card's pixels may have been counted twice."""
    return any(overlap_share(rest, card) > settings.most_overlap for rest in rest_px for card in found_px)
