"""The printed Cannonades deck: every card's two markers decode back to that card, upright, and card
markers and table markers never read as each other."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.games.cannonades.deck import default_deck, parse_deck
from companion.games.cannonades.kit import cards, sheets as cn_sheets
from companion.kit import ids, layout
from companion.kit.marker_image import marker_image
from companion.kit.sheets import render_sheet
from companion.vision.markers import detect_markers

ROOT = Path(__file__).resolve().parents[4]
DPI = 150


def _read_page(page) -> dict[int, list]:
    image = render_sheet(page.layout, layout.PAPERS["a4"], DPI)
    found: dict[int, list] = {}
    for marker in detect_markers(image, ids.CARD_DICTIONARY):
        found.setdefault(marker.id, []).append(np.asarray(marker.corners))
    return found


@pytest.mark.slow   # eight pages rasterised and read: about 4 s
def test_every_printed_card_shows_its_own_two_markers_upright_in_opposite_corners():
    deck = default_deck()
    seen = {}
    for page in cn_sheets.face_pages(deck):
        seen.update(_read_page(page))
    assert sorted(seen) == list(range(2 * len(deck.cards)))
    for index, card in enumerate(deck.cards):
        names = [ids.card_of(marker_id, len(deck.cards)) for marker_id in (2 * index, 2 * index + 1)]
        assert names == [(index, 0), (index, 1)], card.id
        (top,), (bottom,) = seen[2 * index], seen[2 * index + 1]
        for quad in (top, bottom):   # upright: corner 0 above and left of corner 2
            assert quad[0][0] < quad[2][0] and quad[0][1] < quad[2][1]
        apart_px = np.subtract(bottom[0], top[0]) * 25.4 / DPI   # opposite corners: 27 mm across, 52 mm down
        assert abs(apart_px[0] - 27.0) < 1.0 and abs(apart_px[1] - 52.0) < 1.0


def test_card_markers_and_table_markers_never_read_as_each_other():
    card_page = np.full((400, 2800, 3), 255, np.uint8)
    for number, marker_id in enumerate(range(0, 250, 12)):
        card_page[50:170, 20 + number * 128:140 + number * 128] = marker_image(marker_id, 120, ids.CARD_DICTIONARY)[:, :, None]
    for number, marker_id in enumerate(range(ids.DICTIONARY_SIZE)[::3]):
        card_page[230:350, 20 + number * 128:140 + number * 128] = marker_image(marker_id, 120, ids.DICTIONARY)[:, :, None]
    card_ids = [m.id for m in detect_markers(card_page, ids.CARD_DICTIONARY)]
    table_ids = [m.id for m in detect_markers(card_page, ids.DICTIONARY)]
    assert sorted(card_ids) == list(range(0, 250, 12))
    assert sorted(table_ids) == list(range(ids.DICTIONARY_SIZE)[::3])


def test_a_deck_bigger_than_the_card_dictionary_is_refused_naming_the_limit():
    base = default_deck().to_json()
    big = dict(base, cards=[dict(card, id=f"C{n}") for n, card in enumerate(base["cards"] * 2)])
    with pytest.raises(ValueError, match="has 140 cards: card markers \\(DICT_5X5_250, two per card\\) name at most 125"):
        cn_sheets.face_pages(parse_deck(json.dumps(big)))


def test_the_card_back_has_no_marker_and_a_face_has_kind_id_icons_and_grins():
    assert cards.back_drawing().markers == ()
    deck = default_deck()
    double = next(card for card in deck.cards if card.grins == 2)
    texts = [label.text for label in cards.face_drawing(double, deck.cards.index(double)).labels]
    assert "SHIP" in texts and double.id in texts and texts.count(":)") == 2 and "DOUBLE GRIN" in texts
    cannonade = next(card for card in deck.cards if card.kind == "cannonade")
    texts = [label.text for label in cards.face_drawing(cannonade, 0).labels]
    assert sorted(clan for clan in texts if clan in deck.clans) == sorted(cannonade.icons)


def _companion(*words, cwd):
    return subprocess.run([sys.executable, "-m", "companion", *words], capture_output=True, text=True,
                          cwd=cwd, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_stickers_for_an_owned_deck_come_from_its_list_and_say_which_marker_names_which_card(tmp_path):
    owned = default_deck().to_json()
    owned["name"] = "our deck"
    owned["cards"] = owned["cards"][:15] + owned["cards"][-5:]
    (tmp_path / "ours.json").write_text(json.dumps(owned))
    done = _companion("print", "cannonade-stickers", "--deck", "ours.json", "--paper", "letter",
                      "--format", "png", "--dpi", "100", "--out", "kit", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (tmp_path / "kit").glob("*.png")) == [
        "cannonades-stickers-1-letter.png", "cannonades-stickers-2-letter.png"]
    record = json.loads((tmp_path / "kit" / "deck-markers.json").read_text())
    assert record["deck"] == "our deck" and record["index"]["S01"] == 0 and len(record["index"]) == 20
    page = cv2.imread(str(tmp_path / "kit" / "cannonades-stickers-2-letter.png"))
    assert sorted(m.id for m in detect_markers(page, ids.CARD_DICTIONARY)) == list(range(20, 40))


def test_stickers_without_a_deck_list_or_with_a_bad_one_exit_2_naming_the_problem(tmp_path):
    done = _companion("print", "cannonade-stickers", "--out", "kit", cwd=tmp_path)
    assert done.returncode == 2 and "give --deck FILE" in done.stderr
    (tmp_path / "bad.json").write_text('{"name": "x", "clans": ["a"],\n "cards": [}')
    done = _companion("print", "cannonade-stickers", "--deck", "bad.json", "--out", "kit", cwd=tmp_path)
    assert done.returncode == 2 and "bad.json: line 2, column" in done.stderr
