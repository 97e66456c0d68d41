"""Reader accuracy on rendered views with known truth: per-cell and whole-board, with a confusion matrix.

Run: .venv/bin/python benchmarks/read_accuracy.py [--first 5000 --count 600] [--cache DIR] [--jobs 2]

Each seed gives one 1280x720 view of a game part-way through (2-4 boards), with tilt 0-45
degrees, warm/cool/even light, sensor noise, blur and JPEG chosen from the seed. Views are
rendered once and kept under the cache folder (not the repository): rendering takes seconds.
Seeds 1000-1199 were used while developing the reader; the default measurement seeds
(5000 and up) were kept apart from them.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import os
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one core, as the budgets say; see cell_model
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DEFAULT_CACHE = Path("/tmp/companion-read-views")
JPEG_QUALITIES = (None, 92, 85, 75, 65)


def view_options(seed: int, size=(1280, 720), hand: bool = False):
    """The render options for one seed: tilt, light and JPEG quality vary with it."""
    from companion.games.cannonball_colony.render import RenderOptions

    chooser = random.Random(f"read view {seed}")
    tilt = round(chooser.uniform(0.0, 45.0), 2)
    light = chooser.choice(("warm", "cool", "even"))
    quality = chooser.choice(JPEG_QUALITIES)
    return RenderOptions(size=size, tilt_deg=tilt, light=light, hand=hand, jpeg_quality=quality)


CANNON_RICH_FROM = 21000


def training_position(seed: int):
    """A game part-way through with many more pieces and roads than play gives: every kind of
    piece of every player, often, for the cell model to learn from (legality does not matter)."""
    from companion.games.cannonball_colony.cells import Ground, Piece, PieceKind
    from companion.games.cannonball_colony.render.samples import demo_position

    position = demo_position(seed)
    chooser = random.Random(f"training position {seed}")
    # From seed 21000 on, cannons come twice as often: with fewer of them the network took
    # 3 in 80 cannons for blockades (seeds 5000-5599, model of 1158 views).
    kinds = ((PieceKind.CANNON, PieceKind.CANNON, PieceKind.BLOCKADE, PieceKind.FORT) if seed >= CANNON_RICH_FROM
             else (PieceKind.FORT, PieceKind.FORT, PieceKind.CANNON, PieceKind.BLOCKADE))
    ground, pieces = dict(position.ground), dict(position.pieces)
    for cell in position.cells():
        if ground.get(cell) in (Ground.GRASS, Ground.FOREST) and chooser.random() < 0.15:
            ground[cell] = Ground.ROAD
        if ground.get(cell) is Ground.ROAD and cell not in pieces and chooser.random() < 0.4:
            kind = chooser.choice(kinds)
            pieces[cell] = Piece(kind, chooser.choice(position.players))
    return position.replace(ground=ground, pieces=pieces)


def view_paths(cache: Path, seed: int, size=(1280, 720), hand: bool = False, training: bool = False) -> tuple[Path, Path]:
    folder = cache / f"{'train-' if training else ''}{size[0]}x{size[1]}{'-hand' if hand else ''}"
    return folder / f"{seed}.png", folder / f"{seed}.json"


def render_view(seed: int, cache: Path = DEFAULT_CACHE, size=(1280, 720), hand: bool = False,
                training: bool = False) -> tuple[Path, Path] | None:
    """Render seed's view into the cache unless it is there already; the image and truth paths,
    or None when the renderer cannot lay that island's sheets flat (it says so; such seeds are skipped)."""
    import cv2

    image_path, truth_path = view_paths(cache, seed, size, hand, training)
    skipped = image_path.with_suffix(".skip")
    if image_path.exists() and truth_path.exists():
        return image_path, truth_path
    if skipped.exists():
        return None
    from companion.games.cannonball_colony.render import render_table
    from companion.games.cannonball_colony.render.samples import demo_position

    image_path.parent.mkdir(parents=True, exist_ok=True)
    try:
        position = training_position(seed) if training else demo_position(seed)
        rendered = render_table(position, seed, view_options(seed, size, hand))
    except ValueError as error:
        skipped.write_text(f"{error}\n", encoding="utf-8")
        return None
    # PNG of the decoded frame: the JPEG's artefacts are in it, and nothing is compressed twice.
    cv2.imwrite(str(image_path) + ".tmp.png", rendered.image)
    Path(str(image_path) + ".tmp.png").rename(image_path)
    truth_path.write_text(json.dumps(rendered.truth, separators=(",", ":")), encoding="utf-8")
    return image_path, truth_path


