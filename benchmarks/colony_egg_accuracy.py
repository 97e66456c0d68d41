"""The Colony's egg reader accuracy (issue 16) on MEASURE views: seeds never used to fit or tune anything
(benchmarks/colony_views.py), a quarter of them with the held-out bead look, reported apart.

Per view the reader runs twice: alone (as `companion read`), and with the rules' total (57 less the
eggs collected, as live play knows it). Measured over the spaces no hand hides (truth: hand share over
3%): egg count exact per space, whole positions exact (every open space's count and ant right), ants
(place and colour), the count confusion (true count by row, read count by column); how many hidden
spaces the reader flagged as hidden, and how many it did not flag but read sure with a wrong count (a sure
count under a real hand is as wrong as any other).

    .venv/bin/python benchmarks/colony_views.py measure 520      # render the views once (cached)
    .venv/bin/python benchmarks/colony_egg_accuracy.py 520

A tuning split (choosing between fitted counters, never the MEASURE seeds): TRAIN or VARIED views past
those fitted on, e.g. `colony_egg_accuracy.py 60 --kind varied --skip 260` (the splits taken so far are listed in
colony_views.py; `colony_egg_visibility.py` reads these views the same way and splits them by what the picture shows).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from colony_views import DEFAULT_CACHE, render_view, seeds, view_paths  # noqa: E402
from companion.games.the_colony.camera.reader import ColonyReader, StreamMemory  # noqa: E402

MAX_COUNT = 12


class Tally:
    def __init__(self):
        self.spaces = self.exact = self.views = self.whole = self.ant_spaces = self.ants_right = 0
        self.hidden = self.hidden_flagged = self.hidden_sure_wrong = self.unsure = self.sure_wrong = 0
        self.confusion = np.zeros((MAX_COUNT + 1, MAX_COUNT + 1), int)

    def add(self, truth: dict, observation, confident: float) -> None:
        self.views += 1
        whole = True
        for space, expected in truth["spaces"].items():
            reading = observation.reading(space) if observation.located else None
            if expected["hidden"]:
                self.hidden += 1
                self.hidden_flagged += bool(reading and reading.hidden)
                self.hidden_sure_wrong += bool(reading and not reading.hidden and reading.confidence >= confident
                                               and reading.eggs != expected["eggs"])
                continue
            self.spaces += 1
            self.ant_spaces += 1
            count = reading.eggs if reading else -1
            right = count == expected["eggs"]
            ant_right = reading is not None and reading.ant == expected["ant"]
            self.exact += right
            self.ants_right += ant_right
            sure = bool(reading and reading.confidence >= confident and not reading.hidden)
            self.unsure += not sure
            self.sure_wrong += sure and not right
            if 0 <= count <= MAX_COUNT:
                self.confusion[expected["eggs"], count] += 1
            whole &= right and ant_right
        self.whole += whole

    def row(self, name: str) -> str:
        share = lambda a, b: f"{a / b:.4f} ({a}/{b})" if b else "-"   # noqa: E731
        return (f"| {name} | {self.views} | {share(self.exact, self.spaces)} | {share(self.whole, self.views)} | "
                f"{share(self.ants_right, self.ant_spaces)} | {share(self.hidden_flagged, self.hidden)} | "
                f"{share(self.unsure, self.spaces)} | {share(self.sure_wrong, self.spaces - self.unsure)} | "
                f"{share(self.hidden_sure_wrong, self.hidden)} |")


def confusion_text(matrix: np.ndarray) -> str:
    lines = ["true\\read " + " ".join(f"{k:>4}" for k in range(MAX_COUNT + 1))]
    for k in range(MAX_COUNT + 1):
        lines.append(f"{k:>9} " + " ".join(f"{v:>4}" for v in matrix[k]))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int, nargs="?", default=520)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--cached-only", action="store_true", help="measure only the views already rendered")
    parser.add_argument("--modes", default="alone,total", help="alone, total or both (default alone,total)")
    parser.add_argument("--kind", choices=("measure", "train", "varied"), default="measure")
    parser.add_argument("--skip", type=int, default=0, help="start after the kind's first SKIP seeds")
    args = parser.parse_args()
    reader = ColonyReader()
    confident = reader.settings.confident
    modes = tuple(args.modes.split(","))
    groups = ("training looks", "varied looks") if args.kind == "varied" else ("training looks", "held-out look")
    tallies = {(mode, group): Tally() for mode in modes for group in groups}
    for seed in seeds(args.kind, args.count, args.skip):
        picture, truth_path = view_paths(args.cache, args.kind, seed)
        if args.cached_only and not (picture.exists() and truth_path.exists()):
            continue
        picture, truth_path = render_view(args.cache, args.kind, seed)
        truth = json.loads(truth_path.read_text())
        image = cv2.imread(str(picture))
        group = "held-out look" if truth["held_out_look"] else "varied looks" if truth["look"] == "varied" else "training looks"
        on_board = 57 - sum(truth["collected"].values())
        # One memory per view: the second reading of the same picture keeps the first's space looks
        # (what a stream does; the counts are the same as a fresh read's, in half the time).
        memory = StreamMemory()
        for mode in modes:
            observation = reader.read(image, eggs_on_board=on_board if mode == "total" else None, memory=memory)
            tallies[mode, group].add(truth, observation, confident)
    print("| reading | views | egg count exact per open space | whole positions exact | ants (place and colour) "
          "| hidden spaces flagged | open spaces flagged unsure | sure counts that are wrong "
          "| hidden spaces unflagged, read sure and wrong |")
    print("|---|---|---|---|---|---|---|---|---|")
    for (mode, group), tally in tallies.items():
        print(tally.row(f"{mode}, {group}"))
    for mode in modes:
        for group in groups:
            print(f"\ncount confusion, {mode}, {group} (rows: true count, columns: read count)")
            print(confusion_text(tallies[mode, group].confusion))


if __name__ == "__main__":
    main()
