"""What stands in each of a ship's fitting holes, read from what stands above the hole.

An empty hole is a dark 5 mm disc on the deck; but a mast's foot in its own shade, or a
fleet's dark blue crate lid, is as dark, so darkness alone misreads a third of the ships.
Each hole is read instead from a few measures taken through the plane raised to the right
height (exactly, for any tilt), each a share of the deck's own brightness or colour:
- the hole: the darkest spots within 1.4 mm of its centre, against the deck 5 mm round it;
- a mast's pole, 5-9 mm up (below the sail), dark against the deck where the tilt shows it;
- a mast's sail, 14-36 mm up across the ship: pale or unsaturated against the brown deck,
  and with steps in colour across its edges;
- a crate's lid, 11 mm up: nearer the fleet's colour than the deck's.
A hole's score is a weighted sum of its kind's measures (weights fitted on the rendered
development views, seeds 100-299, kept in fittings_weights.json), a fitting where it is above
zero; |score| is the margin.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from companion.games.cannons_coastlines.kit import pieces as kit
from companion.vision.table_frame import TableFrame
from companion.games.cannons_coastlines.camera.mat_looks import FLEET_REFERENCES
from companion.games.cannons_coastlines.camera.settings import FittingSettings

WEIGHTS_FILE = Path(__file__).with_name("fittings_weights.json")
WEIGHTS_KIND = "companion-coast-fitting-weights/1"
SAIL_FORWARD_MM = kit.MAST_RADIUS_MM + 0.4  # the sail hangs just ahead of the pole
CRATE_TOP_MM = kit.CRATE_MM[2]


@dataclass(frozen=True, eq=False)
class FittingWeights:
    """(weights..., bias) per kind, for the measures in the order hole_measures returns them."""

    mast: np.ndarray
    crate: np.ndarray


def load_fitting_weights(path: Path = WEIGHTS_FILE) -> FittingWeights:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{path}: no such fitting weights file") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"{path}: not JSON ({error.msg} at line {error.lineno})") from None
    if not isinstance(data, dict) or data.get("kind") != WEIGHTS_KIND:
        raise ValueError(f"{path}: expected kind {WEIGHTS_KIND!r}")
    sizes = {"mast": 5, "crate": 3}   # a mast's four measures and a crate's two, each with a bias
    for kind, size in sizes.items():
        if not isinstance(data.get(kind), list) or len(data[kind]) != size:
            raise ValueError(f"{path}: {kind!r} must be a list of {size} numbers, got {data.get(kind)!r}")
    return FittingWeights(np.array(data["mast"], np.float64), np.array(data["crate"], np.float64))


def read_fittings(image: np.ndarray, grey: np.ndarray, frame: TableFrame, centre_mm, heading_deg: float,
                  card, fleet: int, weights: FittingWeights,
                  settings: FittingSettings = FittingSettings()) -> tuple[tuple[bool, ...], float]:
    """Whether each of the card's holes holds its fitting, and the least clear hole's margin 0..1."""
    filled, margins = [], []
    for kind, measures in zip(card.fittings, hole_measures(image, grey, frame, centre_mm, heading_deg, card, fleet, settings)):
        kind_weights = weights.mast if kind == "mast" else weights.crate
        score = float(np.dot(kind_weights[:-1], measures) + kind_weights[-1])
        filled.append(score > 0)
        margins.append(min(1.0, abs(score) / settings.margin_scale))
    return tuple(filled), (min(margins) if margins else 1.0)


def hole_measures(image, grey, frame, centre_mm, heading_deg, card, fleet,
                  settings: FittingSettings = FittingSettings()) -> list[np.ndarray]:
    """Per hole, its kind's measures: a mast's (hole, pole, sail paleness, sail edges), a
    crate's (hole, lid colour)."""
    heading = math.radians(heading_deg)
    forward = np.array([math.cos(heading), math.sin(heading)])
    across = np.array([-forward[1], forward[0]])
    spots = [np.asarray(centre_mm, np.float64) + forward * along
             for along in kit.fitting_holes_mm(card.length, len(card.fittings))]
    if not spots:
        return []
    layouts = [_layout(kind, settings) for kind in card.fittings]
    # Every point of every hole through the lens at once: (table mm, height above the table).
    points = np.vstack([spot + local[:, :1] * forward + local[:, 1:] * across
                        for spot, (local, _, _) in zip(spots, layouts)])
    heights = np.concatenate([raised for _, raised, _ in layouts])
    pixels = frame.to_image(points, heights).astype(np.float32)
    xs, ys = pixels[:, 0].reshape(-1, 1), pixels[:, 1].reshape(-1, 1)
    bgr = cv2.remap(image, xs, ys, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE).reshape(1, -1, 3)
    lab = cv2.cvtColor(bgr, cv2.COLOR_BGR2Lab).reshape(-1, 3).astype(np.float32) - (0, 128, 128)
    # Hole and pole are read in grey: the picture's own grey, not the Lab of its colour.
    greys = cv2.remap(grey, xs, ys, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE).ravel().astype(np.float32)
    result, start = [], 0
    for kind, (local, _, groups) in zip(card.fittings, layouts):
        end = start + len(local)
        taken = {name: (lab[start:end][part], greys[start:end][part], pixels[start:end][part])
                 for name, part in groups.items()}
        result.append(_measures(taken, kind, fleet))
        start = end
    return result


