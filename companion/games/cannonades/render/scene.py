"""Everything a Cannonades render shows, chosen from the seed: each player's ships (face up or down,
turned various ways), a cannonade laid onto a ship, the deck and the discard pile, the card style,
the table, the camera, the light, the sensor and a hand. Table mm as in kit/table.py."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from companion.games.cannonades.deck import Deck, default_deck
from companion.games.cannonades.kit import table
from companion.games.cannonades.render.varied import VariedLook, varied_look
from companion.render.hands import SKIN_TONES, SLEEVES
from companion.render.lighting import LIGHT_KINDS
from companion.render.options import MAX_TILT_DEG, RenderOptions
from companion.render.sensor import Sensor, choose_sensor
from companion.render.textures import CLOTHS, WOODS

# Card styles: paper and ink of the faces, the back's look. "harbour" is never used in tuning: the
# benchmark reports it apart (docs: Vision standard). "ember" and "slate" (full-bleed dark backs) are
# tuning looks added after the first measurements: a random scene picks among the first three as before.
# "varied" (render/varied.py) is a family, a deck of its own per seed, made only when asked for by name:
# tuning tools force it on tuning seeds; it is not among TUNING_STYLES, so the report's seeds keep their styles.
STYLES = ("classic", "navy", "harbour", "ember", "slate", "varied")
TUNING_STYLES = ("classic", "navy", "ember", "slate")
HELD_OUT_STYLE = "harbour"
VARIED_STYLE = "varied"
RANDOM_STYLES = STYLES[:3]   # what a scene with no style asked for picks from: every seed keeps its scene
SHIP_ROW_INSET_MM = (70.0, 120.0)   # a ship row's distance from its seat's edge
SHIP_PITCH_MM = (92.0, 104.0)       # along a bottom/top edge; cards turned square need less along a side
SIDE_PITCH_MM = (74.0, 82.0)
JITTER_DEG = 10.0


@dataclass(frozen=True)
class PlacedCard:
    index: int                     # in the deck list
    face_up: bool
    centre: tuple[float, float]    # table mm
    angle_deg: float               # where the card's top faces, clockwise from north
    role: str                      # ship, cannonade (laid onto a ship), discard, deck
    seat: int | None = None        # the player whose area it lies in (ships, a cannonade's target's)
    scale: float = 1.0             # a printer's scale of the whole card (a varied deck's), 1 for true size

    def to_table(self, u: float, v: float) -> tuple[float, float]:
        """A point of the card's frame (mm from its top-left corner of a true-size card) in table mm."""
        from companion.games.cannonades.kit.cards import CARD_MM

        du, dv = (u - CARD_MM[0] / 2) * self.scale, (v - CARD_MM[1] / 2) * self.scale
        tx, ty = table.direction_vector(self.angle_deg)
        rx, ry = table.direction_vector(self.angle_deg + 90.0)
        return self.centre[0] + du * rx - dv * tx, self.centre[1] + du * ry - dv * ty


@dataclass(frozen=True)
class HandReach:
    edge: str
    along: float                   # 0..1 along that edge
    reach: tuple[float, float]     # table mm under the fingertips
    skin: tuple[int, int, int]
    sleeve: tuple[int, int, int]


@dataclass(frozen=True)
class CardScene:
    seed: int
    players: int
    cards: tuple[PlacedCard, ...]  # bottom first: later cards lie on earlier ones
    style: str
    table_material: str
    tilt_deg: float
    yaw_deg: float
    light: str
    sensor: Sensor
    hand: HandReach | None
    deck: Deck
    look: VariedLook | None = None   # the varied family's deck, None for the named styles


