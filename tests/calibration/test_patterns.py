"""Scenarios for pattern specs: what a person types for the board they printed."""

from __future__ import annotations

import pytest

from calibration.patterns import CharucoPattern, ChessboardPattern, parse_pattern


def test_a_chessboard_spec_counts_inner_corners_and_gives_the_square_in_mm():
    pattern = parse_pattern("chessboard:9x6:25mm")
    assert pattern == ChessboardPattern(columns=9, rows=6, square_mm=25.0)
    assert str(pattern) == "chessboard:9x6:25mm"
    assert pattern.corner_count == 54
    points = pattern.object_points()
    assert points.shape == (54, 3)
    # Row by row: the tenth corner starts the second row, one square down.
    assert points[9].tolist() == [0.0, 25.0, 0.0]
    assert points[-1].tolist() == [200.0, 125.0, 0.0]


def test_a_charuco_spec_counts_squares_and_names_the_dictionary():
    pattern = parse_pattern("charuco:5x7:40mm:20mm:DICT_6X6_250")
    assert pattern == CharucoPattern(5, 7, 40.0, 20.0, "DICT_6X6_250")
    assert str(pattern) == "charuco:5x7:40mm:20mm:DICT_6X6_250"
    assert pattern.corner_count == 24
    assert pattern.board().getChessboardSize() == (5, 7)


def test_lengths_may_be_given_in_cm_or_m():
    assert parse_pattern("chessboard:9x6:2.5cm").square_mm == pytest.approx(25.0)
    assert parse_pattern("charuco:5x7:0.04m:0.02m:DICT_6X6_250").marker_mm == pytest.approx(20.0)


def test_a_board_printed_by_old_opencv_is_marked_legacy():
    pattern = parse_pattern("charuco:5x6:40mm:20mm:DICT_4X4_50:legacy")
    assert pattern.legacy and pattern.board().getLegacyPattern()
    assert str(pattern).endswith(":legacy")


@pytest.mark.parametrize("spec, complaint", [
    ("checkers:9x6:25mm", "unknown kind 'checkers'"),
    ("chessboard:9x6", "expected chessboard:COLSxROWS:SQUARE"),
    ("chessboard:9by6:25mm", "inner corners '9by6' should look like 9x6"),
    ("chessboard:9x1:25mm", "inner corners '9x1' needs at least 2"),
    ("chessboard:9x6:25", "square size '25' should be a length such as 25mm"),
    ("chessboard:9x6:0mm", "square size '0mm' must be more than zero"),
    ("charuco:5x7:40mm:20mm", "expected charuco:SQUARESXxSQUARESY"),
    ("charuco:5x7:40mm:50mm:DICT_6X6_250", "marker size '50mm' must be smaller than square size '40mm'"),
    ("charuco:5x7:40mm:20mm:DICT_6X6_251", "unknown dictionary 'DICT_6X6_251'"),
    ("charuco:5x7:40mm:20mm:DICT_6X6_250:old", "expected charuco:"),
])
def test_a_bad_spec_names_the_part_that_is_wrong(spec, complaint):
    with pytest.raises(ValueError) as raised:
        parse_pattern(spec)
    assert complaint in str(raised.value)
    assert repr(spec) in str(raised.value)
