"""Everything a render shows, chosen from the seed: the table, where each object stands,
the camera, the light, the sensor, a hand, the clutter.

Per-object choices (how a tile lies askew, which way a cannon points) depend only on the
seed and the cell, so a clip's frames keep every object where it was.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from companion.games.cannonball_colony.cells import BOARD_SIZE, Cell, Country, Ground, Piece, PieceKind
from companion.games.cannonball_colony.position import Position
from companion.kit.palette import PLAYERS
from companion.games.cannonball_colony.kit.terrain import Terrain
from companion.render import meshes
from companion.render.camera import Camera, aim_camera, frame_region
from companion.render.hands import SKIN_TONES, SLEEVES, HandPose
from companion.render.lighting import LIGHT_KINDS, Light, choose_light
from companion.render.options import MAX_TILT_DEG, RenderOptions
from companion.render.sensor import Sensor, choose_sensor
from companion.games.cannonball_colony.render.piece_sets import PieceSet
from companion.games.cannonball_colony.render.tabletop import CELL_MM, SHEET_MM, Tabletop, check_printed, lay_out_sheets, printed_terrain
from companion.games.cannonball_colony.render.textures import ROAD_TILE_MM
from companion.render.textures import CLOTHS, WOODS

ROAD_TILE_HEIGHT_MM = 2.0


@dataclass(frozen=True)
class Placed:
    """An object standing on the table: what it is, where its base centre is, which way it faces."""

    kind: str  # fort, cannon, blockade, ship, road, die, mug
    cell: Cell | None
    owner: Country | None
    centre_mm: tuple[float, float]
    base_z: float
    angle_deg: float
    detail: int = 0  # the die's top face; the mug's colour
    look: PieceSet | None = None  # a group's own pieces instead of the kit's shapes


    def mesh(self) -> meshes.Mesh:
        return _mesh_of(self)


@lru_cache(maxsize=2048)
def _mesh_of(item: Placed) -> meshes.Mesh:
    """Built once per object: a frame draws, shadows and outlines each object several times."""
    colour = PLAYERS[item.owner.value].rgb if item.owner else None
    if item.look is not None and item.kind in OWN_KINDS:
        shape = item.look.look(OWN_KINDS[item.kind]).shape(item.look.colour(item.owner))
        return meshes.place(item.kind, shape, item.centre_mm, item.base_z, item.angle_deg)
    shape = {
        "fort": lambda: meshes.fort(colour),
        "cannon": lambda: meshes.cannon(colour),
        "blockade": lambda: meshes.blockade(colour),
        "ship": lambda: meshes.ship(colour),
        "road": lambda: meshes.road_tile_sides(ROAD_TILE_MM, ROAD_TILE_HEIGHT_MM),
        "die": lambda: meshes.die(item.detail),
        "mug": lambda: meshes.mug(MUG_COLOURS[item.detail % len(MUG_COLOURS)]),
    }[item.kind]()
    return meshes.place(item.kind, shape, item.centre_mm, item.base_z, item.angle_deg)


OWN_KINDS = {kind.label: kind for kind in PieceKind}
MUG_COLOURS = ((236, 234, 228), (52, 84, 150), (170, 44, 40), (60, 60, 64))


@dataclass(frozen=True)
class Scene:
    seed: int
    position: Position
    tabletop: Tabletop
    table_material: str
    camera: Camera
    light: Light
    sensor: Sensor
    clutter: tuple[Placed, ...]
    hand: HandPose | None
    supersample: int
    piece_set: PieceSet | None = None   # None: the kit's own forts, cannons and blockades

    def with_position(self, position: Position) -> "Scene":
        return replace(self, position=position)

    def with_hand(self, hand: HandPose | None) -> "Scene":
        return replace(self, hand=hand)

    def road_tiles(self) -> list[Placed]:
        tiles = []
        for cell in self.position.cells():
            if self.position.ground_at(cell) is Ground.ROAD and self.tabletop.sheet_of(cell):
                jitter = _cell_random(self.seed, cell, "road")
                x, y = self.tabletop.cell_centre(cell)
                sheet = self.tabletop.sheet_of(cell)
                tiles.append(Placed("road", cell, None, (x + jitter.uniform(-0.8, 0.8), y + jitter.uniform(-0.8, 0.8)),
                                    0.0, sheet.angle_deg + jitter.uniform(-5, 5)))
        return tiles

    def pieces(self) -> list[Placed]:
        placed = []
        for cell, piece in sorted(self.position.pieces.items()):
            if self.tabletop.sheet_of(cell) is None:
                continue
            placed.append(_stand(self.seed, self.tabletop, cell, piece, self.piece_set))
        return placed

    def ships(self) -> list[Placed]:
        ships = []
        for country in self.position.players:
            cell = self.position.landing.get(country)
            if cell is None or self.tabletop.sheet_of(cell) is None:
                continue
            jitter = _cell_random(self.seed, cell, "ship")
            direction = _seaward(self.position, cell)
            x, y = self.tabletop.cell_centre(cell)
            angle = math.radians(self.tabletop.sheet_of(cell).angle_deg)
            dx = direction[0] * math.cos(angle) - direction[1] * math.sin(angle)
            dy = direction[0] * math.sin(angle) + direction[1] * math.cos(angle)
            # In the frame band beside the landing cell, bow towards the island.
            centre = (x + dx * CELL_MM * 1.05, y + dy * CELL_MM * 1.05)
            heading = math.degrees(math.atan2(dx, -dy)) + jitter.uniform(-12, 12)
            ships.append(Placed("ship", cell, country, centre, 0.0, heading))
        return ships


def compose_scene(position: Position, seed: int, options: RenderOptions = RenderOptions(),
                  printed: tuple[Terrain, ...] | None = None, piece_set: PieceSet | None = None) -> Scene:
    """Every choice for rendering `position`. `printed` is the terrain printed on each board
    (seat order); None draws what lies under each road from the seed (see printed_terrain)."""
    if printed is None:
        printed = printed_terrain(position, seed)
    check_printed(position, printed)
    rng = random.Random(f"scene {seed}")
    tabletop = Tabletop(lay_out_sheets(position, rng), tuple(printed))
    material = rng.choice(list(WOODS) + list(CLOTHS))
    camera = choose_camera(tabletop, rng, options)
    x0, y0, x1, y1 = tabletop.extent()
    light = choose_light(options.light or rng.choice(LIGHT_KINDS), rng, max(x1 - x0, y1 - y0) / 2)
    sensor = choose_sensor(rng, options.noisy, options.jpeg_quality)
    clutter = choose_clutter(tabletop, camera, rng) if options.clutter else ()
    hand = choose_hand(tabletop, position, rng) if options.hand else None
    return Scene(seed, position, tabletop, material, camera, light, sensor, clutter, hand, options.supersample,
                 piece_set)


def choose_camera(tabletop: Tabletop, rng: random.Random, options: RenderOptions) -> Camera:
    tilt = options.tilt_deg if options.tilt_deg is not None else rng.uniform(0, MAX_TILT_DEG)
    # Mostly from a player's side of the table; now and then from anywhere around it.
    yaw = rng.uniform(-25, 25) if rng.random() < 0.7 else rng.uniform(-180, 180)
    x0, y0, x1, y1 = tabletop.extent()
    target = ((x0 + x1) / 2, (y0 + y1) / 2, 0.0)
    width, height = options.size
    distortion = (rng.uniform(-0.2, 0.02), rng.uniform(-0.02, 0.1), rng.uniform(-0.0015, 0.0015),
                  rng.uniform(-0.0015, 0.0015), rng.uniform(-0.02, 0.01))
    camera = aim_camera(options.size, target, tilt, yaw, 700.0, rng.uniform(58, 76), distortion,
                        rng.uniform(-3, 3), (rng.uniform(-0.015, 0.015) * width, rng.uniform(-0.015, 0.015) * height))
    offset = (rng.uniform(-0.03, 0.03), rng.uniform(-0.03, 0.03))
    return frame_region(camera, _sheet_corners(tabletop), rng.uniform(0.62, 0.86), offset)


def _sheet_corners(tabletop: Tabletop) -> list[tuple[float, float, float]]:
    return [(*sheet.to_table(x, y), 0.0) for sheet in tabletop.sheets
            for x, y in ((0, 0), (SHEET_MM, 0), (SHEET_MM, SHEET_MM), (0, SHEET_MM))]


def choose_clutter(tabletop: Tabletop, camera: Camera, rng: random.Random) -> tuple[Placed, ...]:
    """A die and perhaps a mug beside the island, never in front of a board."""
    x0, y0, x1, y1 = tabletop.extent()
    sheets = [np.array([sheet.to_table(x, y) for x, y in ((0, 0), (SHEET_MM, 0), (SHEET_MM, SHEET_MM), (0, SHEET_MM))])
              for sheet in tabletop.sheets]
    items = []
    wanted = [("die", 18.0)] * (rng.random() < 0.75) + [("mug", 60.0)] * (rng.random() < 0.45)
    for kind, clearance in wanted:
        for _ in range(12):
            side = rng.randrange(4)
            along = rng.uniform(0.1, 0.9)
            gap = clearance + rng.uniform(10, 50)
            centre = [(x0 + along * (x1 - x0), y0 - gap), (x1 + gap, y0 + along * (y1 - y0)),
                      (x0 + along * (x1 - x0), y1 + gap), (x0 - gap, y0 + along * (y1 - y0))][side]
            item = Placed(kind, None, None, centre, 0.0, rng.uniform(0, 360), rng.randint(1, 6))
            if not _hides_a_sheet(item, sheets, camera):
                items.append(item)
                break
    return tuple(items)


def _hides_a_sheet(item: Placed, sheets, camera: Camera) -> bool:
    """Whether the item's outline in the picture touches any sheet's outline."""
    import cv2

    outline = camera.project(np.vstack(item.mesh().parts)).astype(np.float32)
    hull = cv2.convexHull(outline)
    for corners in sheets:
        quad = camera.project(np.column_stack([corners, np.zeros(4)])).astype(np.float32)
        area, _ = cv2.intersectConvexConvex(hull, quad.reshape(-1, 1, 2))
        if area > 0:
            return True
    return False


def choose_hand(tabletop: Tabletop, position: Position, rng: random.Random, reach: Cell | None = None,
                hover_mm: float | None = None, from_deg: float | None = None) -> HandPose:
    """A hand over a cell of the island (`reach`, or any), its arm coming in from a table edge."""
    cells = [cell for cell in position.cells() if tabletop.sheet_of(cell)]
    cell = reach or rng.choice(cells)
    x, y = tabletop.cell_centre(cell)
    angle = math.radians(from_deg if from_deg is not None else rng.uniform(0, 360))
    start = (x + 520 * math.cos(angle), y + 520 * math.sin(angle))
    sleeve = rng.choice(SLEEVES) if rng.random() < 0.7 else None
    return HandPose(start, (x, y), hover_mm if hover_mm is not None else rng.uniform(12, 50),
                    rng.choice(SKIN_TONES), sleeve, rng.uniform(0.2, 0.85), rng.random() < 0.85,
                    rng.uniform(0, 6), rng.uniform(0.2, 0.8))


def _stand(seed: int, tabletop: Tabletop, cell: Cell, piece: Piece, piece_set: PieceSet | None = None) -> Placed:
    jitter = _cell_random(seed, cell, "piece")
    x, y = tabletop.cell_centre(cell)
    sheet_angle = tabletop.sheet_of(cell).angle_deg
    if piece.kind is PieceKind.FORT:
        angle = jitter.choice((0, 90, 180, 270)) + jitter.uniform(-18, 18)
    elif piece.kind is PieceKind.CANNON:
        angle = jitter.choice((0, 90, 180, 270)) + jitter.uniform(-8, 8)
    else:
        angle = jitter.choice((0, 90)) + jitter.uniform(-6, 6)
    centre = (x + jitter.uniform(-1.5, 1.5), y + jitter.uniform(-1.5, 1.5))
    return Placed(piece.kind.name.lower(), cell, piece.owner, centre, -ROAD_TILE_HEIGHT_MM, sheet_angle + angle,
                  look=piece_set)


def _cell_random(seed: int, cell: Cell, what: str) -> random.Random:
    return random.Random(f"{what} {seed} {cell}")


def _seaward(position: Position, cell: Cell) -> tuple[int, int]:
    """The direction (dx, dy) from a landing cell to the sea beside it, or to its nearest edge."""
    for neighbour in cell.neighbours():
        if not position.is_land(neighbour):
            return neighbour.col - cell.col, neighbour.row - cell.row
    corner = position.boards[position.board_of(cell)]
    col, row = cell.col - corner.col, cell.row - corner.row
    last = BOARD_SIZE - 1
    return min(((0, -1, row), (-1, 0, col), (1, 0, last - col), (0, 1, last - row)), key=lambda d: d[2])[:2]
