"""Rendered Cannonades tables: seeded, a face-down card shows no identity, and the truth says what shows."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from companion.games.cannonades.render.draw import render_scene
from companion.games.cannonades.render.scene import HELD_OUT_STYLE, random_scene
from companion.kit import ids
from companion.render.options import RenderOptions
from companion.vision.markers import detect_markers

ROOT = Path(__file__).resolve().parents[4]


@pytest.mark.slow   # two renders: about 4 s
def test_the_same_seed_gives_the_same_photo_and_another_seed_another():
    options = RenderOptions(jpeg_quality=90)
    first, again = render_scene(random_scene(5, options)), render_scene(random_scene(5, options))
    assert first.jpeg == again.jpeg and first.truth == again.truth
    assert random_scene(6, options).cards != random_scene(5, options).cards


@pytest.mark.slow   # one clean render: about 2 s
def test_a_face_down_card_shows_no_marker_and_every_whole_face_up_marker_reads():
    scene = random_scene(8, RenderOptions(noisy=False, tilt_deg=10.0), style="classic")
    rendered = render_scene(scene)
    seen = {marker.id for marker in detect_markers(rendered.image, ids.CARD_DICTIONARY)}
    face_up = {scene.deck.ids.index(card["card"]) for card in rendered.truth["cards"] if card["face"] == "up"}
    assert {marker_id // 2 for marker_id in seen} <= face_up
    whole = {2 * scene.deck.ids.index(card["card"]) + corner for card in rendered.truth["cards"]
             if card["face"] == "up" for corner, shown in enumerate(card["markers_visible"]) if shown}
    assert whole <= seen
    downs = [card for card in scene.cards if not card.face_up]
    assert downs and all(card.role in ("ship", "deck") for card in downs)


def test_every_scene_has_the_deck_ships_for_each_seat_and_the_truth_names_the_held_out_style():
    for seed in range(40):
        scene = random_scene(seed, RenderOptions())
        seats = {card.seat for card in scene.cards if card.role == "ship"}
        assert seats == set(range(1, scene.players + 1))
        assert [card.role for card in scene.cards].count("deck") == 1
        ships = [card for card in scene.cards if card.role == "ship"]
        assert all(1 <= sum(c.seat == seat for c in ships) <= 4 for seat in seats)
    assert random_scene(3, RenderOptions(), style=HELD_OUT_STYLE).style == "harbour"
    with pytest.raises(ValueError, match="style 'gold': expected one of classic, navy, harbour, ember, slate, varied"):
        random_scene(3, RenderOptions(), style="gold")


def test_tuning_sees_full_bleed_dark_backs_as_well_as_bordered_ones_and_never_the_held_out_back():
    """The held-out back is full bleed and dark; tuning must see backs of that kind (other colours, other
    patterns), else what fails on it cannot be found without looking at it."""
    from companion.games.cannonades.render import looks
    from companion.games.cannonades.render.scene import TUNING_STYLES

    def edge_and_middle(style):
        back = looks.back(style, 1.0).astype(float)
        return back[1:3, 20:40].mean(), back[30:60, 20:40].mean()

    kinds = {style: "bordered" if edge_and_middle(style)[0] > 150 else "full bleed" for style in TUNING_STYLES}
    assert set(kinds.values()) == {"bordered", "full bleed"}, kinds
    assert all(edge_and_middle(style)[1] < 90 for style, kind in kinds.items() if kind == "full bleed")
    assert HELD_OUT_STYLE not in TUNING_STYLES and max(edge_and_middle(HELD_OUT_STYLE)) < 90
    held_out = looks.back(HELD_OUT_STYLE, 1.0).astype(float)
    assert all(np.abs(looks.back(style, 1.0).astype(float) - held_out).mean() > 10 for style in TUNING_STYLES)


@pytest.mark.slow   # renders through the command: about 4 s
def test_render_cannonades_writes_the_photo_and_its_truth(tmp_path):
    done = subprocess.run([sys.executable, "-m", "companion", "render", "cannonades", "--seed", "3", "--tilt", "30",
                           "--hand", "--out", str(tmp_path / "t.jpg"), "--truth", str(tmp_path / "t.json")],
                          capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    truth = json.loads((tmp_path / "t.json").read_text())
    assert truth["hand"] and abs(truth["camera"]["tilt_deg"] - 30) < 1e-6
    assert (tmp_path / "t.jpg").stat().st_size > 50_000
    assert {card["role"] for card in truth["cards"]} >= {"deck", "ship"}
    assert all(0 <= card["visible"] <= 1 for card in truth["cards"])
