"""The islands stage of the Cannons & Coastlines reader: islands found by colour, named by
their flag tag, and who holds each.

An island whose tag is read is `island-N` (tag 40 + N - 1); one whose tag is hidden or
blurred keeps the name it had in the last frame (its outline holds this one's centre) or is
named by its place, `island-at-X,Y` in inches. A tag read on no grass blob (an island mostly
hidden) still gives its island, outlined round the tag as far as it shows.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.cannons_coastlines.kit import pieces as kit
from companion.kit import ids
from companion.games.cannons_coastlines.camera import islands as coast_islands
from companion.games.cannons_coastlines.camera.settings import IslandSettings

from companion.games.cannons_coastlines.table import Island



@dataclass(frozen=True)
class IslandReading:
    islands: dict
    confidence: dict
    problems: list


def read_islands(image, frame, markers: dict, flat_lab: np.ndarray, outside: np.ndarray, table_lab,
                 hulls: np.ndarray, players: tuple[str, ...], previous_islands: dict,
                 settings: IslandSettings = IslandSettings()) -> IslandReading:
    """`hulls`: ship_footprints of the ships read (a green hull is no grass); `players`: seat i's
    player at index i - 1; `previous_islands`: the last frame's, by id."""
    tags = {marker_id - ids.island_flag(1) + 1: quad for marker_id, quad in sorted(markers.items())
            if 1 <= marker_id - ids.island_flag(1) + 1 <= ids.FLEETS}
    tag_centres = {number: frame.to_table(quad, kit.ISLAND_THICKNESS_MM).mean(0) / kit.MM_PER_INCH
                   for number, quad in tags.items()}
    islands, confidence, problems = {}, {}, []

    def add(island_id, outline, outline_confidence, fleet, margin):
        holder = players[fleet - 1] if fleet and fleet <= len(players) else None
        islands[island_id] = Island(island_id, tuple((round(float(x), 3), round(float(y), 3)) for x, y in outline), holder)
        confidence[f"island {island_id}"] = round(min(outline_confidence, 0.5 + 0.5 * margin), 3)
        if margin < settings.unsure_holder_margin:
            problems.append(f"island {island_id}: whose flag flies there is unclear (read as {holder or 'nobody'})")
        if outline_confidence < 0.5:
            problems.append(f"island {island_id}: its outline was not seen whole")

    untagged = []
    for outline, outline_confidence, grass_ab in coast_islands.find_islands(flat_lab, table_lab, outside, hulls, settings):
        cast = coast_islands.light_on_grass(grass_ab, settings)
        contour = outline.astype(np.float32).reshape(-1, 1, 2)
        # A tag inside the outline, or just outside it where the outline missed a bitten edge.
        number = next((n for n, centre in tag_centres.items()
                       if cv2.pointPolygonTest(contour, tuple(map(float, centre)), True) >= -settings.tag_outside_in), None)
        if number is None:
            untagged.append((outline, outline_confidence, cast))
            continue
        tag_centres.pop(number)
        add(f"island-{number}", outline, outline_confidence, *coast_islands.disc_holder(image, frame, tags[number], cast, settings))
    for number in tag_centres:
        outline, outline_confidence = coast_islands.island_outline_round_tag(image, frame, tags[number], table_lab, settings)
        add(f"island-{number}", outline, outline_confidence, *coast_islands.disc_holder(image, frame, tags[number], settings=settings))
    for outline, outline_confidence, cast in untagged:
        island_id = _untagged_name(outline, previous_islands, set(islands))
        fleet, margin = coast_islands.island_holder_anywhere(flat_lab, outline, cast, settings)
        add(island_id, outline, outline_confidence, fleet, margin)
        problems.append(f"island {island_id}: its flag tag was not read")
    return IslandReading(islands, confidence, problems)


def ship_footprints(frame, ships: dict, shape, settings: IslandSettings = IslandSettings()) -> np.ndarray:
    """The flattened play area's pixels (coast_islands.PX_PER_IN) where the read ships' hulls,
    decks and sails show, laid onto the table plane as the camera sees them (bool). Sails
    stand only over the mast holes, 30 mm across: the whole hull raised to a sail's top would
    hide a rock or an island's edge lying off the stern."""
    footprints = np.zeros(shape, np.uint8)
    scale = coast_islands.PX_PER_IN / kit.MM_PER_INCH
    for ship in ships.values():
        outline = np.array(ship.outline()) * kit.MM_PER_INCH
        _fill_seen(footprints, frame, outline, (0.0, kit.HULL_HEIGHT_MM), scale)
        for sail in _sails_mm(ship, settings.sail_slack_mm):
            _fill_seen(footprints, frame, sail, (kit.HULL_HEIGHT_MM + kit.SAIL_BOTTOM_MM, kit.HULL_HEIGHT_MM + kit.SAIL_TOP_MM), scale)
    return footprints > 0


def _fill_seen(footprints, frame, polygon_mm: np.ndarray, heights_mm, scale: float) -> None:
    """Fill where `polygon_mm`, standing between the two heights, covers the table in the view."""
    seen = np.vstack([frame.to_table(frame.to_image(polygon_mm, height)) for height in heights_mm]) * scale
    cv2.fillConvexPoly(footprints, cv2.convexHull(np.round(seen - 0.5).astype(np.int32)), 1)


def _sails_mm(ship, slack_mm: float) -> list[np.ndarray]:
    """Each standing mast's sail as a rectangle across the ship, table mm."""
    heading = np.radians(ship.heading)
    forward = np.array([np.cos(heading), np.sin(heading)])
    across = np.array([-forward[1], forward[0]])
    centre = np.array([ship.x, ship.y]) * kit.MM_PER_INCH
    holes = kit.fitting_holes_mm(ship.card.length, len(ship.card.fittings))
    sails = []
    for along, standing in zip(holes, kit.fitted_holes(ship.card.fittings, ship.fittings)):
        if standing != "mast":
            continue
        middle = centre + forward * along
        half = across * (kit.SAIL_WIDTH_MM / 2 + slack_mm) + forward * slack_mm
        flip = across * (kit.SAIL_WIDTH_MM / 2 + slack_mm) - forward * slack_mm
        sails.append(np.array([middle + half, middle + flip, middle - half, middle - flip]))
    return sails


def _untagged_name(outline: np.ndarray, previous_islands: dict, taken: set) -> str:
    """The last frame's name of the island whose outline holds this one's centre, else its place."""
    centre = outline.mean(0)
    for island_id, island in sorted(previous_islands.items()):
        if island_id in taken or len(island.outline) < 3:
            continue
        contour = np.array(island.outline, np.float32).reshape(-1, 1, 2)
        if cv2.pointPolygonTest(contour, (float(centre[0]), float(centre[1])), False) >= 0:
            return island_id
    return f"island-at-{centre[0]:.1f},{centre[1]:.1f}"
