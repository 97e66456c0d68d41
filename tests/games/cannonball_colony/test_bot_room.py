"""Room for forts (bot_room.py): islands as text, with the forts France's country could still hold.

France's ship is at A1 at the end of a one-row strip walled by mountains: eight more cells, B1
to I1, are all the country its network may ever reach. Forts stand four steps apart (CC-6), and
no fort goes on a ship (CC-P2).
"""

import pytest

from companion.games.cannonball_colony.bot_room import gateways, reachable, room_at_risk, room_for_forts
from companion.games.cannonball_colony.cells import Cell, Country, PieceKind
from companion.games.cannonball_colony.text import parse_board

STRIP = """
players: france spain
boards: A1 G1
landing: france=A1 spain=L6
supply: 40
turn: france
   A  B  C  D  E  F  G  H  I  J  K  L
1  {row1}  m  g  g
2  m  m  m  m  {e2} m  m  m  m  m  g  g
3  m  m  m  m  {e3} m  m  m  m  m  g  g
4  m  m  m  m  m  m  m  m  m  m  g  g
5  m  m  m  m  m  m  m  m  m  m  g  g
6  m  m  m  m  m  m  m  m  m  m  g  r
"""


def strip(row1: str, e2: str = "m", e3: str = "m"):
    return parse_board(STRIP.format(row1="  ".join(row1.split()), e2=e2, e3=e3))


@pytest.mark.parametrize("row1, room, why", [
    ("r r r r r r r r r", 2, "B1 and F1: J1 would be the third, and it is a mountain"),
    ("r g g g g g g g g", 2, "grass the roads may still grow onto counts as country"),
    ("r f f r r g g g g", 2, "forest too"),
    ("r r Ff r r r r r r", 1, "a fort at C1 keeps new ones off A1 to F1: G1 is left"),
    ("r r r r Fs r r r r", 1, "Spain's fort at E1 walls the way: only B1 to D1 are France's, room for one"),
    ("r r r Bs r r r r r", 1, "a blockade at D1 walls the way even for its owner: B1 and C1 hold one"),
    ("r l r r r r r r r", 0, "a lake at B1 shuts the ship in"),
])
def test_room_for_forts_in_a_walled_strip(row1, room, why):
    assert room_for_forts(strip(row1), Country.FRANCE) == room, why


def test_a_site_under_an_opponents_cannon_holds_no_fort_but_the_strip_still_fits_the_same():
    # Spain's cannon at E3 hits E1 across the lake at E2 (lakes do not stop a shot, CC-7).
    position = strip("r r r r r r r r r", e2="l", e3="Cs")
    assert Cell.parse("E1") in reachable(position, Country.FRANCE)
    assert room_for_forts(position, Country.FRANCE) == 2   # B1 and F1 are not under fire


def test_the_reachable_country_stops_at_walls_and_holds_the_network():
    position = strip("r r r r Fs g g g g")
    assert sorted(str(c) for c in reachable(position, Country.FRANCE)) == ["A1", "B1", "C1", "D1"]


def test_room_never_exceeds_the_forts_still_in_hand():
    # Nine French forts stand on the far board (no path joins them, so CC-6 never compared them).
    position = parse_board(STRIP.format(row1="r  r  r  r  r  r  r  r  r", e2="m", e3="m")
                           .replace("m  g  g\n", "m  Ff Ff\n", 1).replace("g  g\n", "Ff Ff\n", 3)
                           .replace("m  g  g\n6", "m  Ff m\n6"))
    assert position.fort_count(Country.FRANCE) == 9
    assert room_for_forts(position, Country.FRANCE) == 1


def test_every_cell_of_a_one_way_strip_but_its_far_end_is_a_gateway_and_a_side_pocket_adds_its_mouth():
    assert sorted(str(c) for c in gateways(strip("r r r r r r r r r"), Country.FRANCE)) == [
        "B1", "C1", "D1", "E1", "F1", "G1", "H1"]
    # E2 and E3 grass: E2 is the only way into E3.
    assert "E2" in {str(c) for c in gateways(strip("r r r r r r r r r", e2="g", e3="g"), Country.FRANCE)}


def test_a_loop_has_no_gateway_inside_it():
    # Rows 1 and 2 both open from B to E: either row leads on, so no single cell there cuts the way.
    board = STRIP.format(row1="r  r  r  r  r  r  r  r  r", e2="g", e3="m").replace(
        "2  m  m  m  m  g", "2  m  g  g  g  g")
    ways = {str(c) for c in gateways(parse_board(board), Country.FRANCE)}
    assert not ways & {"C1", "D1", "C2", "D2"}
    assert {"F1", "G1", "H1"} <= ways


@pytest.mark.parametrize("kind, cell, lost, why", [
    (PieceKind.FORT, "C1", 1, "a Spanish fort at C1 leaves France B1 alone: room 2 -> 1"),
    (PieceKind.BLOCKADE, "B1", 2, "a blockade at B1 walls the ship in: room 2 -> 0"),
    (PieceKind.FORT, "I1", 0, "I1 is the strip's far end: walling it cuts nothing off"),
])
def test_room_at_risk_is_what_the_worst_rival_wall_on_a_gateway_would_shut_away(kind, cell, lost, why):
    walls = [(Country.SPAIN, kind, Cell.parse(cell))]
    assert room_at_risk(strip("r r r r r r r r r"), Country.FRANCE, walls) == lost, why


def test_the_worst_of_several_rival_walls_counts():
    walls = [(Country.SPAIN, PieceKind.FORT, Cell.parse(c)) for c in ("I1", "G1", "C1")]
    assert room_at_risk(strip("r r r r r r r r r"), Country.FRANCE, walls) == 1
