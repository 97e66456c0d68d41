"""Why a turn of The Colony's rendered clips was not played by the camera: each turn's cause, worst
first, from the records `colony_read_clips.py --records DIR` kept (nothing is read again).

Run: .venv/bin/python benchmarks/colony_clip_causes.py --first 4000 --count 48 --records DIR [--cache DIR]

Causes, per turn of the clip (a turn whose every visible move the camera played is right):
- wrong: a move played that the clip did not make;
- not seen: no question and no move: a hand read where none is (a frame with no hand in view whose
  reading hid a log), the clip ending while the tracker's vote is still unsettled, or other;
- asked: the first question in the turn, by what the reader saw at that still picture: the game behind
  a turn missed before (no move can fit), six logs or more misread, the sowing's logs read as before
  (a tie with no move at all), two sowings fitting nearly as well, or no legal move fitting with fewer
  logs misread.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.colony_read_clips import (CACHE, FIRST_SEED, PLAYERS, clip_truth, misread,  # noqa: E402
                                          turn_outcomes, turns_of)

MANY_MISREAD = 6   # logs misread at a still picture that count as "many" (the board's frame off, or steep)


def turn_causes(truth: dict, record: dict) -> list[str]:
    frames, turns, causes = record["frames"], turns_of(truth), []
    # Right and wrong as the benchmark scores them, the moves in order: an ant move the camera played at the next
    # turn's still picture is its own turn's (counted by frames, it made that turn "not seen" and the next "wrong").
    outcomes, _ = turn_outcomes(truth, record)
    behind = False
    for number, (turn, outcome) in enumerate(zip(turns, outcomes)):
        ends = turns[number + 1]["first_frame"] if number + 1 < len(turns) else len(frames)
        span = range(turn["first_frame"], ends)
        events = [(index, event) for index in span for event in frames[index]["events"]]
        camera = [event for _, event in events if event["type"] in ("sowing", "ant") and event.get("source") != PLAYERS]
        questions = [(index, event["message"]) for index, event in events if event["type"] == "question"]
        if outcome in ("wrong", "after a wrong move"):
            cause = "wrong: a different move played" if outcome == "wrong" else "after a wrong move"
        elif outcome == "right":
            cause = "right"
        elif questions:
            index, message = questions[0]
            off = misread(frames[index]["commit"] or {}, truth["tables"][truth["frames"][index]["table"]])
            cause = ("asked: the game behind a turn missed before" if behind
                     else "asked: six logs or more misread" if len(off) >= MANY_MISREAD
                     else "asked: the sowing's logs read as before (a tie with no move)" if "or no move at all" in message
                     else "asked: two sowings fit nearly as well" if "cannot tell" in message
                     else "asked: no legal move fits, fewer logs misread")
        else:
            last = [frames[index].get("outcome") for index in span][-3:]
            cause = ("not seen: the clip ends while the vote is unsettled" if number == len(turns) - 1 and camera
                     and "Unsettled" in last
                     else "not seen: a hand read where none is" if any(
                         frames[index].get("hidden") and not truth["frames"][index]["hand"] for index in span)
                     else "not seen: other")
        causes.append(cause)
        behind = cause.startswith("not seen")
    return causes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--first", type=int, default=FIRST_SEED)
    parser.add_argument("--count", type=int, default=4)
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--records", type=Path, required=True)
    parser.add_argument("--cache", type=Path, default=CACHE)
    args = parser.parse_args()
    tally = collections.defaultdict(list)
    for seed in range(args.first, args.first + args.count):
        record = json.loads((args.records / f"{seed}-{args.turns}.json").read_text())
        for number, cause in enumerate(turn_causes(clip_truth(seed, args.turns, args.cache), record)):
            tally[cause].append(f"{seed}/{number}")
    for cause, turns in sorted(tally.items(), key=lambda entry: (entry[0] == "right", -len(entry[1]))):
        print(f"{len(turns):4d}  {cause}" + ("" if cause == "right" else f": {' '.join(turns)}"))


if __name__ == "__main__":
    main()
