"""Live, what the game already knows wins over a reading of a piece's kind: each case is the island
the game holds, the island the camera read (with the cells it was unsure of), and what is kept."""

from companion.games.cannonball_colony.cells import Cell
from companion.games.cannonball_colony.game import Game
from companion.games.cannonball_colony.inference import Explained, Question, explain
from companion.games.cannonball_colony.known_pieces import settle_kinds, unsure_cells
from companion.games.cannonball_colony.text import parse_board

BEFORE = """
players: france spain
boards: A1 G1
landing: france=A3 spain=L3
earned: france=cannon1,cannon2 spain=cannon1
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


def board(*edits, text=BEFORE):
    for old, new in edits:
        assert old in text
        text = text.replace(old, new)
    return parse_board(text)


def test_a_committed_piece_read_as_another_kind_keeps_its_kind():
    game = Game.from_position(board())
    misread = board(("3  r  r  Cf", "3  r  r  Ff"))                        # France's cannon read as a fort
    assert isinstance(explain(game, misread), Question)                    # alone, the reading would stop the game
    known = settle_kinds(game, misread, unsure=frozenset())                 # even a sure reading is overruled
    assert known.position.pieces[Cell.parse("C3")].token == "Cf"
    assert explain(game, known.position) is None                           # nothing changed
    assert "C3: read as a fort" in known.notes[0] and "keeps the cannon" in known.notes[0]


def test_an_unsure_new_piece_takes_the_only_legal_kind():
    game = Game.from_position(board())
    # D3 is three steps from France's fort at B4: no fort may stand there, a cannon may.
    read = board(("3  r  r  Cf r ", "3  r  r  Cf Ff"))
    known = settle_kinds(game, read, unsure_cells({Cell.parse("D3"): 0.5}))
    assert known.position.pieces[Cell.parse("D3")].token == "Cf"
    assert [str(m) for m in explain(game, known.position).moves] == ["cannon D3"]
    assert "only piece France may build there" in known.notes[0]


def test_an_unsure_new_piece_with_two_legal_kinds_is_a_question():
    game = Game.from_position(board())
    read = board(("3  r  r  Cf r  r ", "3  r  r  Cf r  Cf"))                 # E3: a fort or the earned cannon
    known = settle_kinds(game, read, unsure_cells({Cell.parse("E3"): 0.45}))
    assert known.question is not None and known.question.cells == (Cell.parse("E3"),)
    assert "a fort or a cannon" in known.question.message


def test_a_sure_new_piece_is_left_to_the_rules():
    game = Game.from_position(board())
    read = board(("3  r  r  Cf r  r ", "3  r  r  Cf r  Cf"))
    known = settle_kinds(game, read, unsure_cells({Cell.parse("E3"): 0.93}))
    assert known.question is None and known.notes == ()
    assert isinstance(explain(game, known.position), Explained)
