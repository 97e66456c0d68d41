"""Finding and doubting dice: a die whose body partly matches the print breaks into foreground pieces,
which are taken together; a roll's two dice are one pair, so tops read at sizes far apart are doubted
(a cocked die's tilted face, or two pips of a bigger face read as a smaller one), never reported sure; when
one of them is asked about already, the doubt is laid on it and the other keeps its reading."""

import re
from dataclasses import replace

import numpy as np
import pytest

from companion.games.black_cannon.camera.die_blobs import bigger_than_a_die, die_candidates
from companion.games.black_cannon.camera.foreground import Blob, TableView, blobs, solid_parts
from companion.games.black_cannon.camera.reader import read_table
from companion.games.black_cannon.camera.seen_die import SeenDie, doubt_unlike_pair
from companion.games.black_cannon.camera.settings import SETTINGS


def _blob(x0, y0, x1, y1) -> Blob:
    area = (x1 - x0) * (y1 - y0) * 0.7
    return Blob(np.array([(x0 + x1) / 2, (y0 + y1) / 2]), area, np.array([40.0, 80.0, 170.0]), (x0, y0, x1, y1))


def test_two_pieces_of_one_die_too_small_alone_are_one_candidate_and_a_piece_far_off_stays_apart():
    # A 16 mm die whose middle matched the print: two strips 3 mm apart, each under a die's least area.
    upper, lower, far = _blob(100, 100, 116, 103), _blob(100, 106, 116, 109), _blob(200, 100, 206, 106)
    assert not die_candidates([upper], SETTINGS) and not die_candidates([lower], SETTINGS)
    (joined,) = die_candidates([upper, lower, far], SETTINGS)
    assert joined.box_mm == (100, 100, 116, 109)


def test_a_die_in_a_group_too_wide_for_a_die_keeps_its_own_blob():
    die, arm = _blob(100, 100, 116, 116), _blob(118, 90, 190, 130)
    candidates = die_candidates([die, arm], SETTINGS)
    assert any(c.box_mm == die.box_mm for c in candidates)


def test_a_die_joined_to_a_strip_of_misregistered_print_is_found_in_the_big_blob():
    # The board's border printed 3 mm off where the homography puts it: a strip 180 mm long, and a 16 mm die
    # lying against it, one blob far too big for a die; opening it by less than a die's top leaves the die.
    ppm = SETTINGS.view_px_per_mm
    mask = np.zeros((int(200 * ppm), int(200 * ppm)), np.uint8)
    mask[int(102 * ppm):int(105 * ppm), int(10 * ppm):int(190 * ppm)] = 255
    mask[int(86 * ppm):int(102 * ppm), int(60 * ppm):int(76 * ppm)] = 255
    table = TableView(np.zeros(mask.shape + (3,), np.uint8), mask, (0.0, 0.0), ppm)
    (joined,) = blobs(table)
    assert bigger_than_a_die(joined, SETTINGS) and not die_candidates([joined], SETTINGS)
    (die,) = die_candidates(solid_parts(table, joined, SETTINGS.die_solid_mm), SETTINGS)
    # The strip goes but for the stretch of it the die covers: the die's own width, and its middle.
    assert np.allclose(die.box_mm[::2], (60, 76), atol=1.0)
    assert np.allclose(die.centre_mm, (68, 95), atol=1.5)


def _die(pips, side, confidence=1.0):
    return SeenDie(pips, confidence, (50.0, 50.0), f"{pips} pips on the top face", side)


@pytest.mark.parametrize("sides, doubted", [((17.0, 17.4), False),       # one pair, read alike
                                             ((13.0, 20.0), True),        # two pips of a 6 read as a 2
                                             ((None, 20.0), False)])      # a lone pip says nothing of its size
def test_tops_read_at_sizes_far_apart_are_doubted_both(sides, doubted):
    dice = [_die(2, sides[0]), _die(5, sides[1])]
    checked = doubt_unlike_pair(dice, SETTINGS)
    assert all((die.confidence < SETTINGS.confident) == doubted for die in checked)
    assert all(("cocked" in die.reason) == doubted for die in checked)


