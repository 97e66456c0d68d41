"""Cannons & Coastlines pieces as meshes and printed textures, built from coast_pieces' sizes.

Shapes use meshes.py's frame (x right, y forward, z up from the base, mm); `meshes.place`
stands them on the table. A heading (bow from +x, clockwise) is a placing angle of
heading - 90, since a piece's forward is +y.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from companion.games.cannons_coastlines.factions import ShipCard
from companion.games.cannons_coastlines.geometry import ship_outline
from companion.games.cannons_coastlines.kit import pieces as kit
from companion.games.cannons_coastlines.kit.sheets import harbour_mat_layout
from companion.kit.layout import Paper
from companion.kit.marker_image import marker_image
from companion.kit.sheets import render_sheet
from companion.render import meshes
from companion.render.meshes import Face, Mesh
from companion.render.textures import SHEET_PX_PER_MM, SHEET_DPI, Texture, with_levels

MAT_PAPER_MARGIN_MM = 5.0


@dataclass(frozen=True)
class Solid:
    """A placed mesh plus flat faces drawn over it in order (decks, coin faces), for the
    painter's algorithm, which cannot order coplanar faces by their centres."""

    name: str
    body: Mesh
    overlays: tuple[Face, ...] = ()

    def mesh(self) -> Mesh:
        return self.body


def heading_angle(heading_deg: float) -> float:
    return heading_deg - 90.0


def hull_outline_local(card: ShipCard) -> list[tuple[float, float]]:
    """The hull seen from above in the piece's own frame (forward +y), in mm: the rules'
    outline exactly (geometry.ship_outline), so what is drawn is what is scored."""
    # Heading 90 points the bow to +y; `place` turns x, y exactly as the rules turn a heading.
    return list(ship_outline(0.0, 0.0, 90.0, card.length * kit.MM_PER_INCH, card.beam * kit.MM_PER_INCH))


def _flat(points_xy, z, rgb, gloss=0.0) -> Face:
    points = np.array([(x, y, z) for x, y in points_xy], float)
    return Face(points, np.array([0.0, 0.0, 1.0]), rgb, gloss)


def _placed_faces(faces, centre_xy, base_z, angle_deg) -> tuple[Face, ...]:
    """Faces in a piece's frame moved as meshes.place moves its parts."""
    angle = np.radians(angle_deg)
    rotation = np.array([[np.cos(angle), -np.sin(angle), 0], [np.sin(angle), np.cos(angle), 0], [0, 0, -1.0]])
    offset = np.array([centre_xy[0], centre_xy[1], base_z])
    return tuple(Face(face.points @ rotation.T + offset, face.normal @ rotation.T, face.rgb, face.gloss)
                 for face in faces)


def hull(card: ShipCard, rgb, centre_xy, heading_deg, holes: tuple[bool, ...]) -> Solid:
    """The painted hull with its wooden deck and any empty fitting holes (`holes`: True for
    an empty one, in the card's hole order)."""
    outline = hull_outline_local(card)
    top = kit.HULL_HEIGHT_MM
    shape = ([meshes.prism(outline, 0.0, top, rgb, 0.3)], [])
    angle = heading_angle(heading_deg)
    body = meshes.place("hull", shape, centre_xy, 0.0, angle)
    deck = _inset(outline, kit.DECK_RIM_MM)
    overlays = [_flat(deck, top, kit.DECK_RGB, 0.05)]
    positions = kit.fitting_holes_mm(card.length, len(card.fittings))
    for along, empty in zip(positions, holes):
        if empty:
            overlays.append(_flat(meshes.circle((0.0, along), kit.FITTING_HOLE_MM / 2, 10), top, kit.HOLE_RGB))
    return Solid("hull", body, _placed_faces(overlays, centre_xy, 0.0, angle))


