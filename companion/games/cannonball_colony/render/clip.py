"""Clips of whole turns: hands come in, place or take a piece, and leave; every frame with
its truth, including whether a hand covers the board and which frames are still."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

import numpy as np

from companion.games.cannonball_colony.autoplay import random_turn
from companion.games.cannonball_colony.cells import Cell
from companion.games.cannonball_colony.game import Game, Phase
from companion.games.cannonball_colony.position import Position
from companion.games.cannonball_colony.render.frame import render_frame
from companion.render.hands import HandPose
from companion.games.cannonball_colony.render.scene import RenderOptions, Scene, choose_hand, compose_scene
from companion.games.cannonball_colony.render.truth import FORMAT, hand_truth, marker_cover, scene_truth, state_truth
from companion.render.files import write_video  # noqa: F401 (the clip's writer, named here as before)

REACH_BACK_MM = 650.0  # where an approaching hand starts, back along its arm
START_HOVER_MM = 140.0


@dataclass(frozen=True)
class Pacing:
    """Frames per step of a clip."""

    fps: float = 10.0
    idle: int = 4  # still frames before, between and after turns
    approach: int = 6
    hold: int = 3  # the hand over the cell; the change happens in the middle frame
    retreat: int = 5


@dataclass(frozen=True)
class Visit:
    """One reach of a hand: to `cell`, leaving the table as `after` shows it."""

    cell: Cell
    after: Position
    seat: int


@dataclass
class Clip:
    frames: list[np.ndarray]
    truth: dict


def play_turns(game: Game, turns: int, rng: random.Random) -> list[tuple[str, list[Visit], Position]]:
    """Play `turns` random turns; for each: who played it, its visits cell by cell, and the
    confirmed position."""
    played = []
    for _ in range(turns):
        if game.phase is Phase.OVER:
            break
        seat, before = game.seat, game.position
        moves = random_turn(game, rng)
        after = game.position
        game.confirm()
        visits, current = [], before
        for cell in _changed_cells(before, after, _move_order(moves)):
            current = _copy_cell(current, after, cell)
            visits.append(Visit(cell, current, seat))
        if visits:
            visits[-1] = replace(visits[-1], after=game.position)
        label = f"{before.players[seat]}: " + ", ".join(str(move) for move in moves)
        played.append((label, visits, game.position))
    return played


def render_clip(start: Position, seed: int, turns: int, options: RenderOptions = RenderOptions(size=(640, 360)),
                pacing: Pacing = Pacing()) -> Clip:
    """`turns` random turns played from `start`, filmed: a list of frames and the truth."""
    if turns < 1:
        raise ValueError(f"a clip needs at least one turn, not {turns}")
    scene = compose_scene(start, seed, replace(options, hand=False))
    rng = random.Random(f"clip {seed}")
    played = play_turns(Game.from_position(start), turns, rng)
    looks = {seat: choose_hand(scene.tabletop, start, rng) for seat in range(len(start.players))}
    states = [scene.position]
    plan: list[tuple[int, HandPose | None]] = [(0, None)] * pacing.idle
    turn_records = []
    for label, visits, _ in played:
        first = len(plan)
        for visit in visits:
            reach = _reach_poses(scene, looks[visit.seat], visit, len(start.players), pacing)
            states.append(visit.after)
            before, after = len(states) - 2, len(states) - 1
            middle = pacing.approach + pacing.hold // 2
            plan += [(after if index >= middle else before, pose) for index, pose in enumerate(reach)]
        plan += [(len(states) - 1, None)] * pacing.idle
        turn_records.append({"turn": label, "first_frame": first, "last_frame": len(plan) - 1})
    frames, records = [], []
    previous_visible, previous_state = None, None
    for index, (state_index, pose) in enumerate(plan):
        shown = scene.with_position(states[state_index]).with_hand(pose)
        frame = render_frame(shown, index)
        hand = hand_truth(shown, frame.hand)
        visible = frame.hand_seen
        still = not visible and previous_visible is False and state_index == previous_state
        records.append({"index": index, "state": state_index, "still": still or (index == 0 and not visible),
                        "hand": hand if visible else None,
                        "hand_shadow_only": visible and not hand["in_view"],
                        "hidden_markers": {str(k): v for k, v in marker_cover(shown, np.maximum(frame.hand, frame.pieces)).items()}})
        frames.append(frame.image)
        previous_visible, previous_state = visible, state_index
    truth = {**scene_truth(scene),
             "clip": {"fps": pacing.fps, "frame_count": len(frames), "size": list(options.size)},
             "turns": turn_records,
             "states": [state_truth(scene.with_position(state)) for state in states],
             "frames": records}
    truth["format"] = FORMAT
    return Clip(frames, truth)


def _reach_poses(scene: Scene, look: HandPose, visit: Visit, players: int, pacing: Pacing) -> list[HandPose]:
    """The hand's poses for one visit: sliding in along its arm, holding, sliding back out."""
    # Players sit round the table; seat 0 at the +y edge, the others in turn clockwise.
    side = math.radians(90 + 360 * visit.seat / players)
    target = scene.tabletop.cell_centre(visit.cell)
    jitter = random.Random(f"reach {scene.seed} {visit.cell} {visit.seat}")
    side += math.radians(jitter.uniform(-20, 20))
    toward = (-math.cos(side), -math.sin(side))
    shoulder = (target[0] - 520 * toward[0], target[1] - 520 * toward[1])
    hover = jitter.uniform(12, 35)

    def pose(share: float) -> HandPose:
        back = REACH_BACK_MM * (1 - share)
        reach = (target[0] - back * toward[0], target[1] - back * toward[1])
        start = (shoulder[0] - back * toward[0], shoulder[1] - back * toward[1])
        return replace(look, from_mm=start, reach_mm=reach, hover_mm=START_HOVER_MM + (hover - START_HOVER_MM) * share)

    def ease(share: float) -> float:
        return 0.5 - 0.5 * math.cos(math.pi * share)

    poses = [pose(ease((step + 1) / pacing.approach)) for step in range(pacing.approach)]
    poses += [pose(1.0)] * pacing.hold
    poses += [pose(ease(1 - (step + 1) / (pacing.retreat + 1))) for step in range(pacing.retreat)]
    return poses


