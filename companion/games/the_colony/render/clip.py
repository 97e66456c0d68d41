"""Clips of whole turns of The Colony: a hand comes in, picks up a space's eggs, carries them along the
sowing's path and leaves; then, when the turn has one, it moves an ant. Every frame has its truth: the
table shown, whether a hand (or its shadow) is in view, and whether the frame is still.

    clip = render_clip(seed=5, turns=3)
    write_video(Path("turns.mp4"), clip.frames, clip.truth["clip"]["fps"])

Red sits at the board's +y edge, black at its -y edge; each player's hand is chosen once per clip.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

import numpy as np

from companion.games.the_colony.bot import random_turn
from companion.games.the_colony.kit.board import space_places
from companion.games.the_colony.position import Position
from companion.games.the_colony.record import RECORD, ColonyGame
from companion.games.the_colony.render.draw import render_frame
from companion.games.the_colony.render.scene import ColonyScene, compose_scene, lay_eggs
from companion.games.the_colony.text import print_board
from companion.render.hands import SKIN_TONES, SLEEVES, HandPose
from companion.render.options import RenderOptions
from companion.render.files import write_video

FORMAT = "companion-colony-clip/1"
CLIP_SIZE = (800, 450)   # the eggs are a few pixels across: at 640x360 they read too badly to referee
REACH_BACK_MM = 600.0    # where an approaching hand starts, back along its arm
START_HOVER_MM = 140.0


@dataclass(frozen=True)
class Pacing:
    """Frames per step of a clip."""

    fps: float = 2.5     # few frames: the bundled clip must stay small
    idle: int = 5        # still frames before the first turn and after each visible step
    approach: int = 2
    hold: int = 1        # over a space; the eggs change in the first of these frames
    step: int = 1        # frames over each further space of a path
    retreat: int = 2


@dataclass
class Clip:
    frames: list[np.ndarray]
    truth: dict


@dataclass(frozen=True)
class _Visit:
    """The hand's trip for one command: the spaces it passes over, and the table after each."""

    spaces: tuple[str, ...]
    tables: tuple[Position, ...]
    colour: str


def play_turns(start: Position, turns: int, rng: random.Random) -> list[tuple[dict, list[ColonyGame]]]:
    """`turns` random turns from `start`: each command with the game after it."""
    game = RECORD.apply(None, RECORD.decide(None, {"type": "start", "board": print_board(start)})[1][0], 1)
    played = []
    for _ in range(turns):
        if game.over is not None:
            break
        for command in random_turn(game, rng):
            verdict, bodies = RECORD.decide(game, command)
            if not verdict.legal:
                raise ValueError(f"the random turn's {command} was refused: {verdict.message}")
            for body in bodies:
                game = RECORD.apply(game, body, len(played) + 2)
            played.append((dict(command), game))
    return played


def _visit(before: ColonyGame, command: dict, after: ColonyGame) -> _Visit | None:
    """What the hand does for one command; None for a pass (nothing on the table changes)."""
    colour = before.position.turn
    if command["type"] == "move-ant":
        return _Visit((command["from"], command["to"]), (after.position, after.position), colour)
    if command["type"] != "sow":
        return None
    picked = before.position.replace(eggs={**before.position.eggs, command["space"]: 0})
    path = tuple(dict.fromkeys(after.last_sowing["path"]))
    spaces = (command["space"], *path) if path else (command["space"],)
    # Picked up at the start; the rest lands as the hand passes, all of it down by the path's end.
    tables = (picked,) + tuple(picked for _ in path[:-1]) + ((after.position,) if path else ())
    if not path:
        tables = (after.position,)
    return _Visit(spaces, tables, colour)


def with_position(scene: ColonyScene, position: Position) -> ColonyScene:
    """The same table, camera and light with another position: a space keeps its beads' places while
    its count stays the same (each space's beads come from its own seeded draw)."""
    eggs = tuple(egg for place in space_places(position.layout)
                 for egg in lay_eggs(place.id, place.centre, position.eggs[place.id], scene.look,
                                     random.Random(f"colony eggs {scene.seed} {place.id}")))
    return replace(scene, position=position, eggs=eggs)


def _hand_look(rng: random.Random) -> HandPose:
    return HandPose((0.0, 0.0), (0.0, 0.0), START_HOVER_MM, rng.choice(SKIN_TONES),
                    rng.choice(SLEEVES) if rng.random() < 0.7 else None, rng.uniform(0.2, 0.85),
                    rng.random() < 0.85, rng.uniform(0, 6), rng.uniform(0.2, 0.8))


