"""Referee speed against the budgets in docs/design.md: in-process answers on a 4-player island, and one CLI answer.

Run: .venv/bin/python benchmarks/referee_speed.py [--repeats N]
Prints medians (and the ratio to each budget); machines here are noisy, so medians only.
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
sys.path.insert(0, str(ROOT))

from companion.games.cannonball_colony.autoplay import random_game  # noqa: E402
from companion.games.cannonball_colony.cells import PieceKind  # noqa: E402
from companion.games.cannonball_colony.referee import answer  # noqa: E402
from companion.games.cannonball_colony.rules import judge_piece, judge_road, legal_builds  # noqa: E402
from companion.games.cannonball_colony.text import print_board  # noqa: E402

BUDGETS_MS = {"fort distance": 1.0, "cannon range": 1.0, "one build (fort)": 1.0, "one build (road)": 1.0,
              "one build (cannon)": 1.0, "all legal builds": 5.0, "CLI answer, interpreter included": 150.0}


def median_ms(work, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def mid_game_islands(count: int):
    """4-player islands from seeded random games, stopped with roads and forts well spread."""
    return [random_game(4, seed, turns=60).position for seed in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=300)
    parser.add_argument("--cli-repeats", type=int, default=21)
    args = parser.parse_args()
    rng = random.Random(7)
    islands = mid_game_islands(5)
    results: dict[str, float] = {}

    def each_island(make_work):
        return statistics.median(median_ms(make_work(p), args.repeats) for p in islands)

    def fort_distance(p):
        """The longest of 40 random road-to-road paths: the slow end of real disputes."""
        roads = sorted(c for c in p.cells() if p.ground_at(c).value == "r")
        pairs = [(rng.choice(roads), rng.choice(roads)) for _ in range(40)]
        a, b = max(pairs, key=lambda pair: len(p.fort_path(*pair) or ()))
        # A fresh Position copy each time, so no cached network or fire map helps.
        return lambda: p.replace().fort_path(a, b)

    results["fort distance"] = each_island(fort_distance)
    results["cannon range"] = each_island(lambda p: (lambda: p.replace().cannon_line(p.boards[0], p.boards[-1])))
    for kind in (PieceKind.FORT, PieceKind.CANNON):
        def one_build(p, kind=kind):
            player = p.players[0]
            site = sorted(p.network(player))[len(p.network(player)) // 2]
            return lambda: judge_piece(p.replace(), player, kind, site)
        results[f"one build ({kind.label})"] = each_island(one_build)

    def one_road(p):
        player = p.players[1]
        site = legal_builds(p, player).road_grass or [p.boards[1]]
        return lambda: judge_road(p.replace(), player, site[0])
    results["one build (road)"] = each_island(one_road)
    results["all legal builds"] = each_island(lambda p: (lambda: legal_builds(p.replace(), p.players[2])))
    # A whole referee question through `answer`, as the dashboard asks it.
    results["answer(check fort)"] = each_island(
        lambda p: (lambda: answer(p.replace(), ["check", "fort", str(sorted(p.network(p.players[0]))[0])],
                                  str(p.players[0]))))

    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as board:
        board.write(print_board(islands[0]))
    script = Path(sys.executable).with_name("companion")  # the installed console script, as users run it
    launcher = [str(script)] if script.exists() else [sys.executable, "-m", "companion"]
    command = [*launcher, "referee", "cannonball-colony", board.name,
               "check", "fort", "B2", "--player", str(islands[0].players[0]), "--json"]
    subprocess.run(command, check=True, capture_output=True, cwd=ROOT)  # warm the file cache
    results["CLI answer, interpreter included"] = median_ms(
        lambda: subprocess.run(command, check=True, capture_output=True, cwd=ROOT), args.cli_repeats)
    baseline = median_ms(lambda: subprocess.run([sys.executable, "-c", "pass"], check=True), args.cli_repeats)

    print(f"4-player islands: {len(islands)}, {islands[0].width}x{islands[0].height} and similar; "
          f"{args.repeats} repeats each (CLI: {args.cli_repeats})")
    for name, value in results.items():
        budget = BUDGETS_MS.get(name)
        ratio = f"  ({value / budget:.2f} of the {budget:g} ms budget)" if budget else ""
        print(f"  {name:34} median {value:8.3f} ms{ratio}")
    print(f"  {'bare interpreter start':34} median {baseline:8.3f} ms")


if __name__ == "__main__":
    main()