def _render_one(job) -> int:
    seed, cache, size, hand, training = job
    render_view(seed, cache, size, hand, training)
    return seed


def render_views(seeds, cache: Path = DEFAULT_CACHE, size=(1280, 720), hand: bool = False, jobs: int = 1,
                 training: bool = False) -> None:
    missing = [s for s in seeds if not all(p.exists() for p in view_paths(cache, s, size, hand, training))
               and not view_paths(cache, s, size, hand, training)[0].with_suffix(".skip").exists()]
    if not missing:
        return
    print(f"rendering {len(missing)} views into {cache} ({jobs} processes; a few seconds each)", file=sys.stderr)
    started = time.time()
    work = [(s, cache, size, hand, training) for s in missing]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for done, _ in enumerate(pool.map(_render_one, work), 1):
                if done % 25 == 0:
                    print(f"  {done}/{len(missing)} in {time.time() - started:.0f} s", file=sys.stderr)
    else:
        for done, job in enumerate(work, 1):
            _render_one(job)
            if done % 25 == 0:
                print(f"  {done}/{len(missing)} in {time.time() - started:.0f} s", file=sys.stderr)


# --- labelled features, for training the cell and ship networks ------------------------

def truth_tokens(truth: dict) -> tuple[dict, dict]:
    """(board, col, row) -> token, and (board, col, row, side) -> ship owner, from a render's truth."""
    from companion.games.cannonball_colony.cells import Cell, Ground
    from companion.games.cannonball_colony.position import Position
    from companion.games.cannonball_colony.render.scene import _seaward

    corners = {board["board"]: Cell.parse(board["corner"]) for board in truth["boards"]}
    tokens = {}
    for board, corner in corners.items():
        for row in range(6):
            for col in range(6):
                tokens[(board, col, row)] = truth["cells"][str(Cell(corner.col + col, corner.row + row))]
    # Only land and boards matter for where a ship stands (training islands break piece limits).
    ground = {Cell.parse(name): Ground("r" if len(token) == 2 else token) for name, token in truth["cells"].items()}
    position = Position((), tuple(corners[b] for b in sorted(corners)), 0, 0, ground)
    sides = {(0, -1): "up", (-1, 0): "left", (1, 0): "right", (0, 1): "down"}
    ships = {}
    for ship in truth["ships"]:
        cell = Cell.parse(ship["cell"])
        board = next(b for b, c in corners.items() if c.col <= cell.col < c.col + 6 and c.row <= cell.row < c.row + 6)
        side = sides[_seaward(position, cell)]
        ships[(board, cell.col - corners[board].col, cell.row - corners[board].row, side)] = ship["owner"]
    return tokens, ships


