"""Draw one Cannons & Coastlines frame: table, corner markers, mats and what lies on them,
islands, rocks, ships with their tags and fittings, a hand; then lens, light and sensor
through the Cannonball Colony renderer's own machinery.

The canvas also keeps, per pixel, which marker card (if any) is the surface seen there, so
the truth can say how much of each marker a hand or a nearer piece hides.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.cannons_coastlines.geometry import Point
from companion.games.cannons_coastlines.kit import pieces as kit
from companion.kit import ids
from companion.render.camera import ideal_canvas
from companion.render.canvas import FLAT_SHADING, Canvas
from companion.games.cannons_coastlines.render import own_pieces, pieces
from companion.games.cannons_coastlines.render.scene import CoastScene
from companion.render.frame import PAPER_GLOSS, light_picture, through_lens
from companion.render.hands import draw_hand, hand_shapes
from companion.render.lighting import towards_lamp
from companion.render.sensor import develop
from companion.render.textures import TABLE_MM, table_gloss, table_texture

CARD_SHADING = (*FLAT_SHADING[:2], PAPER_GLOSS, 0)
TAG_SHADING = (*FLAT_SHADING[:2], PAPER_GLOSS, 255)   # a tag on a piece counts as the piece
NO_MARKER = -1


class MarkedCanvas(Canvas):
    """A canvas that also records which marker card is seen at each pixel."""

    def __init__(self, camera, ideal):
        super().__init__(camera, ideal)
        self.marker = np.full((ideal.height, ideal.width), NO_MARKER, np.int16)
        self.drawing = NO_MARKER

    def _fill(self, layer, pixels, value) -> None:
        super()._fill(layer, pixels, value)
        if layer is self.shading:  # every drawn surface fills the shading layer once
            super()._fill(self.marker, pixels, int(self.drawing))


@dataclass(frozen=True)
class CoastFrame:
    image: np.ndarray
    jpeg: bytes | None
    hand: np.ndarray          # share of each pixel covered by the hand
    marker: np.ndarray        # int16: id of the marker card seen at each pixel, or -1
    hand_shadow: np.ndarray


def card_matrix(corner_xy, angle_deg: float) -> np.ndarray:
    """A card's own mm frame (origin at its top-left corner) -> render frame, turned clockwise."""
    angle = math.radians(angle_deg)
    cos, sin = math.cos(angle), math.sin(angle)
    return np.array([[cos, -sin, corner_xy[0]], [sin, cos, corner_xy[1]], [0, 0, 1]])


def card_corner(centre_xy, angle_deg: float, side: float) -> tuple[float, float]:
    angle = math.radians(angle_deg)
    half = side / 2
    return (centre_xy[0] - half * math.cos(angle) + half * math.sin(angle),
            centre_xy[1] - half * math.sin(angle) - half * math.cos(angle))


def ship_tag_pose(scene: CoastScene, ship) -> tuple[tuple[float, float], float]:
    """The tag card's centre (render mm) and turn: its top edge faces the bow."""
    x, y = scene.to_render((ship.x, ship.y))
    back = kit.ship_tag_offset_mm(ship.card.length)
    heading = math.radians(ship.heading)
    return (x - back * math.cos(heading), y - back * math.sin(heading)), ship.heading + 90.0


def island_tag_centre(scene: CoastScene, island) -> tuple[float, float]:
    """The flag tag lies on the island's centroid (the pole beside it)."""
    outline = [scene.to_render(p) for p in island.outline]
    return tuple(np.mean(outline, axis=0))


