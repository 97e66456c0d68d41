"""Scoring Cannons & Coastlines: each player's mat, the values in use, and claims of victory."""

import json

import pytest

from companion.games.cannons_coastlines.factions import DEFAULT_FILE, FactionFileError, load_rulebook, parse_rulebook
from companion.games.cannons_coastlines.scoring import Holdings, judge_claim, last_fleet_afloat, points, value_table

RULEBOOK = load_rulebook()


def test_coins_are_a_point_each_and_prizes_count_at_the_victims_card():
    values = value_table(RULEBOOK)
    mat = Holdings(coins=7, prizes={("navy", "mast"): 2, ("merchants", "cargo"): 3, ("pirates", "hull"): 1})
    scored = points(mat, values)
    # 7 coins + 2 navy masts x3 + 3 merchant cargo x4 + 1 pirate hull x6
    assert scored.total == 7 + 6 + 12 + 6 and scored.prize_points == 24
    assert scored.to_json() == {"coins": 7, "points": 31,
                                "prizes": {"merchants:cargo": 3, "navy:mast": 2, "pirates:hull": 1}}


def test_a_house_table_overrides_a_card_value_and_is_checked():
    values = value_table(RULEBOOK, {"navy": {"hull": 12}})
    assert values["navy"]["hull"] == 12 and values["navy"]["mast"] == 3
    with pytest.raises(ValueError, match="unknown faction 'vikings'"):
        value_table(RULEBOOK, {"vikings": {"hull": 1}})
    with pytest.raises(ValueError, match="unknown prize 'anchor'"):
        value_table(RULEBOOK, {"navy": {"anchor": 1}})


@pytest.mark.parametrize("snapshot, claimant, wins, why", [
    ({"anna": 60, "ben": 41}, "anna", True, "anna wins with 60 points"),
    ({"anna": 60, "ben": 60}, "anna", True, "anna wins"),                      # level is not ahead
    ({"anna": 59, "ben": 12}, "anna", False, "a claim needs 60"),
    ({"anna": 63, "ben": 65, "cleo": 2}, "anna", False, "ben is ahead with 65 points to anna's 63"),
])
def test_a_claim_is_judged_on_the_start_of_turn_snapshot(snapshot, claimant, wins, why):
    verdict = judge_claim(claimant, snapshot)
    assert verdict.legal is wins and why in verdict.message
    assert all(reason.rule == "CS-5" for reason in verdict.reasons)


def test_points_earned_during_the_turn_do_not_count_until_the_next():
    start = {"anna": 58, "ben": 30}
    now = {"anna": 64, "ben": 30}     # anna sank a hull this turn
    assert not judge_claim("anna", start).legal
    assert judge_claim("anna", now).legal   # ...which counts at the start of her next turn


def test_the_last_fleet_with_ships_on_the_table_wins():
    assert last_fleet_afloat({"anna": 2, "ben": 0, "cleo": 0}) == "anna"
    assert last_fleet_afloat({"anna": 2, "ben": 1}) is None


@pytest.mark.parametrize("change, words", [
    (lambda d: d["factions"]["navy"].pop("prize_values"), "factions.navy.prize_values: expected an object"),
    (lambda d: d["factions"]["navy"]["prize_values"].pop("hull"), "missing hull"),
    (lambda d: d["factions"]["navy"].update(move_count=0), "factions.navy.move_count: expected a positive number"),
    (lambda d: d["factions"]["navy"]["ships"][0].update(fittings=["sail"]), "unknown fitting 'sail'"),
    (lambda d: d["coin_mix"].update(skilled_gunner=9), "adds up to 25, not coins_per_player 20"),
    (lambda d: d["factions"]["pirates"]["favoured_coins"].update(boarding_party=5), "5 kept back, but a player has only 3"),
])
def test_a_bad_faction_file_names_the_key(change, words):
    data = json.loads(DEFAULT_FILE.read_text())
    change(data)
    with pytest.raises(FactionFileError) as caught:
        parse_rulebook(data, "my-factions.json")
    assert str(caught.value).startswith("my-factions.json: ") and words in str(caught.value)
