"""Referee aids: who collects, who may raise a flag, who runs out of room, where shots land."""

from companion.games.cannons_coastlines.aids import (coin_collectors, edge_warnings, flag_raisers, hits_to_sink,
                                                     lines_of_fire)
from coast_tables import game, ship, square


def test_the_aids_on_one_table():
    palm = square("palm", 30, 10, holder="anna")
    reef = square("reef", 50, 10, holder=None)
    g = game(ship("anna", "frigate", "navy", 32, 15.1, 0), ship("anna", "cutter", "navy", 69, 30, 0),
             ship("ben", "sloop", "pirates", 52, 15.0, 0, fittings=()), ship("ben", "schooner", "pirates", 32, 24, 180),
             islands=[palm, reef], touched={"ben/sloop": frozenset({"reef"}), "anna/frigate": frozenset({"palm"})})
    table = g.table
    assert coin_collectors(table) == {"palm": "anna/frigate"}
    assert flag_raisers(table) == {"palm": [], "reef": ["ben/sloop"]}   # anna holds palm already
    assert edge_warnings(table, 1.5, {"navy": 2, "pirates": 3}) == {"anna/cutter": 1.0}
    fire = {(line.ship, line.slot): line for line in lines_of_fire(table)}
    assert fire[("anna/frigate", 1)].target == "ben/schooner" and not fire[("anna/frigate", 1)].wasted
    assert fire[("ben/schooner", 1)].target == "anna/frigate"   # heading 180: starboard faces -y
    assert hits_to_sink(table)["anna/frigate"] == "3 hits to sink"
    assert hits_to_sink(table)["ben/sloop"] == "dead in the water: the next hit sinks it"
