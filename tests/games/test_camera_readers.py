"""Every game's camera reader is made per camera stream by its module's make_reader(), as
`companion serve` makes it; two readers share no memory."""

import importlib

import numpy as np
import pytest

from companion.games import plugins

READERS = sorted(slug for slug, plugin in plugins().items() if plugin.has("reader"))


def test_both_games_have_a_camera_reader():
    assert {"cannonball-colony", "cannons-coastlines"} <= set(READERS)


@pytest.mark.parametrize("slug", READERS)
def test_each_stream_gets_a_reader_of_its_own(slug):
    module = importlib.import_module(plugins()[slug].spec("reader").partition(":")[0])
    one, other = module.make_reader(), module.make_reader()
    assert one is not other and callable(one.read_frame)
    blank = np.full((180, 320, 3), 128, np.uint8)
    observation = one.read_frame(blank, 0.0, None)
    assert observation.problems, "a blank picture shows no table, and the reader says so"
