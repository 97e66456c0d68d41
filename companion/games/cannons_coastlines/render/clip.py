"""The bundled Cannons & Coastlines clip (samples/coast/turns.mp4 + turns.json): a turn each of a
two-fleet game filmed from one camera, rendered from a seed. A hand comes in for each change (a ship
sailed, a fitting knocked off and laid on the shooter's mat as a prize, a coin collected, a coin spent)
and leaves; between changes the table stands still, so the points on the Points screen follow the mats.

The players are named as the camera names them (a fleet's colour) and sail the factions the camera's
default seats give their fleets, so the game the camera starts is the clip's. Coins already on a mat
stay where they lie when another is added or one is taken away.

    companion render cannons-coastlines --clip samples/coast/turns.mp4 --seed 7
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

import numpy as np

from companion.games.cannons_coastlines.camera.reader import default_seats
from companion.games.cannons_coastlines.factions import load_rulebook
from companion.games.cannons_coastlines.geometry import distance, forward, inside_table
from companion.games.cannons_coastlines.kit import pieces as kit
from companion.games.cannons_coastlines.render.draw import render_coast_frame
from companion.games.cannons_coastlines.render.generate import SHIP_CLEARANCE_IN, random_coast_table
from companion.games.cannons_coastlines.render.scene import (CAPTION_MM, COIN_ROOM_MM, CoastScene, Lying,
                                                             coin_spots, compose_coast_scene)
from companion.games.cannons_coastlines.scoring import value_table
from companion.games.cannons_coastlines.state import holdings_of, points_of
from companion.games.cannons_coastlines.table import Mat, Ship, Table
from companion.games.cannons_coastlines.table_json import table_to_json
from companion.render.files import write_clip_files
from companion.render.hands import SKIN_TONES, SLEEVES, HandPose
from companion.render.options import RenderOptions

FORMAT = "companion-cannons-coastlines-clip/1"
SEED = 7
# Each mat starts part-way through a game: a few coins of mixed kinds and a prize (the favoured coin kinds of a
# faction are not modelled by the reader, so any mix will do).
START_MATS = (
    Mat({"skilled_gunner": 2, "repair_crew": 2, "brace_for_impact": 1, "evasive_maneuvers": 1},
        {("merchants", "cargo"): 1}),
    Mat({"full_sail": 2, "boarding_party": 2, "repair_crew": 1}, {("navy", "mast"): 1}),
)
# The coins' kinds and the mast bands need pixels: 1280x720 as the benchmarks read; no sensor noise (MPEG-4
# spends its bits on noise), a little tilt and an even light.
CLIP_OPTIONS = RenderOptions(size=(1280, 720), tilt_deg=15.0, light="even", noisy=False)
FPS = 4.0
SAIL_TRIES = ((0, 3.0), (25, 3.0), (-25, 3.0), (45, 2.5), (-45, 2.5), (90, 2.0), (-90, 2.0), (180, 2.0))


@dataclass(frozen=True)
class Pacing:
    still: int = 4        # frames the table stands still after each change (the tracker wants three calm ones)
    hand: int = 2         # frames with a hand over the table for each change: before it, then after it
    held: int = 0         # frames the hand then rests still over what it changed (a player holding a ship)
    # A webcam's frames each carry fresh sensor noise (grey levels, one sigma); the bundled clip has none, as
    # MPEG-4 spends its bits on noise. A still table is drawn once and the noise added per frame.
    frame_noise: float = 0.0


@dataclass
class Clip:
    frames: list[np.ndarray]
    truth: dict


@dataclass(frozen=True)
class Change:
    label: str
    table: Table
    reach: tuple[str, str]     # where the hand goes: ("ship", ship id) or ("mat", player)


def clip_start(seed: int = SEED) -> Table:
    """A random two-fleet table from `seed`, its players named as the camera names them; ValueError when the
    seed's factions are not the camera's default seats' (the clip's seed is chosen so they are)."""
    table = random_coast_table(seed, 2)
    seats = default_seats(load_rulebook())[:2]
    if [table.factions[p] for p in table.players] != [seat.faction for seat in seats]:
        raise ValueError(f"seed {seed}'s factions {dict(table.factions)} are not the camera's seats "
                         f"({', '.join(s.faction for s in seats)}): choose another seed (the bundled clip's is {SEED})")
    names = {old: seat.player for old, seat in zip(table.players, seats)}
    ships = {}
    for ship in table.ships.values():
        renamed = replace(ship, id=f"{names[ship.owner]}/{ship.card.id}", owner=names[ship.owner])
        ships[renamed.id] = renamed
    islands = {key: replace(island, holder=names.get(island.holder)) for key, island in table.islands.items()}
    players = tuple(names[p] for p in table.players)
    return table.replace(players=players, factions={names[p]: f for p, f in table.factions.items()}, ships=ships,
                         islands=islands, mats=dict(zip(players, START_MATS)), turn=players[0])


def play_script(start: Table) -> list[Change]:
    """The changes the clip films, each the table after it: blue sails, shoots a crate off a yellow ship
    and collects a coin; yellow spends Full Sail, sails twice and shoots a mast off a blue ship."""
    blue, yellow = start.players
    changes: list[Change] = []
    table = start
    steps: list[Callable[[Table], Change]] = [
        lambda t: _sail(t, _ship_with(t, blue, None), 1, f"{blue}'s {{}} sails"),
        lambda t: _hit(t, blue, _ship_with(t, yellow, "cargo"), "cargo"),
        lambda t: Change(f"{blue} collects a coin at its island (skilled gunner)",
                         t.with_mat(blue, t.mat(blue).with_coin("skilled_gunner", 1)), ("mat", blue)),
        lambda t: _sail(t.with_mat(yellow, t.mat(yellow).with_coin("full_sail", -1)), _ship_with(t, yellow, None), 2,
                        f"{yellow} spends a Full Sail coin: its {{}} sails twice"),
        lambda t: _hit(t, yellow, _ship_with(t, blue, "mast"), "mast"),
    ]
    for step in steps:
        change = step(table)
        changes.append(change)
        table = change.table
    return changes


def _ship_with(table: Table, player: str, fitting: str | None) -> Ship:
    """The player's first ship (by card) still sailing, carrying `fitting` when one is named."""
    ships = sorted(table.fleet(player), key=lambda s: s.id)
    for ship in ships:
        if ship.fittings and (fitting is None or fitting in ship.fittings):
            return ship
    raise ValueError(f"{player} has no ship with {fitting or 'a fitting'} on seed's table")