def test_an_odd_size_is_laid_on_the_die_asked_about_already_and_the_other_keeps_its_reading():
    # A cocked die's tilted top reads small and is asked about on its own; the flat die beside it stays sure.
    cocked, flat = _die(2, 14.0, confidence=0.5), _die(6, 20.0)
    asked, kept = doubt_unlike_pair([cocked, flat], SETTINGS)
    assert asked.confidence < cocked.confidence and "14 and 20 mm" in asked.reason
    assert kept == flat


@pytest.mark.parametrize("learned, kept", [((0, 5), True),      # no flat face seen on the small one, the other's 5 sure
                                           ((0, 0), False),     # no flat face seen on either
                                           ((2, 5), False),     # the face reader agrees with both
                                           ((0, 3), False)])    # nor with the other's count
def test_an_odd_size_between_two_sure_dice_is_laid_on_the_one_the_face_reader_sees_no_face_on(learned, kept):
    # Tuning seed 2059: a cocked red 3 whose tilted top read as a 2, sure by the pip counter alone, 14 mm, the face
    # reader seeing no flat face on it, beside a flat 5 read 20 mm by both readers (the face reader at 0.99).
    small = replace(_die(2, 14.0), learned=learned[0], learned_sure=0.7)
    big = replace(_die(5, 20.0), learned=learned[1], learned_sure=0.99)
    odd, other = doubt_unlike_pair([small, big], SETTINGS)
    assert odd.confidence < SETTINGS.confident and "14 and 20 mm" in odd.reason
    assert (other == big) == kept
    assert kept or other.confidence < SETTINGS.confident
    barely = replace(big, learned_sure=SETTINGS.pair_kept_face_least - 0.01)   # sure, but not beyond the pair's doubt
    assert doubt_unlike_pair([small, barely], SETTINGS)[1].confidence < SETTINGS.confident


def test_an_odd_size_between_two_dice_both_asked_about_doubts_both():
    dice = [_die(2, 14.0, confidence=0.5), _die(6, 20.0, confidence=0.9)]
    assert all(after.confidence < before.confidence for before, after in zip(dice, doubt_unlike_pair(dice, SETTINGS)))


def _accuracy_view(seed):
    """A tuning view rendered as benchmarks/black_cannon_accuracy.py renders it."""
    import random

    import cv2

    from companion.games.black_cannon.render import RenderOptions, compose_scene, random_position
    from companion.games.black_cannon.render.draw import render_frame

    rng = random.Random(f"accuracy view {seed}")
    options = RenderOptions(hand=rng.random() < 0.2, jpeg_quality=rng.randint(70, 95))
    scene = compose_scene(random_position(seed), seed, options, seed % 4 == 0, None)
    frame = render_frame(scene)
    return scene, cv2.imdecode(np.frombuffer(frame.jpeg, np.uint8), cv2.IMREAD_COLOR)


@pytest.mark.slow
def test_a_flat_two_beside_a_cocked_six_read_small_is_read_sure_and_the_six_asked_about():
    # Tuning seed 1742: a blue die cocked showing 6, its squashed top read 14 mm, beside a flat 2 read 16 mm.
    scene, image = _accuracy_view(1742)
    reading = read_table(image)
    assert scene.dice[0].lean_deg > 0 and scene.dice[0].up == 6
    assert scene.dice[1].lean_deg == 0 and scene.dice[1].up == 2
    sure = [die.pips for die in reading.dice if die.confidence >= SETTINGS.confident]
    assert sure == [2]
    assert reading.dice_values() is None


@pytest.mark.slow
def test_a_cocked_six_whose_tipped_top_reads_as_a_two_is_asked_about():
    # Tuning seed 211: a red die leaning 26 degrees showing 6 up, whose top's two pips read as a 2 with full
    # confidence before the pair of dice were compared.
    from companion.games.black_cannon.render import RenderOptions, compose_scene, random_position
    from companion.games.black_cannon.render.draw import render_frame
    import cv2

    scene = compose_scene(random_position(211), 211, RenderOptions(hand=False, jpeg_quality=87), held_out=False)
    cocked = replace(scene.dice[0], lean_deg=25.6, lean_axis_deg=314.5)
    frame = render_frame(replace(scene, dice=(cocked, scene.dice[1])))
    image = cv2.imdecode(np.frombuffer(frame.jpeg, np.uint8), cv2.IMREAD_COLOR)
    reading = read_table(image)
    assert cocked.up == 6
    assert not [die for die in reading.dice if die.confidence >= SETTINGS.confident and die.pips != scene.dice[1].up]
    assert reading.dice_values() is None
    assert any("cocked" in question for question in reading.questions)


