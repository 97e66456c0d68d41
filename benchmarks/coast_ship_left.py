"""Cannons & Coastlines: a ship that left the table told from a ship still there whose tag is not seen.

Run: .venv/bin/python benchmarks/coast_ship_left.py [--first 40 --count 40] [--out rows.json]

Per seed: a random table of 2-4 fleets (render/generate.py) filmed 1280x720 with the camera, light, table (woods
and cloths) and noise the seed chooses. One ship, chosen by the seed, is taken away and its place judged in the
picture without it (it left: `camera/ship_gone.py` must say so); the same ship is judged present with its tag
covered by a block of a colour from the seed (a die or a crumb on its deck: kept); and every ship present is judged
as if its tag were not seen (kept). The reader's own flattened play area is used, caught as the reader makes it.

Seeds 0-39 set `ShipGoneSettings.bare_share` and `tag_bare_share` (TUNING_SEEDS_BELOW); 40 up are the report.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from companion.games.cannons_coastlines.camera import reader as coast_reader  # noqa: E402
from companion.games.cannons_coastlines.camera.reader_islands import ship_footprints  # noqa: E402
from companion.games.cannons_coastlines.camera.settings import ShipGoneSettings  # noqa: E402
from companion.games.cannons_coastlines.camera.ship_gone import place_look, tag_card_place  # noqa: E402
from companion.games.cannons_coastlines.factions import load_rulebook  # noqa: E402
from companion.games.cannons_coastlines.render.draw import render_coast_frame  # noqa: E402
from companion.games.cannons_coastlines.render.generate import random_coast_table  # noqa: E402
from companion.games.cannons_coastlines.render.scene import compose_coast_scene  # noqa: E402
from companion.render.textures import WOODS  # noqa: E402
from companion.kit import ids  # noqa: E402
from companion.render.options import RenderOptions  # noqa: E402

TUNING_SEEDS_BELOW = 40
_caught: dict = {}


def _catch_flat(image, frame):
    flat = _make_flat(image, frame)
    _caught.update(frame=frame, flat=flat)
    return flat


_make_flat = coast_reader._flat_lab
coast_reader._flat_lab = _catch_flat


def judged(image: np.ndarray, ships: dict, ship) -> dict:
    """`ship`'s place in `image` as the reader would judge it were its tag not seen; `ships` those in the picture."""
    _caught.clear()
    coast_reader.make_reader().read_frame(image, 0.0, None)
    if "flat" not in _caught:
        return {"bare": None}
    (flat_lab, outside), frame, shape = _caught["flat"], _caught["frame"], _caught["flat"][0].shape[:2]
    others = {key: other for key, other in ships.items() if key != ship.id}
    elsewhere = ship_footprints(frame, others, shape) if others else np.zeros(shape, bool)
    own = ship_footprints(frame, {ship.id: ship}, shape)
    look = place_look(ship, flat_lab, outside, elsewhere, own, tag_card_place(frame, ship, shape))
    return look.__dict__ if look is not None else {"bare": None}


def tag_id(table, ship, rulebook) -> int:
    fleet = table.players.index(ship.owner) + 1
    cards = [card.id for card in rulebook.factions[table.factions[ship.owner]].ships]
    return ids.ship_tag(fleet, cards.index(ship.card.id) + 1)


def seed_rows(seed: int, rulebook) -> list[dict]:
    rng = random.Random(seed)
    table = random_coast_table(seed, rng.choice((2, 3, 4)))
    options = RenderOptions(size=(1280, 720))
    scene = compose_coast_scene(table, seed, options)
    family = "wood" if scene.material in WOODS else "cloth"
    taken = table.ships[rng.choice(sorted(table.ships))]
    without = table.replace(ships={k: v for k, v in table.ships.items() if k != taken.id})
    present = render_coast_frame(scene)
    gone_image = render_coast_frame(compose_coast_scene(without, seed, options)).image
    rows = [{"seed": seed, "family": family, "ship": taken.id, "case": "taken away",
             **judged(gone_image, without.ships, taken)}]
    ys, xs = np.nonzero(present.marker == tag_id(table, taken, rulebook))
    if len(ys):
        covered = present.image.copy()
        covered[ys.min() - 2:ys.max() + 3, xs.min() - 2:xs.max() + 3] = [rng.randrange(30, 230) for _ in range(3)]
        rows.append({"seed": seed, "family": family, "ship": taken.id, "case": "tag covered",
                     **judged(covered, table.ships, taken)})
    for ship_id, ship in sorted(table.ships.items()):
        rows.append({"seed": seed, "family": family, "ship": ship_id, "case": "present",
                     **judged(present.image, table.ships, ship)})
    return rows


def summary(rows: list[dict], settings: ShipGoneSettings = ShipGoneSettings()) -> list[str]:
    def left(row):
        return row["bare"] is not None and row["seen"] >= settings.least_base_seen and \
            row["bare"] >= settings.bare_share and row["tag_bare"] >= settings.tag_bare_share

    lines = []
    for family in ("wood", "cloth", None):
        chosen = [r for r in rows if family is None or r["family"] == family]
        parts = []
        for case in ("taken away", "tag covered", "present"):
            of = [r for r in chosen if r["case"] == case]
            judgeable = [r for r in of if r["bare"] is not None]
            said = sum(map(left, of))
            near = max((min(r["bare"], r["tag_bare"]) for r in judgeable), default=0.0) if case != "taken away" \
                else min((min(r["bare"], r["tag_bare"]) for r in judgeable), default=1.0)
            parts.append(f"{case}: said left {said} of {len(of)} ({len(of) - len(judgeable)} not judged; "
                         f"{'lowest' if case == 'taken away' else 'highest'} min(base, tag) {near:.3f})")
        lines.append(f"{family or 'all'}: " + "; ".join(parts))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=TUNING_SEEDS_BELOW)
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--out", type=Path, help="write every judged place as JSON")
    args = parser.parse_args()
    rulebook, rows = load_rulebook(), []
    for seed in range(args.first, args.first + args.count):
        rows += seed_rows(seed, rulebook)
    print(f"seeds {args.first}-{args.first + args.count - 1}"
          f"{' (tuning)' if args.first < TUNING_SEEDS_BELOW else ''}: {len(rows)} places judged")
    print("\n".join(summary(rows)))
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
