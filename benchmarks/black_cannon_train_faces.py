"""Fit Black Cannon's learned face reader (camera/die_faces.npz, read by camera/face_model.py) on views rendered
from seeds 40000 and up, of the training die styles only (black-jumbo never), and write it.

    nice -n 10 .venv/bin/python benchmarks/black_cannon_train_faces.py patches 1100 --jobs 2   # renders, cached in /tmp
    nice -n 10 .venv/bin/python benchmarks/black_cannon_train_faces.py fit 1100

Each view is rendered as the accuracy benchmark renders its views (hand, JPEG, tilt, light, noise, blur);
one view in three has its first die forced to lean 15-35 degrees, so the trees see cocked dice. Every blob
the reader takes for a possible die is read by the pip counter, and its top's patch (face_model.face_patch)
is kept as read (turn 0) and at VARIATIONS random turns and small shifts. Its label comes from the scene's
truth: the die's pips when a die lying flat and not hidden has its top's middle (seen through the reader's
view of the board) within LABEL_MM of the patch's, no flat face (0) when the die is cocked or hidden or no die
lies within NO_DIE_MM, and left out between.

The trees are grown on four fifths of the views; the fifth held back (whole views) chooses the temperature
(choose_temperature): the least softening under which at most SURE_WRONG_SHARE of the faces the trees call
sure (probability at or over the reader's `confident`, read as the reader reads them) are wrong on the
held-back views whose dice fell as the renderer throws them (6% of dice cocked; in the forced-lean views one
in two), and under which the two readers combined read no more cocked dice sure than the pip counter alone on
the forced-lean ones. The trees written are the ones the temperature was chosen for; the file is the same
from the same cached views."""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

FIRST_SEED = 40000
LEAN_EVERY = 3
VARIATIONS = 3
NOT_A_FACE_VARIATIONS = 2
SHIFT_MM = 2.0
LABEL_MM = 7.0
NO_DIE_MM = 14.0
SURE_WRONG_SHARE = 0.002
TEMPERATURES = np.round(np.arange(1.0, 6.01, 0.25), 2)
TREES = dict(max_iter=200, learning_rate=0.1, max_leaf_nodes=15, l2_regularization=1.0, early_stopping=False)
DEFAULT_CACHE = Path("/tmp/black_cannon_face_patches")


def view_patches(seed: int) -> dict | None:
    """Every die candidate of one training view: its patches, the pip counter's reading and its label."""
    import cv2

    cv2.setNumThreads(1)
    from companion.games.black_cannon.board import default_board
    from companion.games.black_cannon.camera.pip_counter import read_die
    from companion.games.black_cannon.camera.face_model import face_patch, reading_inputs
    from companion.games.black_cannon.camera.reader import look_at_table
    from companion.games.black_cannon.camera.settings import SETTINGS
    from companion.games.black_cannon.render import RenderOptions, compose_scene, random_position
    from companion.games.black_cannon.render.draw import render_frame
    from companion.games.black_cannon.render.truth import scene_truth
    from companion.vision.markers import detect_markers

    rng = random.Random(f"face training view {seed}")
    options = RenderOptions(hand=rng.random() < 0.2, jpeg_quality=rng.randint(70, 95))
    scene = compose_scene(random_position(seed), seed, options, False, None)
    if seed % LEAN_EVERY == 0:
        leaning = replace(scene.dice[0], lean_deg=rng.uniform(15, 35), lean_axis_deg=rng.uniform(0, 360))
        scene = replace(scene, dice=(leaning, *scene.dice[1:]))
    frame = render_frame(scene)
    image = frame.image if frame.jpeg is None else cv2.imdecode(np.frombuffer(frame.jpeg, np.uint8), cv2.IMREAD_COLOR)
    truth = scene_truth(scene, frame)
    look = look_at_table(image, default_board(), SETTINGS, detect_markers(image))
    if look is None:
        return None
    # Each die's top where the reader's own view of the board puts it: with two corner markers seen its fit
    # may lie 20 mm off the render's board frame, and the patches are taken in the reader's.
    tops = [look.view.to_board(np.array([truth_die["centre_px"]]), truth_die["size_mm"])[0] for truth_die in truth["dice"]]
    patches, readings, labels = [], [], []
    for blob in look.candidates:
        die = read_die(look.view, image, blob, SETTINGS)
        distances = [math.dist(die.centre_mm, top) for top in tops]
        nearest = int(np.argmin(distances))
        near = truth["dice"][nearest]
        if distances[nearest] <= LABEL_MM:
            label = near["pips"] if near["readable"] else 0
        elif distances[nearest] >= NO_DIE_MM or not near["readable"]:
            label = 0
        else:
            continue
        variations = [face_patch(look.view, image, die.centre_mm, SETTINGS)]
        for _ in range(VARIATIONS):
            shift = (rng.uniform(-SHIFT_MM, SHIFT_MM), rng.uniform(-SHIFT_MM, SHIFT_MM))
            variations.append(face_patch(look.view, image, die.centre_mm, SETTINGS, rng.uniform(0, 360), shift))
        patches.append(np.stack(variations))
        readings.append(reading_inputs(die, blob))
        labels.append(label)
    if not patches:
        return None
    return {"patches": np.stack(patches), "readings": np.array(readings, np.float32), "labels": np.array(labels),
            "seed": seed}