@pytest.mark.slow
def test_a_cocked_five_whose_tipped_top_reads_as_a_three_is_asked_about_and_the_flat_die_is_read():
    # Tuning seed 1503: a green-gold die leaning 21 degrees showing 5 up; two of its pips are lost to the
    # tilt and the other three read as a 3 with full confidence, at the other die's size. Its pips, pooled,
    # are seen squashed along the tilt, as no flat top's are.
    from companion.games.black_cannon.render import RenderOptions, compose_scene, random_position
    from companion.games.black_cannon.render.draw import render_frame
    import cv2

    scene = compose_scene(random_position(1503), 1503, RenderOptions(hand=False, jpeg_quality=87), held_out=False)
    cocked = replace(scene.dice[0], lean_deg=21.0, lean_axis_deg=141.8)
    frame = render_frame(replace(scene, dice=(cocked, scene.dice[1])))
    reading = read_table(cv2.imdecode(np.frombuffer(frame.jpeg, np.uint8), cv2.IMREAD_COLOR))
    assert (cocked.up, scene.dice[1].up) == (5, 5)
    sure = [die.pips for die in reading.dice if die.confidence >= SETTINGS.confident]
    assert sure == [5] and reading.dice_values() is None
    assert any("squashed" in question for question in reading.questions)


@pytest.mark.slow
@pytest.mark.parametrize("seed, jpeg_quality, lean_deg, lean_axis_deg, up", [
    (1641, 86, 20.7, 4.2, 4),      # a blue 4 whose tipped top's two pips read as a 2, sure: its far side shows
    (1562, 75, 28.9, 357.1, 2),    # a red 2 read as 2, sure, though cocked: its rising side shows beside its top
])
def test_a_cocked_die_showing_one_to_three_pips_is_asked_about_by_its_sides(seed, jpeg_quality, lean_deg,
                                                                              lean_axis_deg, up):
    # Tuning seeds, the first die forced to lean as benchmarks/black_cannon_dice_misses.py --lean does. Two or
    # three pips show no squashed grid, and these pips are not seen squashed either: the body beside the top is.
    from companion.games.black_cannon.render import RenderOptions, compose_scene, random_position
    from companion.games.black_cannon.render.draw import render_frame
    from companion.games.black_cannon.render.truth import scene_truth
    import cv2

    scene = compose_scene(random_position(seed), seed, RenderOptions(hand=False, jpeg_quality=jpeg_quality),
                          held_out=False)
    cocked = replace(scene.dice[0], lean_deg=lean_deg, lean_axis_deg=lean_axis_deg)
    frame = render_frame(replace(scene, dice=(cocked, scene.dice[1])))
    reading = read_table(cv2.imdecode(np.frombuffer(frame.jpeg, np.uint8), cv2.IMREAD_COLOR))
    truth = scene_truth(replace(scene, dice=(cocked, scene.dice[1])), frame)["dice"][0]
    assert truth["pips"] == up and not truth["readable"]
    near = [die for die in reading.dice if np.hypot(*(np.array(die.centre_mm) - truth["centre_mm"])) < 22]
    assert near and all(die.confidence < SETTINGS.confident for die in near)
    assert reading.dice_values() is None
    assert any("beside its top" in question for question in reading.questions)


