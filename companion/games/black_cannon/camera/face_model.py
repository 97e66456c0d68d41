"""A learned reader of a die's top face, beside the pip counter (die_face.py): the die's top seen straight
down at a die's height, as a small square round the face the pip counter found (or the blob's middle when
it found none), its polarity set by the body's colour so a black die with white pips looks like an ivory
one with black pips, and classed by boosted trees (die_faces.npz, fitted by
benchmarks/black_cannon_train_faces.py on renders of the training die styles only) as 1 to 6 or as no flat
face (a cocked die, a hidden one, not a die). The trees also see the pip counter's own reading. The patch
is read at four quarter turns and their scores averaged (a die's faces look alike at every quarter turn).

The two readers are combined so that the learned one only ever adds a question or fills a silence: a die is
read sure only when both agree (and the pip counter raised no doubt of a cocked die or another count), or
when one is sure and the other has no reading (the pip counter found no face, or the trees are unsure of
everything, their likeliest word not "no flat face"); when they disagree the die is asked about."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from companion.games.black_cannon.camera.board_view import BoardView
from companion.games.black_cannon.camera.face_checks import CORNERED_PIPS
from companion.games.black_cannon.camera.foreground import Blob
from companion.games.black_cannon.camera.quick_stats import median_and_percentiles
from companion.games.black_cannon.camera.seen_die import NOT_A_FACE, SeenDie
from companion.games.black_cannon.camera.settings import ReaderSettings
from companion.vision.boosted_trees import BoostedTrees, load_trees

MODEL_FILE = Path(__file__).with_name("die_faces.npz")
_ENDS_PERCENT = (1, 99)      # the patch's darkest and lightest, as percentiles of its middle (patch_inputs)
READING_INPUTS = ("pip_count", "pip_confidence", "pip_side_mm", "blob_area_mm2", "body_grey", "contrast", "light_pips")


def input_names(settings: ReaderSettings) -> tuple[str, ...]:
    side = settings.face_patch_px
    return tuple(f"px{row}_{column}" for row in range(side) for column in range(side)) + READING_INPUTS


def face_patch(view: BoardView, image: np.ndarray, centre_mm, settings: ReaderSettings, turn_deg: float = 0.0,
               shift_mm=(0.0, 0.0)) -> np.ndarray:
    """The die's top straight down at a die's height, `face_patch_mm` square round `centre_mm`, turned by
    `turn_deg` and moved by `shift_mm` (the fitting script's variations), in colour."""
    side_px, side_mm = settings.face_patch_px, settings.face_patch_mm
    step = side_mm / side_px
    cos, sin = math.cos(math.radians(turn_deg)), math.sin(math.radians(turn_deg))
    middle = np.asarray(centre_mm, np.float64) + np.asarray(shift_mm, np.float64)
    half = side_px / 2.0 - 0.5
    # patch px -> board mm: the patch's axes turned about its middle
    to_board = np.array([[cos * step, -sin * step, middle[0] - step * (cos * half - sin * half)],
                         [sin * step, cos * step, middle[1] - step * (sin * half + cos * half)],
                         [0.0, 0.0, 1.0]])
    matrix = view.raised(settings.die_top_guess_mm) @ to_board
    return cv2.warpPerspective(image, matrix, (side_px, side_px), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def patch_inputs(patch: np.ndarray) -> tuple[np.ndarray, tuple[float, float, float]]:
    """The patch as dark pips on a body of 0 (pips about -1), and (body grey, contrast, pips lighter)."""
    grey = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).astype(np.float32)
    side = grey.shape[0]
    middle = grey[side // 4:side - side // 4, side // 4:side - side // 4]
    body, (low, high) = median_and_percentiles(middle, _ENDS_PERCENT)
    lighter = (high - body) > (body - low)      # pips lighter than the body: a dark die
    contrast = max(float(high - body if lighter else body - low), 8.0)
    normal = (body - grey if lighter else grey - body) / contrast
    return np.clip(normal, -2.0, 2.0), (body, contrast, float(lighter))


def reading_inputs(die: SeenDie, blob: Blob) -> list[float]:
    return [float(die.pips or 0), float(die.confidence), float(die.side_mm or 0.0), float(blob.area_mm2)]


def rows_of(patch: np.ndarray, die: SeenDie, blob: Blob, turns: int = 4) -> np.ndarray:
    """One row of inputs for each quarter turn of the patch (the first `turns` of them)."""
    normal, looks = patch_inputs(patch)
    reading = reading_inputs(die, blob) + list(looks)
    return np.array([np.concatenate([np.rot90(normal, k).ravel(), reading]) for k in range(turns)], np.float64)


def face_probabilities(trees: BoostedTrees, rows: np.ndarray) -> np.ndarray:
    """Each class's probability from a die's rows (its quarter turns), their scores averaged."""
    scores = trees.logits(rows).mean(axis=0) / trees.temperature
    scores = np.exp(scores - scores.max())
    return scores / scores.sum()


def combine(die: SeenDie, probabilities: np.ndarray, settings: ReaderSettings) -> SeenDie:
    """The pip counter's reading with the trees' beside it: sure when both agree, or when one is sure and the
    other has no reading, or when both are nearly sure of the same count and the pip counter has no doubt; a
    disagreement is asked about. The die keeps what the face reader said (`learned`, `learned_sure`): a roll's pair
    is judged by it too (seen_die.doubt_unlike_pair)."""
    learned = int(np.argmax(probabilities))
    sure = float(probabilities[learned])
    return replace(_combined(die, learned, sure, settings), learned=learned, learned_sure=round(sure, 3))


def _combined(die: SeenDie, learned: int, sure: float, settings: ReaderSettings) -> SeenDie:
    told = f"the face reader says {_said(learned)} ({sure:.2f})"
    if sure < settings.confident:
        if die.pips == learned and not die.doubted and die.confidence >= _agreeing_counter_least(die, settings) \
                and sure >= settings.agreeing_face_least:
            return replace(die, confidence=max(die.confidence, settings.confident),
                           sure_by_agreement=die.confidence < settings.confident,
                           reason=f"{die.reason}; {told} too: both nearly sure of it")
        if learned == NOT_A_FACE and die.confidence >= settings.confident:
            # Unsure, but likeliest no flat face: a cocked die whose tilted top the pip counter read sure (often as a
            # smaller face: tuning seeds 3000-3149 and 2800-2949 forced to lean, four cocked dice read sure and
            # wrong, the trees at 0.46-0.83) is asked about; a die asked about already keeps its confidence.
            return _asked(die, f"but {told}, likeliest: a die cocked?", settings)
        return die if die.pips is None else replace(die, reason=f"{die.reason}; {told}, unsure")
    if learned == NOT_A_FACE:
        if die.pips is None:
            return replace(die, reason=f"{die.reason}; {told}")
        return _asked(die, f"but {told}: a die cocked?", settings)
    if die.pips is None:
        return replace(die, pips=learned, confidence=round(sure, 3), reason=f"{told}; the pip counter found no face")
    if die.pips == learned:
        # The pip counter's own doubts (a cocked die's signs, another count read nearly as well) stand.
        confidence = die.confidence if die.doubted else max(die.confidence, sure)
        return replace(die, confidence=round(confidence, 3), reason=f"{die.reason}; {told} too")
    return _asked(die, f"but {told}", settings)


def _agreeing_counter_least(die: SeenDie, settings: ReaderSettings) -> float:
    """How sure the pip counter must be for the face reader's near-sure agreement to make a die sure: less for a
    face of four pips or more, whose corner pips' grid already doubts a cocked die (face_checks.leans), but only
    when that grid was judged (enough of its pips found: die.grid_judged)."""
    cornered = die.pips is not None and die.pips >= CORNERED_PIPS and die.grid_judged
    return settings.agreeing_counter_least_cornered if cornered else settings.agreeing_counter_least


def _asked(die: SeenDie, words: str, settings: ReaderSettings) -> SeenDie:
    """The pip counter's reading held below sure, the trees' word said why."""
    return replace(die, confidence=round(min(die.confidence, settings.confident) * settings.doubted_keeps, 3),
                   reason=f"{die.reason}; {words}")


def _said(learned: int) -> str:
    return "no flat face" if learned == NOT_A_FACE else f"{learned} pip{'s' if learned > 1 else ''}"


def second_opinion(view: BoardView, image: np.ndarray, blob: Blob, die: SeenDie, settings: ReaderSettings,
                   model: Path = MODEL_FILE) -> SeenDie:
    """The die's reading once the learned reader has looked at its top too."""
    rows = rows_of(face_patch(view, image, die.centre_mm, settings), die, blob)
    return combine(die, face_probabilities(load_trees(model), rows), settings)