def _measures(taken, kind, fleet) -> np.ndarray:
    ring_lab, ring_grey, _ = taken["ring"]
    deck = max(_quantile(ring_grey, 0.75), 1.0)
    hole = float(np.sort(taken["foot"][1])[1]) / deck
    deck_colour = _quantile(ring_lab, 0.5)
    if kind != "mast":
        lid_ab = taken["lid"][0][:, 1:]
        fleet_ab = FLEET_REFERENCES.get(fleet, np.zeros(2, np.float32))
        towards_fleet = _lengths(lid_ab - deck_colour[1:]) - _lengths(lid_ab - fleet_ab)
        return np.array([hole, _quantile(towards_fleet, 0.5) / 50])
    # The pole only counts where the tilt lifts it off the hole (3 mm of lean or more).
    foot, raised, aside = taken["lean"][2]
    lean = float(np.hypot(*(raised - foot)) / max(float(np.hypot(*(aside - foot))), 1e-6))
    pole = (float(taken["pole"][1].mean()) / deck - 1.0) * min(lean / 3.0, 1.0)
    sail = taken["sail"][0]
    deck_chroma = float(np.hypot(*deck_colour[1:]))
    pale = float(np.mean((_lengths(sail[:, 1:]) < 0.5 * deck_chroma) | (sail[:, 0] > deck_colour[0] + 30)))
    edges = _quantile(_lengths(taken["edge_in"][0] - taken["edge_out"][0]), 0.5)
    return np.array([hole, pole, pale, math.log1p(edges)])


def _lengths(vectors: np.ndarray) -> np.ndarray:
    return np.sqrt((vectors * vectors).sum(1))


def _quantile(values: np.ndarray, share: float):
    """np.quantile's linear interpolation along the first axis, without its overhead (a few
    dozen values, several times per hole)."""
    ordered = np.sort(values, axis=0)
    place = share * (len(ordered) - 1)
    low = int(place)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (place - low) * (ordered[high] - ordered[low])


@lru_cache(maxsize=4)
def _layout(kind: str, settings: FittingSettings) -> tuple[np.ndarray, np.ndarray, dict[str, slice]]:
    """The points sampled round one hole of this kind: (forward, across) mm from the hole,
    their heights above the table, and each named group's slice of them."""
    deck = kit.HULL_HEIGHT_MM
    directions = np.array([(math.cos(a), math.sin(a)) for a in np.linspace(0, 2 * math.pi, 12, endpoint=False)])
    foot = np.vstack([np.zeros((1, 2))] + [directions[::3] * radius for radius in settings.foot_radii_mm[1:]])
    groups = [("foot", foot, deck), ("ring", directions * settings.deck_ring_mm, deck)]
    if kind != "mast":
        lid = np.array([(a, b) for a in (-2.5, 0.0, 2.5) for b in (-2.5, 0.0, 2.5)])
        groups.append(("lid", lid, deck + CRATE_TOP_MM))
    else:
        groups += [("pole", np.zeros((1, 2)), deck + height) for height in settings.pole_heights_mm]
        # The hole, 7 mm above it and 1 mm aside: how far the tilt leans a mast, in deck mm.
        groups += [("lean", np.zeros((1, 2)), deck), ("lean", np.zeros((1, 2)), deck + 7.0),
                   ("lean", np.array([(0.0, 1.0)]), deck)]
        sail = np.column_stack([np.full(7, SAIL_FORWARD_MM), np.linspace(-12, 12, 7)])
        groups += [("sail", sail, deck + height) for height in (17.0, 21.0, 25.0, 29.0, 33.0)]
        # Across the sail's top and bottom edges, and its two ends: just inside, just outside.
        spread = np.column_stack([np.full(5, SAIL_FORWARD_MM), np.linspace(-10, 10, 5)])
        for name, (top, bottom), reach in (("edge_in", (35.0, 15.0), 13.5), ("edge_out", (38.0, 12.0), 17.0)):
            ends = np.array([(SAIL_FORWARD_MM, -reach), (SAIL_FORWARD_MM, reach)])
            groups += [(name, spread, deck + top), (name, spread, deck + bottom)]
            groups += [(name, ends, deck + height) for height in (18.0, 24.0, 30.0)]
    local = np.vstack([points for _, points, _ in groups])
    heights = np.concatenate([np.full(len(points), height) for _, points, height in groups])
    # A group's points lie together (groups of one name follow each other).
    slices, start = {}, 0
    for name, points, _ in groups:
        first = slices[name].start if name in slices else start
        slices[name] = slice(first, start + len(points))
        start += len(points)
    return local, heights, slices
