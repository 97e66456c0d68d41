"""Everything a Black Cannon render shows, chosen from the seed: a position (ships, carried chests,
chests on the treasure squares), which ships lie knocked over, two dice anywhere on the table (their
style, roll, turn, and now and then one cocked), the camera, the light, the sensor and a hand.

The render frame is table mm with its origin at the board's centre; the board frame (kit/pieces.py)
is shifted by half the board's size."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.games.black_cannon.board import Board, default_board, square_name
from companion.games.black_cannon.kit import pieces as kit
from companion.games.black_cannon.position import KINDS, Position, Ship
from companion.games.black_cannon.render.dice import DIE_STYLES, HELD_OUT_STYLE, DieStyle
from companion.render.camera import Camera, aim_camera, frame_region
from companion.render.hands import SKIN_TONES, SLEEVES, HandPose
from companion.render.lighting import LIGHT_KINDS, Light, choose_light
from companion.render.options import MAX_TILT_DEG, RenderOptions
from companion.render.sensor import Sensor, choose_sensor
from companion.render.textures import CLOTHS, WOODS

DICE_MARGIN_MM = 30.0       # dice may lie this far off the board's edge
SUNK_SHARE = 0.15           # of ships, knocked over
COCKED_SHARE = 0.06         # of dice, leaning on something
HELD_OUT_SHARE = 0.25       # of scenes whose dice are the held-out style (when not forced)
CHEST_SPOTS = ((-5.5, -5.5), (5.5, -5.5), (-5.5, 5.5), (5.5, 5.5))


@dataclass(frozen=True)
class ShipPose:
    fleet: str
    kind: str
    square: str
    centre_mm: tuple[float, float]   # render frame
    heading_deg: float               # the bow's direction, clockwise from +x
    carrying: bool
    sunk: bool                       # knocked over: lying on its side


@dataclass(frozen=True)
class DiePose:
    style: DieStyle
    up: int
    centre_mm: tuple[float, float]
    angle_deg: float
    lean_deg: float                  # 0 when flat; a cocked die leans 15-35 degrees
    lean_axis_deg: float

    @property
    def cocked(self) -> bool:
        return self.lean_deg > 0


@dataclass(frozen=True)
class BlackCannonScene:
    seed: int
    position: Position
    material: str
    camera: Camera
    light: Light
    sensor: Sensor
    ships: tuple[ShipPose, ...]
    chests: tuple[tuple[str, tuple[float, float]], ...]   # (treasure square, render-frame centre) per token
    dice: tuple[DiePose, ...]
    hand: HandPose | None
    supersample: int

    @property
    def geometry(self) -> kit.BoardGeometry:
        return kit.BoardGeometry(self.position.board.columns, self.position.board.rows)

    def to_render(self, board_xy) -> tuple[float, float]:
        width, height = self.geometry.size_mm
        return board_xy[0] - width / 2, board_xy[1] - height / 2


def random_position(seed: int, board: Board | None = None) -> Position:
    """A position part-way through a game: 2-4 players' fleets somewhere at sea, some carrying chests,
    the rest of the chests on the treasure squares (none under a ship)."""
    board = board or default_board()
    rng = random.Random(f"black cannon position {seed}")
    players = rng.choice((2, 3, 4))
    fleets = list(kit.FLEET_ORDER)
    names = ("anna", "bob", "cleo", "dev")[:players]
    owned = ((names[0], ("red", "green")), (names[1], ("blue", "yellow"))) if players == 2 else \
        tuple((name, (fleet,)) for name, fleet in zip(names, fleets))
    sea = [name for name in board.names if board.is_sea(name)]
    in_play = [fleet for _, owned_fleets in owned for fleet in owned_fleets]
    squares = rng.sample(sea, len(in_play))
    ships = {fleet: Ship(rng.choice(KINDS), square) for fleet, square in zip(in_play, squares)}
    carrying = frozenset(f for f, ship in ships.items() if ship.kind != "raft" and rng.random() < 0.35)
    chests = {square: (0 if square in squares else rng.randint(0, 4)) for square in board.treasure}
    return Position(board, owned, names[0], ships, carrying, {fleet: 0 for fleet in in_play}, chests)


def compose_scene(position: Position, seed: int, options: RenderOptions = RenderOptions(),
                  held_out: bool | None = None, sunk: frozenset[str] | None = None) -> BlackCannonScene:
    """The scene of `position` from `seed`; `held_out` forces (or forbids) the held-out die style,
    `sunk` the fleets whose ships lie knocked over (else chosen from the seed)."""
    rng = random.Random(f"black cannon scene {seed}")
    geometry = kit.BoardGeometry(position.board.columns, position.board.rows)
    width, height = geometry.size_mm
    half = (width / 2, height / 2)
    ships, middles = [], []
    for fleet in sorted(position.ships, key=kit.FLEET_ORDER.index):
        ship = position.ships[fleet]
        column, row = position.board.xy(ship.square)
        x, y = geometry.square_centre(column, row)
        knocked = (fleet in sunk) if sunk is not None else rng.random() < SUNK_SHARE
        jitter = 5.0 if knocked else 2.5
        centre = (x - half[0] + rng.uniform(-jitter, jitter), y - half[1] + rng.uniform(-jitter, jitter))
        heading = rng.choice(range(0, 360, 45)) + rng.uniform(-12, 12)
        ships.append(ShipPose(fleet, ship.kind, ship.square, centre, heading, fleet in position.carrying, knocked))
        middles.append((x - half[0], y - half[1]))
    ships = _set_apart(ships, middles)
    chests = []
    for square, count in sorted(position.chests.items()):
        column, row = position.board.xy(square)
        x, y = geometry.square_centre(column, row)
        for dx, dy in CHEST_SPOTS[:count]:
            chests.append((square, (x - half[0] + dx + rng.uniform(-1, 1), y - half[1] + dy + rng.uniform(-1, 1))))
    use_held_out = held_out if held_out is not None else rng.random() < HELD_OUT_SHARE
    style = HELD_OUT_STYLE if use_held_out else rng.choice(DIE_STYLES)
    dice = _throw_dice(rng, style, half, ships, chests)
    material = rng.choice(list(WOODS) + list(CLOTHS))
    corners = [(-half[0] - DICE_MARGIN_MM, -half[1] - DICE_MARGIN_MM, 0.0), (half[0] + DICE_MARGIN_MM, -half[1] - DICE_MARGIN_MM, 0.0),
               (half[0] + DICE_MARGIN_MM, half[1] + DICE_MARGIN_MM, 0.0), (-half[0] - DICE_MARGIN_MM, half[1] + DICE_MARGIN_MM, 0.0)]
    camera = _choose_camera(corners, rng, options)
    light = choose_light(options.light or rng.choice(LIGHT_KINDS), rng, max(half) * 1.2)
    sensor = choose_sensor(rng, options.noisy, options.jpeg_quality)
    scene = BlackCannonScene(seed, position, material, camera, light, sensor, tuple(ships), tuple(chests), dice,
                             None, options.supersample)
    if options.hand:
        scene = replace(scene, hand=_choose_hand(scene, rng))
    return scene


def _footprint(centre, heading_deg: float) -> np.ndarray:
    """A stand's outline on the table (its bow's point left out: a rectangle of its length and beam)."""
    length, beam = kit.STAND_MM[1], kit.STAND_MM[0]
    a = math.radians(heading_deg)
    turn = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    corners = np.array([(-length / 2, -beam / 2), (length / 2, -beam / 2), (length / 2, beam / 2), (-length / 2, beam / 2)])
    return (corners @ turn.T + np.asarray(centre)).astype(np.float32)


def _overlap_mm2(one: ShipPose, other: ShipPose) -> float:
    if math.dist(one.centre_mm, other.centre_mm) >= kit.STAND_MM[1] + kit.STAND_MM[0]:
        return 0.0
    return float(cv2.intersectConvexConvex(_footprint(one.centre_mm, one.heading_deg),
                                           _footprint(other.centre_mm, other.heading_deg))[0])


def _set_apart(ships: list[ShipPose], middles: list[tuple[float, float]]) -> list[ShipPose]:
    """A stand turned across its square reaches into the squares round it, and two stands on neighbouring squares
    could pass through each other (earlier renders drew that). Two such stands are each set straight on their
    square's middle, along the square's side nearest their heading: a stand so set lies within its square. No new
    random draw: the rest of the scene stays as the seed drew it."""
    ships = list(ships)
    moved = True
    while moved:
        moved = False
        for i, j in ((i, j) for i in range(len(ships)) for j in range(i + 1, len(ships))):
            if _overlap_mm2(ships[i], ships[j]) > 0.0:
                for k in (i, j):
                    straight = replace(ships[k], centre_mm=middles[k],
                                       heading_deg=round(ships[k].heading_deg / 90.0) * 90.0)
                    moved = moved or straight != ships[k]
                    ships[k] = straight
    return ships


def _throw_dice(rng, style: DieStyle, half, ships, chests) -> tuple[DiePose, ...]:
    taken = [(ship.centre_mm, 24.0) for ship in ships] + [(centre, 8.0) for _, centre in chests]
    dice = []
    for _ in range(2):
        for _ in range(200):
            centre = (rng.uniform(-half[0] - DICE_MARGIN_MM + 15, half[0] + DICE_MARGIN_MM - 15),
                      rng.uniform(-half[1] - DICE_MARGIN_MM + 15, half[1] + DICE_MARGIN_MM - 15))
            if all(math.dist(centre, at) > room + style.size_mm for at, room in taken):
                break
        cocked = rng.random() < COCKED_SHARE
        dice.append(DiePose(style, rng.randint(1, 6), centre, rng.uniform(0, 90),
                            rng.uniform(15, 35) if cocked else 0.0, rng.uniform(0, 360)))
        taken.append((centre, style.size_mm))
    return tuple(dice)


def _choose_camera(corners, rng: random.Random, options: RenderOptions) -> Camera:
    tilt = options.tilt_deg if options.tilt_deg is not None else rng.uniform(0, MAX_TILT_DEG)
    yaw = rng.uniform(-20, 20) + rng.choice((0.0, 90.0, 180.0, 270.0))
    distortion = (rng.uniform(-0.12, 0.02), rng.uniform(-0.02, 0.06), rng.uniform(-0.001, 0.001),
                  rng.uniform(-0.001, 0.001), 0.0)
    camera = aim_camera(options.size, (0.0, 0.0, 0.0), tilt, yaw, 900.0, rng.uniform(60, 76), distortion,
                        rng.uniform(-2, 2))
    return frame_region(camera, corners, rng.uniform(0.9, 0.97), (rng.uniform(-0.01, 0.01), rng.uniform(-0.01, 0.01)))


def _choose_hand(scene: BlackCannonScene, rng: random.Random) -> HandPose:
    """A hand reaching for a ship or a die, its arm coming in over the nearest edge."""
    targets = [ship.centre_mm for ship in scene.ships] + [die.centre_mm for die in scene.dice]
    reach = rng.choice(targets)
    reach = (reach[0] + rng.uniform(-40, 40), reach[1] + rng.uniform(-40, 40))
    angle = math.atan2(reach[1], reach[0]) + math.radians(rng.uniform(-30, 30))
    shoulder = (reach[0] + 560 * math.cos(angle), reach[1] + 560 * math.sin(angle))
    return HandPose(shoulder, reach, rng.uniform(25, 60), rng.choice(SKIN_TONES),
                    rng.choice(SLEEVES) if rng.random() < 0.7 else None, rng.uniform(0.2, 0.85),
                    rng.random() < 0.85, rng.uniform(0, 6), rng.uniform(0.2, 0.8))


def square_of(scene: BlackCannonScene, centre_mm) -> str | None:
    width, height = scene.geometry.size_mm
    found = scene.geometry.square_at(centre_mm[0] + width / 2, centre_mm[1] + height / 2)
    return square_name(*found) if found else None
