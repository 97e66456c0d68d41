"""Why The Colony's egg reader asks (issue 16), on a tuning split of cached views: every open space whose
count is asked of the players (its reading's question), tabulated by the reason the reader gave (a hand
hides it, beads may lie piled or fused into one, a low posterior at N eggs) and by whether the count read was in fact
right; beside it the sure counts and how many of those are wrong. A count asked though right is a
question the players need not have been asked; one asked and wrong is the reader saying so rightly.
The crops of the largest class asked though right are written as one PNG to look at.

    .venv/bin/python benchmarks/colony_asked_reasons.py 60 --kind train --skip 660 --cache /tmp/colony-beads-views \\
        --crops /tmp/NAME-asked-right.png
"""

from __future__ import annotations

import os
import re
import sys
from collections import Counter
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from colony_egg_errors import crops, tuning_arguments, tuning_readings  # noqa: E402
from companion.games.the_colony.camera.reader import FUSED, ColonyReader  # noqa: E402
from companion.games.the_colony.camera.settings import SETTINGS  # noqa: E402


def reason_class(question: str) -> str:
    """The class a reading's question is tabulated under: its reason, with the count or posterior that matter."""
    if not question:
        return "sure"
    eggs = re.match(r"(\d+) eggs is only", question)
    if eggs:
        return f"low posterior at {eggs.group(1)} eggs"
    piled = re.search(r"\((\d+) eggs, (\d+)% likely\)", question)
    if piled:
        sure = int(piled.group(2)) >= SETTINGS.confident * 100
        why = "fused" if question.startswith(FUSED) else "piled"
        return f"{why}, {'yet' if sure else 'and'} posterior {'at least' if sure else 'below'} {SETTINGS.confident:.0%}"
    return question


def main() -> None:
    parser = tuning_arguments(__doc__.splitlines()[0])
    parser.add_argument("--crops", type=Path, help="write the largest asked-though-right class's crops to this PNG")
    parser.add_argument("--many", type=int, default=12, help="how many crops")
    args = parser.parse_args()
    reader = ColonyReader()
    cells, spaces = Counter(), []
    for seed, truth, observation in tuning_readings(args, reader):
        if not observation.located:
            continue
        for index, (space, expected) in enumerate(truth["spaces"].items()):
            if expected["hidden"]:
                continue
            reading = observation.reading(space)
            reason = reason_class(reading.question)
            right = reading.eggs == expected["eggs"]
            cells[reason, right] += 1
            spaces.append({"seed": seed, "space": space, "index": index, "eggs": expected["eggs"],
                           "read": reading.eggs, "piled": expected.get("piled", 0), "reason": reason, "right": right})
    asked = sum(n for (reason, _), n in cells.items() if reason != "sure")
    print(f"{args.kind} views {args.skip}..{args.skip + args.count - 1}, reading {args.mode}: {len(spaces)} open spaces, "
          f"{asked} asked ({asked / max(len(spaces), 1):.1%}), {cells['sure', False]} sure and wrong\n")
    print("| reason | spaces | count right | count wrong |\n|---|---|---|---|")
    for reason in sorted({reason for reason, _ in cells}, key=lambda r: -(cells[r, True] + cells[r, False])):
        print(f"| {reason} | {cells[reason, True] + cells[reason, False]} | {cells[reason, True]} | {cells[reason, False]} |")
    if args.crops:
        largest = max((reason for reason, _ in cells if reason != "sure"), key=lambda r: cells[r, True], default=None)
        chosen = [s for s in spaces if s["reason"] == largest and s["right"]][:args.many]
        if chosen:
            crops(chosen, args.cache, args.kind, reader, args.crops)
            print(f"\n{len(chosen)} crops of '{largest}' asked though right: {args.crops}")


if __name__ == "__main__":
    main()