def labelled_features(image_path: Path, truth_path: Path, reader) -> dict | None:
    """Features of one view's cells and ship spots with their true labels; None when the
    reader did not find every board."""
    import cv2
    import numpy as np

    from companion.games.cannonball_colony.camera.cell_features import board_features
    from companion.games.cannonball_colony.camera.occlusion import context_features

    truth = json.loads(truth_path.read_text(encoding="utf-8"))
    _, island, views = reader.look(cv2.imread(str(image_path)))
    if island is None or set(views) != {b["board"] for b in truth["boards"]}:
        return None
    tokens, ships = truth_tokens(truth)
    covered = set((truth.get("hand") or {}).get("covered_cells", []))
    out = {"cells": [], "context": [], "tokens": [], "hidden": [], "spots": [], "ships": []}
    for board, view in views.items():
        features = board_features(view, reader.settings.features)
        out["cells"].append(features.cells)
        out["context"].append(context_features(view, features.cells))
        corner = next(b["corner"] for b in truth["boards"] if b["board"] == board)
        for row in range(6):
            for col in range(6):
                out["tokens"].append(tokens[(board, col, row)])
                out["hidden"].append(_cell_name(corner, col, row) in covered)
        out["spots"].append(features.spots)
        out["ships"] += [ships.get((board, c, r, side), "none") for c, r, side in features.spot_places]
    out["cells"], out["context"], out["spots"] = np.vstack(out["cells"]), np.vstack(out["context"]), np.vstack(out["spots"])
    return out


def _cell_name(corner: str, col: int, row: int) -> str:
    from companion.games.cannonball_colony.cells import Cell

    base = Cell.parse(corner)
    return str(Cell(base.col + col, base.row + row))


ARRAYS = ("cells", "context", "spots")
TRAINING_SEEDS = {"training": range(20000, 20800), "cannons": range(21000, 21300), "plain": range(1000, 1200), "hands": range(30000, 30200)}


def gather(sets: dict, cache: Path, reader) -> dict:
    """Labelled features of every view of the named seed sets (rendered first if need be)."""
    import numpy as np

    parts = {"cells": [], "context": [], "tokens": [], "hidden": [], "spots": [], "ships": []}
    used = 0
    for kind, seeds in sets.items():
        for seed in seeds:
            paths = render_view(seed, cache, hand=kind == "hands", training=kind in ("training", "cannons"))
            if paths is None:
                continue
            found = labelled_features(*paths, reader)
            if found is None:
                print(f"  {kind} seed {seed}: a board was not located; left out", file=sys.stderr)
                continue
            used += 1
            for key in parts:
                parts[key].append(found[key] if key in ARRAYS else list(found[key]))
    out = {key: (np.vstack(value) if key in ARRAYS else sum(value, [])) for key, value in parts.items()}
    out["views"] = used
    return out


def train(sets: dict, cache: Path, output: Path) -> None:
    import numpy as np

    from companion.games.cannonball_colony.camera.reader import IslandReader
    from companion.vision.cell_model import fit, save_models

    data = gather(sets, cache, IslandReader())
    hidden = np.array(data["hidden"])
    print(f"training on {data['views']} views: {len(hidden)} cells ({hidden.sum()} under a hand), "
          f"{len(data['ships'])} ship spots", file=sys.stderr)
    print("cell labels:", dict(Counter(data["tokens"])), file=sys.stderr)
    print("ship labels:", dict(Counter(data["ships"])), file=sys.stderr)
    ranges = ", ".join(f"{kind} {min(seeds)}-{max(seeds)}" for kind, seeds in sets.items())
    note = f"trained on rendered views, seeds {ranges} ({data['views']} views)"
    clear = ~hidden
    cells = fit(data["cells"][clear], [t for t, h in zip(data["tokens"], hidden) if not h], note=note,
                log=lambda m: print("cells", m, file=sys.stderr))
    occlusion = fit(data["context"], ["hidden" if h else "clear" for h in hidden], hidden=24, note=note,
                    log=lambda m: print("hidden", m, file=sys.stderr))
    ships = fit(data["spots"], data["ships"], hidden=24, note=note, log=lambda m: print("ships", m, file=sys.stderr))
    save_models(output, {"cells": cells, "hidden": occlusion, "ships": ships}, note)
    print(f"wrote {output}", file=sys.stderr)


TOKENS = ("g", "f", "l", "m", "r", "Ff", "Fs", "Fp", "Fe", "Cf", "Cs", "Cp", "Ce", "Bf", "Bs", "Bp", "Be")
MISSING = "?"   # the reader did not locate the cell's board