@pytest.mark.slow
@pytest.mark.parametrize("seed, jpeg_quality", [
    (1691, 89),    # a green-gold 5 off the board's edge, its rounded edges lit unlike its top: once not found
    (1759, 93),    # a green-gold 5 whose pips read at sizes twice apart (light across the top): once not found
    (1679, 73),    # a blue 3 against the misregistered print of the board's edge, one blob with it: once not found
])
def test_flat_dice_once_missed_are_read_right_with_confidence(seed, jpeg_quality):
    # Tuning seeds, as the accuracy benchmark renders them (no hand in these three).
    from companion.games.black_cannon.render import RenderOptions, random_position, render_position
    import cv2

    rendered = render_position(random_position(seed), seed, RenderOptions(hand=False, jpeg_quality=jpeg_quality),
                               held_out=False)
    reading = read_table(cv2.imdecode(np.frombuffer(rendered.jpeg, np.uint8), cv2.IMREAD_COLOR))
    assert all(die["readable"] for die in rendered.truth["dice"])
    assert sorted(reading.dice_values() or ()) == sorted(die["pips"] for die in rendered.truth["dice"])


def _tuning_view(seed: int, lean: bool = False):
    """A tuning seed's photo and truth, rendered as the accuracy benchmark renders it (`lean`: the first die forced
    to lean, as benchmarks/black_cannon_dice_misses.py --lean does)."""
    import random

    import cv2

    from companion.games.black_cannon.render import RenderOptions, compose_scene, random_position
    from companion.games.black_cannon.render.draw import render_frame
    from companion.games.black_cannon.render.truth import scene_truth

    rng = random.Random(f"accuracy view {seed}")
    options = RenderOptions(hand=rng.random() < 0.2, jpeg_quality=rng.randint(70, 95))
    scene = compose_scene(random_position(seed), seed, options, seed % 4 == 0, None)
    if lean:
        tilt = random.Random(f"lean {seed}")
        leaning = replace(scene.dice[0], lean_deg=tilt.uniform(15, 35), lean_axis_deg=tilt.uniform(0, 360))
        scene = replace(scene, dice=(leaning, *scene.dice[1:]))
    frame = render_frame(scene)
    return cv2.imdecode(np.frombuffer(frame.jpeg, np.uint8), cv2.IMREAD_COLOR), scene_truth(scene, frame)


def _read_near(reading, die) -> SeenDie:
    (near,) = [seen for seen in reading.dice if np.hypot(*(np.array(seen.centre_mm) - die["centre_mm"])) < 22]
    return near


def _flat_die_read(seed: int, index: int, pips: int, style: str) -> SeenDie:
    """A tuning seed's flat die (its count and style checked against the truth), as the reader reads it."""
    image, truth = _tuning_view(seed)
    die = truth["dice"][index]
    assert (die["pips"], die["readable"], die["style"]) == (pips, True, style)
    return _read_near(read_table(image), die)


@pytest.mark.slow
def test_a_face_whose_edges_and_the_body_inside_them_stray_is_asked_about_with_its_count_not_lost():
    # Tuning seed 1667: a flat green-gold 3 whose top's body strays at its edges (1.09, the bar 0.35) and a little
    # inside them too (0.6): no face fitted and it went unseen. It is placed and asked about with the count seen.
    image, truth = _tuning_view(1667)
    die = truth["dice"][1]
    assert (die["pips"], die["readable"], die["style"]) == (3, True, "green-gold")
    reading = read_table(image)
    near = _read_near(reading, die)
    assert near.pips == 3 and near.confidence < SETTINGS.confident and "read loosely" in near.reason
    # Its size is not taken (a loose face is often a cocked die's: the pair's sizes would doubt the other die).
    assert near.side_mm is None
    assert any("read loosely" in question for question in reading.questions)


@pytest.mark.slow
@pytest.mark.parametrize("seed, sure", [
    (1705, True),     # a green-gold 2, margin 0.9: once only placed and asked about
    (1671, False),    # two green-gold 2s: one read at a margin below the sure one, the other with its body beside it
])
def test_a_green_gold_top_whose_rounded_edges_alone_catch_the_light_is_read_as_a_face(seed, sure):
    # Tuning seeds: the top's body strays at its edges' samples (0.37-0.46 against the 0.35 allowed) but is even a
    # little further in (0.13-0.23): a flat top whose rounded edges catch the light, read with every doubt a face has.
    image, truth = _tuning_view(seed)
    reading = read_table(image)
    lit = [(die, _read_near(reading, die)) for die in truth["dice"] if die["style"] == "green-gold"]
    # (or, since the thirty-ninth cut, within the edge allowance the photo's blur gives a face read clearly enough to
    # be sure of: 1705's 2, edges 0.37, is read as a plain face)
    lit = [(die, near) for die, near in lit if "rounded edge" in near.reason
           or (near.pips < 4 and float(re.search(r"edges ([0-9.]+)", near.reason)[1]) > SETTINGS.face_outline)]
    assert lit
    for die, near in lit:
        assert die["readable"] and near.pips == die["pips"]
        assert (near.confidence >= SETTINGS.confident) == sure
        # Its size is taken for the pair's unless a doubt was raised on it (then it is asked about anyway).
        assert (near.side_mm is None) == near.doubted