def render_clip(seed: int, turns: int, start: Position | None = None,
                options: RenderOptions = RenderOptions(size=CLIP_SIZE), pacing: Pacing = Pacing(),
                look: str | None = None, fixed_grain: bool = False) -> Clip:
    """`turns` random turns played from `start` (the rulebook's setup by default), filmed."""
    if turns < 1:
        raise ValueError(f"a clip needs at least one turn, not {turns}")
    start = start or Position.setup()
    scene = compose_scene(start, seed, replace(options, hand=False), look)
    rng = random.Random(f"colony clip {seed}")
    hands = {"red": _hand_look(rng), "black": _hand_look(rng)}
    played = play_turns(start, turns, rng)
    places = {place.id: place for place in space_places(start.layout)}
    tables, plan = [start], [(0, None)] * pacing.idle     # (table index, hand pose or None) per frame
    moves, game = [], RECORD.apply(None, RECORD.decide(None, {"type": "start", "board": print_board(start)})[1][0], 1)
    for command, after in played:
        visit = _visit(game, command, after)
        first = len(plan)
        if visit is not None:
            points = [scene.on_table(places[s].ant if command["type"] == "move-ant" else places[s].centre)
                      for s in visit.spaces]
            poses = _trip(scene, hands[visit.colour], visit.colour, points, pacing)
            changes = [pacing.approach + i * pacing.step + (pacing.hold - pacing.step if i else 0)
                       for i in range(len(visit.spaces))]
            for index, pose in enumerate(poses):
                passed = [t for t, at in zip(visit.tables, changes) if index >= at]
                if passed and (not tables or passed[-1] is not tables[-1]):
                    tables.append(passed[-1])
                plan.append((len(tables) - 1, pose))
            if tables[-1] is not after.position:
                tables.append(after.position)
            plan += [(len(tables) - 1, None)] * pacing.idle
        moves.append({**{k: v for k, v in command.items() if k != "source"}, "player": game.position.turn,
                      "first_frame": first, "last_frame": len(plan) - 1, "board": print_board(after.position)})
        game = after
    frames, records, previous = [], [], (None, None)
    for index, (table, pose) in enumerate(plan):
        shown = replace(with_position(scene, tables[table]), hand=pose)
        # One sensor grain for every frame, as a webcam's fixed pattern: MPEG-4 part 2 spends no bits on
        # a still table then, and the bundled clip stays a few hundred KB.
        frame = render_frame(shown, 0 if fixed_grain else index)
        seen = bool(frame.hand.max() > 0.01 or frame.hand_shadow.max() > 0.05) if pose is not None else False
        still = not seen and previous == (False, table)
        records.append({"table": table, "hand": seen, "still": still or (index == 0 and not seen)})
        frames.append(frame.image)
        previous = (seen, table)
    truth = {"format": FORMAT, "game": "the-colony", "seed": seed, "look": scene.look.name,
             "clip": {"fps": pacing.fps, "frame_count": len(frames), "size": list(options.size)},
             "start": print_board(start), "moves": moves, "tables": [print_board(t) for t in tables],
             "frames": records}
    return Clip(frames, truth)


def _trip(scene: ColonyScene, look: HandPose, colour: str, points: list, pacing: Pacing) -> list[HandPose]:
    """In along the arm to the first point, over each further point in turn, then back out."""
    side = 1.0 if colour == "red" else -1.0
    turn = math.radians(scene.board_pose[2])
    jitter = random.Random(f"trip {scene.seed} {points[0]}")
    angle = math.pi / 2 * side + turn + math.radians(jitter.uniform(-25, 25))
    toward = (-math.cos(angle), -math.sin(angle))
    hover = jitter.uniform(15, 35)

    def pose(target, share: float) -> HandPose:
        back = REACH_BACK_MM * (1 - share)
        reach = (target[0] - back * toward[0], target[1] - back * toward[1])
        shoulder = (reach[0] - 520 * toward[0], reach[1] - 520 * toward[1])
        return replace(look, from_mm=shoulder, reach_mm=reach, hover_mm=START_HOVER_MM + (hover - START_HOVER_MM) * share)

    def ease(share: float) -> float:
        return 0.5 - 0.5 * math.cos(math.pi * share)

    poses = [pose(points[0], ease((step + 1) / pacing.approach)) for step in range(pacing.approach)]
    poses += [pose(points[0], 1.0)] * pacing.hold
    for point in points[1:]:
        poses += [pose(point, 1.0)] * pacing.step
    poses += [pose(points[-1], ease(1 - (step + 1) / (pacing.retreat + 1))) for step in range(pacing.retreat)]
    return poses


# The bundled clip (samples/colony/turns.mp4): two turns from the setup (red sows and passes, which the
# table never shows; black sows), in the glass-bead look, 800x450 at 2.5 frames a second.
SAMPLE = {"seed": 23, "turns": 2, "look": "glass-bead"}


def write_sample_clip(folder) -> list:
    """samples/colony/turns.mp4 and turns.json (the moves it shows, and each frame's truth)."""
    import json
    from pathlib import Path

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    clip = render_clip(SAMPLE["seed"], SAMPLE["turns"], look=SAMPLE["look"], fixed_grain=True)
    video, truth = folder / "turns.mp4", folder / "turns.json"
    write_video(video, clip.frames, clip.truth["clip"]["fps"])
    truth.write_text(json.dumps(clip.truth, separators=(",", ":")) + "\n", encoding="utf-8")
    return [video, truth]
