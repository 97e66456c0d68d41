"""Cannonball Colony's computer seat against random play: win rates and time per decision.

Each level plays `--games` two-player games against autoplay's random turn from seeded islands,
taking seat 1 in even games and seat 2 in odd ones. Every turn is played through the record
(RECORD.decide/apply, as the session does), so a bot command the referee refused would stop the run.
A shared win (CC-9's tie) counts as half a win. Reports win rates with Wilson 95% intervals, and
the time of one decision (median, p90) beside the floor: a random decision timed in the same run.

    nice -n 10 python benchmarks/cc_bot.py                 # 200 games a level (a few minutes)
    nice -n 10 python benchmarks/cc_bot.py --games 20 --levels greedy
    nice -n 10 python benchmarks/cc_bot.py --jobs 2        # games shared by two processes
    nice -n 10 python benchmarks/cc_bot.py --first-seed 940000 --games 60 --levels look-ahead --losses
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from rates import percentile, wilson  # noqa: E402  (benchmarks/, the script's own folder)

from companion.games.cannonball_colony.bot import BOT, LEVELS  # noqa: E402
from companion.games.cannonball_colony.cells import Country  # noqa: E402
from companion.games.cannonball_colony.game import Game, Phase  # noqa: E402
from companion.games.cannonball_colony.record import RECORD  # noqa: E402
from companion.games.cannonball_colony.setup import new_island  # noqa: E402
from companion.games.cannonball_colony.text import print_board  # noqa: E402

TARGETS = {"look-ahead": 0.95, "greedy": 0.80}
PROGRESS_EVERY = 20
TURN_LIMIT = 400   # far beyond any real game (a 2-player supply of 50 roads ends one in about 100 turns)


def act(game: Game, command: dict) -> Game:
    verdict, bodies = RECORD.decide(game, command)
    if not verdict.legal:
        raise AssertionError(f"the referee refused {command}: {verdict.message}")
    for seq, body in enumerate(bodies):
        game = RECORD.apply(game, body, seq)
    return game


def play(level: str, seed: int, timings: dict[str, list[float]]) -> float:
    """One game; the bot's share of the win (1, 0.5 for a shared win, 0)."""
    rng = random.Random(seed)
    players = rng.sample(list(Country), 2)
    bot_seat = players[seed % 2]
    game = RECORD.apply(None, RECORD.decide(None, RECORD.start(print_board(new_island(players, seed=seed))))[1][0], 0)
    for _ in range(TURN_LIMIT):
        if game.phase is Phase.OVER:
            break
        mover = str(game.player)
        who = level if mover == str(bot_seat) else "random"
        started = time.perf_counter()
        move = BOT.choose(game, mover, who, rng)
        timings.setdefault(who, []).append(time.perf_counter() - started)
        for command in move.commands:
            game = act(game, command)
    else:
        raise AssertionError(f"seed {seed}: no end after {TURN_LIMIT} turns")
    winners = [str(w) for w in game.result.winners]
    return 1.0 / len(winners) if str(bot_seat) in winners else 0.0


class _Serial:
    """The games in this process (--jobs 1), with a pool's imap."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def imap(self, function, items, chunksize=1):
        return map(function, items)


def play_one(job: tuple[str, int]) -> tuple[float, dict[str, list[float]]]:
    timings: dict[str, list[float]] = {}
    return play(job[0], job[1], timings), timings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--levels", nargs="+", default=["greedy", "look-ahead"], choices=LEVELS)
    parser.add_argument("--seed", type=int, default=1, help="islands SEED*100000 onwards")
    parser.add_argument("--first-seed", type=int, help="the first island's seed, instead of --seed's")
    parser.add_argument("--losses", action="store_true", help="name the islands a level did not win outright")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games side by side")
    args = parser.parse_args()
    print(f"Cannonball Colony bot vs random play: {args.games} two-player games per level, seats rotated")
    print(f"{'level':<11} {'wins':>6} {'rate':>6} {'95% CI':>15} {'target':>7} {'median ms':>10} {'p90 ms':>8} "
          f"{'x floor':>8} {'s':>6}")
    failed = False
    for level in args.levels:
        timings: dict[str, list[float]] = {}
        began = time.perf_counter()
        first = args.first_seed if args.first_seed is not None else args.seed * 100_000
        jobs = [(level, first + game) for game in range(args.games)]
        played = []
        with multiprocessing.Pool(args.jobs) if args.jobs > 1 else _Serial() as pool:
            for result in pool.imap(play_one, jobs, chunksize=2):
                played.append(result)
                if len(played) % PROGRESS_EVERY == 0:
                    print(f"  {level}: {sum(share for share, _ in played):g} won of {len(played)} "
                          f"({time.perf_counter() - began:.0f} s)", flush=True)
        wins = sum(share for share, _ in played)
        if args.losses:
            lost = [f"{seed}{' (shared)' if share else ''}" for (_, seed), (share, _) in zip(jobs, played) if share < 1]
            print(f"  {level} did not win outright: {', '.join(lost) or 'none'}")
        for _, times in played:
            for who, values in times.items():
                timings.setdefault(who, []).extend(values)
        took = time.perf_counter() - began
        low, high = wilson(wins, args.games)
        rate = wins / args.games
        target = TARGETS.get(level)
        failed |= target is not None and rate < target
        mine, floor = timings.get(level, [0.0]), statistics.median(timings["random"])
        median = statistics.median(mine)
        print(f"{level:<11} {wins:>6g} {rate:>6.1%} {f'[{low:.1%}, {high:.1%}]':>15} "
              f"{f'{target:.0%}' if target else '-':>7} {median * 1000:>10.1f} {percentile(mine, 0.9) * 1000:>8.1f} "
              f"{median / floor:>8.0f} {took:>6.0f}")
    print(f"floor: one random decision (the opponent's), median {floor * 1000:.2f} ms in the last level's run")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
