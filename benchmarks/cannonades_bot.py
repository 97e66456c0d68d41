"""Cannonades' computer seat against a random player: win rate and time per decision.

    nice -n 10 .venv/bin/python benchmarks/cannonades_bot.py [--games 200] [--level strong] [--seed 0]

Two-player games, the bot seated first in every other game. The random player picks uniformly
among the moves open to it. Each decision of the bot goes through the Bot protocol (BOT.choose on
the game, which reads only the bot's view). Reported: wins (target 80% or more), the median and p90
time per decision with a choice (target median 200 ms or less), the same over every decision, and
the floor measured in the same run: the random player's decision (its view's legal moves).
Times are this process's CPU time (time.process_time), as the machine may be shared; the wall-clock
median is printed beside it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from rates import percentile  # noqa: E402  (benchmarks/, the script's own folder)

from companion.games.cannonades.bot import BOT  # noqa: E402
from companion.games.cannonades.deck import default_deck  # noqa: E402
from companion.games.cannonades.record import move_of  # noqa: E402
from companion.games.cannonades.rules import deal, play  # noqa: E402
from companion.games.cannonades.turns import Chance  # noqa: E402
from companion.games.cannonades.views import view  # noqa: E402

TARGET_WINS, TARGET_MEDIAN_MS = 0.80, 200.0


def play_one(index: int, level: str, seed: int, chosen: list, every: list, floor: list, wall: list) -> list[str]:
    deck = default_deck()
    table = random.Random(f"{seed}:{index}:table")
    order = list(deck.ids)
    table.shuffle(order)
    seats = ["bot", "random"] if index % 2 == 0 else ["random", "bot"]
    game = deal(deck, seats, order)
    game.chance = Chance(table, keep=False)
    mind = random.Random(f"{seed}:{index}:bot")
    while not game.over:
        if game.to_move == "bot":
            started, started_wall = time.process_time(), time.perf_counter()
            decided = BOT.choose(game, "bot", level, mind)
            took = time.process_time() - started
            every.append(took)
            if len(view(game, "bot")["legal"]) > 1:
                chosen.append(took)
                wall.append(time.perf_counter() - started_wall)
            move = move_of(decided.commands[0])
        else:
            started = time.process_time()
            legal = view(game, "random")["legal"]
            floor.append(time.process_time() - started)
            move = move_of(table.choice(legal))
        play(game, move)
    return game.winners


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--level", default=BOT.levels[-1], choices=BOT.levels)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    chosen, every, floor, wall = [], [], [], []
    wins = shared = 0
    started = time.perf_counter()
    for index in range(args.games):
        winners = play_one(index, args.level, args.seed, chosen, every, floor, wall)
        wins += winners == ["bot"]
        shared += len(winners) > 1 and "bot" in winners
    rate = wins / args.games
    ms = lambda values: (1000 * statistics.median(values), 1000 * percentile(values, 0.9))  # noqa: E731
    print(f"{args.games} two-player games, level {args.level}, seed {args.seed}, "
          f"{time.perf_counter() - started:.0f} s in all")
    print(f"bot wins {wins} ({rate:.1%}; target {TARGET_WINS:.0%}), shared {shared}, "
          f"random wins {args.games - wins - shared}")
    choice_median, choice_p90 = ms(chosen)
    all_median, all_p90 = ms(every)
    floor_median, _ = ms(floor)
    print(f"time per decision with a choice ({len(chosen)}): median {choice_median:.1f} ms, p90 {choice_p90:.1f} ms "
          f"(target median {TARGET_MEDIAN_MS:.0f} ms); wall-clock median {ms(wall)[0]:.1f} ms")
    print(f"time per decision, all ({len(every)}): median {all_median:.1f} ms, p90 {all_p90:.1f} ms")
    print(f"floor, the random player's decision ({len(floor)}): median {floor_median:.3f} ms (CPU clock "
          f"resolution applies); "
          f"bot/floor {choice_median / floor_median:.0f}x")
    ok = rate >= TARGET_WINS and choice_median <= TARGET_MEDIAN_MS
    print("targets met" if ok else "TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
