"""What one picture can show at all: a bead stacked squarely on another, seen from straight above, hides
the lower one; a lone bead shows whole; a hand over a log hides its beads; the frame's pixels stay as they were."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from companion.games.the_colony.kit.board import space_places
from companion.games.the_colony.position import Position
from companion.games.the_colony.render.draw import render_frame
from companion.games.the_colony.render.scene import Egg, compose_scene
from companion.games.the_colony.render.visibility import bead_sights
from companion.render.options import RenderOptions

ABOVE = RenderOptions(size=(1280, 720), supersample=1, tilt_deg=0.0, hand=False, noisy=False)


def _scene_with(eggs, options=ABOVE, seed=3):
    position = Position.setup()
    position = position.replace(eggs={space: 0 for space in position.layout.ids})
    scene = compose_scene(position, seed, options, look="glass-bead")
    return replace(scene, eggs=tuple(eggs))


def test_a_bead_stacked_squarely_on_another_hides_it_and_a_lone_bead_shows_whole():
    places = {place.id: place for place in space_places(Position.setup().layout)}
    height = 2 * 2.7   # the glass bead's whole height: the top bead's bottom rests on the lower one's top
    pile, lone = places["L4"].centre, places["L12"].centre
    lower, upper, alone = bead_sights(_scene_with([Egg("L4", pile, 0.0, 0.0, 1.0, 0.0),
                                                   Egg("L4", pile, height, 0.0, 1.0, 0.0),
                                                   Egg("L12", lone, 0.0, 0.0, 1.0, 0.0)]))
    assert lower.alone_px > 0 and lower.share < 0.2       # the camera sees the top bead's whole disc over it
    assert upper.share > 0.95 and alone.share > 0.95
    assert upper.shown_px > lower.shown_px


def test_two_beads_side_by_side_both_show():
    places = {place.id: place for place in space_places(Position.setup().layout)}
    x, y = places["L7"].centre
    sights = bead_sights(_scene_with([Egg("L7", (x - 3.0, y), 0.0, 0.0, 1.0, 0.0),
                                      Egg("L7", (x + 3.0, y), 0.0, 0.0, 1.0, 0.0)]))
    assert all(sight.share > 0.8 for sight in sights)


def test_the_id_pass_leaves_the_frame_as_it_was():
    places = {place.id: place for place in space_places(Position.setup().layout)}
    scene = _scene_with([Egg("L4", places["L4"].centre, 0.0, 0.0, 1.0, 0.0)])
    before = render_frame(scene).image
    bead_sights(scene)
    assert np.array_equal(render_frame(scene).image, before)
