"""Black Cannon's referee speed against the budgets in DESIGN.md §5 (one verdict 1 ms, every legal move 5 ms),
on positions from seeded mid-game play, and one CLI answer.

Run: nice -n 10 .venv/bin/python benchmarks/black_cannon_referee_speed.py [--repeats N]
Prints the median and p90 of each, the ratio to its budget, and the ratio to a floor (a fixed pure-Python
workload timed in the same run, so runs on different machines can be compared).
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "games" / "black_cannon")]

from black_cannon_play import play  # noqa: E402

from companion.games.black_cannon.moves import dice_wanted, judge_move, sailing  # noqa: E402
from companion.games.black_cannon.rules import battles  # noqa: E402
from companion.games.black_cannon.text import print_board  # noqa: E402

BUDGETS_MS = {"every legal move for a roll": 5.0, "one move judged": 1.0, "battles": 1.0,
              "CLI answer, interpreter included": 150.0, "Cannonball Colony's CLI answer": 150.0}
FLOOR_WORK = 20_000   # sum(range(FLOOR_WORK)): the same work on any machine


def timings_ms(work, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return times


def mid_game_positions(count: int):
    """Four-fleet positions 60 commands into seeded purposeful games."""
    found = []
    for seed in range(count):
        for step, (_, _, game) in enumerate(play(seed, "", steps=60, purposeful=True)):
            state = game
        found.append(state.position)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=300)
    parser.add_argument("--cli-repeats", type=int, default=11)
    args = parser.parse_args()
    rng = random.Random(7)
    positions = mid_game_positions(8)
    asked = []
    for position in positions:
        fleet = rng.choice(position.fleets)
        dice = tuple(rng.randint(1, 6) for _ in range(dice_wanted(position, fleet)))
        moves = sailing(position, fleet, dice).moves
        asked.append((position, fleet, dice, rng.choice(position.board.names) if not moves else moves[-1].to))
    samples = {
        "every legal move for a roll": [t for p, f, d, _ in asked for t in timings_ms(lambda: sailing(p, f, d), args.repeats)],
        "one move judged": [t for p, f, d, to in asked for t in timings_ms(lambda: judge_move(p, f, d, to), args.repeats)],
        "battles": [t for p, *_ in asked for t in timings_ms(lambda: battles(p), args.repeats)],
    }
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "position.txt"
        position, fleet, dice, _ = asked[0]
        path.write_text(print_board(position))
        command = [sys.executable, "-m", "companion", "referee", "black-cannon", str(path), "moves", "--fleet", fleet,
                   "--dice", ",".join(map(str, dice)), "--json"]
        samples["CLI answer, interpreter included"] = timings_ms(
            lambda: subprocess.run(command, cwd=ROOT, check=True, capture_output=True), args.cli_repeats)
        # The same command for Cannonball Colony, in the same run: a loaded machine slows both alike.
        other = [sys.executable, "-m", "companion", "referee", "cannonball-colony",
                 str(ROOT / "samples" / "boards" / "cannonball-colony-dispute.txt"), "score", "--json"]
        samples["Cannonball Colony's CLI answer"] = timings_ms(
            lambda: subprocess.run(other, cwd=ROOT, check=True, capture_output=True), args.cli_repeats)
    floor = statistics.median(timings_ms(lambda: sum(range(FLOOR_WORK)), args.repeats))
    print(f"floor (sum of {FLOOR_WORK} numbers): median {floor:.4f} ms")
    print(f"{'what':<36} {'median ms':>10} {'p90 ms':>8} {'budget':>7} {'of budget':>9} {'x floor':>8}")
    for name, times in samples.items():
        median, p90 = statistics.median(times), statistics.quantiles(times, n=10)[-1]
        print(f"{name:<36} {median:>10.4f} {p90:>8.4f} {BUDGETS_MS[name]:>7.1f} {median / BUDGETS_MS[name]:>9.3f} "
              f"{median / floor:>8.1f}")


if __name__ == "__main__":
    main()
