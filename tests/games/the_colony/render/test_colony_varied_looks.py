"""Varied training looks: each varied view's bead look and shadow strength come from its seed (the same
seed, the same look), they differ from view to view within their ranges, the beads still lie inside
their circles, and the held-out look is never what a varied view draws."""

from __future__ import annotations

import numpy as np

from companion.games.the_colony.kit.board import GEOMETRY, space_places
from companion.games.the_colony.render import random_position
from companion.games.the_colony.render.pieces import HELD_OUT, look_named
from companion.games.the_colony.render.scene import compose_scene
from companion.games.the_colony.render.varied_looks import RANGES, VARIED, varied_look
from companion.render.options import RenderOptions

SMALL = RenderOptions(size=(320, 180), supersample=1)


def test_a_varied_views_look_comes_from_its_seed():
    assert varied_look(100007) == varied_look(100007)
    assert compose_scene(random_position(3), 100007, SMALL, look=VARIED).look == varied_look(100007)


def test_varied_looks_spread_over_their_ranges_and_are_never_the_held_out_look():
    looks = [varied_look(seed) for seed in range(100000, 100200)]
    lengths = [look.axes_mm[0] for look in looks]
    assert min(lengths) < RANGES.half_length_mm[0] + 0.3 and max(lengths) > RANGES.half_length_mm[1] - 0.3
    assert all(look.axes_mm[1] <= RANGES.half_width_most_mm for look in looks)
    assert any(look.flat_top for look in looks) and not all(look.flat_top for look in looks)
    blue = [look for look in looks if look.rgb[2] > look.rgb[0] + 8]
    brown = [look for look in looks if look.rgb[0] > look.rgb[2] + 8]
    assert blue and brown
    held_out = look_named(HELD_OUT)
    assert all(look.name == VARIED and look != held_out for look in looks)


def test_a_varied_views_light_keeps_its_total_and_moves_its_shadows():
    position = random_position(4)
    seed = 100011
    plain = compose_scene(position, seed, SMALL, look="colony-egg").light
    varied = compose_scene(position, seed, SMALL, look=VARIED).light
    assert np.isclose(plain.direct + plain.ambient, varied.direct + varied.ambient)
    assert varied.direct != plain.direct and varied.ambient > 0


def test_varied_beads_lie_inside_their_circles_with_every_count():
    position = random_position(11)
    for seed in range(100000, 100006):
        scene = compose_scene(position, seed, SMALL, look=VARIED)
        places = {place.id: place for place in space_places(position.layout)}
        for space, count in position.eggs.items():
            eggs = [egg for egg in scene.eggs if egg.space == space]
            assert len(eggs) == count
            assert all(np.hypot(egg.xy[0] - places[space].centre[0], egg.xy[1] - places[space].centre[1])
                       < GEOMETRY.egg_radius_mm for egg in eggs)
