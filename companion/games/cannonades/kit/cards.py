"""A Cannonades card as printed, in mm of the card's own frame (x right, y down, origin top-left):
the same layout is the printed deck's page, the rendered card's face and the reader's geometry.

Each face carries its card marker (companion.kit.ids.CARD_DICTIONARY) twice, upright, at the
top-left and bottom-right corners; the back carries none (a face-down card has no identity)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.games.cannonades.deck import Card, Deck
from companion.kit import ids
from companion.kit.layout import Label, MarkerPlacement, Paper, Rect, SheetLayout

CARD_MM = (63.0, 88.0)          # poker size: what the players own, and what sleeves fit
CARD_AREA_MM2 = CARD_MM[0] * CARD_MM[1]
MARKER_MM = 30.0                # 7 modules of 4.3 mm: a 1280x720 webcam over the table sees about 1 px/mm
MARKER_INSET_MM = 3.0
KIND_WORDS = {"ship": "SHIP", "cannonade": "CANNONADE"}
ARROWS = {"left": "<<< sails", "right": "sails >>>"}


@dataclass(frozen=True)
class CardDrawing:
    """What one card face or back prints, in the card's frame."""

    markers: tuple[MarkerPlacement, ...] = ()
    labels: tuple[Label, ...] = ()
    squares: tuple[Rect, ...] = ()
    outline: Rect = Rect(0.0, 0.0, *CARD_MM)

    def moved(self, dx: float, dy: float) -> "CardDrawing":
        return CardDrawing(
            tuple(MarkerPlacement(m.id, m.x + dx, m.y + dy, m.size, m.dictionary) for m in self.markers),
            tuple(Label(l.text, l.x + dx, l.y + dy, l.height) for l in self.labels),
            tuple(Rect(r.x + dx, r.y + dy, r.width, r.height) for r in self.squares),
            Rect(self.outline.x + dx, self.outline.y + dy, self.outline.width, self.outline.height))


def marker_positions() -> tuple[tuple[float, float], tuple[float, float]]:
    """Top-left corners of the card's two markers: top-left and bottom-right of the card."""
    far_x, far_y = CARD_MM[0] - MARKER_INSET_MM - MARKER_MM, CARD_MM[1] - MARKER_INSET_MM - MARKER_MM
    return (MARKER_INSET_MM, MARKER_INSET_MM), (far_x, far_y)


def card_markers(index: int) -> tuple[MarkerPlacement, ...]:
    return tuple(MarkerPlacement(ids.card_marker(index, corner), x, y, MARKER_MM, ids.CARD_DICTIONARY)
                 for corner, (x, y) in enumerate(marker_positions()))


def face_drawing(card: Card, index: int) -> CardDrawing:
    """The face of deck card `index`: its markers, kind, id, clan icons, grins and (a ship) the way it sails."""
    width, height = CARD_MM
    text_x = (MARKER_INSET_MM + MARKER_MM + width) / 2
    labels = [Label(KIND_WORDS[card.kind], text_x, 8.0, 2.4 if card.is_ship else 1.6),
              Label(card.id, text_x, 17.0, 4.0)]
    if card.sails:
        labels.append(Label(ARROWS[card.sails], text_x, 27.0, 2.2))
    icons = sorted(card.icons)
    squares = []
    icon_mm, gap = 17.0, 4.0
    left = (width - len(icons) * icon_mm - (len(icons) - 1) * gap) / 2
    for number, clan in enumerate(icons):
        box = Rect(left + number * (icon_mm + gap), 35.5, icon_mm, icon_mm)
        squares.append(box)
        labels.append(Label(clan[0].upper(), box.centre[0], box.centre[1] - 1.5, 7.0))
        labels.append(Label(clan, box.centre[0], box.y + icon_mm - 2.5, 1.8))
    for number in range(card.grins):
        ring = Rect(5.0 + number * 12.0, 58.0, 10.0, 10.0)
        squares.append(ring)
        labels.append(Label(":)", ring.centre[0], ring.centre[1], 3.5))
    if card.grins:
        labels.append(Label({1: "GRIN", 2: "DOUBLE GRIN"}[card.grins], 16.0, 71.5, 1.8))
    labels.append(Label(f"#{index}", 16.0, 81.0, 2.0))
    return CardDrawing(card_markers(index), tuple(labels), tuple(squares))


def back_drawing() -> CardDrawing:
    """A card back: the same for every card, so it tells nothing; no marker."""
    width, height = CARD_MM
    rings = tuple(Rect(inset, inset, width - 2 * inset, height - 2 * inset) for inset in (4.0, 7.0, 10.0))
    return CardDrawing((), (Label("CANNONADES", width / 2, height / 2, 4.0),), rings)


def card_paper() -> Paper:
    return Paper("card", *CARD_MM)


def face_image(card: Card, index: int, px_per_mm: float) -> np.ndarray:
    """The printed face as a BGR picture at `px_per_mm`, drawn by the printer's own raster surface."""
    return drawing_image(face_drawing(card, index), px_per_mm)


def drawing_image(drawing: CardDrawing, px_per_mm: float) -> np.ndarray:
    from companion.kit.sheets import Page, draw_sheet

    page = Page(card_paper(), px_per_mm * 25.4)
    draw_sheet(page, sheet_of([drawing], "card", "card", *CARD_MM))
    return page.image


def sheet_of(drawings, kind: str, title: str, width: float, height: float, extra_labels=()) -> SheetLayout:
    """Cards (already moved to their places) as one printable sheet, each with its cut line."""
    return SheetLayout(kind, title, width, height,
                       markers=tuple(m for d in drawings for m in d.markers),
                       labels=tuple(l for d in drawings for l in d.labels) + tuple(extra_labels),
                       cut_lines=tuple(d.outline for d in drawings),
                       squares=tuple(r for d in drawings for r in d.squares))


def deck_indices(deck: Deck) -> dict[str, int]:
    """{card id: its index in the deck list}; ValueError when the deck has more cards than card markers name."""
    if len(deck.cards) > ids.MAX_CARDS:
        raise ValueError(f"deck {deck.name!r} has {len(deck.cards)} cards: card markers "
                         f"({ids.CARD_DICTIONARY}, two per card) name at most {ids.MAX_CARDS}")
    return {card.id: index for index, card in enumerate(deck.cards)}