def render_coast_frame(scene: CoastScene, frame_index: int = 0) -> CoastFrame:
    camera = scene.camera
    canvas = MarkedCanvas(camera, ideal_canvas(camera, scene.supersample))
    canvas.cover_table(table_texture(scene.material, scene.seed), TABLE_MM, table_gloss(scene.material))
    for corner in range(4):
        _corner_marker(canvas, scene, corner)
    standing = []
    for mat, lying in zip(scene.mats, scene.lying):
        corner = mat.to_render(0.0, 0.0)
        canvas.drawing = ids.harbour_mat(mat.seat)
        canvas.paste(pieces.mat_texture(mat.seat), card_matrix(corner, mat.angle_deg), kit.MAT_MM, 0.0, CARD_SHADING)
        canvas.drawing = NO_MARKER
        standing += _draw_lying(canvas, scene, mat, lying)
    for number, island in enumerate(sorted(scene.table.islands.values(), key=lambda i: i.id), start=1):
        standing += _draw_island(canvas, scene, island, number)
    groups = [_ship_group(scene, ship) for ship in scene.table.ships.values()]
    groups += [[pieces.rock([scene.to_render(p) for p in outline], tuple(np.mean([scene.to_render(p) for p in outline], axis=0)))]
               for _, outline in sorted(scene.table.rocks.items())]
    groups += [[pole] for pole in _flag_poles(scene)]
    eye = camera.centre
    for group in sorted(groups, key=lambda g: -float(np.linalg.norm(g[0].body.centre - eye))):
        _draw_group(canvas, scene, group)
        standing += [solid for solid in group if isinstance(solid, pieces.Solid)]
    hand = hand_shapes(scene.hand) if scene.hand else []
    if hand:
        draw_hand(canvas, hand, scene.light.lamp_mm)
    albedo, shading, hand_cover = through_lens(canvas)
    marker = _bend_nearest(canvas)
    radiance, hand_shadow = light_picture(camera, scene.light, scene.sensor.exposure, albedo, shading, hand_cover,
                                          [], standing, hand)
    image, jpeg = develop(radiance, scene.sensor, np.random.default_rng([scene.seed, frame_index, 211]))
    return CoastFrame(image, jpeg, hand_cover, marker, hand_shadow)


def _bend_nearest(canvas: MarkedCanvas) -> np.ndarray:
    ideal, camera = canvas.ideal, canvas.camera
    bent = cv2.remap(canvas.marker, ideal.map_x, ideal.map_y, cv2.INTER_NEAREST, borderValue=NO_MARKER)
    offset = ideal.scale // 2
    return bent[offset::ideal.scale, offset::ideal.scale][:camera.height, :camera.width]


def _corner_marker(canvas, scene, corner: int) -> None:
    marker_id = ids.TABLE_CORNER_MARKERS.first + corner
    (left, top), *_ = kit.table_marker_corners_in(corner, (scene.table.width, scene.table.height))
    border = kit.SHIP_TAG_BORDER_MM * 2
    x, y = scene.to_render((left, top))
    canvas.drawing = marker_id
    canvas.paste(pieces.tag_texture(marker_id, kit.TABLE_MARKER_MM, border), card_matrix((x - border, y - border), 0.0),
                 (kit.TABLE_MARKER_MM + 2 * border,) * 2, 0.0, CARD_SHADING)
    canvas.drawing = NO_MARKER


def _flat_faces(canvas, scene, faces, shading_piece: int = 255) -> None:
    for face in faces:
        for _, pixels, bgr, shading in canvas.visible_faces([face], towards_lamp(scene.light, face.points.mean(axis=0))[0]):
            canvas.fill_polygon(pixels, bgr, (*shading[:3], shading_piece))


def draw_solid(canvas, lit, solid: pieces.Solid) -> None:
    """A piece's body, then its flat faces; `lit` is anything with the scene's .light."""
    canvas.draw_mesh(solid.body, towards_lamp(lit.light, solid.body.centre)[0])
    _flat_faces(canvas, lit, solid.overlays)



