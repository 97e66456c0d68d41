"""Everything a Cannons & Coastlines render shows, chosen from the seed: where each mat lies
and what lies on it, the camera, the light, the sensor, a hand.

The render frame is table mm with its origin at the play area's centre (lighting and the
table texture are centred there); `to_render` takes the rules' inches (CS-1) into it.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

from companion.games.cannons_coastlines.factions import load_rulebook
from companion.games.cannons_coastlines.table import Ship, Table
from companion.games.cannons_coastlines.kit import pieces as kit
from companion.games.cannons_coastlines.render.piece_sets import CoastPieceSet
from companion.kit import ids
from companion.render.camera import Camera, aim_camera, frame_region
from companion.render.hands import SKIN_TONES, SLEEVES, HandPose
from companion.render.lighting import LIGHT_KINDS, Light, choose_light
from companion.render.options import MAX_TILT_DEG, RenderOptions
from companion.render.sensor import Sensor, choose_sensor
from companion.render.textures import CLOTHS, WOODS

COIN_ROOM_MM = 1.8     # coins lie on spots this much wider than a coin
COIN_NUDGE_MM = 2.3    # at most about 3 mm of overlap (coast_pieces.COIN_MAX_OVERLAP_MM)
CAPTION_MM = 8.0       # the zone's printed caption along its bottom stays clear


@dataclass(frozen=True)
class MatPose:
    seat: int                       # 1-4: the player's place in turn order; marker 36 + seat - 1
    player: str
    centre_mm: tuple[float, float]  # render frame
    angle_deg: float                # clockwise turn from upright, seen from above

    def to_render(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        """A point of the mat's own frame (mm from its top-left corner) in the render frame."""
        angle = math.radians(self.angle_deg)
        dx, dy = x_mm - kit.MAT_MM[0] / 2, y_mm - kit.MAT_MM[1] / 2
        return (self.centre_mm[0] + dx * math.cos(angle) - dy * math.sin(angle),
                self.centre_mm[1] + dx * math.sin(angle) + dy * math.cos(angle))


@dataclass(frozen=True)
class Lying:
    """A coin or prize lying on a mat: `kind` coin/mast/cargo/hull; `detail` the coin's kind,
    or the faction a prize was taken from; `card` the hull's ship card id."""

    kind: str
    detail: str
    mat_xy: tuple[float, float]     # mat frame mm
    angle_deg: float
    on_top: bool = False            # a coin lying partly over another
    card: str | None = None


@dataclass(frozen=True)
class CoastScene:
    seed: int
    table: Table
    material: str
    camera: Camera
    light: Light
    sensor: Sensor
    mats: tuple[MatPose, ...]
    lying: tuple[tuple[Lying, ...], ...]   # per mat, in `mats` order
    hand: HandPose | None
    supersample: int
    piece_set: CoastPieceSet | None = None     # a group's own masts, crates and coins; None: the kit's

    def to_render(self, point_in) -> tuple[float, float]:
        return (point_in[0] * kit.MM_PER_INCH - self.table.width * kit.MM_PER_INCH / 2,
                point_in[1] * kit.MM_PER_INCH - self.table.height * kit.MM_PER_INCH / 2)

    def fleet_of(self, faction: str) -> int:
        """A faction's fleet number: its player's seat (its tags are 24 + 3 (fleet - 1) + ...)."""
        for seat, player in enumerate(self.table.players, start=1):
            if self.table.factions.get(player) == faction:
                return seat
        raise ValueError(f"no player sails faction {faction!r} (factions: {dict(self.table.factions)})")

    def ship_tag(self, ship: Ship) -> int:
        return ids.ship_tag(self.fleet_of(ship.faction), ship_number(ship.faction, ship.card.id))


@lru_cache(maxsize=1)
def _default_rulebook():
    return load_rulebook()


def ship_number(faction: str, card_id: str) -> int:
    """1-3: the card's place on its faction card (the default faction file)."""
    cards = [card.id for card in _default_rulebook().factions[faction].ships]
    if card_id not in cards:
        raise ValueError(f"{faction} has no ship card {card_id!r} (cards: {', '.join(cards)})")
    return cards.index(card_id) + 1


