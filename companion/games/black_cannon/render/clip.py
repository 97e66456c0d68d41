"""The bundled Black Cannon clip (samples/black_cannon/turns.mp4 + turns.json): a few turns of a
three-player game filmed from one camera, rendered from a seed. A hand comes in for each change (the
dice thrown, a ship sailed, a ship knocked over by the cannon and stood up again as a frigate) and
leaves; between changes the table stands still.

The turns are a script of record commands; the rules (record.py) play them, so the expected events in
the truth are the rules' own, and the table each frame shows is the game's position after them:
red picks up a chest, blue lands on a Black Cannon square and sinks red's galleon (it comes back as a
frigate and keeps its chest), green sails out of its port, red rolls one die and sails home with the chest.

    companion render black-cannon --clip samples/black_cannon/turns.mp4 --seed 17
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from companion.games.black_cannon.kit import pieces as kit
from companion.games.black_cannon.record import RECORD
from companion.games.black_cannon.render.draw import render_frame
from companion.games.black_cannon.render.scene import (CHEST_SPOTS, DICE_MARGIN_MM, DiePose, ShipPose, _choose_hand,
                                                       compose_scene)
from companion.games.black_cannon.text import print_board
from companion.render.files import write_clip_files
from companion.render.options import RenderOptions

FORMAT = "companion-black-cannon-clip/1"
START = """players: red=red blue=blue green=green
turn: red
ships: red=galleon@A1 blue=galleon@K2 green=galleon@A12
carrying:
home: red=0 blue=0 green=0
chests: D4=4 J4=3 D9=3 J9=4
"""
# The script: each step a record command; "knock" is the table only (the target lies knocked over
# before the shot is recorded), and a shot's command follows it.
SCRIPT = (
    {"type": "roll", "dice": [3, 1]},
    {"type": "move", "fleet": "red", "to": "D4"},
    {"type": "roll", "dice": [4, 2]},
    {"type": "move", "fleet": "blue", "to": "K6"},
    {"type": "knock", "fleet": "red"},
    {"type": "shot", "target": "red", "sunk": True, "chest": None},
    {"type": "roll", "dice": [2, 5]},
    {"type": "move", "fleet": "green", "to": "C10"},
    {"type": "roll", "dice": [3]},
    {"type": "move", "fleet": "red", "to": "A1"},
)
# 4:3 and no sensor noise: the clip must stay under 300 KB, and MPEG-4 spends its bits on noise; the
# board still gets as many pixels a millimetre as in a 1280x720 view.
CLIP_OPTIONS = RenderOptions(size=(896, 672), tilt_deg=12, light="even", noisy=False)
FPS = 4.0


@dataclass(frozen=True)
class Pacing:
    still: int = 3        # frames the table stands still after each change
    hand: int = 1         # frames with a hand over the table before each state in `hands`
    # A hand sails red to the chest and stands red's sunk galleon up as a frigate; the other changes come
    # between frames (a hand costs the clip's size most).
    hands: tuple[int, ...] = (2, 6)
    held: int = 0         # frames the hand then rests still over the table (a player holding a ship)
    frame_noise: float = 0.0   # fresh sensor noise per frame (grey levels, one sigma), as a webcam's


@dataclass
class Clip:
    frames: list[np.ndarray]
    truth: dict


def _ship_pose(fleet: str, ship, position, rng: random.Random, carrying: bool, knocked: bool = False) -> ShipPose:
    geometry = kit.BoardGeometry(position.board.columns, position.board.rows)
    width, height = geometry.size_mm
    x, y = geometry.square_centre(*position.board.xy(ship.square))
    centre = (x - width / 2 + rng.uniform(-2, 2), y - height / 2 + rng.uniform(-2, 2))
    heading = rng.choice(range(0, 360, 45)) + rng.uniform(-10, 10)
    return ShipPose(fleet, ship.kind, ship.square, centre, heading, carrying, knocked)


def _chest_tokens(position) -> tuple:
    geometry = kit.BoardGeometry(position.board.columns, position.board.rows)
    width, height = geometry.size_mm
    tokens = []
    for square, count in sorted(position.chests.items()):
        x, y = geometry.square_centre(*position.board.xy(square))
        for dx, dy in CHEST_SPOTS[:count]:
            tokens.append((square, (x - width / 2 + dx, y - height / 2 + dy)))
    return tuple(tokens)


def _free_spot(rng: random.Random, half, taken, size: float) -> tuple[float, float]:
    for _ in range(400):
        centre = (rng.uniform(-half[0] - DICE_MARGIN_MM + 15, half[0] + DICE_MARGIN_MM - 15),
                  rng.uniform(-half[1] - DICE_MARGIN_MM + 15, half[1] + DICE_MARGIN_MM - 15))
        if all(math.dist(centre, at) > room + size for at, room in taken):
            return centre
    raise ValueError("no free place on the table for a die")


def play_script(start: str = START, script=SCRIPT) -> list[tuple[dict, object]]:
    """Each step with the game after it, as the rules play it (ValueError if the script breaks a rule)."""
    game = RECORD.apply(None, {"type": "game", "board": start}, 1)
    played = []
    for step in script:
        if step["type"] != "knock":
            verdict, bodies = RECORD.decide(game, step)
            if not verdict.legal:
                raise ValueError(f"the clip's script breaks a rule at {step}: {verdict.message}")
            for body in bodies:
                game = RECORD.apply(game, body, 2)
        played.append((step, game))
    return played


def render_clip(seed: int, options: RenderOptions = CLIP_OPTIONS, pacing: Pacing = Pacing()) -> Clip:
    rng = random.Random(f"black cannon clip {seed}")
    start = RECORD.apply(None, {"type": "game", "board": START}, 1)
    scene = compose_scene(start.position, seed, options, held_out=False, sunk=frozenset())
    half = (scene.geometry.size_mm[0] / 2, scene.geometry.size_mm[1] / 2)
    ships = {pose.fleet: pose for pose in scene.ships}
    dice = list(scene.dice)
    states = [replace(scene, hand=None)]
    expected, labels = [], ["the start"]
    for step, game in play_script():
        position = game.position
        if step["type"] == "roll":
            taken = [(pose.centre_mm, 24.0) for pose in ships.values()] + [(c, 8.0) for _, c in scene.chests]
            thrown = range(len(step["dice"]))
            keep = [dice[i] for i in range(len(dice)) if i not in thrown]
            taken += [(d.centre_mm, d.style.size_mm) for d in keep]
            for index, pips in zip(thrown, step["dice"]):
                centre = _free_spot(rng, half, taken, dice[index].style.size_mm)
                dice[index] = DiePose(dice[index].style, pips, centre, rng.uniform(0, 90), 0.0, 0.0)
                taken.append((centre, dice[index].style.size_mm))
        elif step["type"] == "knock":
            ships[step["fleet"]] = replace(ships[step["fleet"]], sunk=True)
        for fleet, ship in position.ships.items():
            pose = ships[fleet]
            if step["type"] != "knock" and (pose.square != ship.square or pose.kind != ship.kind or pose.sunk):
                ships[fleet] = _ship_pose(fleet, ship, position, rng, fleet in position.carrying)
            elif pose.carrying != (fleet in position.carrying):
                ships[fleet] = replace(pose, carrying=fleet in position.carrying)
        states.append(replace(scene, position=position, ships=tuple(ships[f] for f in position.fleets),
                              chests=_chest_tokens(position), dice=tuple(dice), hand=None))
        if step["type"] != "knock":
            expected.append({k: v for k, v in step.items()})
        labels.append(_label(step, game))
    return _film(scene, states, expected, labels, seed, pacing, rng)


def _label(step: dict, game) -> str:
    if step["type"] == "roll":
        return f"rolls {' and '.join(map(str, step['dice']))}"
    if step["type"] == "move":
        return f"{step['fleet']} sails to {step['to']}"
    if step["type"] == "knock":
        return f"the cannon knocks {step['fleet']}'s ship over"
    return f"{step['target']} is sunk: it stands again as a {game.position.ships[step['target']].kind}"


def _film(scene, states, expected, labels, seed, pacing: Pacing, rng: random.Random) -> Clip:
    frames, records = [], []
    for index, state in enumerate(states):
        if index:
            before, after = states[index - 1], state
            targets = [p.centre_mm for p in after.ships if p not in before.ships] + \
                      [d.centre_mm for d in after.dice if d not in before.dice]
            for step in range(pacing.hand if index in pacing.hands else 0):
                shown = before if step < pacing.hand // 2 else after
                hand = _choose_hand(shown, rng)
                goal = targets[0] if targets else hand.reach_mm
                hand = replace(hand, reach_mm=(goal[0] + rng.uniform(-20, 20), goal[1] + rng.uniform(-20, 20)),
                               hover_mm=40.0 + 25 * step)
                image = render_frame(replace(shown, hand=hand), len(frames)).image
                for _ in range(1 + (pacing.held if step == pacing.hand - 1 else 0)):
                    frames.append(_with_noise(image, pacing.frame_noise, rng))
                    records.append({"index": len(records), "state": index - (step < pacing.hand // 2),
                                    "still": False, "hand": True})
        image = render_frame(state, len(frames)).image
        for step in range(pacing.still):
            frames.append(_with_noise(image, pacing.frame_noise, rng))
            records.append({"index": len(records), "state": index, "still": step > 0, "hand": False})
    truth = {"format": FORMAT, "game": "black-cannon", "seed": seed, "start": START,
             "clip": {"fps": FPS, "frame_count": len(frames), "size": list(frames[0].shape[1::-1])},
             "die_style": scene.dice[0].style.name,
             "expected": expected,
             "states": [{"label": label, "board_text": print_board(state.position),
                         "knocked_over": [p.fleet for p in state.ships if p.sunk],
                         "dice": [d.up for d in state.dice]} for label, state in zip(labels, states)],
             "frames": records}
    return Clip(frames, truth)


def _with_noise(image: np.ndarray, sigma: float, rng: random.Random) -> np.ndarray:
    if not sigma:
        return image
    noise = np.random.default_rng(rng.getrandbits(32)).normal(0.0, sigma, image.shape)
    return np.clip(image + noise, 0, 255).astype(np.uint8)


def write_clip(path: Path, seed: int) -> dict:
    """Render the clip and write it as MPEG-4 (mp4v) with its truth beside it (NAME.json)."""
    clip = render_clip(seed)
    write_clip_files(path, clip.frames, FPS, clip.truth)
    return clip.truth