def _draw_lying(canvas, scene: CoastScene, mat, lying) -> list:
    solids = []
    for item in sorted(lying, key=lambda item: item.on_top):
        centre = mat.to_render(*item.mat_xy)
        angle = mat.angle_deg + item.angle_deg
        if scene.piece_set is not None and item.kind != "hull":
            fleet = scene.fleet_of(item.detail) if item.kind != "coin" else 0
            base = -scene.piece_set.coin.thickness_mm if item.on_top else 0.0
            # The kit's crate stands turned a quarter on the mat (its lid's rim runs across).
            turn = 90.0 if item.kind == "cargo" else 0.0
            solid = own_pieces.lying_piece(scene.piece_set, item.kind, item.detail, fleet, centre, base, angle + turn)
        elif item.kind == "coin":
            base = -kit.COIN_THICKNESS_MM if item.on_top else 0.0
            solid = pieces.coin(item.detail, centre, base, angle)
        elif item.kind == "mast":
            solid = pieces.lying_mast(_fleet_rgb(scene, item.detail), centre, angle)
        elif item.kind == "cargo":
            solid = pieces.crate(_fleet_rgb(scene, item.detail), centre, 0.0, angle + 90.0)
        else:
            solid = _prize_hull(canvas, scene, item, centre, angle)
            solids.append(solid)
            continue
        draw_solid(canvas, scene, solid)
        solids.append(solid)
    return solids


def _prize_hull(canvas, scene, item, centre, angle):
    from companion.games.cannons_coastlines.factions import load_rulebook

    faction = load_rulebook().factions[item.detail]
    card = faction.ship(item.card) if item.card else faction.ships[-1]
    heading = angle  # lengthwise along the mat's x
    solid = pieces.hull(card, _fleet_rgb(scene, item.detail), centre, heading, (True,) * len(card.fittings))
    draw_solid(canvas, scene, solid)
    if item.card:
        from companion.games.cannons_coastlines.render.scene import ship_number

        marker_id = ids.ship_tag(scene.fleet_of(item.detail), ship_number(item.detail, item.card))
        tag_centre = _tag_centre(centre, heading, card.length)
        _paste_tag(canvas, marker_id, tag_centre, heading + 90.0)
    return solid


def _tag_centre(centre, heading_deg, length_in):
    back = kit.ship_tag_offset_mm(length_in)
    heading = math.radians(heading_deg)
    return centre[0] - back * math.cos(heading), centre[1] - back * math.sin(heading)


def _paste_tag(canvas, marker_id, centre, angle_deg) -> None:
    card = kit.SHIP_TAG_CARD_MM
    canvas.drawing = marker_id
    canvas.paste(pieces.tag_texture(marker_id, kit.SHIP_TAG_MARKER_MM, kit.SHIP_TAG_BORDER_MM),
                 card_matrix(card_corner(centre, angle_deg, card), angle_deg), (card, card),
                 -kit.HULL_HEIGHT_MM - 0.05, TAG_SHADING)
    canvas.drawing = NO_MARKER


def _fleet_rgb(scene, faction: str):
    fleet = scene.fleet_of(faction)
    return scene.piece_set.paint(fleet) if scene.piece_set is not None else kit.fleet_look(fleet).rgb


def _ship_group(scene: CoastScene, ship) -> list:
    rgb = _fleet_rgb(scene, ship.faction)
    centre = scene.to_render((ship.x, ship.y))
    holes = kit.fitted_holes(ship.card.fittings, ship.fittings)
    group: list = [pieces.hull(ship.card, rgb, centre, ship.heading, tuple(kind is None for kind in holes)),
                   ("tag", scene.ship_tag(ship), *ship_tag_pose(scene, ship))]
    heading = math.radians(ship.heading)
    for along, kind in zip(kit.fitting_holes_mm(ship.card.length, len(holes)), holes):
        spot = (centre[0] + along * math.cos(heading), centre[1] + along * math.sin(heading))
        if kind == "mast":
            group.append(pieces.mast(rgb, spot, -kit.HULL_HEIGHT_MM, ship.heading))
        elif kind == "cargo":
            group.append(pieces.crate(rgb, spot, -kit.HULL_HEIGHT_MM, ship.heading))
    return group


