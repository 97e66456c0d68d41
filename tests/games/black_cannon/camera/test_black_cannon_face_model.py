"""The learned face reader beside the pip counter (camera/face_model.py): rendered flat dice of every face read
right and sure by the trees, a cocked die not read as a face, and the two readers combined so that a die is
sure only when both agree or one is sure and the other has no reading, or both are nearly sure of one count and
the pip counter has no doubt; a disagreement is asked about."""

from dataclasses import replace

import numpy as np
import pytest

from companion.games.black_cannon.camera.face_model import NOT_A_FACE, combine
from companion.games.black_cannon.camera.seen_die import SeenDie
from companion.games.black_cannon.camera.settings import SETTINGS


def _learned(face: int, probability: float) -> np.ndarray:
    probabilities = np.full(7, (1.0 - probability) / 6)
    probabilities[face] = probability
    return probabilities


SURE, UNSURE = 0.99, 0.6
# pip counter (pips, confidence, doubted) | trees (class, probability) | the die's reading (pips, sure)
COMBINED = [
    ((3, 1.0, False), (3, SURE), (3, True)),              # both agree
    ((None, 0.0, False), (4, SURE), (4, True)),           # the pip counter found no face: the trees' reading
    ((5, 1.0, False), (5, UNSURE), (5, True)),            # the trees unsure of everything: the pip counter's
    ((None, 0.0, False), (2, UNSURE), (None, False)),     # neither reads it
    ((6, 0.7, False), (6, SURE), (6, True)),              # the pip counter below its margin, the trees agree sure
    ((2, 1.0, False), (3, SURE), (2, False)),             # they disagree: asked
    ((2, 0.7, False), (3, SURE), (2, False)),
    ((2, 1.0, False), (NOT_A_FACE, SURE), (2, False)),    # the trees see no flat face: asked (a cocked die?)
    ((2, 1.0, False), (NOT_A_FACE, 0.46), (2, False)),    # unsure, but likeliest no flat face: asked (a cocked 4)
    ((2, 0.6, False), (NOT_A_FACE, 0.46), (2, False)),    # asked already: its confidence kept
    ((2, 0.5, True), (2, SURE), (2, False)),              # the pip counter's doubt of a cocked die stands
    ((3, 0.91, False), (3, 0.87), (3, True)),             # both nearly sure of one count (a blurred green-gold 3)
    ((3, 0.93, False), (3, 0.79), (3, False)),            # the trees less sure (a cocked ivory 4 read as a 3)
    ((1, 0.875, False), (1, 0.92), (1, False)),           # the pip counter less sure (a cocked blue 1)
    ((3, 0.93, True), (3, 0.9), (3, False)),              # nearly sure both, but the pip counter doubts it
    ((5, 0.886, False), (5, 0.94), (5, True)),            # a face of four pips or more, its grid unsquashed (3803's 5)
    ((3, 0.86, False), (3, 0.94), (3, False)),            # the same of three pips: no grid of corners to show a lean
    ((1, 0.887, False), (1, 0.888), (1, True)),           # both nearly sure of a lone pip (5425's flat red 1)
    ((6, 0.76, False), (6, 0.93), (6, False)),            # the pip counter less sure still (3897's blue 6)
]


@pytest.mark.parametrize("counter, trees, expected", COMBINED)
def test_the_two_readers_combined(counter, trees, expected):
    pips, confidence, doubted = counter
    die = SeenDie(pips, confidence, (100.0, 100.0), "the pip counter's words", 17.0, doubted)
    read = combine(die, _learned(*trees), SETTINGS)
    assert (read.pips, read.confidence >= SETTINGS.confident) == expected
    assert "face reader" in read.reason or replace(read, learned=None, learned_sure=0.0) == die
    assert (read.learned, read.learned_sure) == (trees[0], round(trees[1], 3))   # kept for the pair's judging


@pytest.mark.parametrize("counter, agreement_alone", [
    (0.9375, True),     # the pip counter below sure: sure by the near agreement alone (7206's cocked 4's lone pip)
    (1.0, False),       # the pip counter sure by itself: the agreement adds nothing
])
def test_a_die_sure_by_the_two_readers_near_agreement_alone_says_so(counter, agreement_alone):
    read = combine(SeenDie(1, counter, (100.0, 100.0), "the pip counter's words"), _learned(1, 0.88), SETTINGS)
    assert read.confidence >= SETTINGS.confident and read.sure_by_agreement == agreement_alone