def evaluate(seeds, cache: Path, hands: bool = False) -> dict:
    """Read every view afresh and compare with its truth."""
    import cv2

    from companion.games.cannonball_colony.cells import Cell
    from companion.games.cannonball_colony.camera.reader import IslandReader

    reader = IslandReader()
    confusion = Counter()
    boards = Counter()
    views = Counter()
    ships = Counter()
    hidden = Counter()
    errors = []
    low = Counter()
    for seed in seeds:
        paths = render_view(seed, cache, hand=hands)
        if paths is None:
            continue
        truth = json.loads(paths[1].read_text(encoding="utf-8"))
        tokens, true_ships = truth_tokens(truth)
        reading = reader.read_stages(cv2.imread(str(paths[0])), 0.0, None)
        observation = reading.observation
        views["views"] += 1
        covered = set((truth.get("hand") or {}).get("covered_cells", []))
        seen = {}
        for board_truth in truth["boards"]:
            board = board_truth["board"]
            corner = Cell.parse(board_truth["corner"])
            view = reading.views.get(board)
            board_ok = True
            for row in range(6):
                for col in range(6):
                    name = str(Cell(corner.col + col, corner.row + row))
                    want = tokens[(board, col, row)]
                    got = reading.tokens.get((board, col, row), MISSING) if view is not None else MISSING
                    is_hidden = view is not None and Cell(view.origin[0] + col, view.origin[1] + row) in observation.hidden
                    if hands:
                        hidden[("covered" if name in covered else "clear", "hidden" if is_hidden else "read")] += 1
                        if name in covered:
                            continue
                    confusion[(want, got)] += 1
                    probability = reading.probabilities.get((board, col, row), 0.0)
                    low[("right" if want == got else "wrong", "low" if probability < 0.6 else "sure")] += 1
                    if want != got:
                        board_ok = False
                        errors.append((seed, board, name, want, got, round(probability, 3)))
            boards["boards"] += 1
            boards["exact"] += board_ok
            seen[board] = board_ok
        # Ships: each true ship must be read at its landing cell, and no other ship seen.
        read_landing = {str(c): str(cell) for c, cell in (observation.position.landing.items() if observation.position else [])}
        true_landing = {ship["owner"]: ship["cell"] for ship in truth["ships"]}
        for owner, cell in true_landing.items():
            ok = read_landing.get(owner) == cell
            ships["right" if ok else "missed or misplaced"] += 1
            if not ok:
                errors.append((seed, None, cell, f"ship {owner}", f"ship at {read_landing.get(owner)}", None))
        for owner in set(read_landing) - set(true_landing):
            ships["phantom"] += 1
            errors.append((seed, None, read_landing[owner], "no ship", f"ship {owner}", None))
        layout_ok = observation.position is not None and str(observation.position.boards) == str(
            tuple(Cell.parse(b["corner"]) for b in sorted(truth["boards"], key=lambda b: b["board"])))
        ships_ok = read_landing == true_landing
        views["exact"] += all(seen.values()) and layout_ok and ships_ok
        views["layout wrong"] += not layout_ok
        views["any hidden"] += bool(observation.hidden)
        if hands:
            views["hand covers"] += bool(covered)
            views["hand covers, some hidden"] += bool(covered) and bool(observation.hidden)
    return {"confusion": confusion, "boards": boards, "views": views, "ships": ships, "hidden": hidden,
            "errors": errors, "low": low}


