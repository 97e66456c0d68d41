"""The deck as data (CN-1) and `companion referee cannonades`: a deck list from a file, refused with
where and what when it is wrong; the referee's three questions over a state file, and bad input exits 2."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.games.cannonades.deck import DeckError, default_deck, load_deck, parse_deck

TWELVE = [{"id": f"S{n}", "kind": "ship", "icons": ["red"], "grins": n % 3, "sails": "left"} for n in range(6)] + \
         [{"id": f"K{n}", "kind": "cannonade", "icons": ["red", "blue"]} for n in range(6)]


def test_the_default_deck_is_five_clans_of_ships_and_pairs_of_cannonades():
    deck = default_deck()
    ships = [c for c in deck.cards if c.is_ship]
    assert (len(deck.cards), len(ships), len(deck.clans)) == (70, 40, 5)
    assert all(len(c.icons) == 1 and c.sails in ("left", "right") for c in ships)
    assert all(len(c.icons) == 2 and c.sails is None for c in deck.cards if not c.is_ship)
    assert [sum(c.grins == g for c in ships) for g in (0, 1, 2)] == [20, 15, 5]


def test_a_physical_deck_s_list_loads_from_a_file(tmp_path):
    path = tmp_path / "our-deck.json"
    path.write_text(json.dumps({"name": "ours", "clans": ["red", "blue"], "cards": TWELVE}))
    deck = load_deck(path)
    assert deck.name == "ours" and deck.source == str(path) and deck.card("S2").grins == 2


@pytest.mark.parametrize("change, where", [
    (lambda d: d["cards"][3].update(kind="boat"), "cards[3] (S3).kind: 'boat' is not a kind"),
    (lambda d: d["cards"][0].update(icons=["green"]), "cards[0] (S0).icons: 'green' is not one of the deck's clans"),
    (lambda d: d["cards"][1].update(grins=3), "cards[1] (S1).grins: expected 0, 1 or 2"),
    (lambda d: d["cards"][2].pop("sails"), "cards[2] (S2).sails: a ship sails left or right"),
    (lambda d: d["cards"][7].update(sails="left"), "cards[7] (K1).sails: a cannonade does not sail"),
    (lambda d: d["cards"][5].update(id="S0"), "cards[5].id: 'S0' is already cards[0]"),
    (lambda d: d.update(cards=d["cards"][:5]), "cards: 5 cards: a deck needs at least 12"),
    (lambda d: d.update(colour="x"), "deck.colour: unknown key"),
])
def test_a_bad_deck_names_the_place_and_the_problem(change, where):
    data = {"name": "ours", "clans": ["red", "blue"], "cards": [dict(c) for c in TWELVE]}
    change(data)
    with pytest.raises(DeckError) as refused:
        parse_deck(json.dumps(data), "our-deck.json")
    assert str(refused.value).startswith(f"our-deck.json: {where}")


def test_a_deck_that_is_not_json_says_line_and_column():
    with pytest.raises(DeckError, match=r"line 2, column 1: not JSON"):
        parse_deck('{"name": "x",\n}')


STATE = {"seats": ["anna", "ben"],
         "hands": {"anna": ["C01", "C29", "S02"], "ben": ["C05"]},
         "fleets": {"anna": [{"id": "anna-1", "card": "S09", "face": "up"}, {"id": "anna-2", "card": "S33"}],
                    "ben": [{"id": "ben-1", "card": "S08"}, {"id": "ben-2", "card": "S25", "face": "up"}]},
         "discard": ["C30"], "turn": {"seat": "anna", "actions_left": 3}}


def ask(tmp_path, capsys, *question, state=STATE):
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state))
    status = main(["referee", "cannonades", str(path), *question, "--json"])
    out = capsys.readouterr()
    return status, (json.loads(out.out) if status == 0 else out.err)


def test_legal_lists_the_moves_open_to_the_seat(tmp_path, capsys):
    status, answer = ask(tmp_path, capsys, "legal", "--seat", "anna")
    assert status == 0 and {"type": "shoot", "card": "C01", "target": "ben-1"} in answer["legal"]
    assert {"type": "board", "ship": "anna-1", "target": "ben-2"} in answer["legal"]
    assert {"type": "add", "card": "S02"} in answer["legal"] and answer["legal"][-1] == {"type": "end"}
    status, answer = ask(tmp_path, capsys, "legal", "--seat", "ben")
    assert answer["legal"] == [] and answer["reason"]["rule"] == "rules:turn"


def test_resolve_shot_says_sunk_or_damaged_and_which_grin_effects_are_due(tmp_path, capsys):
    status, answer = ask(tmp_path, capsys, "resolve-shot", "C01", "ben-1")   # skull/anchor at a face-down skull
    assert (answer["outcome"], [d["hit"] for d in answer["due"]]) == ("sunk", ["damaged", "sunk"])
    status, answer = ask(tmp_path, capsys, "resolve-shot", "anna-1", "ben-2")   # boarding: anchor at kraken
    assert answer["outcome"] == "stands" and answer["due"] == []
    status, answer = ask(tmp_path, capsys, "resolve-shot", "C29", "anna-2")
    assert answer == {"legal": False, "reason": {"rule": "rules:actions", "cells": ["anna-2"],
                                                 "message": "anna-2 is anna's own ship: fire at an opponent's."}}


def test_end_applies_the_tiebreakers_and_names_the_winner_with_the_reason(tmp_path, capsys):
    status, answer = ask(tmp_path, capsys, "end")
    # two ships and two clans each; ben's S08 and S25 both sail right, anna's S09 and S33 do not
    assert answer["winners"] == ["ben"] and answer["rule"] == "rules:tiebreakers"
    assert "the most ships sailing the same way" in answer["why"]
    assert [(row["ships"], row["icons"], row["same_way"]) for row in answer["standings"]] == [(2, 2, 1), (2, 2, 2)]


@pytest.mark.parametrize("state, field", [
    ({"seats": ["anna"]}, "seats: expected 2 to 5 different names"),
    ({"seats": ["anna", "ben"], "hands": {"anna": ["C01", "C01"]}}, "hands.anna[1]: C01 is already at hands.anna[0]"),
    ({"seats": ["anna", "ben"], "fleets": {"ben": [{"id": "ben-1", "card": "C02"}]}},
     "fleets.ben[0].card: C02 is a cannonade, not a ship"),
    ({"seats": ["anna", "ben"], "turn": {"seat": "zed"}}, "turn.seat: 'zed' is not a seat"),
    ({"seats": ["anna", "ben"], "variant": "fast"}, "variant: 'fast' is not one of standard, fixed-5"),
])
def test_a_bad_state_file_exits_2_and_names_the_field(tmp_path, capsys, state, field):
    status, error = ask(tmp_path, capsys, "end", state=state)
    assert status == 2 and field in error


def test_a_bad_question_exits_2(tmp_path, capsys):
    assert ask(tmp_path, capsys, "fire")[0] == 2
    status, error = ask(tmp_path, capsys, "legal", "--seat", "zed")
    assert status == 2 and "--seat: 'zed' is not a seat" in error
