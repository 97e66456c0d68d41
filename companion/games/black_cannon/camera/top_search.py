"""Where a die's top lies round its blob, when neither the pip counter nor the learned face reader read a face at the
blob's middle. That middle may lie 8-25 mm off the die's top (the die's sides, seen towards the camera, and its
shadow pull it one way or another), so the face reader's patch round it shows a side or the table. Here a second,
smaller set of boosted trees (die_tops.npz, fitted by benchmarks/black_cannon_train_faces.py --tops on the same
training patches, from the patch's pixels and looks alone: the pip counter, which found nothing here, is no input)
looks for the top itself, on the table seen straight down at a die's height: at centres every 4 mm within
`top_search_mm` of the blob's middle, then at the centres 2 mm round the likeliest, each at its four quarter turns.

The trees were fitted on patches centred on tops (within 7 mm) against everything else as no face, so the best
centre is taken; it is read only when steady: the same face sure there and read the same at the centres beside it
(a top is 16-21 mm across: a patch moved by 2 mm still holds it, where a chance pattern of print or a side's pips
reads as a face at one centre alone), and no other count read nearly as well anywhere searched (a side's pips, or
the other die). Anything less leaves the die as it was: unread, and asked about."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from companion.games.black_cannon.camera.board_view import BoardView
from companion.games.black_cannon.camera.dice import SeenDie
from companion.games.black_cannon.camera.face_model import TOPS_MODEL_FILE, combine, rows_of
from companion.games.black_cannon.camera.foreground import Blob
from companion.games.black_cannon.camera.settings import ReaderSettings
from companion.vision.boosted_trees import BoostedTrees, load_trees


@dataclass(frozen=True)
class TopFound:
    centre_mm: tuple[float, float]
    probabilities: np.ndarray      # the trees' classes at that centre (face_model.NOT_A_FACE first)
    steady: bool                   # the same face read sure there and at the centres beside it, and no rival


def _ring(step: int, reach: int) -> np.ndarray:
    ticks = np.arange(-(reach // step) * step, reach + 1, step)
    return np.array([(dx, dy) for dy in ticks for dx in ticks if dx * dx + dy * dy <= reach * reach], np.int64)


class _Patches:
    """Every patch round a blob's middle, cut at whole-mm offsets from one straight-down view at a die's height
    (a patch's pixel is a mm: face_patch_mm over face_patch_px; face_patch puts pixel i at middle + i - (side - 1) / 2)."""

    def __init__(self, view: BoardView, image: np.ndarray, middle, reach: int, settings: ReaderSettings):
        self.side = settings.face_patch_px
        if settings.face_patch_mm != self.side:
            raise ValueError("the top search cuts patches at whole-mm offsets: face_patch_mm must equal face_patch_px")
        self.middle, self.reach = np.asarray(middle, np.float64), reach
        corner = self.middle - reach - (self.side - 1) / 2.0
        span = self.side + 2 * reach
        self.table = view.warp(image, 1.0, tuple(corner), (span, span), settings.die_top_guess_mm)

    def probabilities(self, trees: BoostedTrees, offsets: np.ndarray, turns: int) -> np.ndarray:
        """The trees' classes at each offset, their scores averaged over the patch's first `turns` quarter turns."""
        at, side = self.reach, self.side
        rows = np.concatenate([rows_of(self.table[at + dy:at + dy + side, at + dx:at + dx + side], None, None, turns)
                               for dx, dy in offsets])
        scores = trees.logits(rows).reshape(len(offsets), turns, -1).mean(axis=1) / trees.temperature
        scores = np.exp(scores - scores.max(axis=1, keepdims=True))
        return scores / scores.sum(axis=1, keepdims=True)


def search_top(view: BoardView, image: np.ndarray, blob: Blob, trees: BoostedTrees, settings: ReaderSettings) -> TopFound:
    """The centre round the blob where the trees read a face best, and whether that reading is steady. A coarse
    grid read at one turn finds where a face is likeliest; the centres round it, a finer step apart, are read at
    all four quarter turns (each row costs a walk down every tree: a candidate's search reads about 70)."""
    fine, coarse, reach = settings.top_search_step_mm, 2 * settings.top_search_step_mm, settings.top_search_mm
    patches = _Patches(view, image, blob.centre_mm, reach + fine, settings)
    wide = _ring(coarse, reach)
    rough = patches.probabilities(trees, wide, 1)
    found = _steadiest(patches, trees, wide[int(np.argmax(rough[:, 1:].max(axis=1)))], settings, rough)
    return replace(found, steady=found.steady and found.probabilities[1:].max() >= settings.confident)


def _steadiest(patches: _Patches, trees: BoostedTrees, around: np.ndarray, settings: ReaderSettings,
               elsewhere: np.ndarray | None = None) -> TopFound:
    """The likeliest face at the centres a fine step round `around` (an offset), read at four quarter turns;
    steady when the centres beside it read the same count (at least `top_search_beside` sure) and no other count
    reads `top_search_rival` sure there or `elsewhere` (probabilities read already)."""
    fine = settings.top_search_step_mm
    near = around + _ring(fine, int(fine * 1.5))
    close = patches.probabilities(trees, near, 4)
    faces, counts = close[:, 1:].max(axis=1), close[:, 1:].argmax(axis=1)
    best = int(np.argmax(faces))
    apart = np.hypot(*(near - near[best]).T)
    beside = (apart > 0) & (apart <= fine * 1.5)
    rivals = close if elsewhere is None else np.concatenate([elsewhere, close])
    steady = bool(beside.sum() >= 2 and np.all(counts[beside] == counts[best])
                  and faces[beside].min() >= settings.top_search_beside
                  and not np.any((rivals[:, 1:].argmax(axis=1) != counts[best])
                                 & (rivals[:, 1:].max(axis=1) >= settings.top_search_rival)))
    centre = patches.middle + near[best]
    return TopFound((float(centre[0]), float(centre[1])), close[best], steady)


def look_for_top(view: BoardView, image: np.ndarray, blob: Blob, die: SeenDie, settings: ReaderSettings,
                 model=TOPS_MODEL_FILE) -> SeenDie:
    """A candidate neither reader read at its blob's middle, read where the top search finds its top: the face
    there when steady (the pip counter has no reading: face_model.combine takes the trees'), else as it was."""
    found = search_top(view, image, blob, load_trees(model), settings)
    if not found.steady:
        return die
    moved = replace(die, centre_mm=found.centre_mm, reason=f"{die.reason}; its top looked for round the blob")
    return combine(moved, found.probabilities, settings)
