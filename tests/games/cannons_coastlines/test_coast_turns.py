"""A Cannons & Coastlines turn at the table: coins first, one action per ship, hits and prizes."""

import pytest

from coast_tables import game, ship, square

from companion.games.cannons_coastlines.rules import nearest_ship
from companion.games.cannons_coastlines.table import Mat

# Anna's frigate faces +x (heading 0); its port guns fire towards -y, starboard towards +y.
def test_a_broadside_hits_the_first_ship_and_the_fitting_becomes_a_prize():
    g = game(ship("anna", "frigate", "navy", 20, 20, 0),
             ship("ben", "sloop", "pirates", 20, 28, 0), ship("ben", "schooner", "pirates", 20, 34, 0))
    verdict = g.fire("anna/frigate", 1)                      # slot 1: starboard, towards +y
    assert verdict.message == "Hit: ben/sloop loses a mast (dead in the water)."
    assert g.table.mat("anna").prizes == {("pirates", "mast"): 1}
    assert g.points("anna") == 3                              # a pirate mast is worth 3
    assert g.fire("anna/frigate", 1).reasons[0].message == "anna/frigate has already taken its action this turn."


def test_a_dead_ship_sinks_on_the_next_hit_and_the_hull_goes_to_the_shooter():
    g = game(ship("anna", "frigate", "navy", 20, 20, 0), ship("ben", "sloop", "pirates", 20, 28, 0, fittings=()),
             ship("ben", "schooner", "pirates", 40, 40, 0))
    assert g.fire("anna/frigate", 1).message == "ben/sloop sinks; anna takes the hull."
    assert "ben/sloop" not in g.table.ships and g.table.mat("anna").prizes == {("pirates", "hull"): 1}


def test_a_shot_whose_first_ship_is_your_own_is_wasted():
    g = game(ship("anna", "frigate", "navy", 20, 20, 0), ship("anna", "cutter", "navy", 20, 26, 0),
             ship("ben", "sloop", "pirates", 20, 32, 0))
    assert g.fire("anna/frigate", 1).message == "Wasted: the first ship in the line of fire is your own anna/cutter."
    assert g.table.ships["ben/sloop"].fittings == ("mast",)


def test_coins_come_before_any_ship_acts():
    g = game(ship("anna", "frigate", "navy", 20, 20, 0), ship("ben", "sloop", "pirates", 20, 28, 0),
             coins={"skilled_gunner": 1, "brace_for_impact": 1})
    assert g.spend("skilled_gunner", "anna/frigate").legal
    assert g.fire("anna/frigate", 1).message == ("Hit: ben/sloop loses a mast (dead in the water). "
                                                 "ben/sloop sinks; anna takes the hull.")
    assert g.winner == "anna"   # the last fleet with ships on the table
    late = g.spend("brace_for_impact", "anna/frigate")
    assert late.reasons[0].rule == "rules:spend-coins" and "before any ship" in late.message


def test_brace_for_impact_makes_the_next_hit_do_nothing():
    g = game(ship("anna", "frigate", "navy", 20, 20, 0), ship("ben", "sloop", "pirates", 20, 28, 0, braced=True))
    assert g.fire("anna/frigate", 1).message == "ben/sloop was braced: the hit does nothing."
    assert g.table.ships["ben/sloop"].fittings == ("mast",) and not g.table.ships["ben/sloop"].braced


def test_boarding_party_and_repair_crew_capture_a_dead_ship_alongside():
    alongside = ship("ben", "sloop", "pirates", 20, 21.9, 0, fittings=())   # 0.1" off the frigate's side
    g = game(ship("anna", "frigate", "navy", 20, 20, 0), alongside, ship("ben", "schooner", "pirates", 60, 40, 0),
             coins={"boarding_party": 1, "repair_crew": 1})
    verdict = g.capture("anna/frigate", "ben/sloop")
    assert verdict.message == "Captured: ben/sloop joins anna's fleet with one fitting."
    captured = g.table.ships["ben/sloop"]
    assert captured.owner == "anna" and captured.fittings == ("mast",)
    assert g.table.mat("anna").coins == {} and g.table.bag["repair_crew"] == 4


def test_capture_needs_a_dead_ship_that_touches():
    g = game(ship("anna", "frigate", "navy", 20, 20, 0), ship("ben", "sloop", "pirates", 20, 25, 0),
             coins={"boarding_party": 1, "repair_crew": 1})
    refused = g.capture("anna/frigate", "ben/sloop")
    assert refused.reasons[0].rule == "CS-2" and "3.20\" apart" in refused.message


def test_sailing_stops_at_a_bump_and_at_the_table_edge():
    g = game(ship("anna", "frigate", "navy", 20, 20, 0), ship("anna", "cutter", "navy", 68, 10, 0),
             ship("ben", "sloop", "pirates", 25.5, 20, 90))
    assert "bumps into ship ben/sloop and stops" in g.sail("anna/frigate", 2).message
    assert g.sail("anna/cutter", 2).message == "Sails: anna/cutter runs out of room and stops at the table edge."
    assert max(x for x, _ in g.table.ships["anna/cutter"].outline()) <= 72


def test_evasive_maneuvers_off_the_table_sinks_the_ship():
    g = game(ship("anna", "frigate", "navy", 20, 1.5, 0), ship("ben", "sloop", "pirates", 40, 40, 0),
             coins={"evasive_maneuvers": 1})
    assert g.spend("evasive_maneuvers", "anna/frigate", side="port").message == (
        "Evasive Maneuvers: anna/frigate is forced off the table and sinks.")


def test_a_flag_needs_the_ship_touching_now_and_at_the_end_of_the_last_turn():
    palm = square("palm", 30, 10)
    near = ship("anna", "frigate", "navy", 32, 15.1, 0)      # its port side 0.1" below the island
    fresh = game(near, ship("ben", "sloop", "pirates", 60, 40, 0), islands=[palm])
    assert fresh.island("anna/frigate", "palm", "flag").reasons[0].message == (
        "anna/frigate was not touching palm at the end of anna's last turn.")
    held = game(near, ship("ben", "sloop", "pirates", 60, 40, 0), islands=[palm],
                touched={"anna/frigate": frozenset({"palm"})})
    assert held.island("anna/frigate", "palm", "flag").legal and held.table.islands["palm"].holder == "anna"
    assert held.sail("anna/frigate", 1).reasons[0].message.endswith("it stays at the island.")


def test_the_nearest_ship_collects_the_islands_coin_even_out_at_sea():
    palm = square("palm", 30, 10, holder="anna")
    g = game(ship("anna", "frigate", "navy", 32, 24, 0), ship("anna", "cutter", "navy", 50, 40, 0),
             ship("ben", "sloop", "pirates", 60, 40, 0), islands=[palm])
    assert nearest_ship(g.table, "anna", "palm") == "anna/frigate"
    assert g.island("anna/cutter", "palm", "coin", "full_sail").reasons[0].rule == "CS-3"
    assert g.island("anna/frigate", "palm", "coin", "full_sail").legal
    assert g.table.mat("anna").coins == {"full_sail": 1} and g.points("anna") == 1


@pytest.mark.parametrize("before, after, wins", [(58, 64, False), (61, 61, True)])
def test_a_victory_claim_uses_the_points_at_the_start_of_the_turn(before, after, wins):
    g = game(ship("anna", "frigate", "navy", 20, 20, 0), ship("ben", "sloop", "pirates", 60, 40, 0),
             coins={"repair_crew": before})
    g.table = g.table.with_mat("anna", Mat({"repair_crew": after}))   # points earned during the turn
    assert g.claim_victory().legal is wins
