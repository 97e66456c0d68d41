"""Seats from the ships on the boards: a hand over a board can pass for a second country's ship there, and the
surest ship on a board seats it (a problem names both), so the seats do not change under a hand."""

from pathlib import Path

import cv2

from companion.games.cannonball_colony.camera.reader import IslandReader
from companion.games.cannonball_colony.cells import Country

CLIP = Path(__file__).resolve().parents[4] / "samples" / "renders" / "turns.mp4"
HAND_OVER_THE_FIRST_BOARD = 7   # the bundled clip's frame where the hand reaches over board 1's east edge


def test_the_bundled_clips_first_frames_seat_portugal_and_france_even_under_the_hand():
    reader, previous = IslandReader(), None
    capture = cv2.VideoCapture(str(CLIP))
    seats, problems = [], {}
    for index in range(HAND_OVER_THE_FIRST_BOARD + 2):
        ok, frame = capture.read()
        assert ok, f"{CLIP} ended at frame {index}"
        observation = reader.read(frame, index, previous)
        assert observation.position is not None, f"frame {index}: {observation.problems}"
        previous = observation
        seats.append(observation.position.players)
        problems[index] = observation.problems
    assert set(seats) == {(Country.PORTUGAL, Country.FRANCE)}
    assert not any("not playing" in problem for found in problems.values() for problem in found)
    assert any("both seen on board 1" in problem and "portugal's, the surest, taken" in problem
               for problem in problems[HAND_OVER_THE_FIRST_BOARD])
