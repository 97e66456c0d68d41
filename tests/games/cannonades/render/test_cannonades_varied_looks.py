"""The varied family of card looks (render/varied.py): a deck of its own per tuning view, and the named styles'
renders exactly as they were."""

from __future__ import annotations

import colorsys
import hashlib
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from companion.games.cannonades.kit.cards import CARD_MM
from companion.games.cannonades.render import varied
from companion.games.cannonades.render.draw import PX_PER_MM, compose_table
from companion.games.cannonades.render.scene import VARIED_STYLE, card_corners, random_scene
from companion.render.options import RenderOptions

ROOT = Path(__file__).resolve().parents[4]


def test_two_seeds_deal_two_different_decks_on_the_same_layout_as_any_style():
    first, second = (random_scene(seed, RenderOptions(), style=VARIED_STYLE) for seed in (9001, 9002))
    assert first.look != second.look
    assert np.abs(varied.back(first.look, PX_PER_MM).astype(int) - varied.back(second.look, PX_PER_MM)).mean() > 10
    assert (first.look.paper, first.look.ink) != (second.look.paper, second.look.ink)
    classic = random_scene(9001, RenderOptions(), style="classic")
    assert [(c.index, c.face_up, c.centre, c.angle_deg) for c in first.cards] == \
           [(c.index, c.face_up, c.centre, c.angle_deg) for c in classic.cards]
    assert (first.table_material, first.tilt_deg, first.light) == (classic.table_material, classic.tilt_deg, classic.light)


def test_a_deck_printed_small_lies_small_on_the_table_and_the_truth_says_so():
    scene = next(s for s in (random_scene(seed, RenderOptions(), style=VARIED_STYLE) for seed in range(9000, 9050))
                 if s.look.printer_scale < 0.97)
    ship = next(card for card in scene.cards if card.role == "ship")
    corners = np.array(card_corners(ship))
    width = np.linalg.norm(corners[1] - corners[0])
    assert width == pytest.approx(CARD_MM[0] * scene.look.printer_scale) and width < CARD_MM[0] - 1.5


def test_the_family_never_deals_the_held_out_dark_green_back():
    for seed in range(0, 400):
        look = varied.varied_look(seed)
        blue, green, red = look.back_ground
        hue, _, value = colorsys.rgb_to_hsv(red / 255, green / 255, blue / 255)
        if value < 0.45:
            assert abs(hue - varied.SETTINGS.held_out_hue) >= varied.SETTINGS.held_out_hue_gap - 0.01, look


def test_the_named_styles_compose_exactly_as_before_the_family_came():
    """Digests of the top-down table composed on main before render/varied.py (16237ca): the report's views and
    every earlier tuning view render byte for byte as they did."""
    for seed, style, digest in ((3, "classic", "d0947b98af506bb3"), (41, "ember", "d54db0ff17fcea28"),
                                (9401, "navy", "7884ec388487b56a"), (41, None, "5aac7b94bd5efdfd")):
        scene = random_scene(seed, RenderOptions(jpeg_quality=60 + seed % 36), style=style)
        assert scene.look is None and all(card.scale == 1.0 for card in scene.cards)
        assert hashlib.sha256(compose_table(scene).tobytes()).hexdigest()[:16] == digest, (seed, style)


def test_the_report_seeds_never_reach_the_family():
    done = subprocess.run([sys.executable, "benchmarks/cannonades_read_accuracy.py", "--style", "varied", "--views", "5"],
                          capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 2 and "tuning seeds only" in done.stderr
