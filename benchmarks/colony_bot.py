"""The Colony's computer seat against a random player: win rates and time per decision.

Each level plays `--games` games from the rulebook's setup against the random player (a random legal
space, a random way at each choice as it comes up, a random ant step or pass), taking red in even
games and black in odd ones. Every command goes through the record (RECORD.decide/apply, as the
session does), so a bot command the referee refused would stop the run. Reports win rates with
Wilson 95% intervals, and the time of one decision (median, p90) beside the floor: a random
player's decision timed in the same run.

    nice -n 10 python benchmarks/colony_bot.py                      # 200 games of easy and medium, 40 of hard (about 5 min)
    nice -n 10 python benchmarks/colony_bot.py --games 200 --hard-games 200   # the full figures (about 20 min)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from rates import percentile, wilson  # noqa: E402  (benchmarks/, the script's own folder)

from companion.games.the_colony.bot import BOT, random_turn  # noqa: E402
from companion.games.the_colony.position import COLOURS  # noqa: E402
from companion.games.the_colony.record import RECORD, ColonyGame  # noqa: E402
from companion.games.the_colony.rules import score  # noqa: E402

TARGETS = {"easy": 0.60, "hard": 0.95}   # issue 16: the weakest level and the strongest
TURN_LIMIT = 1000   # far beyond any real game (random play ends in about 100 turns)


def act(game: ColonyGame | None, command: dict) -> ColonyGame:
    verdict, bodies = RECORD.decide(game, command)
    if not verdict.legal:
        raise AssertionError(f"the referee refused {command}: {verdict.message}")
    for seq, body in enumerate(bodies):
        game = RECORD.apply(game, body, seq)
    return game


def play(level: str, seed: int, timings: dict[str, list[float]]) -> tuple[int, int]:
    """One game from the setup: (1 when the bot won else 0, the turns played)."""
    rng = random.Random(seed)
    bot_seat = COLOURS[seed % 2]
    game = act(None, RECORD.start(""))
    for played in range(TURN_LIMIT):
        if game.over is not None:
            break
        mover = game.position.turn
        started = time.perf_counter()
        commands = BOT.choose(game, mover, level, rng).commands if mover == bot_seat else random_turn(game, rng)
        timings.setdefault(level if mover == bot_seat else "random", []).append(time.perf_counter() - started)
        for command in commands:
            game = act(game, command)
    else:
        raise AssertionError(f"seed {seed}: no end after {TURN_LIMIT} turns")
    return int(bot_seat in score(game.position, game.over).winners), played


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per level (default 200)")
    parser.add_argument("--hard-games", type=int, default=40,
                        help="games for the hard level, whose decisions take the longest (default 40)")
    parser.add_argument("--levels", nargs="+", default=list(BOT.levels), choices=BOT.levels)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("The Colony bot vs a random player from the rulebook's setup, colours alternated")
    print(f"{'level':<7} {'games':>5} {'wins':>5} {'rate':>6} {'95% CI':>15} {'target':>7} {'turns':>6} "
          f"{'median ms':>10} {'p90 ms':>8} {'x floor':>8} {'s':>6}")
    failed = False
    for level in args.levels:
        games = args.hard_games if level == "hard" else args.games
        timings: dict[str, list[float]] = {}
        began = time.perf_counter()
        results = [play(level, args.seed * 100_000 + game, timings) for game in range(games)]
        took = time.perf_counter() - began
        wins = sum(won for won, _ in results)
        low, high = wilson(wins, games)
        rate = wins / games
        target = TARGETS.get(level)
        failed |= target is not None and rate < target
        mine, floor = timings[level], statistics.median(timings["random"])
        median = statistics.median(mine)
        print(f"{level:<7} {games:>5} {wins:>5} {rate:>6.1%} {f'[{low:.1%}, {high:.1%}]':>15} "
              f"{f'{target:.0%}' if target else '-':>7} {statistics.median(t for _, t in results):>6g} "
              f"{median * 1000:>10.1f} {percentile(mine, 0.9) * 1000:>8.1f} {median / floor:>8.0f} {took:>6.0f}")
    print(f"floor: one random decision (the opponent's), median {floor * 1000:.2f} ms in the last level's run; "
          f"turns: the median game's whole turns")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
