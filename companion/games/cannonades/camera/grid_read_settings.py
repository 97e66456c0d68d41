"""The thresholds of reading a face's markers from their grid of bits when no detector pass reads them
(marker_grid.py), apart from the reader's own (settings.py); tuned on tuning views only (each bar says which)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GridReadSettings:
    """A card with printed corners whose markers no detector pass read (marker_grid.py): a far, soft face whose
    markers' dark border does not close once thresholded, though its 5x5 bits still show (seeds 5023, 5085, 5233,
    5407: with the card's true pose, 0 to 2 bits of 25 off, any other marker 6 or more). Each marker's cells are
    sampled at poses about the shape's centre and axis; a card is named only when both its markers sit as printed,
    each within `most_wrong_bits` of its own code, and no other card does so at any pose."""
    shift_mm: float = 6.0          # the shape's centre is found to a few mm: poses this far off, every `step_mm`
    step_mm: float = 1.5
    turn_deg: float = 6.0          # and its axis to a few degrees, every `turn_step_deg`
    turn_step_deg: float = 2.0
    most_wrong_bits: int = 2       # of 25 a marker; the card markers' codes lie 6 or more apart (seeds above)
    border_dark: float = 0.85      # a marker's border cells darker than its bits' threshold, this share of 24
    confidence: float = 0.9        # below two detected markers' 0.99: read from the bits alone
    # A soft face near the cloth's colour split into two small unknown shapes, its markers (read_again.faces_split_apart;
    # tuning view 5698: 0.2 and 0.3 of a card, together 56 x 78 mm; seeds below 5800): each under this many cards,
    # together within a card's sides this share over.
    pair_piece_most_cards: float = 0.5
    pair_side_tolerance: float = 0.15


GRID_READ_SETTINGS = GridReadSettings()