def _sail(table: Table, ship: Ship, clicks: int, label: str) -> Change:
    """The ship steered and sailed forward, clear of everything on the table (the first way that is)."""
    others = list(table.obstacles(skip=ship.id).values())
    for turn, inches in SAIL_TRIES:
        heading = (ship.heading + turn) % 360
        dx, dy = forward(heading)
        moved = ship.moved(x=round(ship.x + dx * inches * clicks, 3), y=round(ship.y + dy * inches * clicks, 3),
                           heading=round(heading, 2))
        outline = moved.outline()
        if inside_table(outline, table.width, table.height) and \
                all(distance(outline, other) > SHIP_CLEARANCE_IN for other in others):
            return Change(label.format(ship.card.id), table.with_ship(moved), ("ship", ship.id))
    raise ValueError(f"{ship.id} has no clear way to sail on the clip's table")


def _hit(table: Table, shooter: str, target: Ship, fitting: str) -> Change:
    """A hit knocks `fitting` off `target`; the shooter lays it on their mat as a prize."""
    fittings = list(target.fittings)
    fittings.remove(fitting)
    hit = table.with_ship(target.moved(fittings=tuple(fittings)))
    prized = hit.with_mat(shooter, hit.mat(shooter).with_prize(target.faction, fitting))
    label = f"{shooter} shoots {'a crate' if fitting == 'cargo' else 'a mast'} off {target.id} and keeps it"
    return Change(label, prized, ("mat", shooter))


# --- the mats' pieces, kept where they lie --------------------------------------------------


def _coin_spot_centres(coin_mm: float) -> list[tuple[float, float]]:
    zone = kit.mat_zone("coins")
    pitch = coin_mm + COIN_ROOM_MM
    columns, rows = coin_spots(coin_mm)
    return [(zone.x + (zone.width - columns * pitch) / 2 + (c + 0.5) * pitch, zone.y + 1 + (r + 0.5) * pitch)
            for r in range(rows) for c in range(columns)]


def relay_mat(lying: tuple[Lying, ...], before: Mat, after: Mat, rng: random.Random,
              coin_mm: float = kit.COIN_DIAMETER_MM) -> tuple[Lying, ...]:
    """The mat's pieces after `before` became `after`: those kept stay put; a coin taken is one no coin lies on;
    a coin added lies on a free spot; a fitting prize added lies in the next place of the fittings row."""
    pieces = list(lying)
    for kind in sorted(set(before.coins) | set(after.coins)):
        for _ in range(before.coins.get(kind, 0) - after.coins.get(kind, 0)):
            pieces.remove(_coin_to_take(pieces, kind, coin_mm))
        for _ in range(after.coins.get(kind, 0) - before.coins.get(kind, 0)):
            taken = [p.mat_xy for p in pieces if p.kind == "coin"]
            free = [spot for spot in _coin_spot_centres(coin_mm)
                    if all(math.dist(spot, at) > coin_mm + COIN_ROOM_MM for at in taken)]
            if not free:
                raise ValueError(f"no free spot for another {kind} coin on the mat")
            pieces.append(Lying("coin", kind, rng.choice(free), rng.uniform(0, 360)))
    zone = kit.mat_zone("fittings")
    for (faction, kind), count in sorted(after.prizes.items()):
        for _ in range(count - before.prizes.get((faction, kind), 0)):
            if kind == "hull":
                raise ValueError("the clip lays no hull prize")
            placed = [p for p in pieces if p.kind in ("mast", "cargo")]
            if len(placed) >= 4:
                raise ValueError("the fittings row of a mat holds four prizes")
            x = zone.x + zone.width / 4 * (len(placed) + 0.5) + rng.uniform(-2, 2)
            y = zone.y + zone.height / 2 - 3 + rng.uniform(-2, 2)
            pieces.append(Lying("mast" if kind == "mast" else "cargo", faction, (x, y), rng.uniform(-8, 8)))
    return tuple(pieces)


