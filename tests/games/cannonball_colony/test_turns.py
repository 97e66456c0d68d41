"""Turns at the table: landing, firing before building, passing, confirm and undo, the end."""

from companion.games.cannonball_colony.cells import Cell, Country, Earned
from companion.games.cannonball_colony.game import Game, Phase
from companion.games.cannonball_colony.moves import parse_move
from companion.games.cannonball_colony.text import parse_board, print_board

FRANCE, SPAIN = Country.FRANCE, Country.SPAIN

BEFORE_LANDING = """
players: france spain
boards: A1 G1
supply: 50
   A  B  C  D  E  F  G  H  I  J  K  L
1  g  g  g  g  g  g  g  g  g  g  g  g
2  g  f  g  g  m  g  g  g  g  g  g  g
3  g  g  g  g  g  g  g  g  g  g  g  g
4  g  g  l  g  g  g  g  g  g  g  g  g
5  g  g  g  g  g  g  g  g  g  g  g  g
6  g  g  g  g  g  g  g  g  g  g  g  g
"""


def play(game: Game, *moves: str):
    """Play moves and confirm; every verdict must be legal."""
    for move in moves:
        verdict = game.play(parse_move(move))
        assert verdict.legal, f"{move}: {verdict.message}"
    assert game.confirm().legal


def test_landing_then_the_first_road_on_the_landing_space():
    game = Game.from_position(parse_board(BEFORE_LANDING))
    assert game.phase is Phase.LANDING and game.player is FRANCE
    assert game.play(parse_move("fort A1")).reasons[0].rule == "rules:landing"
    play(game, "land F1")
    too_close = game.play(parse_move("land G2"))
    assert [r.rule for r in too_close.reasons] == ["CC-3", "CC-2"]
    play(game, "land L6")
    assert game.phase is Phase.BUILDING and game.player is FRANCE
    assert game.play(parse_move("road E1")).reasons[0].message == "Your first road goes on your landing space at F1."
    play(game, "road F1 E1")
    assert game.position.supply == 48
    assert game.player is SPAIN


MID_GAME = """
players: france spain
boards: A1 G1
landing: france=A3 spain=L3
earned: france=cannon1 spain=cannon1
supply: 30
turn: france
   A  B  C  D  E  F  G  H  I  J  K  L
1  g  g  g  g  g  g  g  g  g  g  g  g
2  g  g  g  g  g  g  g  g  g  g  g  g
3  r  r  r  r  r  r  Fs r  r  r  r  r
4  g  Ff g  g  g  g  g  g  g  m  g  g
5  g  r  g  g  g  g  r  g  g  g  g  g
6  g  g  g  g  g  g  g  g  g  g  g  g
"""


def test_a_shot_comes_before_the_build_and_only_once():
    game = Game.from_position(parse_board(MID_GAME))
    play(game, "cannon C3")                          # France's cannon cannot fire on the turn it is built
    play(game, "road K2")
    assert game.play(parse_move("fire B4")).reasons[0].message == "B4 holds your own fort."
    shot = game.play(parse_move("fire G3"))
    assert shot.legal and shot.message == "Your cannon at C3 hits Spain's fort at G3 along D3-E3-F3."
    assert game.position.fort_count(SPAIN) == 0
    assert game.play(parse_move("fire G3")).reasons[0].message == "You fired already this turn, at G3."
    play(game, "road C2")
    assert game.play(parse_move("fire C3")).reasons[0].message == "C3 holds no fort to fire at."


def test_a_cannon_built_this_turn_cannot_fire():
    game = Game.from_position(parse_board(MID_GAME))
    assert game.play(parse_move("cannon C3")).legal
    refused = game.play(parse_move("fire G3"))
    assert refused.reasons[0].rule == "rules:turn"  # the build is made; the shot came too late


def test_a_mountain_stops_the_shot_and_says_so():
    board = MID_GAME.replace("4  g  Ff g  g  g  g  g  g  g  m  g  g", "4  g  Ff g  g  g  g  g  g  Cf m  Fs g")
    refused = Game.from_position(parse_board(board)).play(parse_move("fire K4"))
    assert [r.message for r in refused.reasons] == ["The cannon at I4 is blocked by a mountain at J4."]
    assert [str(c) for c in refused.reasons[0].cells] == ["I4", "J4", "K4"]


