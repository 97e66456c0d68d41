"""Where everything sits on The Colony's printed log board, in the board's own mm (x right, y down from
its top-left corner; a layout's `at` is a space's centre in this frame): each log space's egg circle,
the ant spot beside it, its arrows and id, and the four table-corner markers. The printer, the
renderer and the camera reader all take their geometry from here."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from companion.games.the_colony.layout import Layout
from companion.kit import ids
from companion.kit.layout import MarkerPlacement


@dataclass(frozen=True)
class BoardGeometry:
    size_mm: tuple[float, float] = (340.0, 220.0)
    egg_radius_mm: float = 13.5        # the circle eggs lie in: 12 small eggs fit flat, touching
    ant_radius_mm: float = 7.0         # the dashed spot an ant (or an ant token) stands on
    ant_gap_mm: float = 1.5            # white between the egg circle and the ant spot
    marker_mm: float = 20.0
    marker_inset_mm: float = 2.0
    line_mm: float = 0.6
    arrow_gap_mm: float = 1.5          # an arrow starts and stops this far off the circles
    arrow_head_mm: float = 3.0
    twin_arrow_offset_mm: float = 2.2  # two arrows between the same two logs run side by side
    label_mm: float = 3.2              # the id's capital height


GEOMETRY = BoardGeometry()
# The centre has no "outside": its ant spot goes up and to the right, clear of its four arrows.
CENTRE_ANT_DIRECTION = (math.sqrt(0.5), -math.sqrt(0.5))


@dataclass(frozen=True)
class SpacePlace:
    """One log space on the board: its egg circle's centre, its ant spot's centre, its id's place."""

    id: str
    kind: str
    centre: tuple[float, float]
    ant: tuple[float, float]
    label: tuple[float, float]


def board_markers(geometry: BoardGeometry = GEOMETRY) -> tuple[MarkerPlacement, ...]:
    """The table-corner markers (ids 20-23) in the board's corners, upright, in corner order."""
    width, height = geometry.size_mm
    side, inset = geometry.marker_mm, geometry.marker_inset_mm
    spots = ((inset, inset), (width - inset - side, inset), (width - inset - side, height - inset - side),
             (inset, height - inset - side))
    return tuple(MarkerPlacement(marker_id, x, y, side) for marker_id, (x, y) in zip(ids.TABLE_CORNER_MARKERS.ids, spots))


def marker_corners_mm(geometry: BoardGeometry = GEOMETRY) -> dict[int, np.ndarray]:
    """{marker id: its four corners in board mm, OpenCV's order}."""
    return {placement.id: np.array(placement.corners, np.float64) for placement in board_markers(geometry)}


@lru_cache(maxsize=4)
def space_places(layout: Layout, geometry: BoardGeometry = GEOMETRY) -> tuple[SpacePlace, ...]:
    """Every space of `layout`: the ant spot lies outward from the board's middle, the id a little
    round from it, so neither sits where eggs or arrows are."""
    middle = np.mean([space.at for space in layout.spaces], axis=0)
    reach = geometry.egg_radius_mm + geometry.ant_gap_mm + geometry.ant_radius_mm
    places = []
    for space in layout.spaces:
        centre = np.array(space.at, np.float64)
        outward = centre - middle
        direction = (np.array(CENTRE_ANT_DIRECTION) if space.kind == "centre" or np.linalg.norm(outward) < 1e-6
                     else outward / np.linalg.norm(outward))
        places.append((space, centre, centre + direction * reach))
    ants = [ant for _, _, ant in places]
    segments = arrows(layout, geometry)
    result = []
    for space, centre, ant in places:
        outward = (ant - centre) / np.linalg.norm(ant - centre)
        # Beside the ant spot, a little round the circle either way: the side with more room.
        candidates = [centre + _turn(outward, sign * turn) * (geometry.egg_radius_mm + geometry.label_mm + 1.5)
                      for sign in (1, -1) for turn in (50.0, 65.0, 80.0, 95.0)]
        label = max(candidates, key=lambda spot: min(_clearance(spot + [dx, 0.0], layout, ants, segments, geometry)
                                                     for dx in (-1.2 * geometry.label_mm, 0.0, 1.2 * geometry.label_mm)))
        result.append(SpacePlace(space.id, space.kind, tuple(centre), tuple(ant), tuple(label)))
    return tuple(result)


def _clearance(spot: np.ndarray, layout: Layout, ants, segments, geometry: BoardGeometry) -> float:
    """How far a label at `spot` keeps from arrows, ant spots, circles and the seam between the pages."""
    gaps = [float(np.linalg.norm(spot - np.array(space.at))) - geometry.egg_radius_mm for space in layout.spaces]
    gaps += [float(np.linalg.norm(spot - ant)) - geometry.ant_radius_mm for ant in ants]
    gaps += [_to_segment(spot, tail, head) for tail, head in segments]
    gaps.append(abs(spot[0] - geometry.size_mm[0] / 2) - 2 * geometry.label_mm)
    return min(gaps)