def _render(seed: int, ups: tuple[int, int], lean_deg: float = 0.0):
    """A tuning seed's table (never trained on: training views are seeds 40000 on) with its dice turned to show
    `ups`, the first leaning `lean_deg`: the photo, the reader's look at the table and the truth's dice."""
    import cv2

    from companion.games.black_cannon.board import default_board
    from companion.games.black_cannon.camera.reader import look_at_table
    from companion.games.black_cannon.render import RenderOptions, compose_scene, random_position
    from companion.games.black_cannon.render.draw import render_frame
    from companion.games.black_cannon.render.truth import scene_truth
    from companion.vision.markers import detect_markers

    scene = compose_scene(random_position(seed), seed, RenderOptions(hand=False, jpeg_quality=88), held_out=False)
    first = replace(scene.dice[0], up=ups[0], lean_deg=lean_deg, lean_axis_deg=40.0)
    scene = replace(scene, dice=(first, replace(scene.dice[1], up=ups[1])))
    frame = render_frame(scene)
    image = cv2.imdecode(np.frombuffer(frame.jpeg, np.uint8), cv2.IMREAD_COLOR)
    return image, look_at_table(image, default_board(), SETTINGS, detect_markers(image)), scene_truth(scene, frame)["dice"]


def _trees_on(image, look, truth_die):
    """The trees' probabilities for the candidate whose reading lies nearest the die's middle, and the two
    readers' combined reading of it."""
    from companion.games.black_cannon.camera.face_model import MODEL_FILE, face_patch, face_probabilities, rows_of
    from companion.games.black_cannon.camera.pip_counter import read_die
    from companion.vision.boosted_trees import load_trees

    read = [(blob, read_die(look.view, image, blob, SETTINGS)) for blob in look.candidates]
    blob, die = min(read, key=lambda item: np.hypot(*(np.array(item[1].centre_mm) - truth_die["centre_mm"])))
    rows = rows_of(face_patch(look.view, image, die.centre_mm, SETTINGS), die, blob)
    probabilities = face_probabilities(load_trees(MODEL_FILE), rows)
    return probabilities, combine(die, probabilities, SETTINGS)


@pytest.mark.slow
@pytest.mark.parametrize("seed, ups, asked", [(1210, (1, 2), ()), (1235, (3, 4), (3,)), (1262, (5, 6), ())])
def test_rendered_flat_dice_of_every_face_are_read_sure_and_right_and_the_trees_never_say_another_face(seed, ups, asked):
    image, look, truth = _render(seed, ups)
    read_by_the_trees = 0
    for die in truth:
        assert die["readable"]
        probabilities, combined = _trees_on(image, look, die)
        learned = int(np.argmax(probabilities))
        assert learned == die["pips"] or probabilities.max() < SETTINGS.confident
        read_by_the_trees += learned == die["pips"]
        assert combined.pips == die["pips"] and (combined.confidence >= SETTINGS.confident) == (die["pips"] not in asked)
    # The trees' best guess is the face of at least one die of the two (seed 1235's ivory 3 beside its side's
    # pip is taken for no flat face, unsure (0.59): the pip counter's sure 3 is asked about, as a cocked die's is).
    assert read_by_the_trees >= 1


@pytest.mark.slow
def test_a_cocked_die_is_not_read_as_a_face_by_the_trees_and_is_asked_about():
    from companion.games.black_cannon.camera.reader import read_table

    image, look, truth = _render(1288, (3, 5), lean_deg=26.0)
    assert not truth[0]["readable"]
    probabilities, combined = _trees_on(image, look, truth[0])
    assert int(np.argmax(probabilities)) == NOT_A_FACE or probabilities.max() < SETTINGS.confident
    assert combined.confidence < SETTINGS.confident
    reading = read_table(image)
    near = [die for die in reading.dice if np.hypot(*(np.array(die.centre_mm) - truth[0]["centre_mm"])) < 22]
    assert all(die.confidence < SETTINGS.confident for die in near) and reading.dice_values() is None


@pytest.mark.slow
def test_a_blurred_green_gold_three_both_readers_are_nearly_sure_of_is_read_sure():
    # Tuning seed 1699: the pip counter reads the 3 at margin 0.72 (0.9 of its sure margin), the trees at 0.93;
    # each alone was unsure and the die was asked about. The 2 beside it (its rounded edges lit, the trees at 0.41)
    # is still asked about.
    from companion.games.black_cannon.camera.reader import read_table
    from tests.games.black_cannon.camera.test_black_cannon_dice import _read_near, _tuning_view

    image, truth = _tuning_view(1699)
    reading = read_table(image)
    two, three = (_read_near(reading, die) for die in truth["dice"])
    assert [die["pips"] for die in truth["dice"]] == [2, 3]
    assert three.pips == 3 and three.confidence >= SETTINGS.confident and "both nearly sure" in three.reason
    assert two.confidence < SETTINGS.confident