def report(result: dict, label: str) -> None:
    confusion, boards, views = result["confusion"], result["boards"], result["views"]
    cells = sum(confusion.values())
    right = sum(n for (want, got), n in confusion.items() if want == got)
    print(f"\n== {label}: {views['views']} views ==")
    print(f"cells read right      {right}/{cells} = {right / max(cells, 1):.4%}   (target 99.9%)")
    print(f"printed boards exact  {boards['exact']}/{boards['boards']} = {boards['exact'] / max(boards['boards'], 1):.3%}"
          "   (36 cells each)")
    print(f"whole views exact     {views['exact']}/{views['views']} = {views['exact'] / max(views['views'], 1):.3%}"
          "   (every cell, the layout and every ship; target 99%)")
    ships = result["ships"]
    print(f"ships                 {ships['right']} right, {ships['missed or misplaced']} missed or misplaced, "
          f"{ships['phantom']} phantom")
    print(f"layout wrong          {views['layout wrong']} views;   views with a cell reported hidden: {views['any hidden']}")
    low = result["low"]
    print(f"confidence < 0.6      {low[('wrong', 'low')]} of {low[('wrong', 'low')] + low[('wrong', 'sure')]} wrong cells, "
          f"{low[('right', 'low')]} of {low[('right', 'low')] + low[('right', 'sure')]} right cells")
    if result["hidden"]:
        h = result["hidden"]
        print(f"hands: covered cells reported hidden {h[('covered', 'hidden')]}/{h[('covered', 'hidden')] + h[('covered', 'read')]}, "
              f"clear cells reported hidden {h[('clear', 'hidden')]}/{h[('clear', 'hidden')] + h[('clear', 'read')]}; "
              f"views where a hand covers cells: {views['hand covers']}, of them with hidden cells: {views['hand covers, some hidden']}")
    present = [t for t in TOKENS + (MISSING,) if any(t in key for key in confusion)]
    print("\nconfusion (rows: truth, columns: read)")
    print("      " + "".join(f"{t:>6}" for t in present))
    for want in present:
        if not any(k[0] == want for k in confusion):
            continue
        print(f"{want:>6}" + "".join(f"{confusion.get((want, got), 0) or '.':>6}" for got in present))
    if result["errors"]:
        by_view = Counter(error[0] for error in result["errors"])
        print(f"\nerrors in {len(by_view)} views; the worst: " +
              ", ".join(f"{seed} ({count})" for seed, count in by_view.most_common(12)))
        print("errors (seed, board, cell, truth, read, probability), the first 40:")
        for error in result["errors"][:40]:
            print("  ", error)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--first", type=int, default=5000, help="first seed")
    parser.add_argument("--count", type=int, default=600, help="number of views (seeds first..first+count-1)")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--jobs", type=int, default=1, help="rendering processes")
    parser.add_argument("--render-only", action="store_true")
    parser.add_argument("--training", action="store_true", help="piece-rich training views instead")
    parser.add_argument("--hands", action="store_true", help="views with a hand over the island")
    parser.add_argument("--train", action="store_true",
                        help="fit the reader's networks on the training seeds (see TRAINING_SEEDS)")
    args = parser.parse_args()
    if args.train:
        from companion.games.cannonball_colony.camera.reader import MODEL_FILE

        train(TRAINING_SEEDS, args.cache, MODEL_FILE)
        return
    seeds = range(args.first, args.first + args.count)
    render_views(seeds, args.cache, hand=args.hands, jobs=args.jobs, training=args.training)
    if args.render_only:
        return
    started = time.time()
    result = evaluate(seeds, args.cache, hands=args.hands)
    errors_file = args.cache / f"errors-{args.first}-{args.count}{'-hands' if args.hands else ''}.json"
    errors_file.write_text(json.dumps(result["errors"]), encoding="utf-8")
    report(result, f"seeds {args.first}-{args.first + args.count - 1}{' with hands' if args.hands else ''}")
    print(f"\n(read in {time.time() - started:.0f} s; every error listed in {errors_file}; model: {_model_note()})")


def _model_note() -> str:
    from companion.games.cannonball_colony.camera.reader import MODEL_FILE

    return json.loads(MODEL_FILE.read_text())["note"]


if __name__ == "__main__":
    main()
