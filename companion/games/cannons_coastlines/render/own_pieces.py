"""A group's own masts, crates and coins (piece_sets) as solids to draw, in pieces.py's frame.

Each is built in the piece's own frame (x right, y forward, z up, mm) and placed as pieces.py
places the kit's: a lying mast along +y, its sail flat on the mat and its pole on the sail.
"""

from __future__ import annotations

import math

from companion.games.cannons_coastlines.kit import pieces as kit
from companion.games.cannons_coastlines.render.pieces import Solid, _flat, _placed_faces
from companion.games.cannons_coastlines.render.piece_sets import CoastPieceSet, CoinLook, CrateLook, MastLook
from companion.render import meshes

SAIL_THICKNESS_MM = 0.8


def lying_mast(look: MastLook, paint, centre_xy, angle_deg: float) -> Solid:
    """A mast knocked off a ship, lying on a mat: its sail flat, the pole along it."""
    half = look.length_mm / 2
    across, along = look.sail_mm
    foot = -half + look.sail_from_mm
    top = SAIL_THICKNESS_MM
    if look.family == "striped":     # plain, a band of paint, plain
        cuts = [foot, foot + along * 0.35, foot + along * 0.65, foot + along]
        colours = [look.sail_rgb, paint, look.sail_rgb]
    else:
        cuts = [foot, foot + along]
        colours = [paint if look.family == "banner" else look.sail_rgb]
    parts = [meshes.box(-across / 2, low, 0.0, across / 2, high, top, rgb, look.gloss * 0.3)
             for low, high, rgb in zip(cuts, cuts[1:], colours)]
    radius = look.pole_radius_mm
    parts.append(meshes.rod((0.0, -half, top + radius), (0.0, half, top + radius), radius, look.pole_rgb, look.gloss, 8))
    width, height = look.pennant_mm
    if width > 0:
        parts.append(meshes.box(-width - radius, half - height, 0.0, -radius, half, top, paint, look.gloss * 0.3))
    return Solid("prize-mast", meshes.place("prize-mast", (parts, []), centre_xy, 0.0, angle_deg))


def crate(look: CrateLook, paint, centre_xy, base_z: float, angle_deg: float) -> Solid:
    """A crate or barrel standing on its base, its top painted in its fleet's colour."""
    across, along, tall = look.size_mm
    rim = look.rim_mm
    if look.family == "barrel":
        radius = across / 2
        waist, end = meshes.circle((0, 0), radius, 14), meshes.circle((0, 0), radius * 0.85, 14)
        parts = [meshes.frustum(end, waist, 0.0, tall / 2, look.wood_rgb, look.gloss),
                 meshes.frustum(waist, end, tall / 2, tall, look.wood_rgb, look.gloss)]
        lid = meshes.circle((0, 0), radius * 0.85 - rim, 14)
    else:
        body = paint if look.family == "painted" else look.wood_rgb
        parts = [meshes.box(-across / 2, -along / 2, 0.0, across / 2, along / 2, tall, body, look.gloss)]
        lid = [(-across / 2 + rim, -along / 2 + rim), (across / 2 - rim, -along / 2 + rim),
               (across / 2 - rim, along / 2 - rim), (-across / 2 + rim, along / 2 - rim)]
    return Solid("crate", meshes.place("crate", (parts, []), centre_xy, base_z, angle_deg),
                 _placed_faces([_flat(lid, tall, paint, look.gloss)], centre_xy, base_z, angle_deg))


def coin(look: CoinLook, kind: str, colour, centre_xy, base_z: float, angle_deg: float) -> Solid:
    """A coin face up: the kind's colour as a ring, a dot, or the whole chip."""
    radius = look.diameter_mm / 2
    top = look.thickness_mm
    chip = look.family == "chip"
    edge = colour if chip else tuple(int(c * 0.75) for c in look.metal_rgb)
    body = meshes.place("coin", ([meshes.prism(meshes.circle((0, 0), radius, 20), 0, top, edge, look.gloss)], []),
                        centre_xy, base_z, angle_deg)
    face = meshes.circle((0, 0), radius - 0.4, 20)
    if chip:
        faces = [_flat(face, top, colour, look.gloss)] + [_flat(mark, top, CHIP_MARK_RGB, look.gloss)
                                                          for mark in _edge_marks(radius - 0.4, 6)]
    elif look.family == "dotted":
        faces = [_flat(face, top, look.metal_rgb, look.gloss), _flat(meshes.circle((0, 0), look.ring_mm, 16), top, colour)]
    else:
        faces = [_flat(face, top, colour, look.gloss * 0.5),
                 _flat(meshes.circle((0, 0), radius - 0.4 - look.ring_mm, 20), top, look.metal_rgb, look.gloss)]
        if look.icon:
            faces.append(_flat(kit.icon_outline(kit.coin_look(kind).icon, radius * 0.42), top, colour))
    return Solid("coin", body, _placed_faces(faces, centre_xy, base_z, angle_deg))


CHIP_MARK_RGB = (240, 240, 236)


def _edge_marks(radius: float, count: int) -> list[list[tuple[float, float]]]:
    """Short white bars round a chip's edge, as poker chips have."""
    marks = []
    for index in range(count):
        angle = 2 * math.pi * index / count
        c, s = math.cos(angle), math.sin(angle)
        inner, outer, half = radius * 0.72, radius, radius * 0.14
        marks.append([(inner * c - half * s, inner * s + half * c), (outer * c - half * s, outer * s + half * c),
                      (outer * c + half * s, outer * s - half * c), (inner * c + half * s, inner * s - half * c)])
    return marks


def lying_piece(pieces: CoastPieceSet, kind: str, detail: str, fleet: int, centre_xy, base_z: float,
                angle_deg: float) -> Solid:
    """One coin or prize of the set: `kind` coin/mast/cargo, `detail` the coin's kind."""
    if kind == "coin":
        return coin(pieces.coin, detail, pieces.coin_colour(detail), centre_xy, base_z, angle_deg)
    if kind == "mast":
        return lying_mast(pieces.mast, pieces.paint(fleet), centre_xy, angle_deg)
    return crate(pieces.crate, pieces.paint(fleet), centre_xy, base_z, angle_deg)