def _inset(outline, mm) -> list[tuple[float, float]]:
    """A convex outline moved in by `mm` on every side (edges shifted, neighbours intersected)."""
    points = np.array(outline, float)
    count = len(points)
    lines = []
    for index in range(count):
        a, b = points[index], points[(index + 1) % count]
        direction = (b - a) / np.linalg.norm(b - a)
        normal = np.array([direction[1], -direction[0]])
        if normal @ (points.mean(axis=0) - a) < 0:
            normal = -normal
        lines.append((a + normal * mm, direction))
    inset = []
    for index in range(count):
        (p, d), (q, e) = lines[index - 1], lines[index]
        t = np.linalg.solve(np.column_stack([d, -e]), q - p)[0]
        inset.append(tuple(p + d * t))
    return inset


def mast(rgb, centre_xy, base_z, heading_deg) -> Solid:
    """A mast standing in its hole: pole, square sail across the ship, the fleet's pennant."""
    h, r = kit.MAST_HEIGHT_MM, kit.MAST_RADIUS_MM
    half_sail = kit.SAIL_WIDTH_MM / 2
    pennant_w, pennant_h = kit.PENNANT_MM
    parts = [meshes.rod((0, 0, 0), (0, 0, h), r, kit.DECK_RGB, 0.05, 8),
             meshes.box(-half_sail, r, kit.SAIL_BOTTOM_MM, half_sail, r + 0.8, kit.SAIL_TOP_MM, kit.SAIL_RGB),
             # Towards the bow: a pennant streaming aft would hang over the deck tag.
             meshes.box(-0.4, r, h - pennant_h, 0.4, r + pennant_w, h, rgb)]
    return Solid("mast", meshes.place("mast", (parts, []), centre_xy, base_z, heading_angle(heading_deg)))


def crate(rgb, centre_xy, base_z, heading_deg) -> Solid:
    """A wooden crate whose lid is painted in its fleet's colour `rgb`."""
    across, along, tall = kit.CRATE_MM
    rim = kit.CRATE_LID_RIM_MM
    parts = [meshes.box(-across / 2, -along / 2, 0, across / 2, along / 2, tall, kit.CRATE_RGB, 0.05)]
    lid = _flat([(-across / 2 + rim, -along / 2 + rim), (across / 2 - rim, -along / 2 + rim),
                 (across / 2 - rim, along / 2 - rim), (-across / 2 + rim, along / 2 - rim)], tall, rgb)
    angle = heading_angle(heading_deg)
    return Solid("crate", meshes.place("crate", (parts, []), centre_xy, base_z, angle),
                 _placed_faces([lid], centre_xy, base_z, angle))


def lying_mast(rgb, centre_xy, angle_deg) -> Solid:
    """A mast knocked off a ship, lying on a mat: the sail flat, the pole along it."""
    h, r = kit.MAST_HEIGHT_MM, kit.MAST_RADIUS_MM
    half_sail = kit.SAIL_WIDTH_MM / 2
    sail_middle = (kit.SAIL_BOTTOM_MM + kit.SAIL_TOP_MM) / 2 - h / 2
    sail_half = (kit.SAIL_TOP_MM - kit.SAIL_BOTTOM_MM) / 2
    parts = [meshes.box(-half_sail, sail_middle - sail_half, 0, half_sail, sail_middle + sail_half, 0.8, kit.SAIL_RGB),
             meshes.rod((0, -h / 2, 0.8 + r), (0, h / 2, 0.8 + r), r, kit.DECK_RGB, 0.05, 8),
             meshes.box(-kit.PENNANT_MM[0] - r, h / 2 - kit.PENNANT_MM[1], 0, -r, h / 2, 0.8, rgb)]
    return Solid("prize-mast", meshes.place("prize-mast", (parts, []), centre_xy, 0.0, angle_deg))


