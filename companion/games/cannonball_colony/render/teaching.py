"""A webcam photo of the teaching sheet (`companion print pieces`) with a group's own pieces on it.

The sheet is printed from the kit as the players print it, laid on the table, and one piece of
each kind stands on its square (a road tile on the road square, nothing on the empty ones).
Camera, light and sensor are drawn from the seed as for an island, or taken from an island's
scene (`like`): a group teaches under the light and camera it plays with.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from companion.games.cannonball_colony.cells import COUNTRY_BY_INITIAL, Ground, Piece, PieceKind
from companion.games.cannonball_colony.kit.printed import pieces_sheet
from companion.games.cannonball_colony.render.frame import _distance, tile_matrix
from companion.games.cannonball_colony.render.piece_sets import PieceSet
from companion.games.cannonball_colony.render.scene import ROAD_TILE_HEIGHT_MM, Placed, Scene
from companion.games.cannonball_colony.render.textures import ROAD_TILE_MM, road_tile_textures
from companion.kit.pieces_sheet import pieces_sheet_layout, pieces_sheet_record
from companion.render.canvas import FLAT_SHADING
from companion.render.frame import PAPER_GLOSS, Frame, light_picture, through_lens
from companion.render.lighting import towards_lamp
from companion.render.options import RenderOptions
from companion.render.sensor import develop
from companion.render.teaching_photo import PAPER, SheetPhoto, borrowed_from, compose_sheet_photo, sheet_canvas


@dataclass(frozen=True)
class TeachingScene:
    seed: int
    piece_set: PieceSet | None          # None: the kit's own forts, cannons and blockades
    photo: SheetPhoto                   # where the page lies, the camera, light and sensor
    supersample: int
    left_off: frozenset[str] = frozenset()   # labels of squares the players left without their piece

    @property
    def camera(self):
        return self.photo.camera

    def objects(self) -> tuple[list[Placed], list[Placed]]:
        """(road tiles, standing pieces) on their squares, each a little off centre and turned."""
        tiles, pieces = [], []
        for square in sheet_record()["squares"]:
            if square["label"] in self.left_off:
                continue
            x, y, angle, jitter = self.photo.square_spot(self.seed, square)
            if square["label"] == Ground.ROAD.value:   # a road tile is laid square with the page, nearly
                tiles.append(Placed("road", None, None, (x, y), 0.0, self.photo.page_angle_deg + jitter.uniform(-5, 5)))
            elif len(square["label"]) == 2:
                piece = piece_of(square["label"])
                pieces.append(Placed(piece.kind.label, None, piece.owner, (x, y), 0.0, angle, look=self.piece_set))
        return tiles, pieces


def piece_of(token: str) -> Piece:
    """The piece a square's label names: `Fs` is Spain's fort."""
    return Piece(PieceKind(token[0]), COUNTRY_BY_INITIAL[token[1]])


@lru_cache(maxsize=1)
def sheet_record() -> dict:
    """pieces-sheet.json of the sheet rendered here (A4)."""
    return pieces_sheet_record("cannonball-colony", PAPER, pieces_sheet_layout(pieces_sheet()))


def compose_teaching(piece_set: PieceSet | None, seed: int, options: RenderOptions = RenderOptions(),
                     like: Scene | None = None, left_off: frozenset[str] = frozenset(),
                     fill: float | None = None) -> TeachingScene:
    """Every choice for a photo of the teaching sheet; `like` lends its table, light and sensor; `fill`: the
    share of the picture the page spans (drawn from the seed without it)."""
    borrowed = borrowed_from(like.table_material, like.light, like.sensor, like.camera) if like else None
    return TeachingScene(seed, piece_set, compose_sheet_photo(seed, options, borrowed, fill), options.supersample,
                         frozenset(left_off))


def render_teaching(scene: TeachingScene, frame_index: int = 0) -> Frame:
    camera, photo = scene.camera, scene.photo
    canvas = sheet_canvas(photo, pieces_sheet_layout(pieces_sheet()).sheet, scene.seed, scene.supersample)
    tiles, pieces = scene.objects()
    faces = road_tile_textures(scene.seed)
    for index, tile in enumerate(tiles):
        mesh = tile.mesh()
        for _, pixels, bgr, shading in canvas.visible_faces(mesh.faces, towards_lamp(photo.light, mesh.centre)[0]):
            canvas.fill_polygon(pixels, bgr, (*shading[:3], 0))
        canvas.paste(faces[index % len(faces)], tile_matrix(tile), (ROAD_TILE_MM, ROAD_TILE_MM), -ROAD_TILE_HEIGHT_MM,
                     (*FLAT_SHADING[:2], PAPER_GLOSS, 0))
    for item in sorted(pieces, key=lambda t: -_distance(camera, t)):
        mesh = item.mesh()
        canvas.draw_mesh(mesh, towards_lamp(photo.light, mesh.centre)[0])
    albedo, shading, hand = through_lens(canvas)
    radiance, hand_shadow = light_picture(camera, photo.light, photo.sensor.exposure, albedo, shading, hand,
                                          _slabs(scene, tiles), pieces, [])
    image, jpeg = develop(radiance, photo.sensor, np.random.default_rng([scene.seed, frame_index, 211]))
    return Frame(image, hand, shading[:, :, 3].astype(np.float32) / 255.0, jpeg, hand_shadow)


def _slabs(scene: TeachingScene, tiles) -> list:
    square = np.array([[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]], float)
    slabs = [scene.photo.page_slab()]
    for tile in tiles:
        corners = (square * [ROAD_TILE_MM, ROAD_TILE_MM, 1]) @ tile_matrix(tile).T
        slabs.append((np.column_stack([corners[:, :2], np.full(4, -ROAD_TILE_HEIGHT_MM)]), ROAD_TILE_HEIGHT_MM))
    return slabs
