"""How well each taught kind's solid fits a piece standing on a cell of the island.

Teaching fits each piece a solid (companion.vision.piece_solids: footprint, width, height) on the
teaching sheet. On the island, the pixels round a cell that show the piece's owner's paint are its
silhouette on the board's plane; the silhouette each kind's solid would cast there, under this
board's camera, is drawn and laid over it. The kind whose solid covers the silhouette best is the
piece's kind by shape and size; when two kinds fit about as well, shape and size cannot tell them. Where each
kind's solid fits best, it also says which of the silhouette's pixels are its top face and which its sides: how
much lighter the one is than the other (companion.vision.piece_faces) is compared with what teaching showed.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.cannonball_colony.camera.board_view import BoardView
from companion.games.cannonball_colony.camera.print_difference import PrintSettings, grid_at, not_print_many, print_colours
from companion.vision.colour_classes import CLASS_INDEX, PLAYER_CLASSES, ColourTable
from companion.vision.paper_white import to_linear
from companion.vision.piece_faces import FaceSettings, face_contrast
from companion.vision.piece_looks import linear_at
from companion.vision.piece_shading import ShadingSettings, log_lightness, shading_of
from companion.vision.piece_solids import Solid, SolidSettings, Window, best_overlap, window_points


@dataclass(frozen=True)
class FitSettings:
    solids: SolidSettings = SolidSettings()
    own_patch_mm: float = 5.0     # the silhouette is the patch of paint reaching this near the cell's middle
    base_share: float = 0.8       # of a cell: the middle of another piece's cell, where its base hides what is behind
    shading: ShadingSettings = ShadingSettings()
    faces: FaceSettings = FaceSettings()
    # Taught, choosing a kind: the silhouette is the owner's own paint and, where the board's print is known
    # (camera/print_difference.py), whatever is not the print and not another country's paint; the inks a paint's
    # shaded faces are named count only where they are not the print. Tuning seeds 6000-6099, tuned families, taught
    # (benchmarks/taught_accuracy.py): cells 9256 -> 9263 of 9432, boards exact 169 -> 174 of 262, pieces 1127 -> 1134
    # of 1276, kinds read wrong 101 -> 94, confidently wrong 6 -> 6. Tried there: the print alone (cells 9227, kinds
    # wrong 114), paint and print both (9229, 117), paint or print with the lookalike inks wherever named (9254, 164
    # boards), no shadow allowance (PrintSettings.shadow_chroma 0: 9263, 166 boards), 0.2 (9251, 166 boards).
    from_print: bool = True
    prints: PrintSettings = PrintSettings()


PLAYER_INDEX = np.array([CLASS_INDEX[name] for name in PLAYER_CLASSES])


@dataclass(frozen=True)
class PieceWindow:
    """piece_windows' view of one cell: its middle (sheet mm), the window of the owner's paint round it, and with
    the shading asked for, that paint's shading (companion.vision.piece_shading) and its pixels' log lightness (nought
    elsewhere: nothing else asks)."""

    centre: np.ndarray
    window: Window
    shading: np.ndarray | None = None
    lightness: np.ndarray | None = None


def window_fits(windows: list[PieceWindow], solids: list[dict[str, Solid]], view: BoardView,
                settings: FitSettings = FitSettings()) -> list[dict[str, tuple[float, float | None]]]:
    """kind -> (overlap, the top face's contrast with the sides where the kind's solid fits best: None without the
    lightness or with too little paint on either) for each of piece_windows' windows and the solids to try there
    (one window serves every photo's solids)."""
    results = []
    for seen, tried in zip(windows, solids):
        shown = seen.window.shown()
        fits = {}
        for kind, solid in tried.items():
            value, place = best_overlap(solid, seen.centre, view.camera, seen.window, settings.solids, whole_pixels=True)
            contrast = None if seen.lightness is None else face_contrast(seen.lightness, shown, solid, place, view.camera,
                                                                          seen.window, settings.faces)
            fits[kind] = (value, contrast)
        results.append(fits)
    return results


def piece_windows(image: np.ndarray, view: BoardView, cells: list[tuple[int, int]], owners: list,
                  table: ColourTable, settings: FitSettings = FitSettings(),
                  others: list[tuple[int, int]] = (), unseen: list = (),
                  shaded: bool = False, grounds: dict | None = None) -> list[PieceWindow]:
    """For each board-local cell and its owner's paint (a class index, or the indices that count as it): the
    cell's middle in sheet mm, the window of the board's plane round it showing the owner's paint that reaches
    the middle, and with `shaded` the shading over that paint and the window's lightness. The middles of the
    `others` cells (and of `cells`), where other pieces stand, do not count; nor, for each cell, the cells of
    `unseen` (one list a cell: ground printed in an ink that counts as its paint). `grounds`, every cell's token,
    says what is printed under the window: with settings.from_print, what is not the print counts too."""
    if not cells:
        return []
    sheet_to_image = view.grid_to_image @ np.linalg.inv(view.grid_to_sheet)
    image_to_view = view.image_to_view()
    height, width = view.image.shape[:2]
    grid = np.array([[view.origin[0] + col + 0.5, view.origin[1] + row + 0.5] for col, row in cells], np.float64)
    centres = cv2.perspectiveTransform(grid.reshape(-1, 1, 2), view.grid_to_sheet).reshape(-1, 2)
    standing = sorted(set(cells) | set(others) | {cell for hidden in unseen for cell in hidden})
    corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * settings.base_share / 2
    bases = {cell: cv2.perspectiveTransform((np.array([view.origin[0] + cell[0] + 0.5, view.origin[1] + cell[1] + 0.5])
                                             + corners).reshape(-1, 1, 2), view.grid_to_sheet).reshape(-1, 2)
             for cell in standing}
    prints = (print_colours(view, grounds, table, settings.prints)
              if grounds and settings.from_print else None)
    pieces = set(others) | set(cells)
    unseen = list(unseen) or [()] * len(cells)
    sampled = []   # each cell's window: origin, points, colours, balanced colours, their classes, the owner's paint
    for centre, owner in zip(centres, owners):
        origin, points = window_points(centre, view.camera, settings.solids)
        pixels = cv2.perspectiveTransform(points.reshape(-1, 1, 2), sheet_to_image).reshape(points.shape)
        at_view = cv2.perspectiveTransform(pixels.reshape(-1, 1, 2), image_to_view).reshape(points.shape)
        xi = np.clip(np.rint(at_view[..., 0]).astype(int), 0, width - 1)
        yi = np.clip(np.rint(at_view[..., 1]).astype(int), 0, height - 1)
        colours = linear_at(image, pixels)
        at = yi * width + xi   # the view's pixels taken by their flat index: the same values, faster than [yi, xi]
        white = (to_linear(view.image.reshape(-1, 3).take(at, axis=0))
                 / np.maximum(view.paper_relative.reshape(-1, 3).take(at, axis=0), 1e-4))   # at the window only
        balanced = colours / np.maximum(white, 1e-3)
        classes = table.classify(balanced.astype(np.float32))
        sampled.append((origin, points, colours, balanced, classes, _among(classes, owner)))
    # What is not the print, every window's at once (camera/print_difference.py: the same as window by window).
    differing = (not_print_many([(balanced, grid_at(view, points)) for _, points, _, balanced, _, _ in sampled],
                                prints, settings.prints) if prints is not None else [None] * len(cells))
    results = []
    for cell, centre, hidden, (origin, _, colours, _, classes, shares), differs in zip(cells, centres, unseen, sampled,
                                                                                       differing):
        if differs is not None:
            shares = _with_print(shares, classes, differs[0])
        shares = shares.astype(np.float32)
        window = Window(origin, settings.solids.mm_per_px, shares, np.ones_like(shares))
        window = window.with_hidden([base for other, base in bases.items() if other != cell
                                     and (other in pieces or other in hidden)])
        window = window.own_piece(centre, settings.own_patch_mm)
        if not shaded:
            results.append(PieceWindow(centre, window))
            continue
        # The log lightness of the paint's pixels only: its shading's, and all the top face's and sides' contrast asks.
        shown = window.shown()
        lightness = np.zeros(shown.shape)
        lightness[shown] = lit = log_lightness(colours[shown])
        results.append(PieceWindow(centre, window, shading_of(lit, settings.shading), lightness))
    return results


def _with_print(paint: np.ndarray, classes: np.ndarray, differs: np.ndarray) -> np.ndarray:
    """(h, w) bool: the owner's own paint (`paint`: its class, or the inks that count as it), and what `differs` from
    the print where no other country's paint shows; an ink that counts as the paint only where it is not the print."""
    player = _among(classes, PLAYER_INDEX)
    return (paint & player) | (differs & ~(player & ~paint))


def _among(classes: np.ndarray, chosen) -> np.ndarray:
    """np.isin(classes, chosen) for class indices (uint8), by a lookup table: the same, without its sorting."""
    table = np.zeros(256, bool)
    table[np.asarray(chosen, np.intp)] = True
    return table[classes]
