"""Cannonades' printed kit (`companion print cannonades`, `companion print cannonade-stickers --deck FILE`):
the default deck's faces nine to a page, a page of backs to print on the reverse, and for a deck the
players own, two marker stickers per card, captioned with the card's id, plus the deck-markers.json
that says which marker names which card."""

from __future__ import annotations

import json

from companion.games.cannonades.deck import Deck, default_deck, load_deck
from companion.games.cannonades.kit import cards
from companion.kit import ids
from companion.kit.layout import Label, MarkerPlacement, Rect, SheetLayout
from companion.kit.part import GameKit, KitSet, PrintedSet, PrintedSheet

COLUMNS, ROWS = 3, 3                 # 189 x 264 mm: fits A4 and Letter inside the margins
TITLE_MM = 5.0                       # 269 mm in all: Letter leaves 269.4 inside its margins
STICKER_COLUMNS, STICKER_ROWS = 2, 5
STICKER_BOX_MM = (2 * cards.MARKER_MM + 3 * 4.0, cards.MARKER_MM + 14.0)
RECORD_FILE = "deck-markers.json"


def face_pages(deck: Deck) -> list[PrintedSheet]:
    cards.deck_indices(deck)   # refuses a deck too big for the card dictionary
    per_page = COLUMNS * ROWS
    pages = []
    for first in range(0, len(deck.cards), per_page):
        drawings = []
        for slot, card in enumerate(deck.cards[first:first + per_page]):
            row, column = divmod(slot, COLUMNS)
            drawings.append(cards.face_drawing(card, first + slot).moved(
                column * cards.CARD_MM[0], TITLE_MM + row * cards.CARD_MM[1]))
        number = first // per_page + 1
        title = Label(f"Cannonades deck '{deck.name}', faces {number}: print at 100%, markers "
                      f"{cards.MARKER_MM:g} mm", COLUMNS * cards.CARD_MM[0] / 2, 2.5, 2.2)
        layout = cards.sheet_of(drawings, "cannonades-faces", f"faces {number}", COLUMNS * cards.CARD_MM[0],
                                TITLE_MM + ROWS * cards.CARD_MM[1], (title,))
        pages.append(PrintedSheet(f"cannonades-faces-{number}", layout))
    return pages


def back_page() -> PrintedSheet:
    drawings = [cards.back_drawing().moved(column * cards.CARD_MM[0], TITLE_MM + row * cards.CARD_MM[1])
                for row in range(ROWS) for column in range(COLUMNS)]
    title = Label("Cannonades backs: print on the reverse of each faces page (flip on the long edge)",
                  COLUMNS * cards.CARD_MM[0] / 2, 2.5, 2.2)
    return PrintedSheet("cannonades-backs", cards.sheet_of(
        drawings, "cannonades-backs", "backs", COLUMNS * cards.CARD_MM[0], TITLE_MM + ROWS * cards.CARD_MM[1], (title,)))


def sticker_pages(deck: Deck) -> list[PrintedSheet]:
    """Two stickers per card, side by side in a cut box captioned with the card's id."""
    indices = cards.deck_indices(deck)
    box_w, box_h = STICKER_BOX_MM
    per_page = STICKER_COLUMNS * STICKER_ROWS
    pages = []
    for first in range(0, len(deck.cards), per_page):
        markers, labels, cuts = [], [], []
        for slot, card in enumerate(deck.cards[first:first + per_page]):
            row, column = divmod(slot, STICKER_COLUMNS)
            box = Rect(column * box_w, TITLE_MM + row * box_h, box_w, box_h)
            cuts.append(box)
            for number in range(2):
                markers.append(MarkerPlacement(ids.card_marker(indices[card.id], number), box.x + 4.0 + number * (cards.MARKER_MM + 4.0),
                                               box.y + 4.0, cards.MARKER_MM, ids.CARD_DICTIONARY))
            labels.append(Label(f"{card.id} (#{indices[card.id]}): {card.kind}", box.centre[0],
                                box.y + cards.MARKER_MM + 7.0, 2.2))
            for number, corner in enumerate(ids.CARD_CORNERS):
                labels.append(Label(f"{corner}, upright", box.x + 4.0 + (number + 0.5) * (cards.MARKER_MM + 4.0) - 2.0,
                                    box.y + cards.MARKER_MM + 11.0, 1.6))
        number = first // per_page + 1
        labels.append(Label(f"Cannonades stickers for deck '{deck.name}' ({number}): stick each on the face, "
                            f"upright, in the corner it names", STICKER_COLUMNS * box_w / 2, 2.5, 2.2))
        layout = SheetLayout("cannonades-stickers", f"stickers {number}", STICKER_COLUMNS * box_w,
                             TITLE_MM + STICKER_ROWS * box_h, markers=tuple(markers), labels=tuple(labels),
                             cut_lines=tuple(cuts))
        pages.append(PrintedSheet(f"cannonades-stickers-{number}", layout))
    return pages


def marker_record(deck: Deck) -> str:
    """Which card each marker names: the reader needs the same deck list to read a photo."""
    return json.dumps({"deck": deck.name, "dictionary": ids.CARD_DICTIONARY,
                       "index": {card_id: index for card_id, index in cards.deck_indices(deck).items()}},
                      indent=1) + "\n"


def _chosen_deck(args) -> Deck:
    path = getattr(args, "deck", None)
    return default_deck() if path is None else load_deck(path)


def printed_deck(args) -> PrintedSet:
    deck = _chosen_deck(args)
    return PrintedSet(face_pages(deck) + [back_page()], {RECORD_FILE: marker_record(deck)},
                      note=f"cannonades: {len(deck.cards)} cards of deck '{deck.name}', "
                           f"{cards.CARD_MM[0]:g} x {cards.CARD_MM[1]:g} mm; cut on the grey lines")


def printed_stickers(args) -> PrintedSet:
    if getattr(args, "deck", None) is None:
        if "all" in getattr(args, "sheets", ()):   # `print all`: the default deck's stickers, as a sample
            deck = default_deck()
            return PrintedSet(sticker_pages(deck), note=f"cannonade-stickers: default deck (give --deck FILE for yours)")
        raise ValueError("cannonade-stickers: give --deck FILE, the list of the deck you own (docs/formats.md)")
    deck = load_deck(args.deck)
    return PrintedSet(sticker_pages(deck), {RECORD_FILE: marker_record(deck)},
                      note=f"cannonade-stickers: {2 * len(deck.cards)} stickers for deck '{deck.name}'")


KIT = GameKit(sets=(KitSet("cannonades", "cannonades-deck", printed_deck),
                    KitSet("cannonade-stickers", "cannonades-stickers", printed_stickers)))