@pytest.mark.slow
@pytest.mark.parametrize("seed, up, seen", [
    (1647, 6, 2),     # an ivory 6 leaning, two of its pips read as a 2 at margin 0.96: its pips are seen squashed
    (1519, 2, 2),     # a blue 2 leaning: its body shows beside its top
])
def test_a_cocked_die_read_through_its_lit_edges_is_asked_about_and_leaves_the_flat_die_sure(seed, up, seen):
    # Tuning seeds, the first die forced to lean: its top strays at its edges, not just inside them, as a rounded
    # top's does; a doubt of its own keeps it asked about, and its size (under the flat die's) doubts nothing else.
    image, truth = _tuning_view(seed, lean=True)
    cocked, flat = truth["dice"]
    assert (cocked["pips"], cocked["readable"], flat["readable"]) == (up, False, True)
    reading = read_table(image)
    near = _read_near(reading, cocked)
    assert near.pips == seen and near.confidence < SETTINGS.confident
    # (since the thirty-ninth cut 1647's 2, edges 0.41 on a small far top, is within the blur's edge allowance: its
    # size is taken, and the pair's sizes doubt it alone, asked already)
    assert near.side_mm is None if "rounded edge" in near.reason else "tops read" in near.reason
    other = _read_near(reading, flat)
    assert other.pips == flat["pips"] and other.confidence >= SETTINGS.confident


@pytest.mark.slow
def test_an_ivory_five_on_the_ivory_border_is_found_by_its_pips_alone():
    # Tuning seed 1710: the die's body matches the border it lies on, so only its pips differ from the print (spots
    # the foreground's opening drops); once not found, it is read sure from the cluster of its pips.
    near = _flat_die_read(1710, 1, 5, "ivory")
    assert near.pips == 5 and near.confidence >= SETTINGS.confident


@pytest.mark.slow
def test_green_gold_dice_over_the_prints_black_lines_are_found_by_their_hue_and_placed_with_their_counts():
    # Tuning seed 1699: two green-gold dice, a 2 and a 3, each over a crossing of the print's lines, lay between the
    # lines' black and the squares' colour in every channel; only their shadows were found, and neither die. Their hue
    # finds them; the 3's body beside its shadow is a lighter spot but of the body's colour, no stray pip.
    image, truth = _tuning_view(1699)
    reading = read_table(image)
    for die in truth["dice"]:
        near = _read_near(reading, die)
        assert die["style"] == "green-gold" and near.pips == die["pips"]


@pytest.mark.slow
def test_a_cocked_die_is_not_looked_at_again_from_its_pips_where_its_sides_escape_the_doubt():
    # Tuning seed 1582, the first die (a green-gold 1) forced to lean: its gold pips are speckles too, and a crop round
    # them alone missed the body beside its top and read it sure. A place already looked at is not looked at again.
    image, truth = _tuning_view(1582, lean=True)
    cocked, flat = truth["dice"]
    assert (cocked["readable"], flat["readable"]) == (False, True)
    reading = read_table(image)
    assert _read_near(reading, cocked).confidence < SETTINGS.confident
    assert _read_near(reading, flat).confidence >= SETTINGS.confident