@pytest.mark.slow
def test_a_cocked_four_the_pip_counter_reads_sure_as_a_two_is_asked_when_the_trees_lean_to_no_flat_face():
    # Tuning seed 3059 as the forced-lean listing renders it: the cocked 4 read as a 2 at margin 0.94, the trees
    # unsure (0.46) but likeliest "no flat face"; it was read sure and wrong, and is asked about.
    import random

    import cv2

    from companion.games.black_cannon.camera.reader import read_table
    from companion.games.black_cannon.render import RenderOptions, compose_scene, random_position
    from companion.games.black_cannon.render.draw import render_frame
    from companion.games.black_cannon.render.truth import scene_truth

    seed = 3059
    recipe = random.Random(f"accuracy view {seed}")
    options = RenderOptions(hand=recipe.random() < 0.2, jpeg_quality=recipe.randint(70, 95))
    scene = compose_scene(random_position(seed), seed, options, seed % 4 == 0, None)
    tilt = random.Random(f"lean {seed}")
    first = replace(scene.dice[0], lean_deg=tilt.uniform(15, 35), lean_axis_deg=tilt.uniform(0, 360))
    scene = replace(scene, dice=(first, *scene.dice[1:]))
    frame = render_frame(scene)
    image = cv2.imdecode(np.frombuffer(frame.jpeg, np.uint8), cv2.IMREAD_COLOR)
    cocked = scene_truth(scene, frame)["dice"][0]
    assert not cocked["readable"] and cocked["pips"] == 4
    near = [die for die in read_table(image).dice
            if np.hypot(*(np.array(die.centre_mm) - cocked["centre_mm"])) < 22]
    assert near and all(die.confidence < SETTINGS.confident for die in near)
    # (since bc-dice27 the pip counter doubts that 2 first: a face of 12.7 mm on a body of 7.5 of its pip spreads)
    assert any("likeliest: a die cocked?" in die.reason or "small for its die's body" in die.reason for die in near)


@pytest.mark.slow
def test_a_flat_green_gold_six_both_readers_are_nearly_sure_of_is_read_sure():
    # Tuning seed 3931: the pip counter reads the 6 at margin 0.62 (0.886 of the sure margin of a face of four pips
    # or more, under the 0.9 asked of one to three pips), the trees at 0.92; it was asked about.
    from tests.games.black_cannon.camera.test_black_cannon_dice import _flat_die_read

    six = _flat_die_read(3931, 0, 6, "green-gold")
    assert six.pips == 6 and six.confidence >= SETTINGS.confident and "both nearly sure" in six.reason


@pytest.mark.slow
def test_a_flat_red_one_both_readers_are_nearly_sure_of_is_read_sure():
    # Tuning seed 5425 (bc-dice21): the pip counter reads the lone pip at 0.887 of its sure margin, the trees at 0.89;
    # under the old bar of 0.9 it was asked about. The closest cocked die so read stays at 0.875 (seeds 1500-1799).
    from tests.games.black_cannon.camera.test_black_cannon_dice import _flat_die_read

    one = _flat_die_read(5425, 1, 1, "casino-red")
    assert one.pips == 1 and one.confidence >= SETTINGS.confident and "both nearly sure" in one.reason


# pip counter (pips, confidence, its grid judged for a lean) | trees | read sure
GRID_JUDGED = [
    ((4, 0.80, True), (4, 0.90), True),     # four pips found on the grid: the cornered bar (0.8) stands
    ((4, 0.80, False), (4, 0.90), False),   # two found, two places read from their dark alone: no grid judged
    ((5, 0.90, False), (5, 0.90), True),    # as sure as a face of one to three pips must be: read sure
]


@pytest.mark.parametrize("counter, trees, sure", GRID_JUDGED)
def test_a_face_of_four_pips_or_more_whose_grid_was_never_judged_needs_the_plain_bar(counter, trees, sure):
    # Fresh tuning seed 6693 (bc-dice28): a flat ivory 6 seen from low down read as a 4 at 0.80 of the cornered sure
    # margin, two of its places on the side's 5's pips and two on the top's smeared ones, the trees at 0.90 agreeing.
    pips, confidence, judged = counter
    die = SeenDie(pips, confidence, (100.0, 100.0), "the pip counter's words", 16.0, grid_judged=judged)
    assert (combine(die, _learned(*trees), SETTINGS).confidence >= SETTINGS.confident) == sure


@pytest.mark.slow
def test_a_flat_six_read_as_a_four_across_its_edge_from_two_pips_found_is_asked():
    # Fresh tuning seed 6693: the ivory 6 lies on the table past the board's edge, seen from low down; its top's pips
    # smear into two streaks, and a 4 is read across the edge from two of the side's 5's pips. Both readers were
    # nearly sure of the 4; it is asked about now (read sure, it must be read right).
    from tests.games.black_cannon.camera.test_black_cannon_dice import _flat_die_read

    six = _flat_die_read(6693, 1, 6, "ivory")
    assert six.confidence < SETTINGS.confident or six.pips == 6