def coin(kind: str, centre_xy, base_z, angle_deg) -> Solid:
    """A brass coin face up: its kind's coloured ring and icon on the face."""
    look = kit.coin_look(kind)
    radius = kit.COIN_DIAMETER_MM / 2
    top = kit.COIN_THICKNESS_MM
    body = meshes.place("coin", ([meshes.prism(meshes.circle((0, 0), radius, 20), 0, top, kit.COIN_EDGE_RGB, 0.4)], []),
                        centre_xy, base_z, angle_deg)
    faces = [_flat(meshes.circle((0, 0), radius - 0.6, 20), top, look.rgb, 0.2),
             _flat(meshes.circle((0, 0), radius - 0.6 - kit.COIN_RING_MM, 20), top, kit.COIN_BRASS_RGB, 0.5),
             _flat(kit.icon_outline(look.icon, kit.COIN_ICON_RADIUS_MM), top, look.rgb, 0.2)]
    return Solid("coin", body, _placed_faces(faces, centre_xy, base_z, angle_deg))


def rock(outline_mm, centre_mm) -> Solid:
    local = [(x - centre_mm[0], y - centre_mm[1]) for x, y in outline_mm]  # angle 0 keeps x, y
    top = [(x * 0.55, y * 0.55) for x, y in local]
    shape = ([meshes.frustum(local, top, 0.0, kit.ROCK_HEIGHT_MM, kit.ROCK_RGB, 0.1)], [])
    return Solid("rock", meshes.place("rock", shape, centre_mm, 0.0, 0.0))


def flag_pole(rgb, centre_xy, base_z) -> Solid:
    """A holder's flag piece: a round base disc and a pole in the fleet's colour `rgb`, the
    flag at its top (an island nobody holds has none)."""
    base = kit.FLAG_BASE_THICKNESS_MM
    h = base + kit.FLAG_POLE_HEIGHT_MM
    width, height = kit.FLAG_MM
    r = kit.POLE_RADIUS_MM
    parts = [meshes.prism(meshes.circle((0, 0), kit.FLAG_BASE_DIAMETER_MM / 2, 24), 0, base, rgb, 0.1),
             meshes.rod((0, 0, base), (0, 0, h), r, kit.POLE_RGB, 0.05, 8),
             meshes.box(r, -0.4, h - height, r + width, 0.4, h, rgb, 0.05)]
    return Solid("flag-pole", meshes.place("flag-pole", (parts, []), centre_xy, base_z, 0.0))


@lru_cache(maxsize=64)
def tag_texture(marker_id: int, marker_mm: float, border_mm: float) -> Texture:
    """A marker printed on white card with `border_mm` of white round it."""
    px = SHEET_PX_PER_MM
    side = int(round(marker_mm * px))
    border = int(round(border_mm * px))
    tile = marker_image(marker_id, side, "DICT_4X4_50")
    card = np.full((side + 2 * border, side + 2 * border), 255, np.uint8)
    card[border:border + side, border:border + side] = tile
    paper = np.array([236, 241, 243], np.float32) / 255.0   # warm white card
    image = (0.03 + 0.97 * card[:, :, None] / 255.0) * paper
    return with_levels(np.clip(image * 255, 0, 255).astype(np.uint8), px)


@lru_cache(maxsize=8)
def mat_texture(player: int) -> Texture:
    layout = harbour_mat_layout(player)
    width, height = kit.MAT_MM
    page = render_sheet(layout, Paper("mat", width + 2 * MAT_PAPER_MARGIN_MM, height + 2 * MAT_PAPER_MARGIN_MM),
                        SHEET_DPI)
    margin = int(round(MAT_PAPER_MARGIN_MM * SHEET_PX_PER_MM))
    printed = page[margin:margin + int(round(height * SHEET_PX_PER_MM)), margin:margin + int(round(width * SHEET_PX_PER_MM))]
    paper = np.array([236, 241, 243], np.float32) / 255.0
    image = (0.03 + 0.97 * printed.astype(np.float32) / 255.0) * paper
    return with_levels(np.clip(image * 255, 0, 255).astype(np.uint8), SHEET_PX_PER_MM)