@pytest.mark.slow
@pytest.mark.parametrize("seed, lean, index, sure", [
    (1718, False, 1, True),    # a flat red 1, its eight grids' margins 0.68-0.93: once asked at its weakest grid's
    (1685, False, 0, True),    # a flat green-gold 1, 0.54-0.88: once asked the same
    (1673, False, 0, True),    # a flat red 1 beside its side's 4: its pip, lit round its rim, came out a die's
                               # largest and was never proposed; two of the side's pips were read sure as a 2
    (1575, True, 0, False),    # a cocked blue 1, 0.65-0.71 at one size and 0.9 at the other, as a flat 1's may be
])
def test_a_lone_pip_is_judged_sure_by_most_of_its_grids_not_its_weakest(seed, lean, index, sure):
    # Tuning seeds (1575 with its die forced to lean): a lone pip's face is read over four turns and two sizes; one
    # grid whose place meets a glint or a rounded edge's light no longer sets the margin it is judged sure by.
    image, truth = _tuning_view(seed, lean=lean)
    die = truth["dice"][index]
    assert (die["pips"], die["readable"]) == (1, not lean)
    near = _read_near(read_table(image), die)
    assert near.pips == 1 and (near.confidence >= SETTINGS.confident) == sure


@pytest.mark.slow
@pytest.mark.parametrize("seed, index, style", [
    (2469, 0, "blue-square"),   # its pip read 0.64 at its weakest grid, the 2 with its side's pip 0.22
    (2267, 1, "green-gold"),    # 0.87 against 0.37
])
def test_a_flat_one_whose_pip_pairs_with_its_sides_into_a_poor_two_is_read_sure(seed, index, style):
    # Tuning seeds: a flat 1 seen from low down shows its side's pips; the top's pip and one of the side's read as a
    # 2 whose grid runs over the top's edge, far worse than the lone pip, once asked about ("it could also be 2").
    near = _flat_die_read(seed, index, 1, style)
    assert near.pips == 1 and near.confidence >= SETTINGS.confident


@pytest.mark.slow
def test_an_ivory_one_on_the_ivory_border_where_the_print_is_blank_is_read_sure():
    # Tuning seed 2527: a flat ivory 1 on the border's paper, its top the paper's colour: its pip's surround runs on
    # as a printed mark's does. Where the camera's line of sight through the pip meets the board the print is blank
    # (no letter there to be seen): it was asked about as a printed mark.
    near = _flat_die_read(2527, 0, 1, "ivory")
    assert near.pips == 1 and near.confidence >= SETTINGS.confident, near.reason


@pytest.mark.slow
def test_a_green_gold_five_whose_faint_pip_came_out_small_is_read_sure():
    # Tuning seed 1694: a flat green-gold 5 whose top catches the light; one gold pip stands off it faintly and the
    # spot finder's threshold cut it to 2.9 px against its neighbours' 6.9 (2.4 times, 2.3 allowed): its pips looked
    # unlike and it was only asked about. Taken at their own height the pips are of one size and it is read sure.
    near = _flat_die_read(1694, 0, 5, "green-gold")
    assert near.pips == 5 and near.confidence >= SETTINGS.confident and "loosely" not in near.reason


@pytest.mark.slow
def test_a_flat_one_whose_body_runs_on_into_the_print_is_read_sure():
    # Tuning seed 2131: a flat ivory 1 on the tan squares; its colour runs on into them, a body 41 mm across and off
    # its pip one way, once taken for a side beside its top (a cocked die?). A lone pip's body must span a die's.
    image, truth = _tuning_view(2131)
    reading = read_table(image)
    assert all(die["readable"] for die in truth["dice"])
    assert sorted(reading.dice_values() or ()) == sorted(die["pips"] for die in truth["dice"]) == [1, 5]


@pytest.mark.slow
def test_a_flat_die_both_readers_are_sure_of_keeps_its_reading_beside_a_cocked_one_read_small():
    # Tuning seed 2059: a cocked red 3 whose tilted top read as a 2 (14 mm), sure by the pip counter alone, the face
    # reader seeing no flat face on it, beside a flat 5 (20 mm) both readers are sure of: the odd size is the cocked
    # die's alone; once both were asked about.
    image, truth = _tuning_view(2059)
    cocked, flat = truth["dice"]
    assert (cocked["readable"], flat["readable"], flat["pips"]) == (False, True, 5)
    reading = read_table(image)
    assert _read_near(reading, cocked).confidence < SETTINGS.confident
    near = _read_near(reading, flat)
    assert near.pips == 5 and near.confidence >= SETTINGS.confident
    assert reading.dice_values() is None
