"""Motion: the share of the boards' pixels that changed since the last frame."""

import numpy as np
import pytest

from companion.vision.motion import board_motion, motion_signature


class View:
    def __init__(self, image, origin=(0, 0)):
        self.image, self.origin = image, origin

        class Settings:
            px_per_cell = 12
        self.settings = Settings()


def test_noise_is_not_motion_and_a_hand_is():
    rng = np.random.default_rng(1)
    board = rng.integers(40, 220, (108, 108, 3)).astype(np.uint8)
    board = np.repeat(np.repeat(board[::12, ::12], 12, axis=0), 12, axis=1)   # cells of one colour
    noisy = np.clip(board + rng.normal(0, 4, board.shape), 0, 255).astype(np.uint8)
    before = motion_signature({1: View(board)})
    assert board_motion(motion_signature({1: View(noisy)}), before) < 0.005
    handed = noisy.copy()
    handed[:54, :54] = (120, 150, 200)
    assert 0.15 < board_motion(motion_signature({1: View(handed)}), before) < 0.35


def test_a_board_that_appears_or_moves_on_the_grid_is_all_motion():
    board = np.full((108, 108, 3), 128, np.uint8)
    before = motion_signature({1: View(board)})
    assert board_motion(motion_signature({1: View(board), 2: View(board)}), before) == pytest.approx(1.0)
    assert board_motion(motion_signature({1: View(board, (6, 0))}), before) == pytest.approx(1.0)
    assert board_motion(motion_signature({1: View(board)}), None) == pytest.approx(0.0)
