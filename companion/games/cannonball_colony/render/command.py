"""Cannonball Colony's render part (`companion render cannonball-colony [BOARD]`): a photo or clip of
BOARD (or of a game played at random from --seed), or the bundled samples. Bad options raise
ValueError; the command turns that into its usage error."""

from __future__ import annotations

from pathlib import Path

from companion.render.files import check_picture_path, write_bytes, write_truth_file
from companion.render.options import RenderOptions

PHOTO_SIZE = (1280, 720)
CLIP_SIZE = (640, 360)


def render_colony(args, position) -> int:
    """`position` is BOARD parsed, or None for a game played at random from --seed."""
    if args.samples is not None:
        from companion.games.cannonball_colony.render.samples import write_samples

        for path in write_samples(args.samples):
            print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
        return 0
    from companion.games.cannonball_colony.render.samples import demo_position

    position = position if position is not None else demo_position(args.seed)
    out = args.out or (None if args.clip else Path("render.png"))
    if out is not None:
        check_picture_path(out)
    compress = args.clip is not None or (out is not None and out.suffix.lower() != ".png")
    options = RenderOptions(size=args.size or (CLIP_SIZE if args.clip else PHOTO_SIZE), tilt_deg=args.tilt,
                            light=args.light, hand=args.hand, noisy=not args.clean,
                            jpeg_quality=args.quality if compress else None)
    if args.clip is not None:
        return _film(args, position, options)
    return _photograph(args, position, options, out)


def _photograph(args, position, options, out: Path) -> int:
    import cv2

    from companion.games.cannonball_colony.render import render_table

    rendered = render_table(position, args.seed, options)
    write_bytes(out, rendered.jpeg if rendered.jpeg is not None else cv2.imencode(".png", rendered.image)[1].tobytes())
    camera, light = rendered.truth["camera"], rendered.truth["light"]
    print(f"wrote {out} ({options.size[0]}x{options.size[1]}, tilt {camera['tilt_deg']:.0f} degrees, "
          f"{light['kind']} light, seed {args.seed})")
    _say_truth(args.truth, rendered.truth)
    return 0


def _film(args, position, options) -> int:
    from companion.games.cannonball_colony.render.clip import render_clip, write_video

    if args.turns < 1:
        raise ValueError(f"--turns {args.turns}: a clip needs at least one turn")
    clip = render_clip(position, args.seed, args.turns, options)
    write_video(args.clip, clip.frames, clip.truth["clip"]["fps"])
    still = sum(frame["still"] for frame in clip.truth["frames"])
    print(f"wrote {args.clip} ({len(clip.frames)} frames, {still} still, {len(clip.truth['turns'])} turns, "
          f"seed {args.seed})")
    _say_truth(args.truth, clip.truth)
    return 0


def _say_truth(path: Path | None, truth: dict) -> None:
    if write_truth_file(path, truth) is not None:
        print(f"wrote {path}")
