"""Cannons & Coastlines' render part (`companion render cannons-coastlines`): a photo of a random
mid-game table (no board text: the table is drawn from --seed), the bundled clip (--clip), or the bundled coast
samples.
Bad options raise ValueError; the command turns that into its usage error."""

from __future__ import annotations

import random
from pathlib import Path

from companion.render.files import check_picture_path, write_bytes, write_truth_file
from companion.render.options import RenderOptions

PHOTO_SIZE = (1280, 720)


def render_coast(args, board=None) -> int:
    """`board` is always None: this game has no board text to render from yet."""
    import cv2

    if args.samples is not None:
        from companion.games.cannons_coastlines.render.samples import write_coast_samples

        for path in write_coast_samples(args.samples):
            print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
        return 0
    if args.clip is not None:
        from companion.games.cannons_coastlines.render.clip import write_clip

        if args.board is not None or args.clip.suffix.lower() != ".mp4":
            raise ValueError(f"cannons-coastlines films its scripted clip (no BOARD) as .mp4, not {str(args.clip)!r}")
        truth = write_clip(args.clip, args.seed)
        print(f"wrote {args.clip} ({args.clip.stat().st_size // 1024} KB, {truth['clip']['frame_count']} frames, "
              f"{len(truth['states']) - 1} changes) and {args.clip.with_suffix('.json')}")
        return 0
    if args.board is not None:
        raise ValueError("cannons-coastlines renders a random table from --seed: no BOARD")
    out = args.out or Path("render.png")
    check_picture_path(out)
    from companion.games.cannons_coastlines.render import random_coast_table, render_coast_table

    players = args.players or random.Random(f"players {args.seed}").choice((2, 3, 4))
    options = RenderOptions(size=args.size or PHOTO_SIZE, tilt_deg=args.tilt, light=args.light, hand=args.hand,
                            noisy=not args.clean, jpeg_quality=args.quality if out.suffix.lower() != ".png" else None)
    rendered = render_coast_table(random_coast_table(args.seed, players), args.seed, options)
    write_bytes(out, rendered.jpeg if rendered.jpeg is not None else cv2.imencode(".png", rendered.image)[1].tobytes())
    camera, light = rendered.truth["camera"], rendered.truth["light"]
    print(f"wrote {out} ({options.size[0]}x{options.size[1]}, {players} fleets, tilt {camera['tilt_deg']:.0f} "
          f"degrees, {light['kind']} light, seed {args.seed})")
    if write_truth_file(args.truth, rendered.truth) is not None:
        print(f"wrote {args.truth}")
    return 0
