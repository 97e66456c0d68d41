"""A game's printed kit reaches `companion print` only through its plug-in's kit part: its own set of
sheets and its loose marker groups print with no shared edit, and the PDF's rectangles are its marks."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.commands import print_kit
from companion.kit import ids
from companion.kit.layout import Label, MarkerGroup, MarkerPlacement, Rect, SheetLayout
from companion.kit.part import GameKit, KitSet, PrintedSet, PrintedSheet
from companion.kit.pdf import black_runs
from companion.vision.markers import detect_markers


def counter_sheets(args) -> PrintedSet:
    if args.players == 2:
        raise ValueError("tiny counters are for 3 or 4 players")
    sheet = SheetLayout("counters", "tiny counters", 60.0, 60.0,
                        markers=(MarkerPlacement(ids.SPARE_RESERVED.first, 15.0, 15.0, 30.0),),
                        labels=(Label("tiny counters", 30.0, 5.0, 3.0),), cut_lines=(Rect(0.0, 0.0, 60.0, 60.0),))
    return PrintedSet([PrintedSheet("tiny-counters", sheet)], {"tiny-counters.json": json.dumps({"players": args.players})},
                      "tiny counters: cut on the grey line")


TINY_KIT = GameKit(sets=(KitSet("counters", "tiny-kit", counter_sheets),),
                   marker_groups=(MarkerGroup("spare", "spare marker", ids.SPARE_RESERVED, 40.0, 1),))


class KitOnlyGame:
    """A game whose only part is its kit."""

    def has(self, part: str) -> bool:
        return part == "kit"

    def load(self, part: str):
        assert part == "kit"
        return TINY_KIT


@pytest.fixture
def only_the_tiny_game(monkeypatch):
    monkeypatch.setattr(print_kit, "plugins", lambda: {"tiny": KitOnlyGame()})


def test_a_games_own_set_and_marker_group_are_printed_with_no_shared_edit(only_the_tiny_game, tmp_path, capsys):
    assert main(["print", "counters", "markers", "--players", "3", "--out", str(tmp_path), "--dpi", "100"]) == 0
    assert "tiny counters: cut on the grey line" in capsys.readouterr().out
    assert {path.name for path in tmp_path.iterdir()} == {
        "tiny-counters-a4.png", "tiny-kit-a4.pdf", "tiny-counters.json",
        "markers-spare-a4.png", "markers-cannon-a4.png", "markers-a4.pdf"}   # the cannon's group is everyone's
    assert json.loads((tmp_path / "tiny-counters.json").read_text()) == {"players": 3}
    assert [m.id for m in detect_markers(cv2.imread(str(tmp_path / "tiny-counters-a4.png")))] == [ids.SPARE_RESERVED.first]


def test_a_set_refusing_its_options_and_an_unknown_sheet_or_group_are_usage_errors(only_the_tiny_game, tmp_path, capsys):
    assert main(["print", "counters", "--players", "2", "--out", str(tmp_path)]) == 2
    assert "tiny counters are for 3 or 4 players" in capsys.readouterr().err
    assert main(["print", "islands", "--out", str(tmp_path)]) == 2
    assert "unknown sheet 'islands': expected some of counters, patches, charuco, markers, or all" in capsys.readouterr().err
    assert main(["print", "markers", "--group", "ships", "--out", str(tmp_path)]) == 2
    assert "--group 'ships': expected one of spare, cannon" in capsys.readouterr().err


def test_the_pdf_traces_black_pixels_into_as_few_rectangles_as_the_runs_allow():
    mask = np.zeros((6, 8), bool)
    mask[1:4, 2:6] = True    # a block: one rectangle
    mask[4, 0:3] = True      # a bar under it: another
    rectangles = black_runs(mask)
    assert rectangles == [(2, 1, 4, 3), (0, 4, 3, 1)]
    drawn = np.zeros_like(mask)
    for x, y, width, height in rectangles:
        drawn[y:y + height, x:x + width] = True
    assert (drawn == mask).all()
