"""Rendered clips of whole turns, hands coming and going, refereed by the real reader through the
live pipeline (reader -> tracker -> move inference -> session), against each clip's truth.

Run: .venv/bin/python benchmarks/read_clips.py [--first 9100 --count 6] [--turns 3]

For every clip it counts: frames, frames with a hand over the island, commits made while a
hand was in view (must be none), the turns the clip played against the turns the session
recorded (every real move must be inferred), and questions asked. Clips are rendered at
960x540 with tilt, light and JPEG chosen from the seed (about a minute each), kept under
/tmp/companion-read-clips so a second run only reads.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CACHE = Path("/tmp/companion-read-clips")
SIZE = (960, 540)


def clip_for(seed: int, turns: int):
    """(frames, truth) of seed's clip, rendered once into the cache."""
    path = CACHE / f"{seed}-{turns}.pickle"
    if path.exists():
        return pickle.loads(path.read_bytes())
    from companion.games.cannonball_colony.render import RenderOptions
    from companion.games.cannonball_colony.render.clip import Pacing, render_clip
    from companion.games.cannonball_colony.render.samples import demo_position

    chooser = random.Random(f"read clip {seed}")
    options = RenderOptions(size=SIZE, tilt_deg=round(chooser.uniform(0, 40), 1), light=chooser.choice(("warm", "cool", "even")),
                            jpeg_quality=chooser.choice((92, 85, 75)), supersample=1)
    players = chooser.choice((2, 3))
    start = demo_position(seed, players=players)
    clip = render_clip(start, seed, turns, options, Pacing(idle=6, approach=3, hold=2, retreat=3))
    CACHE.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps((clip.frames, clip.truth)))
    return clip.frames, clip.truth


class ClipFrames:
    """The clip's frames as a frame source, with the index of the frame being read."""

    description = "rendered clip"

    def __init__(self, frames):
        self.frames, self.index = frames, -1

    def __iter__(self):
        from companion.vision.frames import Frame

        for index, image in enumerate(self.frames):
            self.index = index
            yield Frame(image, index / 10.0, index, "rendered clip")


def referee_clip(frames, truth) -> dict:
    from companion.games.cannonball_colony.camera.reader import IslandReader
    from companion.games.cannonball_colony.camera.live import ColonyCamera
    from companion.games.cannonball_colony.record import RECORD, moves_played
    from companion.live import Pipeline
    from companion.session import EventLog, Session
    from companion.tracking import Committed

    source = ClipFrames(frames)
    with tempfile.TemporaryDirectory() as folder:
        session = Session(EventLog(Path(folder) / "game.sqlite"), RECORD)
        pipeline = Pipeline(ColonyCamera, session, lambda on_status: source, IslandReader().read, pace=False,
                            auto_confirm=True, restart_on_loop=True)
        commits_under_hand = 0
        process = pipeline.process

        def watched(image, timestamp):
            nonlocal commits_under_hand
            outcome = process(image, timestamp)
            if isinstance(outcome, Committed) and truth["frames"][source.index]["hand"] is not None:
                commits_under_hand += 1
            return outcome

        pipeline.process = watched
        pipeline.run()
        if pipeline.status()["state"] != "ended":
            raise RuntimeError(f"the pipeline stopped: {pipeline.status()['message']}")
        events = session.log.events()
    # A pass changes nothing on the table: the camera cannot see one, so turns are compared
    # without them; the two roads of one turn compare as a set when either could come first.
    played = [_same_roads(turn) for turn in moves_played(events) if not turn.endswith(": pass")]
    expected = [_same_roads(turn["turn"]) for turn in truth["turns"] if not turn["turn"].endswith(": pass")]
    return {"frames": len(frames), "hand_frames": sum(1 for f in truth["frames"] if f["hand"]),
            "commits_under_hand": commits_under_hand, "expected": expected, "played": played,
            "questions": [e.body["message"] for e in events if e.type == "question"],
            "illegal": [e.body["move"] for e in events if e.type == "move" and not e.body["verdict"]["legal"]]}


def _same_roads(turn: str) -> str:
    player, _, move = turn.partition(": ")
    words = move.split()
    return f"{player}: road {' '.join(sorted(words[1:]))}" if words and words[0] == "road" else turn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--first", type=int, default=9100)
    parser.add_argument("--count", type=int, default=6)
    parser.add_argument("--turns", type=int, default=3)
    args = parser.parse_args()
    totals = {"clips": 0, "frames": 0, "hand_frames": 0, "commits_under_hand": 0, "turns": 0, "turns_right": 0,
              "questions": 0}
    started = time.time()
    for seed in range(args.first, args.first + args.count):
        frames, truth = clip_for(seed, args.turns)
        result = referee_clip(frames, truth)
        right = sum(1 for a, b in zip(result["expected"], result["played"]) if a == b) \
            if len(result["expected"]) == len(result["played"]) else 0
        print(f"clip {seed}: {result['frames']} frames, {result['hand_frames']} with a hand, "
              f"{result['commits_under_hand']} commits under a hand; turns {right}/{len(result['expected'])} inferred; "
              f"{len(result['questions'])} questions")
        if right != len(result["expected"]) or result["questions"]:
            print("   expected:", result["expected"])
            print("   recorded:", result["played"])
            for question in result["questions"]:
                print("   asked:", question)
        totals["clips"] += 1
        totals["frames"] += result["frames"]
        totals["hand_frames"] += result["hand_frames"]
        totals["commits_under_hand"] += result["commits_under_hand"]
        totals["turns"] += len(result["expected"])
        totals["turns_right"] += right
        totals["questions"] += len(result["questions"])
    print(f"\n{totals['clips']} clips, {totals['frames']} frames ({totals['hand_frames']} with a hand): "
          f"commits while a hand was in view {totals['commits_under_hand']} (target 0); "
          f"turns inferred {totals['turns_right']}/{totals['turns']} (target all); questions asked {totals['questions']}")
    print(f"({time.time() - started:.0f} s)")
    print(json.dumps(totals))


if __name__ == "__main__":
    main()
