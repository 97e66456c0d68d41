"""Each piece on the teaching sheet as a simple solid (companion.vision.piece_solids), fitted to its silhouette.

A square's silhouette is the pixels round it that are vivid on the paper and nearer its own paint's hue than any
other square's, in one patch reaching near its middle; the other squares, where other pieces stand, do not count.
Pieces of one country stand side by side in one paint, and a tall one leans over the square behind it, so which of
two touching pieces a patch belongs to is settled by fitting them from both ends (below).
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision.colour_classes import lab_of_linear
from companion.vision.piece_faces import face_contrast
from companion.vision.piece_looks import linear_at
from companion.vision.piece_shading import log_lightness, shading
from companion.vision.piece_solids import Solid, Window, best_overlap, fit_solid, silhouette, window_points
from companion.vision.plane_camera import PlaneCamera


def fit_sheet_solids(paints: dict[int, np.ndarray], image, to_image, camera: PlaneCamera, centres, sides, whites,
                     settings) -> tuple[dict[int, Solid], dict[int, np.ndarray | None], dict[int, float | None],
                                        dict[int, float]]:
    """Square index -> the solid fitted to its piece's silhouette, for each learned square and its paint (linear BGR);
    square index -> the shading over that silhouette (companion.vision.piece_shading); square index -> how much
    lighter its top face is than its sides (companion.vision.piece_faces); and square index -> how well the solid
    covered the silhouette (its overlap, 0..1: low where the piece was mostly hidden behind the one in front).
    `to_image`: sheet mm -> picture; `centres` (M, 2) and `sides` (M,) mm of every square; `whites` (M, 3) the paper
    round each; `settings`: calibration.pieces.TeachSettings."""
    if not paints:
        return {}, {}, {}, {}
    hues = lab_of_linear(np.clip(np.array(list(paints.values()))[:, ::-1], 0, 1.5))[:, 1:]
    hues /= np.maximum(np.linalg.norm(hues, axis=1, keepdims=True), 1e-6)
    order = list(paints)
    corners = np.array([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]])
    windows, colours = {}, {}
    for index in paints:
        origin, points = window_points(centres[index], camera, settings.solids)
        pixels = cv2.perspectiveTransform(points.reshape(-1, 1, 2), to_image).reshape(points.shape)
        colours[index] = linear_at(image, pixels) / whites[index]
        lab = lab_of_linear(np.clip(colours[index][..., ::-1], 0, 1.5))
        chroma = np.hypot(lab[..., 1], lab[..., 2])
        vivid = np.clip((chroma - settings.piece_chroma[0]) / (settings.piece_chroma[1] - settings.piece_chroma[0]), 0, 1)
        nearest = np.argmax(lab[..., 1:] @ hues.T, axis=-1)
        mine = hues[order.index(index)] @ hues.T >= settings.same_paint_cos   # this piece's paint, or its country's
        shares = (vivid * mine[nearest]).astype(np.float32)
        # The other squares' pieces stand on their own squares: what shows there is not this piece's.
        windows[index] = Window(origin, settings.solids.mm_per_px, shares, np.ones_like(shares)).with_hidden(
            [centres[other] + corners * sides[other] for other in range(len(centres)) if other != index])

    def own_window(index: int, hidden: list[np.ndarray]) -> Window:
        return windows[index].with_hidden(hidden).own_piece(centres[index], settings.own_patch_mm)

    def fit(index: int, hidden: list[np.ndarray]) -> Solid:
        return fit_solid(centres[index], camera, own_window(index, hidden), settings.solids)[0]

    # A piece's silhouette reaches away from the camera, over the square behind it, where the same country's next
    # piece may stand in the same paint. Fitted farthest first, each piece leaves out what the ones behind it were
    # fitted to cover (their bodies beyond their squares), but the piece behind took in the lean of the one in front
    # (a 31 mm tower made the 13.8 mm barrel behind it 16.5 mm: tuning seed 6057); fitted nearest first alone, a piece
    # in front took in the body of a tall one behind (a barrel taught 50 mm tall: seed 48). So the pieces are fitted
    # farthest first, then again nearest first, each leaving out the first fits of the pieces behind it and the second
    # fits of the pieces in front.
    eye = camera.position[:2]
    farthest_first = sorted(paints, key=lambda i: -float(np.linalg.norm(centres[i] - eye)))
    first: dict[int, np.ndarray] = {}
    for index in farthest_first:
        first[index] = silhouette(fit(index, list(first.values())), centres[index], camera)
    fitted: dict[int, Solid] = {}
    shadings: dict[int, np.ndarray | None] = {}
    contrasts: dict[int, float | None] = {}
    overlaps: dict[int, float] = {}
    in_front: list[np.ndarray] = []
    for number, index in enumerate(reversed(farthest_first)):
        behind = [first[other] for other in farthest_first[:len(farthest_first) - 1 - number]]
        window = own_window(index, behind + in_front)
        fitted[index], overlaps[index] = fit_solid(centres[index], camera, window, settings.solids)
        shown = window.shown()
        shadings[index] = shading(colours[index], shown, settings.shading)
        place = best_overlap(fitted[index], centres[index], camera, window, settings.solids)[1]
        contrasts[index] = face_contrast(log_lightness(colours[index]), shown, fitted[index], place, camera, window,
                                         settings.faces)
        in_front.append(silhouette(fitted[index], centres[index], camera))
    return fitted, shadings, contrasts, overlaps
