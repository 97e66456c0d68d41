"""Black Cannon board fits on tuning views (seeds below the accuracy benchmark's line only): for every view that shows
fewer corner markers than the reader trusts (`ReaderSettings.sure_corners`), the markers seen and how far the board's
fit lies from the renderer's truth, in mm on the board, for the markers' own fit, for each refit start (the markers'
fit and the camera poses their corners allow) after ECC, and for the fit the reader keeps. The markers are looked
for again magnified first (corner_search.py), as the reader does; the first fit is the one before that look.

    nice -n 10 python benchmarks/black_cannon_fit_errors.py --first-seed 3150 --views 200 --jobs 1

A fit's error: each square's middle mapped to the picture by the fit and back to the board by the true homography;
the distance from where it should lie, the largest over the squares whose middle lies in the picture ("view") and
over all squares ("board"). Each start prints its correlation, how far its homography lies from any camera's
(`refit_camera_mm`), the markers' drift, its error, and the reader's verdict on the view (refitted, or why not).
Views of the held-out die style are skipped."""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import black_cannon_accuracy as bench  # noqa: E402


def fit_error_mm(homography, truth_homography, geometry, size) -> tuple[float, float]:
    """(largest over the squares in view, largest over the board) of how far `homography` puts the squares' middles."""
    import cv2
    import numpy as np

    middles = np.float64([geometry.square_centre(c, r) for c in range(geometry.columns) for r in range(geometry.rows)])
    seen = cv2.perspectiveTransform(middles.reshape(-1, 1, 2), np.float64(homography)).reshape(-1, 2)
    back = cv2.perspectiveTransform(seen.reshape(-1, 1, 2), np.linalg.inv(truth_homography)).reshape(-1, 2)
    off = np.linalg.norm(back - middles, axis=1)
    truly = cv2.perspectiveTransform(middles.reshape(-1, 1, 2), np.float64(truth_homography)).reshape(-1, 2)
    inside = (truly >= 0).all(axis=1) & (truly[:, 0] < size[0]) & (truly[:, 1] < size[1])
    return (float(off[inside].max()) if inside.any() else float("nan")), float(off.max())


def one_view(job: tuple[int, bool]) -> dict | None:
    import cv2
    import numpy as np

    cv2.setNumThreads(1)
    from companion.games.black_cannon.board import default_board
    from companion.games.black_cannon.camera import board_refit as refit
    from companion.games.black_cannon.camera.board_view import board_marker_points, locate_board
    from companion.games.black_cannon.camera.corner_search import with_missed_corners
    from companion.games.black_cannon.camera.settings import SETTINGS
    from companion.games.black_cannon.render import random_position, render_position
    from companion.vision.markers import detect_markers

    seed, first_starts = job
    options, held_out = bench.view_recipe(seed)
    if held_out:    # the held-out die style's views are never looked at while tuning
        return None
    rendered = render_position(random_position(seed), seed, options, held_out=held_out)
    image = cv2.imdecode(np.frombuffer(rendered.jpeg, np.uint8), cv2.IMREAD_COLOR)
    board = default_board()
    markers = detect_markers(image)
    size = (image.shape[1], image.shape[0])
    first = locate_board(markers, size, board.columns, board.rows)
    if first is None or len(first.corners_seen) >= SETTINGS.sure_corners:
        return None
    truth = np.float64(rendered.truth["board_to_image"])
    markers_first, markers = markers, with_missed_corners(image, markers, board.columns, board.rows, SETTINGS)
    view = locate_board(markers, size, board.columns, board.rows)
    entry = {"seed": seed, "corners": first.corners_seen, "searched": view.corners_seen,
             "first_fit": fit_error_mm(first.to_image, truth, first.geometry, size),
             "markers_fit": fit_error_mm(view.to_image, truth, view.geometry, size), "starts": []}
    searched, searched_markers = view, markers
    if first_starts:     # the refit's starts from the first look's markers, as the reader tried them before the search
        view, markers = first, markers_first
    elif len(view.corners_seen) >= SETTINGS.sure_corners:
        entry.update(refitted=False, kept_fit=entry["markers_fit"])
        return entry
    board_points, image_points = board_marker_points(view.geometry, markers)
    photo, shrink = refit._photo_grey(view, image, SETTINGS)
    starts = [("markers", view.to_image)] + [(f"pose{i}", start) for i, start in
                                             enumerate(refit._camera_starts(board_points, image_points, image.shape[:2]))]
    for name, start in starts:
        match = refit._match_print(start, photo, shrink, board, SETTINGS)
        row = {"start": name, "start_error": fit_error_mm(start, truth, view.geometry, size)}
        if match is not None:
            placed = cv2.perspectiveTransform(np.float64(board_points).reshape(-1, 1, 2), match.homography).reshape(-1, 2)
            row.update(correlation=match.correlation,
                       camera_mm=refit._off_any_camera_mm(match.homography, view.geometry, size),
                       drift_px=float(np.linalg.norm(placed - np.float64(image_points), axis=1).max()),
                       error=fit_error_mm(match.homography, truth, view.geometry, size))
        entry["starts"].append(row)
    kept = refit.refit_sparse_view(searched, image, board, searched_markers, SETTINGS)
    entry["refitted"] = bool(kept.print_match)
    entry["kept_fit"] = fit_error_mm(kept.to_image, truth, view.geometry, size)
    return entry


def _mm(pair) -> str:
    return f"{pair[0]:.1f}/{pair[1]:.1f}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first-seed", type=int, default=3150)
    parser.add_argument("--views", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--first-starts", action="store_true",
                        help="list the refit's starts from the first look's markers (before the magnified look)")
    args = parser.parse_args(argv)
    bench.tuning_seeds_only(parser, args.first_seed, args.views)
    with multiprocessing.Pool(args.jobs) as pool:
        views = [v for v in pool.imap(one_view, [(seed, args.first_starts) for seed in
                                                  range(args.first_seed, args.first_seed + args.views)]) if v]
    print("seed markers (after the second look) | first fit mm | markers' fit view/board mm | kept fit (refitted?) | starts: name start-error -> "
          "correlation camera-mm drift-px error")
    for v in views:
        starts = "; ".join(f"{s['start']} {_mm(s['start_error'])} -> " + (
            f"{s['correlation']:.2f} {s['camera_mm']:.1f} {s['drift_px']:.1f} {_mm(s['error'])}"
            if "error" in s else "failed") for s in v["starts"])
        print(f"{v['seed']} {','.join(str(20 + c) for c in v['corners'])} "
              f"({','.join(str(20 + c) for c in v['searched'])}) | {_mm(v['first_fit'])} | {_mm(v['markers_fit'])} | "
              f"{_mm(v['kept_fit'])} ({'refit' if v['refitted'] else 'markers'}) | {starts}")
    first = sorted(v["first_fit"][0] for v in views)
    print(f"first fit's error over the view: median {first[len(first) // 2] if first else float('nan'):.1f} mm, "
          f"over 10 mm {sum(f > 10 for f in first)}")
    kept = sorted(v["kept_fit"][0] for v in views)
    print(f"{len(views)} few-marker views; refitted {sum(v['refitted'] for v in views)}; kept fit's error over the "
          f"view: median {kept[len(kept) // 2] if kept else float('nan'):.1f} mm, over 10 mm {sum(k > 10 for k in kept)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
