"""What the camera saw change, read as moves: each case is the island before, the island seen,
and the explanation expected beside them."""

import pytest

from companion.games.cannonball_colony.game import Game
from companion.games.cannonball_colony.inference import Explained, Question, TakenBack, explain
from companion.games.cannonball_colony.moves import parse_move
from companion.games.cannonball_colony.text import parse_board

BEFORE = """
players: france spain
boards: A1 G1
landing: france=A3 spain=L3
earned: france=cannon1 spain=cannon1
supply: 30
turn: france
   A  B  C  D  E  F  G  H  I  J  K  L
1  g  g  g  g  g  g  g  g  g  g  g  g
2  g  g  g  g  g  g  g  g  g  g  g  g
3  r  r  Cf r  r  r  Fs r  r  r  r  r
4  g  Ff g  g  g  g  g  g  g  m  g  g
5  g  r  g  g  g  g  r  g  g  g  g  g
6  g  g  g  g  g  g  g  g  g  g  g  g
"""


def seen(*edits):
    """The island as the camera sees it: BEFORE with (row prefix, new row) edits."""
    text = BEFORE
    for old, new in edits:
        assert old in text
        text = text.replace(old, new)
    return parse_board(text)


def explained(game, position):
    result = explain(game, position)
    assert isinstance(result, Explained), result
    return [str(m) for m in result.moves]


def test_nothing_changed():
    assert explain(Game.from_position(parse_board(BEFORE)), parse_board(BEFORE)) is None


@pytest.mark.parametrize("edits, moves", [
    ([("2  g  g  g", "2  r  g  g")], ["road A2"]),
    ([("2  g  g  g", "2  r  r  g")], ["road A2 B2"]),                       # B2 only joins through A2
    ([("3  r  r  Cf r  r  r  Fs", "3  r  r  Cf r  r  r  r ")], ["fire G3"]),
    ([("3  r  r  Cf r  r  r  Fs", "3  r  r  Cf r  r  r  r "), ("4  g  Ff g", "4  g  Ff r")], ["fire G3", "road C4"]),
    ([("3  r  r  Cf r  r", "3  r  r  Cf r  Ff")], ["fort E3"]),
])
def test_a_legal_change_is_read_as_the_players_moves(edits, moves):
    assert explained(Game.from_position(parse_board(BEFORE)), seen(*edits)) == moves


def test_the_order_of_two_roads_is_whichever_the_rules_allow():
    # B2 touches the network only through A2, so A2 must be first, however the change is listed.
    game = Game.from_position(parse_board(BEFORE))
    assert explained(game, seen(("2  g  g  g", "2  r  r  g"))) == ["road A2 B2"]


def test_a_second_road_laid_after_a_still_pause_extends_the_first():
    game = Game.from_position(parse_board(BEFORE))
    assert game.play(parse_move("road A2")).legal
    assert explained(game, seen(("2  g  g  g", "2  r  r  g"))) == ["road A2 B2"]


def test_a_build_taken_off_the_table_is_an_undo():
    game = Game.from_position(parse_board(BEFORE))
    assert game.play(parse_move("road A2")).legal
    assert isinstance(explain(game, parse_board(BEFORE)), TakenBack)


@pytest.mark.parametrize("edits, words", [
    ([("3  r  r  Cf r  r  r  Fs r  r", "3  r  r  Cf r  r  r  Fs r  Fs")], "no move of France's explains"),
    ([("4  g  Ff g", "4  g  g  g")], "no move of France's explains"),            # a fort knocked over
    ([("1  g  g  g", "1  m  g  g")], "no move of France's explains"),            # grass read as mountain
    ([("3  r  r  Cf r", "3  r  r  Cf Ff")], "not legal: Too close"),             # a fort 2 steps from B4
    ([("1  g  g  g  g  g  g  g  g  g  g", "1  g  g  g  g  g  g  g  g  r  g")], "not legal: Not connected"),
    ([("2  g  g  g", "2  r  r  r")], "Too much changed"),
])
def test_a_change_no_legal_move_explains_becomes_a_question(edits, words):
    game = Game.from_position(parse_board(BEFORE))
    result = explain(game, seen(*edits))
    assert isinstance(result, Question) and words in result.message, result
    assert result.cells
    assert game.position == parse_board(BEFORE).replace(earned_stated=game.position.earned_stated)


def test_landing_ships_are_read_for_the_player_whose_turn_it_is():
    board = BEFORE.replace("landing: france=A3 spain=L3", "").replace("3  r  r  Cf r  r  r  Fs r  r  r  r  r",
                                                                       "3  g  g  g  g  g  g  g  g  g  g  g  g")
    board = board.replace("4  g  Ff", "4  g  g ").replace("5  g  r  g  g  g  g  r", "5  g  g  g  g  g  g  g")
    board = board.replace("earned: france=cannon1 spain=cannon1\n", "")
    game = Game.from_position(parse_board(board))
    landed = parse_board(board.replace("supply: 30", "landing: france=A3\nsupply: 30"))
    assert explained(game, landed) == ["land A3"]
    spain_first = parse_board(board.replace("supply: 30", "landing: spain=L3\nsupply: 30"))
    assert "France's turn to land" in explain(game, spain_first).message