def compose_coast_scene(table: Table, seed: int, options: RenderOptions = RenderOptions(),
                        piece_set: CoastPieceSet | None = None) -> CoastScene:
    """Every choice for one view of `table`; with `piece_set` its mats hold that set's pieces
    (ValueError when a mat's coins do not fit its coin zone)."""
    if not 2 <= len(table.players) <= ids.FLEETS:
        raise ValueError(f"a Cannons & Coastlines table needs 2 to {ids.FLEETS} players, got {list(table.players)}")
    rng = random.Random(f"coast scene {seed}")
    material = rng.choice(list(WOODS) + list(CLOTHS))
    half = (table.width * kit.MM_PER_INCH / 2, table.height * kit.MM_PER_INCH / 2)
    mats, lying = [], []
    for seat, player in enumerate(table.players, start=1):
        home = kit.mat_home_mm(seat, (table.width, table.height))
        centre = (home[0] - half[0] + rng.uniform(-8, 8), home[1] - half[1] + rng.uniform(-8, 8))
        mats.append(MatPose(seat, player, centre, rng.uniform(-4, 4)))
        coin_mm = piece_set.coin.diameter_mm if piece_set else kit.COIN_DIAMETER_MM
        lying.append(_lay_out_mat(table, player, random.Random(f"coast mat {seed} {seat}"), coin_mm))
    corners = _extent_corners(table, mats, half)
    camera = _choose_camera(corners, rng, options)
    light = choose_light(options.light or rng.choice(LIGHT_KINDS), rng, max(half) * 1.2)
    sensor = choose_sensor(rng, options.noisy, options.jpeg_quality)
    scene = CoastScene(seed, table, material, camera, light, sensor, tuple(mats), tuple(lying), None,
                       options.supersample, piece_set)
    if options.hand:
        from dataclasses import replace
        scene = replace(scene, hand=_choose_hand(scene, rng))
    return scene


def _extent_corners(table, mats, half) -> list[tuple[float, float, float]]:
    points = []
    for corner in range(4):
        for x, y in kit.table_marker_corners_in(corner, (table.width, table.height)):
            points.append((x * kit.MM_PER_INCH - half[0], y * kit.MM_PER_INCH - half[1], 0.0))
    for mat in mats:
        for x, y in ((0, 0), (kit.MAT_MM[0], 0), kit.MAT_MM, (0, kit.MAT_MM[1])):
            points.append((*mat.to_render(x, y), 0.0))
    return points


def _choose_camera(corners, rng: random.Random, options: RenderOptions) -> Camera:
    tilt = options.tilt_deg if options.tilt_deg is not None else rng.uniform(0, MAX_TILT_DEG)
    # From a long side of the table, where a webcam on a stand or a shelf would be.
    yaw = rng.uniform(-15, 15) + (180.0 if rng.random() < 0.3 else 0.0)
    distortion = (rng.uniform(-0.12, 0.02), rng.uniform(-0.02, 0.06), rng.uniform(-0.001, 0.001),
                  rng.uniform(-0.001, 0.001), 0.0)
    camera = aim_camera(options.size, (0.0, 0.0, 0.0), tilt, yaw, 1500.0, rng.uniform(60, 76), distortion,
                        rng.uniform(-2, 2))
    return frame_region(camera, corners, rng.uniform(0.9, 0.96), (rng.uniform(-0.01, 0.01), rng.uniform(-0.01, 0.01)))


def _choose_hand(scene: CoastScene, rng: random.Random) -> HandPose:
    """A hand over one of the ships, its arm coming in over the nearer long edge."""
    ship = rng.choice(sorted(scene.table.ships.values(), key=lambda s: s.id))
    reach = scene.to_render((ship.x, ship.y))
    side = 1.0 if reach[1] > 0 else -1.0
    angle = math.radians(90 * side + rng.uniform(-35, 35))
    shoulder = (reach[0] + 560 * math.cos(angle), reach[1] + 560 * math.sin(angle))
    return HandPose(shoulder, reach, rng.uniform(15, 45), rng.choice(SKIN_TONES),
                    rng.choice(SLEEVES) if rng.random() < 0.7 else None, rng.uniform(0.2, 0.85),
                    rng.random() < 0.85, rng.uniform(0, 6), rng.uniform(0.2, 0.8))


