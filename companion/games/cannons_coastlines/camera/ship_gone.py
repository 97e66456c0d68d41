"""A ship kept from the frame before whose place now shows the bare table has left it.

A ship whose deck tag the camera cannot see (a hand over it, its own sail from a steep camera) is kept where it was
last seen, marked stale. But a ship forced off the table sinks (the rules: "a ship that would be forced off the
table sinks"), and the players take it away with no hull to lay on a mat: kept stale, it would sail on for good,
and "the last fleet afloat wins" could never be told. Where the ship stood, the picture then shows the table: its
hull's base looks like the table round it. A ship still there (its tag hidden) shows its hull and deck there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.cannons_coastlines.camera import islands as coast_islands
from companion.games.cannons_coastlines.camera.reader_islands import ship_footprints
from companion.games.cannons_coastlines.camera.settings import IslandSettings, ShipGoneSettings
from companion.games.cannons_coastlines.kit import pieces as kit
from companion.games.cannons_coastlines.table import Ship


@dataclass(frozen=True)
class PlaceLook:
    """How much of a ship's last place shows the table round it."""

    bare: float            # share of the base's seen places within the ring's tolerance
    tag_bare: float        # the same share of where its tag card lay, on the deck
    seen: float            # share of the base the camera sees
    tolerance: float       # Lab units

    def left(self, settings: ShipGoneSettings) -> bool:
        return (self.seen >= settings.least_base_seen and self.bare >= settings.bare_share
                and self.tag_bare >= settings.tag_bare_share)


def place_look(ship: Ship, flat_lab: np.ndarray, outside: np.ndarray, elsewhere: np.ndarray, own: np.ndarray,
               tag: np.ndarray, settings: ShipGoneSettings = ShipGoneSettings()) -> PlaceLook | None:
    """How `ship`'s base and its tag card's place look against the table round them in the flattened play area
    (`flat_lab`, Lab, PX_PER_IN); `outside`: places the camera does not see, `elsewhere`: places known to show
    something else (other ships), `own`: where the ship itself would show, hull and sails standing up (the ring lies
    beyond it), `tag`: where its tag card would show. None when too little of the ring is seen to judge."""
    scale = coast_islands.PX_PER_IN
    base = np.zeros(flat_lab.shape[:2], np.uint8)
    cv2.fillConvexPoly(base, np.round(np.array(ship.outline()) * scale - 0.5).astype(np.int32), 1)
    ring_px = max(1, int(round(settings.ring_mm / kit.MM_PER_INCH * scale)))
    whole = base.astype(bool) | own
    grown = cv2.dilate(whole.astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * ring_px + 1, 2 * ring_px + 1)))
    base, ring = base.astype(bool), grown.astype(bool) & ~whole & ~outside & ~elsewhere
    base_seen, tag_seen = base & ~outside, tag & ~outside
    if base.sum() == 0 or ring.sum() < settings.least_ring_px:
        return None
    colours = flat_lab.astype(np.float32)
    median = np.median(colours[ring], axis=0)
    spread = float(np.median(np.linalg.norm(colours[ring] - median, axis=1)))
    tolerance = max(settings.least_tolerance, settings.ring_spread_times * spread)

    def bare_share(where: np.ndarray) -> float:
        distances = np.linalg.norm(colours[where] - median, axis=1)
        return round(float((distances <= tolerance).mean()), 3) if len(distances) else 0.0

    return PlaceLook(bare_share(base_seen), bare_share(tag_seen), round(float(base_seen.sum()) / float(base.sum()), 3),
                     round(tolerance, 1))


def tag_card_place(frame, ship: Ship, shape: tuple[int, int]) -> np.ndarray:
    """Where the ship's tag card shows in the flattened play area (it lies on the deck, `kit.HULL_HEIGHT_MM` up,
    its centre `kit.ship_tag_offset_mm` behind the ship's)."""
    heading = math.radians(ship.heading)
    ahead, aside = np.array([math.cos(heading), math.sin(heading)]), np.array([-math.sin(heading), math.cos(heading)])
    centre = np.array([ship.x, ship.y]) * kit.MM_PER_INCH - ahead * kit.ship_tag_offset_mm(ship.card.length)
    half = kit.SHIP_TAG_CARD_MM / 2
    corners = np.array([centre + a * half * ahead + b * half * aside for a, b in ((1, 1), (1, -1), (-1, -1), (-1, 1))])
    seen = frame.to_table(frame.to_image(corners, kit.HULL_HEIGHT_MM)) * (coast_islands.PX_PER_IN / kit.MM_PER_INCH)
    mask = np.zeros(shape, np.uint8)
    cv2.fillConvexPoly(mask, np.round(seen - 0.5).astype(np.int32), 1)
    return mask.astype(bool)


def ships_left(stale: list[str], ships: dict[str, Ship], frame, flat_lab: np.ndarray, outside: np.ndarray,
               settings: ShipGoneSettings = ShipGoneSettings(), islands: IslandSettings = IslandSettings()) -> list[str]:
    """The ships of `stale` (kept from the frame before, their tags not seen) whose places show the table round
    them; `ships` every ship of the reading, stale ones included, `frame` the table frame; `islands` the settings the
    ships' footprints are drawn with, as the reader draws them."""
    shape = flat_lab.shape[:2]
    left: list[str] = []
    for ship_id in stale:
        ship = ships[ship_id]
        others = {key: other for key, other in ships.items() if key != ship_id and key not in left}
        elsewhere = ship_footprints(frame, others, shape, islands) if others else np.zeros(shape, bool)
        own = ship_footprints(frame, {ship_id: ship}, shape, islands)
        look = place_look(ship, flat_lab, outside, elsewhere, own, tag_card_place(frame, ship, shape), settings)
        if look is not None and look.left(settings):
            left.append(ship_id)
    return left


def left_sentence(ship_id: str) -> str:
    return (f"ship {ship_id} not seen, and where it stood the table shows: it left the table (forced off the "
            f"table, it sank)")


def left_question(ship_ids) -> dict:
    """The players told which ships left the table, and how to bring one back that did not."""
    named = ", ".join(sorted(ship_ids))
    message = (f"{named} left the table: its tag is seen nowhere and where it stood the table shows. A ship forced "
               f"off the table sinks. If it is still on the table, turn it a little so its tag shows, and it comes "
               f"back.")
    return {"type": "question", "message": message, "cells": ()}


def last_ship_question(ship_ids) -> dict:
    """The players told that a fleet's last ship seems to have left the table, and that it is kept afloat."""
    named = ", ".join(sorted(ship_ids))
    message = (f"{named} seems to have left the table: its tag is seen nowhere and where it stood the table shows. "
               f"It is its fleet's last ship, so the camera keeps it afloat rather than end the game on a ship it "
               f"cannot see. If it is on the table, turn it a little so its tag shows; if it was forced off the "
               f"table it sank, and its fleet is out.")
    return {"type": "question", "message": message, "cells": ()}
