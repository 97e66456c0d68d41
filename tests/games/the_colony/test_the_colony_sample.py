"""The bundled opening position is the rulebook's setup, and the README's one-shot sowing works on it."""

import json
from pathlib import Path

from companion.cli import main
from companion.games.the_colony.position import Position
from companion.games.the_colony.text import parse_board

SAMPLE = Path(__file__).resolve().parents[3] / "samples" / "boards" / "the-colony-start.txt"


def test_the_bundled_start_is_the_rulebooks_setup():
    assert parse_board(SAMPLE.read_text(encoding="utf-8")) == Position.setup()


def test_sowing_l1_through_the_centre_from_the_bundled_start(capsys):
    assert main(["referee", "the-colony", str(SAMPLE), "sow", "L1", "--via", "L19", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["done"] is True
    assert answer["path"][:3] == ["L2", "L3", "L19"]
