"""A hand over a log and all the paper round it: each space is balanced against its own paper, so skin
over it all looks like bare paper and read as no eggs, sure. Its "paper" is redder than the board's,
and the space is taken as under a hand."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import pytest

from companion.games.the_colony.camera.features import SpaceLook, hands_over_whole
from companion.games.the_colony.camera.reader import HAND_HIDES, ColonyReader, StreamMemory
from companion.render.hands import SKIN_TONES

BENCHMARKS = Path(__file__).resolve().parents[4] / "benchmarks"


def _look(paper_bgr) -> SpaceLook:
    return SpaceLook((), (), 0.0, 0.0, 0, 0.0, 0.0, 0.0, sum(paper_bgr) / 3, 0.0, 1.0, paper_bgr=tuple(paper_bgr))


LAMP = (0.80, 0.86, 0.95)         # a warm light: paper (and skin) seen through it, per channel B, G, R


def _seen(rgb, level: float = 1.0) -> tuple[float, float, float]:
    red, green, blue = rgb
    return tuple(level * value * gain for value, gain in zip((blue, green, red), LAMP))


@pytest.mark.parametrize("skin", SKIN_TONES, ids=lambda rgb: "skin-" + "-".join(map(str, rgb)))
def test_skin_over_a_whole_log_is_a_hand_whatever_its_tone(skin):
    # Paper at several levels of light and shadow, one log under the hand's skin.
    papers = [_look(_seen((245, 245, 245), level)) for level in (1.0, 0.95, 0.9, 0.8, 0.7, 0.6)]
    covered = _look(_seen(skin, 0.8))
    marked = hands_over_whole([*papers, covered])
    assert marked[-1].hand_share == 1.0
    assert [look.hand_share for look in marked[:-1]] == [0.0] * len(papers)


def test_paper_lit_a_little_bluer_at_the_boards_far_side_stays_open():
    papers = [_look(_seen((245, 245, 245))) for _ in range(6)] + [_look(_seen((232, 240, 255)))]
    assert all(look.hand_share == 0.0 for look in hands_over_whole(papers))


def test_spaces_with_no_paper_measured_are_left_as_they_are():
    bare = SpaceLook((), (), 0.0, 0.0, 0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0)
    assert hands_over_whole([bare, bare]) == [bare, bare]


@pytest.mark.slow
@pytest.mark.parametrize("stream", (False, True), ids=("photo", "stream"))
def test_a_pale_hand_over_two_logs_of_a_tuning_view_hides_them_rather_than_reading_them_bare(stream, tmp_path):
    # TRAIN view 1894 (a tuning seed): a very light hand lies over L1 (1 egg) and L2 (8 eggs) and the
    # paper round them; before, both read 0 eggs at 99%.
    sys.path.insert(0, str(BENCHMARKS))
    from colony_views import render_view

    picture, _ = render_view(tmp_path, "train", 1894)
    observation = ColonyReader().read(cv2.imread(str(picture)), memory=StreamMemory() if stream else None)
    for space in ("L1", "L2"):
        reading = observation.reading(space)
        assert reading.hidden and reading.question == HAND_HIDES, reading
    assert not observation.reading("L10").hidden