def _draw_group(canvas, scene, group) -> None:
    """A ship: hull and deck, then its tag, then its fittings, farthest first."""
    first, rest = group[0], group[1:]
    draw_solid(canvas, scene, first)
    eye = canvas.eye
    for item in rest:
        if isinstance(item, tuple):
            _, marker_id, centre, angle = item
            _paste_tag(canvas, marker_id, centre, angle)
    for solid in sorted((s for s in rest if not isinstance(s, tuple)), key=lambda s: -float(np.linalg.norm(s.body.centre - eye))):
        draw_solid(canvas, scene, solid)


def _draw_island(canvas, scene: CoastScene, island, number: int) -> list:
    outline = [scene.to_render(p) for p in island.outline]
    top = -kit.ISLAND_THICKNESS_MM
    lamp = towards_lamp(scene.light, np.array([[*np.mean(outline, axis=0), top]]))[0]
    walls = []
    for (x0, y0), (x1, y1) in zip(outline, outline[1:] + outline[:1]):
        points = np.array([(x0, y0, 0.0), (x1, y1, 0.0), (x1, y1, top), (x0, y0, top)])
        normal = np.array([y1 - y0, -(x1 - x0), 0.0])
        centre = np.mean(outline, axis=0)
        if normal[:2] @ (np.array([x0, y0]) - centre) < 0:
            normal = -normal
        walls.append(pieces.Face(points, normal / np.linalg.norm(normal), tuple(int(c * 0.8) for c in kit.ISLAND_SAND_RGB)))
    for _, pixels, bgr, shading in canvas.visible_faces(walls, lamp):
        canvas.fill_polygon(pixels, bgr, (*shading[:3], 0))
    centre = np.mean(outline, axis=0)
    grass = [(x + (centre[0] - x) * share, y + (centre[1] - y) * share)
             for (x, y), share in zip(outline, _beach_shares(outline, centre))]
    faces = [pieces._flat(outline, 0.0, kit.ISLAND_SAND_RGB), pieces._flat(grass, 0.0, kit.ISLAND_GRASS_RGB)]
    faces += [pieces._flat(pieces.meshes.circle(scene.to_render(slot), kit.CANNON_SLOT_MM / 2, 12), 0.0, kit.HOLE_RGB)
              for slot in island.slots]
    lifted = [pieces.Face(face.points * [1, 1, 0] + [0, 0, top], np.array([0.0, 0.0, -1.0]), face.rgb) for face in faces]
    _flat_faces(canvas, scene, lifted, 0)
    marker_id = ids.island_flag(number)
    canvas.drawing = marker_id
    card = kit.FLAG_TAG_CARD_MM
    tag_centre = island_tag_centre(scene, island)
    canvas.paste(pieces.tag_texture(marker_id, kit.FLAG_TAG_MARKER_MM, kit.SHIP_TAG_BORDER_MM),
                 card_matrix(card_corner(tag_centre, 0.0, card), 0.0), (card, card), top, CARD_SHADING)
    canvas.drawing = NO_MARKER
    return []


def _beach_shares(outline, centre) -> list[float]:
    return [min(kit.ISLAND_BEACH_MM / max(math.hypot(x - centre[0], y - centre[1]), 1.0), 0.6) for x, y in outline]


def _flag_poles(scene: CoastScene) -> list:
    poles = []
    for island in sorted(scene.table.islands.values(), key=lambda i: i.id):
        x, y = island_tag_centre(scene, island)
        spot = (x + kit.FLAG_POLE_OFFSET_MM[0], y + kit.FLAG_POLE_OFFSET_MM[1])
        if island.holder:  # nobody's flag, no flag piece
            rgb = _fleet_rgb(scene, scene.table.factions[island.holder])
            poles.append(pieces.flag_pole(rgb, spot, -kit.ISLAND_THICKNESS_MM))
    return poles


def table_point_px(scene: CoastScene, point_in: Point, height_mm: float = 0.0) -> tuple[float, float]:
    x, y = scene.to_render(point_in)
    u, v = scene.camera.project([(x, y, -height_mm)])[0]
    return float(u), float(v)