def random_scene(seed: int, options: RenderOptions, players: int | None = None, style: str | None = None,
                 deck: Deck | None = None) -> CardScene:
    rng = random.Random(f"cannonades scene {seed}")
    deck = deck or default_deck()
    players = players or rng.choice((2, 2, 3, 4))
    style = style or rng.choice(RANDOM_STYLES)
    if style not in STYLES:
        raise ValueError(f"style {style!r}: expected one of {', '.join(STYLES)}")
    ships = [i for i, card in enumerate(deck.cards) if card.is_ship]
    shots = [i for i, card in enumerate(deck.cards) if not card.is_ship]
    rng.shuffle(ships)
    rng.shuffle(shots)
    placed: list[PlacedCard] = []
    deck_angle = rng.uniform(-8, 8) + rng.choice((0.0, 180.0))
    placed.append(PlacedCard(-1, False, _nudge(rng, table.DECK_SPOT, 3), deck_angle, "deck"))
    for _ in range(rng.randint(0, 4)):
        pool = shots if rng.random() < 0.6 else ships
        placed.append(PlacedCard(pool.pop(), True, _nudge(rng, table.DISCARD_SPOT, 6),
                                 rng.uniform(-25, 25) + rng.choice((0.0, 180.0)), "discard"))
    for seat, edge in enumerate(table.SEAT_EDGES[players], start=1):
        count = rng.randint(1, 4)
        side = edge in ("left", "right")
        pitch = rng.uniform(*(SIDE_PITCH_MM if side else SHIP_PITCH_MM))
        inset = rng.uniform(*SHIP_ROW_INSET_MM)
        length = table.PLAY_MM[1] if side else table.PLAY_MM[0]
        start = length / 2 - pitch * (count - 1) / 2 + rng.uniform(-30, 30)
        for slot in range(count):
            along = start + slot * pitch
            x, y = {"bottom": (along, table.PLAY_MM[1] - inset), "top": (along, inset),
                    "left": (inset, along), "right": (table.PLAY_MM[0] - inset, along)}[edge]
            # Square to the seat, or turned a quarter so the ship's bow points along the row.
            turn = rng.choice((0.0, 0.0, 180.0, 90.0, 270.0)) if not side else rng.choice((90.0, 270.0, 90.0))
            angle = (table.EDGE_FACING[edge] + turn + rng.uniform(-JITTER_DEG, JITTER_DEG)) % 360
            placed.append(PlacedCard(ships.pop(), rng.random() < 0.5, _nudge(rng, (x, y), 4), angle, "ship", seat))
    targets = [card for card in placed if card.role == "ship"]
    if rng.random() < 0.6:
        target = rng.choice(targets)
        # Laid onto the ship, a little off its middle, so most of the ship still shows.
        offset = rng.uniform(26, 40)
        direction = rng.uniform(0, 360)
        dx, dy = table.direction_vector(direction)
        placed.append(PlacedCard(shots.pop(), True, (target.centre[0] + dx * offset, target.centre[1] + dy * offset),
                                 target.angle_deg + rng.uniform(-35, 35), "cannonade", target.seat))
    tilt = options.tilt_deg if options.tilt_deg is not None else rng.uniform(0, MAX_TILT_DEG)
    hand = None
    if options.hand or rng.random() < 0.3:
        edge = rng.choice(("bottom", "left", "right", "top"))
        reach = (rng.uniform(120, table.PLAY_MM[0] - 120), rng.uniform(100, table.PLAY_MM[1] - 100))
        hand = HandReach(edge, rng.uniform(0.25, 0.75), reach, rng.choice(SKIN_TONES), rng.choice(SLEEVES))
    material = rng.choice(sorted(WOODS) + sorted(CLOTHS))
    scene = CardScene(seed, players, tuple(placed), style, material, tilt, rng.uniform(-12, 12),
                      options.light or rng.choice(LIGHT_KINDS), choose_sensor(rng, options.noisy, options.jpeg_quality),
                      hand, deck)
    if style != VARIED_STYLE:
        return scene
    look = varied_look(seed)    # its own stream: the seed's layout, table, camera and light as in any style
    return replace(scene, look=look, cards=tuple(replace(card, scale=look.printer_scale) for card in placed))


def _nudge(rng: random.Random, point, spread: float) -> tuple[float, float]:
    return point[0] + rng.uniform(-spread, spread), point[1] + rng.uniform(-spread, spread)


def card_corners(card: PlacedCard) -> list[tuple[float, float]]:
    from companion.games.cannonades.kit.cards import CARD_MM

    return [card.to_table(u, v) for u, v in ((0, 0), (CARD_MM[0], 0), (CARD_MM[0], CARD_MM[1]), (0, CARD_MM[1]))]


def distance(a, b) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
