"""A webcam photo of the Cannons & Coastlines teaching sheet (`companion print pieces --game
cannons-coastlines`) with a group's masts, crates, coins and a hull on their squares.

The page, camera, light and sensor come from companion.render.teaching_photo; taken from a view of
the table (`like`), the group teaches under the light and camera it plays with. The pieces are a
CoastPieceSet's, or the kit's own (None).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from companion.games.cannons_coastlines.factions import load_rulebook
from companion.games.cannons_coastlines.kit import pieces as kit
from companion.games.cannons_coastlines.kit.sheets import SHORTEST_HULL_IN, pieces_sheet
from companion.games.cannons_coastlines.render import own_pieces, pieces
from companion.games.cannons_coastlines.render.draw import draw_solid
from companion.games.cannons_coastlines.render.piece_sets import CoastPieceSet
from companion.games.cannons_coastlines.render.scene import CoastScene
from companion.kit.pieces_sheet import pieces_sheet_layout, pieces_sheet_record
from companion.render.frame import Frame, light_picture, through_lens
from companion.render.options import RenderOptions
from companion.render.sensor import develop
from companion.render.teaching_photo import PAPER, SheetPhoto, borrowed_from, compose_sheet_photo, sheet_canvas

GAME = "cannons-coastlines"
FLEET_BY_COLOUR = {look.colour: look.fleet for look in kit.FLEET_LOOKS}
HULL_FLEET = 1     # the hull square holds any hull: the first fleet's


@dataclass(frozen=True)
class CoastTeachingScene:
    seed: int
    piece_set: CoastPieceSet | None     # None: the kit's own masts, crates and coins
    photo: SheetPhoto
    supersample: int
    left_off: frozenset[str] = frozenset()   # labels of squares the players left without their piece

    @property
    def camera(self):
        return self.photo.camera

    def solids(self) -> list[pieces.Solid]:
        """The piece on every square not left off, a little off its middle and turned."""
        solids = []
        for square in sheet_record()["squares"]:
            label = square["label"]
            if label in self.left_off:
                continue
            x, y, turn, _ = self.photo.square_spot(self.seed, square)
            solids.append(self._piece(label, (x, y), turn))
        return solids

    def _piece(self, label: str, centre, turn: float) -> pieces.Solid:
        kind, _, detail = label.partition(":")
        if kind == "hull":
            card = shortest_card()
            # A hull lies along its square's diagonal at most: turned no more than a little off the page.
            return pieces.hull(card, self._paint(HULL_FLEET), centre, self.photo.page_angle_deg + (turn % 20.0) - 10.0,
                               (True,) * len(card.fittings))
        if kind == "coin":
            if self.piece_set is None:
                return pieces.coin(detail, centre, 0.0, turn)
            return own_pieces.coin(self.piece_set.coin, detail, self.piece_set.coin_colour(detail), centre, 0.0, turn)
        fleet = FLEET_BY_COLOUR[detail]
        if self.piece_set is not None:
            return own_pieces.lying_piece(self.piece_set, "mast" if kind == "mast" else "cargo", detail, fleet,
                                          centre, 0.0, turn)
        if kind == "mast":
            return pieces.lying_mast(self._paint(fleet), centre, turn)
        return pieces.crate(self._paint(fleet), centre, 0.0, turn)

    def _paint(self, fleet: int):
        return self.piece_set.paint(fleet) if self.piece_set is not None else kit.fleet_look(fleet).rgb


@lru_cache(maxsize=1)
def shortest_card():
    cards = [card for faction in load_rulebook().factions.values() for card in faction.ships]
    return min(cards, key=lambda card: (abs(card.length - SHORTEST_HULL_IN), card.length, card.id))


@lru_cache(maxsize=1)
def sheet_record() -> dict:
    """pieces-sheet.json of the sheet rendered here (A4)."""
    return pieces_sheet_record(GAME, PAPER, pieces_sheet_layout(pieces_sheet()))


def compose_teaching(piece_set: CoastPieceSet | None, seed: int, options: RenderOptions = RenderOptions(),
                     like: CoastScene | None = None, left_off: frozenset[str] = frozenset()) -> CoastTeachingScene:
    """Every choice for a photo of the teaching sheet; `like` lends its table, light, sensor and slant."""
    borrowed = borrowed_from(like.material, like.light, like.sensor, like.camera) if like else None
    return CoastTeachingScene(seed, piece_set, compose_sheet_photo(seed, options, borrowed), options.supersample,
                              frozenset(left_off))


def render_teaching(scene: CoastTeachingScene, frame_index: int = 0) -> Frame:
    photo, camera = scene.photo, scene.camera
    canvas = sheet_canvas(photo, pieces_sheet_layout(pieces_sheet()).sheet, scene.seed, scene.supersample)
    solids = scene.solids()
    eye = canvas.eye
    for solid in sorted(solids, key=lambda s: -float(np.linalg.norm(s.body.centre - eye))):
        draw_solid(canvas, photo, solid)
    albedo, shading, hand = through_lens(canvas)
    radiance, hand_shadow = light_picture(camera, photo.light, photo.sensor.exposure, albedo, shading, hand,
                                          [photo.page_slab()], solids, [])
    image, jpeg = develop(radiance, photo.sensor, np.random.default_rng([scene.seed, frame_index, 211]))
    return Frame(image, hand, shading[:, :, 3].astype(np.float32) / 255.0, jpeg, hand_shadow)
