"""A group's own Cannons & Coastlines pieces, as the renderer draws them: masts, crates and coins of
other proportions, materials and colours than the kit's, each fleet's paint spread round its ink's hue.

The kit prints tags and mats, not pieces: a group's masts, crates and coins are whatever it owns.
A CoastPieceSet is drawn from a seed over the families it may use, so the reader can be taught and
tried on looks it never saw; the same set lies on the mats and on the teaching sheet.

Families (one per kind in a set):
- masts: "pennant" (a pole, a plain sail, the fleet's pennant at the top), "striped" (no pennant: a
  band of the fleet's paint across the sail), "banner" (the whole sail in the fleet's paint);
- crates: "box" (wood, the lid painted), "painted" (a box painted all over), "barrel" (wood, the
  top painted);
- coins: "ringed" (metal, the kind's colour in a ring, an icon or not), "dotted" (metal, a broad
  dot of the kind's colour), "chip" (plastic in the kind's colour, white marks round the edge).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.games.cannons_coastlines.factions import COIN_KINDS
from companion.games.cannons_coastlines.kit import pieces as kit
from companion.render.piece_shapes import LookSettings, owner_colour

FAMILIES = {"mast": ("pennant", "striped", "banner"), "crate": ("box", "painted", "barrel"),
            "coin": ("ringed", "dotted", "chip")}
POLE_RGB = ((150, 112, 72), (92, 64, 40), (40, 38, 36), (214, 210, 200), (160, 160, 166))
SAIL_RGB = ((236, 229, 208), (246, 244, 238), (200, 196, 186), (226, 212, 180))
WOOD_RGB = ((150, 104, 58), (118, 80, 46), (176, 134, 86), (96, 70, 52))
METAL_RGB = ((201, 164, 82), (188, 190, 196), (184, 115, 70), (160, 150, 120))


@dataclass(frozen=True)
class MastLook:
    family: str
    length_mm: float                 # the pole, lying
    pole_radius_mm: float
    pole_rgb: tuple[int, int, int]
    sail_mm: tuple[float, float]     # across the pole, along it
    sail_from_mm: float              # the sail's foot, from the pole's foot
    sail_rgb: tuple[int, int, int]
    pennant_mm: tuple[float, float]  # (0, 0) when the family shows none
    gloss: float


@dataclass(frozen=True)
class CrateLook:
    family: str
    size_mm: tuple[float, float, float]   # across, along, tall (a barrel: its width twice, tall)
    wood_rgb: tuple[int, int, int]
    rim_mm: float                         # wood left round the painted lid
    gloss: float


@dataclass(frozen=True)
class CoinLook:
    family: str
    diameter_mm: float
    thickness_mm: float
    metal_rgb: tuple[int, int, int]       # the face (a chip's edge marks are white)
    ring_mm: float                        # the coloured ring's width, or the dot's radius
    icon: bool
    gloss: float


@dataclass(frozen=True)
class CoastPieceSet:
    """One look per kind, each fleet's paint and each coin kind's colour (sRGB)."""

    mast: MastLook
    crate: CrateLook
    coin: CoinLook
    fleet_rgb: tuple[tuple[int, int, int], ...]          # fleet 1 first
    coin_rgb: tuple[tuple[str, tuple[int, int, int]], ...]

    @property
    def families(self) -> dict[str, str]:
        return {"mast": self.mast.family, "crate": self.crate.family, "coin": self.coin.family}

    def paint(self, fleet: int) -> tuple[int, int, int]:
        return self.fleet_rgb[fleet - 1]

    def coin_colour(self, kind: str) -> tuple[int, int, int]:
        return dict(self.coin_rgb)[kind]


# Coin kinds' hues lie 25 degrees apart and more: a group's coins keep theirs within a few degrees.
COIN_COLOURS = LookSettings(hue_spread_deg=6.0, lightness_spread=0.12, saturation_spread=0.2)


def choose_piece_set(seed: int, families: dict[str, tuple[str, ...]] = FAMILIES) -> CoastPieceSet:
    """A set of `families` (kind -> the families it may be drawn from)."""
    for kind, allowed in families.items():
        unknown = [family for family in allowed if family not in FAMILIES.get(kind, ())]
        if unknown or not allowed:
            raise ValueError(f"{kind}: unknown or no families {list(allowed)}; expected some of {FAMILIES.get(kind)}")
    rng = random.Random(f"coast piece set {seed}")
    mast = choose_mast(rng, rng.choice(sorted(families["mast"])))
    crate = choose_crate(rng, rng.choice(sorted(families["crate"])))
    coin = choose_coin(rng, rng.choice(sorted(families["coin"])))
    fleets = tuple(owner_colour(look.rgb, rng) for look in kit.FLEET_LOOKS)
    coins = tuple((kind, owner_colour(kit.coin_look(kind).rgb, rng, COIN_COLOURS)) for kind in COIN_KINDS)
    return CoastPieceSet(mast, crate, coin, fleets, coins)


def _gloss(rng: random.Random) -> float:
    return round(rng.uniform(0.4, 0.8) if rng.random() < 0.5 else rng.uniform(0.0, 0.1), 2)


def choose_mast(rng: random.Random, family: str) -> MastLook:
    length = rng.uniform(34.0, 52.0)
    sail_along = rng.uniform(0.35, 0.55) * length
    sail_from = rng.uniform(0.25, 0.4) * length
    sail_rgb = rng.choice(SAIL_RGB)
    pennant = (rng.uniform(8.0, 15.0), rng.uniform(5.0, 9.0)) if family == "pennant" else (0.0, 0.0)
    return MastLook(family, round(length, 1), round(rng.uniform(1.2, 2.6), 2), rng.choice(POLE_RGB),
                    (round(rng.uniform(18.0, 32.0), 1), round(sail_along, 1)), round(sail_from, 1), sail_rgb,
                    tuple(round(v, 1) for v in pennant), _gloss(rng))


def choose_crate(rng: random.Random, family: str) -> CrateLook:
    across = rng.uniform(11.0, 17.0)
    along = across if family == "barrel" else across * rng.uniform(0.85, 1.2)
    tall = rng.uniform(7.0, 14.0)
    return CrateLook(family, (round(across, 1), round(along, 1), round(tall, 1)), rng.choice(WOOD_RGB),
                     round(rng.uniform(1.0, 2.5), 1), _gloss(rng))


def choose_coin(rng: random.Random, family: str) -> CoinLook:
    diameter = rng.uniform(18.0, 26.0)
    ring = diameter * (rng.uniform(0.12, 0.18) if family == "ringed" else rng.uniform(0.22, 0.32))
    metal = rng.choice(METAL_RGB)
    return CoinLook(family, round(diameter, 1), round(rng.uniform(1.5, 3.2), 1), metal, round(ring, 1),
                    family == "ringed" and rng.random() < 0.6, _gloss(rng))

