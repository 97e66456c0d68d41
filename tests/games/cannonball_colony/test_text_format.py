"""The board text format: it prints back exactly, and a malformed text names line and column."""

import pytest

from companion.games.cannonball_colony.cells import Cell, Country, Ground
from companion.games.cannonball_colony.setup import new_island
from companion.games.cannonball_colony.text import BoardTextError, parse_board, print_board

CANONICAL = """\
players: france spain
boards: A1 G1
landing: france=A3 spain=L4
earned: france=cannon1 spain=
supply: 41
turn: france
   A  B  C  D  E  F  G  H  I  J  K  L
1  g  g  f  m  g  g  g  l  g  f  g  g
2  r  Ff r  r  g  g  g  g  g  g  g  g
3  r  g  g  Cf g  g  g  g  g  g  g  g
4  g  g  g  g  g  g  g  g  g  f  r  r
5  g  g  g  g  g  g  g  g  g  g  Fs g
6  g  g  g  g  g  g  g  g  g  g  g  g
"""


def test_canonical_text_prints_back_exactly():
    assert print_board(parse_board(CANONICAL)) == CANONICAL


def test_loose_text_with_comments_and_spacing_reads_the_same():
    loose = ("# a game in progress\n" + CANONICAL.replace("supply: 41", "supply:   41   # tiles left")
             .replace("players: france spain", "players: france    spain  # seat order")
             .replace("   A  B  C  D  E  F  G  H  I  J  K  L\n", "\n"))
    assert print_board(parse_board(loose)) == CANONICAL


@pytest.mark.parametrize("players", [["france", "spain"], ["spain", "england", "portugal"],
                                     ["england", "france", "portugal", "spain"]])
def test_random_islands_round_trip(players):
    for seed in range(20):
        position = new_island([Country(p) for p in players], seed=seed)
        text = print_board(position)
        assert parse_board(text) == position
        assert print_board(parse_board(text)) == text


def test_a_wide_island_names_columns_past_z():
    position = new_island([Country.FRANCE, Country.SPAIN, Country.ENGLAND, Country.PORTUGAL], seed=0)
    shift = 26 - position.width + 2  # push the last boards' columns past Z
    ground = {Cell(col, row): Ground.SEA for col in range(shift) for row in range(position.height)}
    ground.update({cell._replace(col=cell.col + shift): g for cell, g in position.ground.items()})
    wide = position.replace(boards=tuple(b._replace(col=b.col + shift) for b in position.boards),
                            width=position.width + shift, ground=ground)
    text = print_board(wide)
    column_letters = next(line for line in text.splitlines() if line.startswith("   A"))
    assert column_letters.endswith("Y  Z  AA AB")
    assert parse_board(text) == wide


MALFORMED = [
    # (what is wrong, how to break CANONICAL, line, column, words the message must contain)
    ("unknown cell token", ("2  r  Ff r", "2  r  Fx r"), 9, 7, "found 'Fx'"),
    ("piece of a country not playing", ("3  r  g  g  Cf", "3  r  g  g  Cp"), 10, 13, "portugal, who is not playing"),
    ("row too short", ("6  g  g  g  g  g  g  g  g  g  g  g  g", "6  g  g  g  g  g  g  g  g  g  g  g"), 13, 1, "has 11 cells; expected 12"),
    ("row too long", ("6  g  g  g  g  g  g  g  g  g  g  g  g", "6  g  g  g  g  g  g  g  g  g  g  g  g  g"), 13, 40, "has 13 cells"),
    ("row number out of order", ("4  g  g  g  g  g  g  g  g  g  f", "5  g  g  g  g  g  g  g  g  g  f"), 11, 1, "expected row number 4"),
    ("column letters out of order", ("   A  B  C  D", "   A  B  D  C"), 7, 10, "expected column letter 'C'"),
    ("unknown header", ("turn: france", "colour: france"), 6, 1, "unknown header 'colour'"),
    ("header given twice", ("turn: france", "turn: france\nturn: spain"), 7, 1, "given twice"),
    ("header after the grid", ("6  g  g  g  g  g  g  g  g  g  g  g  g\n", "6  g  g  g  g  g  g  g  g  g  g  g  g\nsupply: 4\n"), 14, 1, "after the grid"),
    ("unknown country", ("players: france spain", "players: france spian"), 1, 17, "unknown country 'spian'"),
    ("one player only", ("players: france spain", "players: france"), 1, 1, "expected 2 to 4 players"),
    ("boards do not match players", ("boards: A1 G1", "boards: A1"), 2, 1, "expected 2 boards"),
    ("overlapping boards", ("boards: A1 G1", "boards: A1 D1"), 2, 12, "overlaps the board at A1 on D1"),
    ("board off the grid", ("boards: A1 G1", "boards: A1 H1"), 2, 12, "does not fit in the 12x6 grid"),
    ("bad landing cell", ("landing: france=A3", "landing: france=3A"), 3, 17, "found '3A'"),
    ("landing without '='", ("landing: france=A3", "landing: franceA3"), 3, 10, "expected country=value"),
    ("unknown earned piece", ("earned: france=cannon1", "earned: france=cannon3"), 4, 16, "found 'cannon3'"),
    ("cannon more than earned", ("earned: france=cannon1", "earned: france="), 4, 16, "earned only 'nothing'"),
    ("supply not a number", ("supply: 41", "supply: lots"), 5, 9, "found 'lots'"),
    ("turn of a country not playing", ("turn: france", "turn: england"), 6, 7, "'england' is not playing"),
    ("a player seated twice", ("players: france spain", "players: france france"), 1, 17, "seated twice"),
    ("no grid", ("   A  B", "#"), 0, 1, "expected the grid"),
]


@pytest.mark.parametrize("what, change, line, column, words", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_board_names_line_column_and_what_was_expected(what, change, line, column, words):
    old, new = change
    assert old in CANONICAL
    text = CANONICAL.replace(old, new, 1)
    if what == "no grid":
        text = "\n".join(CANONICAL.splitlines()[:6]) + "\n"
        line = 6
    with pytest.raises(BoardTextError) as caught:
        parse_board(text)
    assert (caught.value.line, caught.value.column) == (line, column), str(caught.value)
    assert words in str(caught.value)
    assert str(caught.value).startswith(f"line {line}, column {column}: ")


def test_land_outside_every_board_is_refused_where_it_stands():
    wider = "\n".join(line + ("  g" if line[:1].isdigit() else "  M" if line.startswith("   A") else "")
                      for line in CANONICAL.splitlines()) + "\n"
    with pytest.raises(BoardTextError, match=r"line 8, column 40: M1 lies outside every board.*found 'g'"):
        parse_board(wider)


def test_too_many_forts_for_one_player():
    rows = CANONICAL.splitlines()
    rows[12] = "6  Ff Ff Ff Ff Ff Ff Ff Ff Ff Ff g  g"  # with B2, that is eleven
    with pytest.raises(BoardTextError, match=r"line 13, column 31: france has more than 10 forts: one too many at J6"):
        parse_board("\n".join(rows) + "\n")
