"""White balance from the boards' white frames: a tinted, uneven light comes out white."""

import numpy as np

from companion.games.cannonball_colony.camera.board_view import ViewSettings, frame_blocks, view_side
from companion.vision.paper_white import fit_white


def lit_board(light_at, paper=0.9, ink=0.2):
    """A rectified board (linear light): white frame, a dark grid, lit by light_at(x, y)."""
    settings = ViewSettings()
    side = view_side(settings)
    s, m = settings.px_per_cell, settings.margin_cells
    steps = (np.arange(side) + 0.5) / s - m
    xs, ys = np.meshgrid(steps, steps)
    reflect = np.full((side, side), paper)
    reflect[(xs > 0) & (xs < 6) & (ys > 0) & (ys < 6)] = ink
    reflect[::7, :] *= 0.3           # lines of text and shadow that the fit must look past
    return reflect[..., None] * light_at(xs, ys), settings


def test_a_warm_light_falling_off_across_the_board_is_divided_out():
    def warm(xs, ys):
        fall = 1.0 - 0.05 * xs + 0.02 * ys
        return np.stack([0.55 * fall, 0.8 * fall, 1.0 * fall], axis=-1)   # B, G, R: orange light
    board, settings = lit_board(warm)
    white = fit_white(board.astype(np.float32), frame_blocks(settings))
    assert white is not None and white.blocks_used >= 20
    for x, y in ((0.5, 0.5), (3.0, 3.0), (5.5, 5.5)):
        expected = 0.9 * warm(np.array(x), np.array(y))
        assert np.allclose(white.at(np.array(x), np.array(y)), expected, rtol=0.03)


def test_a_shadow_over_part_of_the_frame_is_left_out_of_the_fit():
    def even(xs, ys):
        return np.ones(xs.shape + (3,))
    board, settings = lit_board(even)
    board[:, :20] *= 0.4             # an arm's shadow over the left band
    white = fit_white(board.astype(np.float32), frame_blocks(settings))
    assert white.blocks_used < white.blocks_total
    assert np.allclose(white.mean(), 0.9, rtol=0.03)


def test_a_cameras_muted_colours_under_a_warm_lamp_are_found_from_the_printed_cells():
    from companion.games.cannonball_colony.camera.kit_colours import KIT_COLOURS
    from companion.vision.colour_classes import ColourTable
    from companion.vision.paper_white import LUMA, camera_saturation

    table = ColourTable(colours=KIT_COLOURS)
    inks = [table.references[name][::-1] for name in ("grass", "forest", "lake", "mountain", "road")]
    cells = np.array((inks * 8)[:36])                   # BGR reflectances of 36 printed cells
    lamp = np.array([0.45, 0.75, 1.0])                  # B, G, R of a warm light
    lit, white = cells * lamp, np.tile(lamp, (36, 1))

    def camera(x):                                      # the webcam mutes colours after the light tints them
        luminance = (x @ LUMA)[:, None]
        return luminance + 0.8 * (x - luminance)
    found = camera_saturation(camera(lit).astype(np.float32), camera(white).astype(np.float32),
                              table.printed_lab())
    assert abs(found - 0.8) <= 0.03
