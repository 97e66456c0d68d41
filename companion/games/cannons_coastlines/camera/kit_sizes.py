"""What the coast kit tells the game-free vision stages: where the table's corner markers lie,
and the ship tag's card, marker and height."""

from __future__ import annotations

from companion.games.cannons_coastlines.kit import pieces as kit
from companion.kit import ids
from companion.vision.table_frame import TableLayout
from companion.vision.tag_edges import TagSquares

TABLE_MARKERS = tuple(ids.TABLE_CORNER_MARKERS.ids)
TABLE_LAYOUT = TableLayout(
    TABLE_MARKERS, kit.table_size_mm(),
    tuple(tuple((x * kit.MM_PER_INCH, y * kit.MM_PER_INCH) for x, y in kit.table_marker_corners_in(corner))
          for corner in range(4)))
SHIP_TAG = TagSquares(kit.SHIP_TAG_CARD_MM, kit.SHIP_TAG_MARKER_MM, kit.HULL_HEIGHT_MM)