def test_undo_takes_back_the_build_but_not_the_shot():
    game = Game.from_position(parse_board(MID_GAME.replace("3  r  r  r  r  r  r  Fs", "3  r  r  Cf r  r  r  Fs")))
    assert game.play(parse_move("fire G3")).legal
    assert game.play(parse_move("road K2")).legal
    assert game.play(parse_move("road A2")).reasons[0].rule == "rules:turn"  # one build per turn
    undone = game.undo()
    assert undone.message == "Undone: road K2; the shot at G3 stands (CC-P4)."
    assert game.position.ground_at(Cell.parse("K2")).value == "g"
    assert game.position.fort_count(SPAIN) == 0
    assert game.undo().reasons[0].rule == "CC-P4"
    play(game, "road A2 A1")
    assert game.history[-1].moves[0] == parse_move("fire G3")


def test_confirm_needs_a_build():
    game = Game.from_position(parse_board(MID_GAME))
    assert "Nothing to confirm yet" in game.confirm().message
    assert game.play(parse_move("pass")).reasons[0].rule == "CC-9"


def test_a_pass_only_when_nothing_can_be_built():
    boxed_in = """
players: france spain
boards: A1 G1
landing: france=A1 spain=L6
supply: 10
turn: france
   A  B  C  D  E  F  G  H  I  J  K  L
1  r  l  g  g  g  g  g  g  g  g  g  g
2  m  g  g  g  g  g  g  g  g  g  g  g
3  g  g  g  g  g  g  g  g  g  g  g  g
4  g  g  g  g  g  g  g  g  g  g  g  g
5  g  g  g  g  g  g  g  g  g  g  g  g
6  g  g  g  g  g  g  g  g  g  g  g  r
"""
    game = Game.from_position(parse_board(boxed_in))
    assert game.play(parse_move("pass")).legal   # lake and mountain hem France in at A1
    assert game.confirm().legal
    assert game.player is SPAIN and game.play(parse_move("pass")).reasons[0].rule == "CC-9"


TWO_FORTS = """
players: france spain
boards: A1 G1
landing: france=A3 spain=L3
earned: france= spain=cannon1
supply: 30
turn: france
   A  B  C  D  E  F  G  H  I  J  K  L
1  g  g  g  g  g  g  g  g  g  g  g  g
2  g  g  g  g  g  g  g  g  g  g  g  g
3  r  r  r  r  r  r  r  r  r  r  r  r
4  g  Ff g  g  g  g  g  g  g  m  g  g
5  g  r  g  g  g  g  r  g  g  g  g  g
6  g  g  g  g  g  g  Ff g  g  g  g  g
"""


def test_the_third_fort_earns_cannon_one_and_it_stays_earned():
    game = Game.from_position(parse_board(TWO_FORTS))
    assert game.position.earned(FRANCE) == frozenset()
    play(game, "fort F3")          # the third fort uncovers mat space 3
    assert game.position.earned(FRANCE) == {Earned.CANNON1}
    assert "earned: france=cannon1 spain=cannon1" in print_board(game.position)
    play(game, "cannon H3")        # Spain builds its earned cannon; next turn it fires
    play(game, "road A2")
    play(game, "fire F3", "road L2")
    assert game.position.fort_count(FRANCE) == 2
    assert game.position.earned(FRANCE) == {Earned.CANNON1}   # the mat space is covered again; the cannon stays


NINE_FORTS = """
players: france spain
boards: A1 G1
landing: france=A1 spain=L6
supply: 20
turn: france
   A  B  C  D  E  F  G  H  I  J  K  L
1  r  r  r  r  r  r  r  r  r  r  r  r
2  g  Ff g  g  g  Ff g  g  g  g  g  g
3  g  g  g  g  g  g  g  g  g  g  g  g
4  Ff g  g  Ff g  g  Ff g  g  Ff g  g
5  r  g  g  r  g  g  r  g  g  r  g  g
6  Ff g  g  Ff g  g  Ff g  g  g  g  r
"""


def test_the_tenth_fort_ends_the_game_at_once():
    game = Game.from_position(parse_board(NINE_FORTS))
    play(game, "fort K1")
    assert game.phase is Phase.OVER
    assert game.result.winners == [FRANCE]
    assert game.result.why == "France has all ten forts on the island."
    assert game.play(parse_move("road K2")).reasons[0].message == "The game is over."


def test_the_last_road_tile_ends_the_game():
    game = Game.from_position(parse_board(MID_GAME.replace("supply: 30", "supply: 1")))
    assert game.play(parse_move("road A2 A1")).reasons[0].rule == "rules:supply"
    play(game, "road A2")
    assert game.phase is Phase.OVER and game.position.supply == 0
    # One fort each, each on its own landing board, no cannons: they share the win.
    assert game.result.winners == [FRANCE, SPAIN]
