"""Every game's camera part makes a reader of its own for each camera stream (as the live
pipeline asks it, once per pipeline): two streams share no memory."""

import numpy as np
import pytest

from companion.games import plugins

CAMERAS = sorted(slug for slug, plugin in plugins().items() if plugin.has("camera"))


def test_both_games_have_a_camera_part():
    assert {"cannonball-colony", "cannons-coastlines"} <= set(CAMERAS)


@pytest.mark.parametrize("slug", CAMERAS)
def test_each_stream_gets_a_reader_of_its_own(slug):
    camera = plugins()[slug].load("camera")
    one, other = camera.reader(), camera.reader()
    assert one.__self__ is not other.__self__, "each reader is a bound method of a reader object of its own"
    blank = np.full((180, 320, 3), 128, np.uint8)
    observation = one(blank, 0.0, None)
    assert observation.problems, "a blank picture shows no table, and the reader says so"