def _to_segment(point: np.ndarray, tail: np.ndarray, head: np.ndarray) -> float:
    along = head - tail
    share = float(np.clip((point - tail) @ along / (along @ along), 0.0, 1.0))
    return float(np.linalg.norm(point - (tail + along * share)))


def _turn(vector: np.ndarray, degrees: float) -> np.ndarray:
    angle = math.radians(degrees)
    cos, sin = math.cos(angle), math.sin(angle)
    return np.array([vector[0] * cos - vector[1] * sin, vector[0] * sin + vector[1] * cos])


def arrows(layout: Layout, geometry: BoardGeometry = GEOMETRY) -> list[tuple[np.ndarray, np.ndarray]]:
    """Every arrow as (tail, head) in board mm, from circle edge to circle edge; two arrows between
    the same pair of logs (to the centre and back) run side by side."""
    result = []
    for space in layout.spaces:
        for target in space.next:
            start, end = np.array(space.at, float), np.array(layout.space(target).at, float)
            along = (end - start) / np.linalg.norm(end - start)
            side = np.array([-along[1], along[0]])
            twin = space.id in layout.space(target).next
            shift = side * geometry.twin_arrow_offset_mm if twin else np.zeros(2)
            gap = geometry.egg_radius_mm + geometry.arrow_gap_mm
            result.append((start + along * gap + shift, end - along * gap + shift))
    return result


def draw_board_lines(layout: Layout, width_px: int, height_px: int, window_mm: tuple[float, float, float, float],
                     geometry: BoardGeometry = GEOMETRY) -> np.ndarray:
    """The board's black line work (circles, ant spots, arrows) over `window_mm` (x, y, w, h of the
    board) as a grey picture, 0 black and 255 white: what `Surface.picture` prints."""
    x0, y0, window_w, window_h = window_mm
    scale = width_px / window_w
    picture = np.full((height_px, width_px), 255, np.uint8)
    shift = 4
    one = 1 << shift

    def px(point) -> tuple[int, int]:
        return int(round((point[0] - x0) * scale * one)), int(round((point[1] - y0) * scale * one))

    line = max(1, int(round(geometry.line_mm * scale)))
    for place in space_places(layout, geometry):
        rings = {"single": 1, "double": 2, "centre": 3}[place.kind]
        for ring in range(rings):
            radius = geometry.egg_radius_mm + ring * 1.4 * geometry.line_mm * 1.6
            cv2.circle(picture, px(place.centre), int(radius * scale * one), 0, line, cv2.LINE_AA, shift)
        _dashed_circle(picture, px(place.ant), geometry.ant_radius_mm * scale * one, line, shift)
    for tail, head in arrows(layout, geometry):
        along = (head - tail) / np.linalg.norm(head - tail)
        side = np.array([-along[1], along[0]])
        cv2.line(picture, px(tail), px(head - along * geometry.arrow_head_mm * 0.6), 0, line, cv2.LINE_AA, shift)
        back = head - along * geometry.arrow_head_mm
        tip = np.array([px(head), px(back + side * geometry.arrow_head_mm * 0.5), px(back - side * geometry.arrow_head_mm * 0.5)],
                       np.int32)
        cv2.fillPoly(picture, [tip], 0, cv2.LINE_AA, shift)
    return picture


def _dashed_circle(picture: np.ndarray, centre: tuple[int, int], radius: float, line: int, shift: int) -> None:
    dashes = 16
    for index in range(dashes):
        start = index * 360.0 / dashes
        cv2.ellipse(picture, centre, (int(radius), int(radius)), 0.0, start, start + 360.0 / dashes * 0.55, 0, line,
                    cv2.LINE_AA, shift)


@lru_cache(maxsize=2)
def board_picture(layout: Layout, px_per_mm: float = 10.0, geometry: BoardGeometry = GEOMETRY) -> np.ndarray:
    """The whole printed board as a BGR picture at `px_per_mm`, exactly as `companion print colony`
    prints it (the renderer lays this on the table)."""
    from companion.games.the_colony.kit.printed import board_half_layouts, board_drawing
    from companion.kit.layout import MM_PER_INCH, Paper
    from companion.kit.sheets import Page, draw_sheet

    width, height = geometry.size_mm
    halves = []
    for layout_half, window in board_half_layouts(layout, geometry):
        paper = Paper("board", window[2], window[3])
        page = Page(paper, px_per_mm * MM_PER_INCH, (0.0, 0.0))
        draw_sheet(page, layout_half, board_drawing(layout, window, geometry))
        halves.append(page.image)
    picture = np.hstack(halves)
    return cv2.resize(picture, (int(round(width * px_per_mm)), int(round(height * px_per_mm))), interpolation=cv2.INTER_AREA)