def coin_spots(coin_mm: float = kit.COIN_DIAMETER_MM) -> tuple[int, int]:
    """(columns, rows) of the coin zone's spots for coins `coin_mm` across."""
    coins_zone = kit.mat_zone("coins")
    pitch = coin_mm + COIN_ROOM_MM
    return int(coins_zone.width // pitch), int((coins_zone.height - CAPTION_MM) // pitch)


def _lay_out_mat(table: Table, player: str, rng: random.Random, coin_mm: float) -> tuple[Lying, ...]:
    mat = table.mat(player)
    pieces = []
    fittings_zone, coins_zone, hulls_zone = (kit.mat_zone(name) for name in ("fittings", "coins", "hulls"))
    prizes = [(faction, kind) for (faction, kind), count in sorted(mat.prizes.items()) for _ in range(count)]
    fittings = [prize for prize in prizes if prize[1] != "hull"]
    slot = fittings_zone.width / max(len(fittings), 4)
    for index, (faction, kind) in enumerate(fittings):
        x = fittings_zone.x + slot * (index + 0.5) + rng.uniform(-2, 2)
        y = fittings_zone.y + fittings_zone.height / 2 - 3 + rng.uniform(-2, 2)
        pieces.append(Lying("mast" if kind == "mast" else "cargo", faction, (x, y), rng.uniform(-8, 8)))
    hulls = [prize for prize in prizes if prize[1] == "hull"]
    for index, (faction, _) in enumerate(hulls):
        share = (index + 0.5) / len(hulls)
        card = _sunk_card(table, faction)
        pieces.append(Lying("hull", faction, (hulls_zone.x + hulls_zone.width * share + rng.uniform(-4, 4),
                                              hulls_zone.y + hulls_zone.height / 2 - 3 + rng.uniform(-2, 2)),
                            rng.uniform(-5, 5), card=card))
    # Coins lie on a loose grid of spots a little wider than a coin, shuffled and nudged:
    # neighbours nudged together overlap a little; a coin over another lies on top of it.
    radius = coin_mm / 2
    pitch = coin_mm + COIN_ROOM_MM
    columns, rows = coin_spots(coin_mm)
    kinds = sorted(kind for kind, count in mat.coins.items() for _ in range(count))
    if len(kinds) > columns * rows:
        raise ValueError(f"{player}'s mat: {len(kinds)} coins do not fit the coin zone (at most {columns * rows})")
    spots = rng.sample([(c, r) for c in range(columns) for r in range(rows)], len(kinds))
    placed: list[tuple[float, float, bool]] = []
    for kind, (column, row) in zip(kinds, spots):
        x = coins_zone.x + (coins_zone.width - columns * pitch) / 2 + (column + 0.5) * pitch
        y = coins_zone.y + 1 + (row + 0.5) * pitch
        nudged = (x + rng.uniform(-COIN_NUDGE_MM, COIN_NUDGE_MM), y + rng.uniform(-COIN_NUDGE_MM, COIN_NUDGE_MM))
        under = [(px, py, top) for px, py, top in placed if math.hypot(px - nudged[0], py - nudged[1]) < 2 * radius]
        if any(top for *_, top in under):
            nudged, under = (x, y), []   # never on a coin that is itself on top: no piles
        placed.append((*nudged, bool(under)))
        pieces.append(Lying("coin", kind, nudged, rng.uniform(0, 360), bool(under)))
    return tuple(pieces)


def _sunk_card(table: Table, faction: str) -> str | None:
    """A card of `faction` with no ship of it on the table: the captured hull is that ship."""
    afloat = {ship.card.id for ship in table.ships.values() if ship.faction == faction}
    spare = [card.id for card in _default_rulebook().factions[faction].ships if card.id not in afloat]
    return spare[0] if spare else None
