"""Generated bad input against every parser of text or bytes from outside: each either reads it or
refuses it with its own error (the board text's with a line and column), short, never another
exception. The CLI answers bad input with exit status 2 and a message, never a traceback."""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calibration.colour import ColourReferences
from calibration.store import CalibrationFileError, load_intrinsics
from companion.cli import main
from companion.games.cannonball_colony.cells import Cell
from companion.games.cannonball_colony.moves import parse_move
from companion.games.cannonball_colony.referee import QuestionError, answer
from companion.games.cannonball_colony.text import BoardTextError, parse_board, print_board
from companion.games.cannons_coastlines.factions import load_rulebook
from companion.games.cannons_coastlines.table_json import TableJsonError, table_from_json, table_to_json
from firmware_bridge.protocol import Hello, Status
from generated_input import BOARD, DEMO, damaged_json, json_values, mutated, texts

RULEBOOK = load_rulebook()
# An error quotes an excerpt of the input, so its length does not grow with the input's.
SHORT = 400
QUICK = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read_or_refuse(text: str):
    try:
        return parse_board(text)
    except BoardTextError as error:
        assert 1 <= error.line <= max(1, len(text.splitlines())) and error.column >= 1, error
        assert len(str(error)) < SHORT, str(error)
        return None


@QUICK
@given(texts)
def test_any_text_is_a_board_or_a_board_text_error_with_line_and_column(text):
    read_or_refuse(text)


@QUICK
@given(mutated(BOARD) | mutated(BOARD.lower()))
def test_a_damaged_board_is_refused_where_it_is_damaged_or_read(text):
    position = read_or_refuse(text)
    if position is not None:
        assert parse_board(print_board(position)) == position


def test_a_huge_word_in_a_board_is_quoted_short():
    with pytest.raises(BoardTextError) as refused:
        parse_board(BOARD.replace("players: france spain", "players: france " + "x" * 100_000))
    assert len(str(refused.value)) < SHORT and "(100000 characters)" in str(refused.value)


@pytest.mark.parametrize("supply, column", [("²", 9), ("٣٠", 9), ("9" * 5000, 9), ("-4", 9)])
def test_a_supply_that_is_not_a_number_in_ascii_digits_is_a_board_text_error(supply, column):
    with pytest.raises(BoardTextError) as refused:
        parse_board(BOARD.replace("supply: 31", f"supply: {supply}"))
    assert (refused.value.line, refused.value.column) == (BOARD.splitlines().index("supply: 31") + 1, column)
    assert "expected the road tiles left as a whole number" in str(refused.value)


@QUICK
@given(texts)
def test_any_text_is_a_cell_or_a_value_error_that_names_it(text):
    try:
        cell = Cell.parse(text)
    except ValueError as error:
        assert str(error).startswith("not a cell: ") and len(str(error)) < SHORT
        return
    assert Cell.parse(str(cell)) == cell and text.isascii() and text.upper().endswith(str(cell)[-1])


@QUICK
@given(texts)
def test_any_text_is_a_move_or_a_value_error(text):
    try:
        move = parse_move(text)
    except ValueError as error:
        assert len(str(error)) < SHORT
        return
    assert parse_move(str(move)) == move


@QUICK
@given(st.lists(st.sampled_from(["fort-distance", "cannon-range", "check", "legal", "score", "fort", "road",
                                 "landing", "D3", "g3", "Z99", "É1"]) | st.text(max_size=8), max_size=5),
       st.none() | st.sampled_from(["france", "spain", "narnia", "France"]) | st.text(max_size=8))
def test_any_question_is_answered_or_refused_with_a_question_error(words, player):
    try:
        answer(parse_board(BOARD), words, player)
    except QuestionError as error:
        assert len(str(error)) < SHORT


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["fort-distance", "check", "fort", "d3", "G5", "É1", "--player", "france", "--json",
                                 "-x"]) | st.text(max_size=6), max_size=5),
       texts | mutated(BOARD))
def test_the_referee_command_answers_or_exits_2_with_a_message(tmp_path_factory, words, board):
    path = tmp_path_factory.mktemp("board") / "board.txt"
    path.write_text(board, encoding="utf-8", errors="surrogatepass")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(["referee", "cannonball-colony", str(path), *words])
        except SystemExit as exit:   # argparse refusing the command line
            status = exit.code
    assert status in (0, 2), err.getvalue()
    assert "Traceback" not in err.getvalue()
    if status == 2:
        assert err.getvalue().strip() and len(err.getvalue()) < 2 * SHORT + len(" ".join(words))


# --- JSON: the Cannons & Coastlines table, the calibration files -----------------------------------

def table_or_refusal(data):
    try:
        table = table_from_json(data, RULEBOOK)
    except TableJsonError as error:
        assert len(str(error)) < SHORT, str(error)
        return None
    assert table_from_json(table_to_json(table), RULEBOOK) == table   # what loads, logs and replays
    return table


@QUICK
@given(json_values)
def test_any_json_is_a_table_or_a_table_json_error(data):
    table_or_refusal(data)


@QUICK
@given(damaged_json(DEMO))
def test_a_damaged_table_is_refused_naming_where_or_read(data):
    table_or_refusal(data)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=200) | json_values.map(lambda v: json.dumps(v).encode())
       | st.integers(1, 3000).map(lambda depth: b"[" * depth + b"]" * depth)
       | st.integers(4301, 6000).map(lambda digits: b'{"rms": ' + b"7" * digits + b"}"))
def test_any_calibration_file_is_read_or_refused_naming_the_file(tmp_path_factory, content):
    path = tmp_path_factory.mktemp("cal") / "camera-calibration.json"
    path.write_bytes(content)
    for load in (load_intrinsics, ColourReferences.load):
        try:
            load(path)
        except CalibrationFileError as error:
            assert str(error).startswith(str(path)) and len(str(error)) < SHORT + len(str(path))


# --- bytes from the board ---------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=64))
def test_any_payload_is_a_board_message_or_a_value_error(payload):
    for decode in (Hello.unpack, Status.unpack):
        try:
            decode(payload)
        except ValueError as error:
            assert len(str(error)) < SHORT
