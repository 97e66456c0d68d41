"""The bundled Cannonades clip (samples/cannonades/turns.mp4 + turns.json): a game of physical cards
joined late, filmed from one camera, rendered from a seed. Two turns with a shot and a Vendetta, then
the final shootout and the tiebreak:

anna shoots ben's face-down S13 with C26 (no clan in common: damaged); S13's grin is due and ben's
Vendetta turns up anna's S33; anna discards C08 to draw the deck's last card: the final shootout, her
turn ends. On ben's final turn C11 sinks anna's damaged S33; the final turns over, every ship is turned
face up and the tiebreak names the winner. A hand comes in over two of the changes.

The truth's `expected` is what the bookkeeping (watch.py) says of each still table, computed from the
tables as placed, so the clip's test compares the camera's verdicts with the rules' own.

    companion render cannonades --clip samples/cannonades/turns.mp4 --seed 3
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion.games.cannonades.deck import default_deck
from companion.games.cannonades.kit import table
from companion.games.cannonades.render.draw import render_scene
from companion.games.cannonades.render.scene import HandReach, PlacedCard, random_scene
from companion.games.cannonades.seen import SeatSeen, TableSeen
from companion.games.cannonades.watch import TableWatch
from companion.render.files import write_clip_files
from companion.render.options import RenderOptions

FORMAT = "companion-cannonades-clip/1"
# What the table already knows when the camera joins: anna to play, her draw done, the deck nearly out.
SETUP = {"seats": ["anna", "ben"], "turn": "anna", "hands": {"anna": 4, "ben": 3}, "pile": 1,
         "had_turn": ["anna", "ben"]}
SIZE = (1280, 720)   # about 1 px a mm over the table, as the reader wants; no sensor noise keeps the clip small
OPTIONS = RenderOptions(size=SIZE, tilt_deg=10, light="even", noisy=False)
FPS = 4.0
STILL_FRAMES = 4
LAST_FRAMES = 16       # the tiebreak's table stays four seconds on the shared screen before the clip loops
HAND_BEFORE = (1, 3)   # a hand over the table before these states (the cannonade laid, the Vendetta's reveal)
DECK = default_deck()
INDEX = {card.id: index for index, card in enumerate(DECK.cards)}
ANNA_Y, BEN_Y = 480.0, 120.0
DISCARD = table.DISCARD_SPOT


@dataclass(frozen=True)
class Lay:
    card: str
    face_up: bool
    at: tuple[float, float]
    angle: float
    role: str = "ship"
    seat: int | None = None


def _ships(anna_up=(), ben_up=(), sunk=()) -> list[Lay]:
    places = {"S33": (360.0, ANNA_Y, 1), "S26": (480.0, ANNA_Y, 1), "S13": (350.0, BEN_Y, 2), "S20": (490.0, BEN_Y, 2)}
    out = []
    for card, (x, y, seat) in places.items():
        if card in sunk:
            continue
        out.append(Lay(card, card in anna_up or card in ben_up, (x, y), 0.0 if seat == 1 else 180.0, "ship", seat))
    return out


def _pile(*cards: str) -> list[Lay]:
    """The discard pile, bottom first, each card a little off the last so the top one shows whole."""
    return [Lay(card, True, (DISCARD[0] + 9 * n, DISCARD[1] - 6 * n), 8.0 * n - 6, "discard")
            for n, card in enumerate(cards)]


def _on(card: str, ship: tuple[float, float], seat: int) -> Lay:
    """Laid over the ship's lower right on the table: one of the ship's two markers stays in view."""
    return Lay(card, True, (ship[0] + 30.0, ship[1] + 24.0), 20.0, "cannonade", seat)


STATES: tuple[tuple[str, list[Lay]], ...] = (
    ("the table as the camera joins", _ships() + _pile("C05")),
    ("anna lays C26 on ben's face-down S13", _ships() + _pile("C05") + [_on("C26", (350.0, BEN_Y), 2)]),
    ("ben turns S13 face up", _ships(ben_up=("S13",)) + _pile("C05") + [_on("C26", (350.0, BEN_Y), 2)]),
    ("ben's Vendetta turns up anna's S33", _ships(("S33",), ("S13",)) + _pile("C05") + [_on("C26", (350.0, BEN_Y), 2)]),
    ("C26 goes to the discard pile", _ships(("S33",), ("S13",)) + _pile("C05", "C26")),
    ("anna discards C08 to draw the last card", _ships(("S33",), ("S13",)) + _pile("C05", "C26", "C08")),
    ("ben lays C11 on anna's S33", _ships(("S33",), ("S13",)) + _pile("C05", "C26", "C08")
     + [_on("C11", (360.0, ANNA_Y), 1)]),
    ("S33 and C11 go to the discard pile", _ships(("S33",), ("S13",), sunk=("S33",)) + _pile("C05", "C26", "C08", "C11", "S33")),
    ("every ship turned face up", _ships(("S26",), ("S13", "S20"), sunk=("S33",)) + _pile("C05", "C26", "C08", "C11", "S33")),
)


@dataclass
class Clip:
    frames: list[np.ndarray]
    truth: dict


def seen_of(lays: list[Lay], players: int = 2) -> TableSeen:
    """What a perfect reading of the table makes of it (seen.py's terms)."""
    seats = []
    for seat in range(1, players + 1):
        ships = sorted((lay for lay in lays if lay.role == "ship" and lay.seat == seat and lay.face_up),
                       key=lambda lay: lay.card)
        ways = tuple(table.heading(table.bow_angle(lay.angle, DECK.card(lay.card).sails)) for lay in ships)
        down = sum(lay.role == "ship" and lay.seat == seat and not lay.face_up for lay in lays)
        shots = tuple(sorted((lay.card, _under(lay, lays)) for lay in lays if lay.role == "cannonade" and lay.seat == seat))
        seats.append(SeatSeen(tuple(lay.card for lay in ships), down, shots, False, ways))
    return TableSeen(tuple(seats), tuple(sorted(lay.card for lay in lays if lay.role == "discard")))


def _under(cannonade: Lay, lays: list[Lay]) -> str:
    ship = min((lay for lay in lays if lay.role == "ship"),
               key=lambda lay: (lay.at[0] - cannonade.at[0]) ** 2 + (lay.at[1] - cannonade.at[1]) ** 2)
    return ship.card if ship.face_up else "face down"


def expected_verdicts() -> list[dict]:
    """Each still table's verdicts as the rules give them, turns ended as the clip's players would."""
    watch = TableWatch(SETUP["seats"], DECK, SETUP["turn"], SETUP["hands"], SETUP["pile"], tuple(SETUP["had_turn"]))
    out = []
    for index, (label, lays) in enumerate(STATES):
        seen = seen_of(lays)
        for ends in range(len(SETUP["seats"]) + 1):
            trial = copy.deepcopy(watch)
            ended = [v for _ in range(ends) for v in trial.end_turn()]
            said = trial.see(seen)
            if not any(v.question for v in ended + said):
                break
        else:
            raise ValueError(f"the clip's state {index} ({label}) is not explained by the rules")
        watch = trial
        out.append({"state": index, "label": label, "turns_ended": ends,
                    "verdicts": [v.sentence for v in ended + said]})
    if not watch.over:
        raise ValueError("the clip's game does not end")
    out.append({"winners": watch.winners, "why": watch.why, "standings": [row.to_json() for row in watch.standings]})
    return out


def _scene(seed: int, lays: list[Lay], hand: HandReach | None):
    base = random_scene(seed, OPTIONS, players=2, style="classic")
    deck = PlacedCard(-1, False, table.DECK_SPOT, 0.0, "deck")
    cards = tuple(PlacedCard(INDEX[lay.card], lay.face_up, lay.at, lay.angle, lay.role, lay.seat) for lay in lays)
    return dataclasses.replace(base, cards=(deck, *cards), hand=hand, table_material="green felt")


def render_clip(seed: int) -> Clip:
    frames, records = [], []
    for index, (label, lays) in enumerate(STATES):
        if index in HAND_BEFORE:
            reach = next(lay.at for lay in lays if lay not in STATES[index - 1][1])
            edge = "top" if reach[1] < table.CENTRE[1] else "bottom"
            hand = HandReach(edge, 0.5, reach, (188, 150, 120), (70, 60, 50))
            frames.append(render_scene(_scene(seed, lays, hand), SIZE).image)
            records.append({"index": len(records), "state": index, "still": False, "hand": True})
        image = render_scene(_scene(seed, lays, None), SIZE).image
        for step in range(LAST_FRAMES if index == len(STATES) - 1 else STILL_FRAMES):
            frames.append(image)
            records.append({"index": len(records), "state": index, "still": step > 0, "hand": False})
    truth = {"format": FORMAT, "game": "cannonades", "seed": seed, "setup": SETUP,
             "clip": {"fps": FPS, "frame_count": len(frames), "size": list(SIZE)},
             "states": [{"label": label, "table": seen_of(lays).tokens()} for label, lays in STATES],
             "expected": expected_verdicts(), "frames": records}
    return Clip(frames, truth)


def write_clip(path: Path, seed: int) -> dict:
    """Render the clip and write it as MPEG-4 (mp4v) with its truth beside it (NAME.json)."""
    clip = render_clip(seed)
    write_clip_files(path, clip.frames, FPS, clip.truth)
    return clip.truth