def _coin_to_take(pieces: list[Lying], kind: str, coin_mm: float) -> Lying:
    coins = [p for p in pieces if p.kind == "coin"]
    for coin in reversed(coins):
        covered = any(other.on_top and other is not coin and math.dist(other.mat_xy, coin.mat_xy) < coin_mm
                      for other in coins)
        if coin.detail == kind and not covered:
            return coin
    raise ValueError(f"no {kind} coin to take from the mat")


# --- filming ---------------------------------------------------------------------------------


def _hand_over(scene: CoastScene, reach: tuple[str, str], rng: random.Random, hover_mm: float) -> HandPose:
    """A hand reaching for a ship or a mat, its arm coming in over the nearer long edge."""
    what, key = reach
    if what == "ship":
        ship = scene.table.ships[key]
        point = scene.to_render((ship.x, ship.y))
    else:
        pose = next(m for m in scene.mats if m.player == key)
        point = pose.to_render(kit.MAT_MM[0] / 2, kit.MAT_MM[1] * 0.4)
    side = 1.0 if point[1] > 0 else -1.0
    angle = math.radians(90 * side + rng.uniform(-30, 30))
    shoulder = (point[0] + 560 * math.cos(angle), point[1] + 560 * math.sin(angle))
    target = (point[0] + rng.uniform(-15, 15), point[1] + rng.uniform(-15, 15))
    return HandPose(shoulder, target, hover_mm, rng.choice(SKIN_TONES), rng.choice(SLEEVES), rng.uniform(0.3, 0.8),
                    True, rng.uniform(0, 6), rng.uniform(0.2, 0.6))


def render_clip(seed: int = SEED, options: RenderOptions = CLIP_OPTIONS, pacing: Pacing = Pacing()) -> Clip:
    rng = random.Random(f"coast clip {seed}")
    start = clip_start(seed)
    scene = compose_coast_scene(start, seed, options)
    changes = play_script(start)
    scenes, labels = [scene], ["the start"]
    for change in changes:
        before = scenes[-1]
        lying = tuple(relay_mat(pieces, before.table.mat(pose.player), change.table.mat(pose.player), rng)
                      for pose, pieces in zip(before.mats, before.lying))
        scenes.append(replace(before, table=change.table, lying=lying, hand=None))
        labels.append(change.label)
    return _film(scenes, changes, labels, seed, pacing, rng)


def _film(scenes, changes, labels, seed, pacing: Pacing, rng: random.Random) -> Clip:
    frames, records = [], []
    for index, scene in enumerate(scenes):
        if index:
            for step in range(pacing.hand):
                shown_index = index - 1 if step < pacing.hand // 2 else index
                hand = _hand_over(scenes[shown_index], changes[index - 1].reach, rng, 40.0 + 30 * step)
                image = render_coast_frame(replace(scenes[shown_index], hand=hand), len(frames)).image
                for _ in range(1 + (pacing.held if step == pacing.hand - 1 else 0)):
                    frames.append(_with_noise(image, pacing.frame_noise, rng) if pacing.frame_noise else image)
                    records.append({"index": len(records), "state": shown_index, "still": False, "hand": True})
        image = render_coast_frame(scene, len(frames)).image
        for step in range(pacing.still):
            frames.append(_with_noise(image, pacing.frame_noise, rng) if pacing.frame_noise else image)
            records.append({"index": len(records), "state": index, "still": step > 0, "hand": False})
    values = value_table(load_rulebook())
    truth = {"format": FORMAT, "game": "cannons-coastlines", "seed": seed,
             "clip": {"fps": FPS, "frame_count": len(frames), "size": list(frames[0].shape[1::-1])},
             "states": [{"label": label, "table": table_to_json(scene.table),
                         "points": points_of(holdings_of(scene.table), values)}
                        for label, scene in zip(labels, scenes)],
             "frames": records}
    return Clip(frames, truth)


def _with_noise(image: np.ndarray, sigma: float, rng: random.Random) -> np.ndarray:
    noise = np.random.default_rng(rng.getrandbits(32)).normal(0.0, sigma, image.shape)
    return np.clip(image + noise, 0, 255).astype(np.uint8)


def write_clip(path: Path, seed: int = SEED) -> dict:
    """Render the clip and write it as MPEG-4 (mp4v) with its truth beside it (NAME.json)."""
    clip = render_clip(seed)
    write_clip_files(path, clip.frames, FPS, clip.truth)
    return clip.truth
