"""Everything a render of The Colony shows, chosen from the seed: the position (eggs and ants), each
bead's place on its log (touching, some piled), the bead look, where the board lies, the camera, the
light, the sensor, a hand. The render frame is table mm with the board's middle at the origin."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

import numpy as np

from companion.games.the_colony.kit.board import GEOMETRY, space_places
from companion.games.the_colony.position import COLOURS, EGGS_IN_ALL, Position
from companion.games.the_colony.render.pieces import LOOKS, BeadLook, look_named
from companion.games.the_colony.render.varied_looks import VARIED, varied_light, varied_look
from companion.render.camera import Camera, aim_camera, frame_region
from companion.render.hands import SKIN_TONES, SLEEVES, HandPose
from companion.render.lighting import LIGHT_KINDS, Light, choose_light
from companion.render.options import MAX_TILT_DEG, RenderOptions
from companion.render.sensor import Sensor, choose_sensor
from companion.render.textures import CLOTHS, WOODS

MAX_EGGS = 12          # on one space, as the issue asks the camera to count
EDGE_MARGIN_MM = 0.6   # a bead's outline keeps this far inside the printed circle


@dataclass(frozen=True)
class Egg:
    space: str
    xy: tuple[float, float]      # board mm
    base_mm: float               # its bottom's height: 0 on the board, more when piled on others
    yaw_deg: float
    scale: float
    tip_deg: float

    @property
    def piled(self) -> bool:
        return self.base_mm > 0


@dataclass(frozen=True)
class ColonyScene:
    seed: int
    position: Position
    look: BeadLook
    ant_kind: str                        # "token" (the printed kit's) or "figure" (the game's plastic ants)
    eggs: tuple[Egg, ...]
    board_pose: tuple[float, float, float]   # board middle (x, y) on the table and its turn, degrees
    material: str
    camera: Camera
    light: Light
    sensor: Sensor
    hand: HandPose | None
    supersample: int

    def board_to_table(self) -> np.ndarray:
        """3x3: board mm (origin at its top-left corner) -> render frame."""
        x, y, turn = self.board_pose
        angle = math.radians(turn)
        width, height = GEOMETRY.size_mm
        cos, sin = math.cos(angle), math.sin(angle)
        to_middle = np.array([[1, 0, -width / 2], [0, 1, -height / 2], [0, 0, 1.0]])
        return np.array([[cos, -sin, x], [sin, cos, y], [0, 0, 1.0]]) @ to_middle

    def on_table(self, point) -> tuple[float, float]:
        mapped = self.board_to_table() @ np.array([point[0], point[1], 1.0])
        return float(mapped[0]), float(mapped[1])


def random_position(seed: int, layout=None) -> Position:
    """A position for a photo: every count 0..12 turns up, the eggs on the board plus those collected
    make 57, and each colour has up to six ants on the logs."""
    rng = random.Random(f"colony position {seed}")
    position = Position.setup(layout)
    weights = [rng.choice((0.74, 0.8, 0.86)) ** k for k in range(MAX_EGGS + 1)]
    eggs = {space: rng.choices(range(MAX_EGGS + 1), weights)[0] for space in position.layout.ids}
    while sum(eggs.values()) > EGGS_IN_ALL:
        space = rng.choice([s for s, n in eggs.items() if n > 0])
        eggs[space] -= 1
    collected_total = EGGS_IN_ALL - sum(eggs.values())
    red = rng.randint(0, collected_total)
    free = list(position.layout.ids)
    rng.shuffle(free)
    ants = {}
    for colour in COLOURS:
        for _ in range(rng.randint(0, 6) if rng.random() < 0.8 else 0):
            ants[free.pop()] = colour
    return position.replace(eggs=eggs, ants=ants, collected={"red": red, "black": collected_total - red},
                            turn=rng.choice(COLOURS))


def compose_scene(position: Position, seed: int, options: RenderOptions = RenderOptions(),
                  look: str | None = None, looks: tuple[str, ...] | None = None) -> ColonyScene:
    """`look` fixes the bead look (VARIED: a training look and shadow strength drawn from the seed);
    otherwise one of `looks` (all by default) from the seed."""
    rng = random.Random(f"colony scene {seed}")
    if look == VARIED:
        bead_look = varied_look(seed)
    else:
        bead_look = look_named(look) if look else look_named(rng.choice(looks or tuple(l.name for l in LOOKS)))
    eggs = tuple(egg for place in space_places(position.layout)
                 for egg in lay_eggs(place.id, place.centre, position.eggs[place.id], bead_look,
                                     random.Random(f"colony eggs {seed} {place.id}")))
    material = rng.choice(list(WOODS) + list(CLOTHS))
    pose = (rng.uniform(-30, 30), rng.uniform(-20, 20), rng.uniform(-8, 8))
    scene = ColonyScene(seed, position, bead_look, rng.choice(("token", "token", "figure")), eggs, pose, material,
                        None, None, None, None, options.supersample)
    width, height = GEOMETRY.size_mm
    corners = [(*scene.on_table(corner), 0.0) for corner in ((0, 0), (width, 0), (width, height), (0, height))]
    camera = _choose_camera(corners, rng, options)
    light = choose_light(options.light or rng.choice(LIGHT_KINDS), rng, max(width, height) * 0.7)
    if look == VARIED:
        light = varied_light(light, seed)
    sensor = choose_sensor(rng, options.noisy, options.jpeg_quality)
    scene = replace(scene, camera=camera, light=light, sensor=sensor)
    if options.hand:
        scene = replace(scene, hand=_choose_hand(scene, rng))
    return scene


def lay_eggs(space: str, centre, count: int, look: BeadLook, rng: random.Random) -> list[Egg]:
    """`count` beads on the circle round `centre`: dropped one by one, most touching one already there;
    when the spot chosen has no room, or now and then on a full log, a bead lies on top of others."""
    radius_room = GEOMETRY.egg_radius_mm - EDGE_MARGIN_MM
    width = look.axes_mm[1] * 2
    eggs: list[Egg] = []
    pile_chance = 0.0 if count < 4 else rng.uniform(0.0, 0.25)
    for _ in range(count):
        scale = 1.0 + rng.uniform(-look.size_spread, look.size_spread)
        reach = look.axes_mm[0] * scale
        flat = [egg for egg in eggs if not egg.piled]
        placed = None
        if len(flat) >= 3 and rng.random() < pile_chance:
            placed = _on_top(flat, eggs, look, scale, rng, space)
        for _attempt in range(60 if placed is None else 0):
            if flat and rng.random() < 0.75:
                near = rng.choice(flat)
                angle = rng.uniform(0, 2 * math.pi)
                distance = width * scale * rng.uniform(0.98, 1.25)
                xy = (near.xy[0] + distance * math.cos(angle), near.xy[1] + distance * math.sin(angle))
            else:
                r = (radius_room - reach) * math.sqrt(rng.random())
                angle = rng.uniform(0, 2 * math.pi)
                xy = (centre[0] + r * math.cos(angle), centre[1] + r * math.sin(angle))
            if math.dist(xy, centre) > radius_room - reach:
                continue
            if all(math.dist(xy, egg.xy) >= width * 0.5 * (scale + egg.scale) * 0.98 for egg in flat):
                placed = Egg(space, xy, 0.0, rng.uniform(0, 360), scale, 0.0)
                break
        if placed is None:
            placed = _on_top(flat, eggs, look, scale, rng, space) if len(flat) >= 2 else \
                Egg(space, centre, look.axes_mm[2] * 2 * 0.5, rng.uniform(0, 360), scale, 10.0)
        eggs.append(placed)
    return eggs


def _on_top(flat: list[Egg], eggs: list[Egg], look: BeadLook, scale: float, rng: random.Random, space: str) -> Egg:
    """A bead resting in the hollow between two touching beads below it (never on a bead already on top)."""
    pairs = [(a, b) for i, a in enumerate(flat) for b in flat[i + 1:]
             if math.dist(a.xy, b.xy) < look.axes_mm[1] * 2 * 1.35 * max(a.scale, b.scale)]
    taken = [egg.xy for egg in eggs if egg.piled]
    rng.shuffle(pairs)
    for a, b in pairs:
        xy = ((a.xy[0] + b.xy[0]) / 2, (a.xy[1] + b.xy[1]) / 2)
        if all(math.dist(xy, other) > look.axes_mm[1] * 2 for other in taken):
            return Egg(space, xy, look.axes_mm[2] * 2 * 0.55, rng.uniform(0, 360), scale, rng.uniform(5, 25))
    a = rng.choice(flat)
    return Egg(space, a.xy, look.axes_mm[2] * 2 * 0.8, rng.uniform(0, 360), scale, rng.uniform(5, 25))


def _choose_camera(corners, rng: random.Random, options: RenderOptions) -> Camera:
    tilt = options.tilt_deg if options.tilt_deg is not None else rng.uniform(0, MAX_TILT_DEG)
    yaw = rng.choice((0.0, 90.0, 180.0, 270.0)) + rng.uniform(-20, 20)
    distortion = (rng.uniform(-0.12, 0.02), rng.uniform(-0.02, 0.06), rng.uniform(-0.001, 0.001),
                  rng.uniform(-0.001, 0.001), 0.0)
    camera = aim_camera(options.size, (0.0, 0.0, 0.0), tilt, yaw, 900.0, rng.uniform(60, 76), distortion,
                        rng.uniform(-2, 2))
    return frame_region(camera, corners, rng.uniform(0.8, 0.95), (rng.uniform(-0.02, 0.02), rng.uniform(-0.02, 0.02)))


def _choose_hand(scene: ColonyScene, rng: random.Random) -> HandPose:
    """A hand reaching for one log space, its arm coming in over the board's nearer long edge."""
    place = rng.choice(space_places(scene.position.layout))
    reach = scene.on_table(place.centre)
    side = 1.0 if reach[1] > 0 else -1.0
    angle = math.radians(90 * side + rng.uniform(-35, 35))
    shoulder = (reach[0] + 560 * math.cos(angle), reach[1] + 560 * math.sin(angle))
    return HandPose(shoulder, reach, rng.uniform(20, 60), rng.choice(SKIN_TONES),
                    rng.choice(SLEEVES) if rng.random() < 0.7 else None, rng.uniform(0.2, 0.85),
                    rng.random() < 0.85, rng.uniform(0, 6), rng.uniform(0.2, 0.8))
