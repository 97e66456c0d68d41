"""Black Cannon renders: dice styles that differ (one held out), dice that show the pips they should,
and photos whose truth matches what a detector finds in them."""

import json
import subprocess
import sys

import numpy as np
import pytest

from companion.games.black_cannon.render.dice import ALL_STYLES, DIE_STYLES, HELD_OUT_STYLE, die_mesh


def test_the_training_styles_differ_in_every_look_and_the_held_out_one_is_apart():
    assert len(DIE_STYLES) >= 3 and HELD_OUT_STYLE not in DIE_STYLES
    for look in ("body_rgb", "pip_rgb", "size_mm", "rounding_mm"):
        assert len({getattr(style, look) for style in ALL_STYLES.values()}) >= 3, look
    assert {style.pip_shape for style in DIE_STYLES} == {"round", "square"}


@pytest.mark.parametrize("up", range(1, 7))
def test_a_flat_die_shows_its_roll_to_the_ceiling_and_seven_minus_it_to_the_table(up):
    body, pips = die_mesh(DIE_STYLES[0], up, (0.0, 0.0), 30.0)
    ceiling = sum(1 for pip in pips if pip.normal[2] < -0.99)   # the render frame's z grows into the table
    table = sum(1 for pip in pips if pip.normal[2] > 0.99)
    assert (ceiling, table) == (up, 7 - up)
    assert abs(max(face.points[:, 2].max() for face in body.faces)) < 1e-9      # it rests on the table


def test_a_cocked_die_has_no_face_square_to_the_ceiling():
    _, pips = die_mesh(DIE_STYLES[1], 4, (0.0, 0.0), 10.0, lean_deg=25.0, lean_axis_deg=40.0)
    assert not any(pip.normal[2] < -0.99 for pip in pips)


@pytest.mark.slow
def test_a_render_shows_the_corner_markers_and_every_standing_ships_deck_tag(tmp_path):
    from companion.games.black_cannon.kit import pieces as kit
    from companion.games.black_cannon.render import RenderOptions, random_position, render_position
    from companion.vision.markers import detect_markers

    position = random_position(7)
    rendered = render_position(position, 7, RenderOptions(tilt_deg=10, light="even", noisy=False), held_out=True,
                               sunk=frozenset({sorted(position.ships)[0]}))
    seen = {marker.id for marker in detect_markers(rendered.image)}
    assert len({20, 21, 22, 23} & seen) >= 3      # a die may lie on one
    truth = rendered.truth
    assert truth["die_style"] == HELD_OUT_STYLE.name
    for ship in truth["ships"]:
        tag = kit.deck_tag(ship["fleet"], ship["kind"])
        if not ship["sunk"]:
            assert tag in seen, ship
    assert [ship["sunk"] for ship in truth["ships"]].count(True) == 1
    assert all(1 <= die["pips"] <= 6 for die in truth["dice"])


@pytest.mark.slow
def test_the_render_command_writes_a_photo_and_its_truth(tmp_path):
    out, truth = tmp_path / "table.jpg", tmp_path / "truth.json"
    done = subprocess.run([sys.executable, "-m", "companion", "render", "black-cannon", "--seed", "3", "--tilt", "30",
                           "--out", str(out), "--truth", str(truth)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "dice" in done.stdout and out.stat().st_size > 50_000
    data = json.loads(truth.read_text())
    assert data["format"] == "companion-black-cannon-truth/1" and len(data["dice"]) == 2
    assert np.array(data["board_to_image"]).shape == (3, 3)