def gather(count: int, jobs: int, cache: Path) -> None:
    cache.mkdir(parents=True, exist_ok=True)
    todo = [(seed, cache) for seed in range(FIRST_SEED, FIRST_SEED + count) if not (cache / f"{seed}.npz").exists()]
    with multiprocessing.Pool(jobs) as pool:
        for done, _ in enumerate(pool.imap_unordered(_cached_view, todo), 1):
            if done % 50 == 0:
                print(f"{done} of {len(todo)} views", flush=True)


def _cached_view(job: tuple[int, Path]) -> int:
    seed, cache = job
    found = view_patches(seed)
    np.savez_compressed(cache / f"{seed}.npz", **(found or {"labels": np.zeros(0, np.int64)}))
    return seed


def load(count: int, cache: Path):
    """(patches, readings, labels, seeds) of the cached views."""
    patches, readings, labels, seeds = [], [], [], []
    for seed in range(FIRST_SEED, FIRST_SEED + count):
        path = cache / f"{seed}.npz"
        if not path.exists():
            continue
        with np.load(path) as found:
            if len(found["labels"]) == 0:
                continue
            patches.append(found["patches"])
            readings.append(found["readings"])
            labels.append(found["labels"])
            seeds.append(np.full(len(found["labels"]), seed))
    return np.concatenate(patches), np.concatenate(readings), np.concatenate(labels), np.concatenate(seeds)


def rows_for(patches, readings, labels, rng: np.random.Generator, as_read: bool = False):
    """Rows of inputs and their labels. As read: each candidate's patch at its four quarter turns, as the reader
    reads it. For fitting: its variations, each at a random quarter turn; of a candidate with no flat face (most
    of them) only NOT_A_FACE_VARIATIONS, so the faces weigh more."""
    from companion.games.black_cannon.camera.face_model import patch_inputs

    rows, row_labels = [], []
    for variations, reading, label in zip(patches, readings, labels):
        chosen = variations[:1] if as_read else variations[:NOT_A_FACE_VARIATIONS] if label == 0 else variations
        for patch in chosen:
            normal, looks = patch_inputs(patch)
            extra = list(reading) + list(looks)
            turns = range(4) if as_read else [int(rng.integers(4))]
            rows += [np.concatenate([np.rot90(normal, k).ravel(), extra]) for k in turns]
            row_labels += [label] * len(turns)
    return np.array(rows, np.float32), np.array(row_labels)


def fit(count: int, cache: Path) -> None:
    from companion.games.black_cannon.camera.face_model import MODEL_FILE, input_names
    from companion.games.black_cannon.camera.settings import SETTINGS
    from companion.vision.boosted_trees import BoostedTrees, trees_arrays

    patches, readings, labels, seeds = load(count, cache)
    print(f"{len(labels)} candidates from {len(set(seeds))} views; labels {dict(sorted(Counter(labels.tolist()).items()))}")
    rng = np.random.default_rng(0)
    check = seeds % 5 == 0
    rows, row_labels = rows_for(patches[~check], readings[~check], labels[~check], rng)
    trees = _grow(rows, row_labels)
    if list(trees.classes_) != list(range(7)):
        raise SystemExit(f"the training views lack some classes: {list(trees.classes_)}")
    arrays = trees_arrays(trees, input_names(SETTINGS), 1.0)
    read_rows, _ = rows_for(patches[check], readings[check], labels[check], rng, as_read=True)
    logits = BoostedTrees(arrays).logits(read_rows).reshape(-1, 4, len(trees.classes_)).mean(axis=1)
    # The temperature is chosen on the held-back views whose dice fell as the renderer throws them (a die
    # cocked now and then): the views with a die forced to lean hold far more cocked dice than a game does.
    natural = seeds[check] % LEAN_EVERY != 0
    arrays["temperature"] = np.array(choose_temperature(logits, labels[check], readings[check], natural, SETTINGS))
    for name, chosen in (("dice as thrown", natural), ("a die forced to lean", ~natural)):
        print(f"held-back views, {name}:")
        report_check(logits[chosen] / float(arrays["temperature"]), labels[check][chosen], readings[check][chosen], SETTINGS)
    np.savez_compressed(MODEL_FILE, **arrays)
    print(f"wrote {MODEL_FILE} ({MODEL_FILE.stat().st_size // 1024} kB), temperature {float(arrays['temperature'])}")