def _move_order(moves) -> list[Cell]:
    """The cells of a turn's moves in the order they were played (a player lays the connected road first)."""
    order = []
    for move in moves:
        order += list(getattr(move, "cells", ())) or [c for c in (getattr(move, "cell", None), getattr(move, "target", None)) if c]
    return order


def _changed_cells(before: Position, after: Position, order: list[Cell] = ()) -> list[Cell]:
    """Cells whose tile, piece or ship changed: pieces taken away first, then what was added,
    in the order the moves name them."""
    changed = [cell for cell in after.cells()
               if before.ground_at(cell) is not after.ground_at(cell) or before.pieces.get(cell) != after.pieces.get(cell)
               or _landing_at(before, cell) != _landing_at(after, cell)]
    rank = {cell: index for index, cell in reversed(list(enumerate(order)))}
    return sorted(changed, key=lambda cell: (after.pieces.get(cell) is not None or cell not in before.pieces,
                                             rank.get(cell, len(rank)), cell.row, cell.col))


def _landing_at(position: Position, cell: Cell):
    return position.landing_owner(cell)


def _copy_cell(position: Position, source: Position, cell: Cell) -> Position:
    """`position` with `cell` (its ground, piece and any ship landing there) as in `source`."""
    ground = dict(position.ground)
    ground[cell] = source.ground_at(cell)
    pieces = dict(position.pieces)
    pieces.pop(cell, None)
    if cell in source.pieces:
        pieces[cell] = source.pieces[cell]
    landing = dict(position.landing)
    owner = source.landing_owner(cell)
    if owner is not None:
        landing[owner] = cell
    return position.replace(ground=ground, pieces=pieces, landing=landing)
