"""One die found as two blobs, each read from a crop of its own: a side one crop saw beside the top stands against a
sure reading from a crop that cut the die's body off (one_die_two_blobs.py; fresh tuning seed 7051: a cocked red 1
read sure from one blob, doubted for its side from the other); and a doubt one look raised stands against a reading
sure by the two readers' near agreement alone (forced-lean fresh tuning seed 7206)."""

import pytest

from companion.games.black_cannon.camera.one_die_two_blobs import doubted_elsewhere, side_seen_elsewhere
from companion.games.black_cannon.camera.reader import read_table
from companion.games.black_cannon.camera.seen_die import SeenDie
from companion.games.black_cannon.camera.settings import SETTINGS
from tests.games.black_cannon.camera.test_black_cannon_dice import _read_near, _tuning_view

CUT_OFF = SeenDie(1, 1.0, (210.0, 100.0), "1 pip on the top face", body_cut_off=True)
SIDE_SEEN = SeenDie(1, 0.5, (210.3, 100.2), "1 pip on the top face; its body shows a side beside its top",
                    doubted=True, side_seen=True)


def test_a_sure_reading_whose_crop_cut_the_body_off_is_asked_when_another_look_saw_a_side():
    cut_off, side_seen = side_seen_elsewhere([CUT_OFF, SIDE_SEEN], SETTINGS)
    assert cut_off.confidence < SETTINGS.confident and cut_off.side_seen and cut_off.doubted
    assert side_seen == SIDE_SEEN


@pytest.mark.parametrize("sure, other", [
    (SeenDie(1, 1.0, (210.0, 100.0), "its body in its crop, no side"), SIDE_SEEN),  # two measures
    (CUT_OFF, SeenDie(2, 0.5, (210.0, 100.0), "another count", side_seen=True)),     # another face, not this one's
    (CUT_OFF, SeenDie(1, 0.5, (240.0, 100.0), "the other die", side_seen=True)),     # 30 mm off: the roll's other die
    (CUT_OFF, SeenDie(1, 1.0, (210.0, 100.0), "the same, no side seen")),            # no side seen anywhere
])
def test_only_a_side_seen_on_the_same_face_of_the_same_die_doubts_a_reading_whose_body_was_cut_off(sure, other):
    assert side_seen_elsewhere([sure, other], SETTINGS)[0] == sure


@pytest.mark.slow
def test_a_cocked_red_one_read_from_two_blobs_is_asked_about():
    image, truth = _tuning_view(7051)
    flat, cocked = truth["dice"]
    assert not cocked["readable"] and cocked["pips"] == 1 and flat["readable"] and flat["pips"] == 4
    reading = read_table(image)
    seen = _read_near(reading, cocked)
    assert seen.pips == 1 and seen.confidence < SETTINGS.confident, seen.reason
    assert _read_near(reading, flat).pips == 4 and _read_near(reading, flat).confidence >= SETTINGS.confident
    assert reading.dice_values() is None


AGREED = SeenDie(1, 0.95, (30.0, 140.0), "1 pip on the top face; both nearly sure of it", sure_by_agreement=True)
DOUBTED_LOOK = SeenDie(1, 0.476, (30.2, 139.8), "1 pip on the top face; a printed mark?", doubted=True)


def test_a_reading_sure_by_the_two_readers_agreement_alone_is_asked_when_another_look_doubted_the_same_count():
    agreed, doubted = doubted_elsewhere([AGREED, DOUBTED_LOOK], SETTINGS)
    assert agreed.confidence < SETTINGS.confident and agreed.doubted and not agreed.side_seen
    assert doubted == DOUBTED_LOOK


@pytest.mark.parametrize("sure, other", [
    (SeenDie(1, 1.0, (30.0, 140.0), "the pip counter sure by itself"), DOUBTED_LOOK),  # not sure by agreement alone
    (AGREED, SeenDie(4, 0.5, (30.0, 140.0), "another count", doubted=True)),           # another face, not this one's
    (AGREED, SeenDie(1, 0.5, (60.0, 140.0), "the other die", doubted=True)),           # 30 mm off: the roll's other die
    (AGREED, SeenDie(1, 1.0, (30.0, 140.0), "the same, undoubted")),                   # no doubt anywhere
])
def test_only_a_doubt_of_the_same_count_on_the_same_die_undoes_the_readers_agreement(sure, other):
    assert doubted_elsewhere([sure, other], SETTINGS)[0] == sure


@pytest.mark.slow
def test_a_cocked_red_four_read_as_a_lone_one_from_three_blobs_is_asked_about():
    # Forced to lean: one of the tilted 4's pips read as a 1 from three blobs, two of them doubting it (its surround
    # runs on past a die's top); the third was made sure by the two readers' near agreement alone.
    image, truth = _tuning_view(7206, lean=True)
    cocked = truth["dice"][0]
    assert not cocked["readable"] and cocked["pips"] == 4
    seen = _read_near(read_table(image), cocked)
    assert seen.confidence < SETTINGS.confident, seen.reason