def _grow(rows, labels):
    from sklearn.ensemble import HistGradientBoostingClassifier

    print(f"growing trees on {len(rows)} rows", flush=True)
    return HistGradientBoostingClassifier(**TREES, random_state=0).fit(rows, labels)


def _softmax(values: np.ndarray) -> np.ndarray:
    values = np.exp(values - values.max(axis=1, keepdims=True))
    return values / values.sum(axis=1, keepdims=True)


def choose_temperature(logits: np.ndarray, labels: np.ndarray, readings: np.ndarray, natural: np.ndarray,
                       settings) -> float:
    """The least temperature under which at most SURE_WRONG_SHARE of the faces called sure are wrong on the
    views whose dice fell naturally, and under which, on the views with a die forced to lean, the two readers
    combined read no more cocked dice sure than the pip counter alone (the trees must add no guesses)."""
    _, counter_alone = _combined(None, readings, settings)
    for temperature in TEMPERATURES:
        probabilities = _softmax(logits / temperature)
        read = probabilities.argmax(axis=1)
        sure = natural & (probabilities.max(axis=1) >= settings.confident) & (read > 0)
        wrong = sure & (read != labels)
        _, combined = _combined(probabilities, readings, settings)
        cocked = ~natural & (labels == 0)
        print(f"  temperature {temperature}: faces sure {sure.sum()}, wrong among them {wrong.sum()}; "
              f"cocked or no die read sure, forced-lean views: combined {np.sum(cocked & combined)}, "
              f"pip counter alone {np.sum(cocked & counter_alone)}")
        if wrong.sum() <= SURE_WRONG_SHARE * max(sure.sum(), 1) and np.sum(cocked & combined) <= np.sum(cocked & counter_alone):
            return float(temperature)
    return float(TEMPERATURES[-1])


def _combined(probabilities: np.ndarray | None, readings: np.ndarray, settings) -> tuple[np.ndarray, np.ndarray]:
    """(face read, read sure) of each candidate by the pip counter alone (`probabilities` None) or by the two
    readers combined (the pip counter's doubts are not kept in the rows: taken as none)."""
    from companion.games.black_cannon.camera.seen_die import SeenDie
    from companion.games.black_cannon.camera.face_model import combine

    dice = [SeenDie(int(count) or None, float(confidence), (0.0, 0.0), "") for count, confidence in readings[:, :2]]
    if probabilities is not None:
        dice = [combine(die, row, settings) for die, row in zip(dice, probabilities)]
    return (np.array([die.pips or 0 for die in dice]),
            np.array([die.pips is not None and die.confidence >= settings.confident for die in dice]))


def report_check(scores: np.ndarray, labels: np.ndarray, readings: np.ndarray, settings) -> None:
    """On held-back views, per true class: the trees alone, the pip counter alone and the two combined, as
    sure right / sure wrong."""
    probabilities = _softmax(scores)
    learned, sure = probabilities.argmax(axis=1), probabilities.max(axis=1) >= settings.confident
    pips, pip_sure = _combined(None, readings, settings)
    both_pips, both_sure = _combined(probabilities, readings, settings)
    print("true: candidates | trees sure right / wrong | pip counter sure right / wrong | combined sure right / wrong")
    for label in range(7):
        at = labels == label
        print(f"  {label}: {at.sum()} | {np.sum(at & sure & (learned == label))} / {np.sum(at & sure & (learned != label))}"
              f" | {np.sum(at & pip_sure & (pips == label))} / {np.sum(at & pip_sure & (pips != label))}"
              f" | {np.sum(at & both_sure & (both_pips == label))} / {np.sum(at & both_sure & (both_pips != label))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stage", choices=("patches", "fit"))
    parser.add_argument("count", type=int, help=f"views, seeds {FIRST_SEED} on")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    args = parser.parse_args()
    if args.stage == "patches":
        gather(args.count, args.jobs, args.cache)
    else:
        fit(args.count, args.cache)


if __name__ == "__main__":
    main()
