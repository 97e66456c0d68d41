"""Cannonades' render part (`companion render cannonades`): a webcam photo of a random table drawn
from --seed (ships face up and down, a cannonade laid on a ship, deck, discard pile, a hand), with
its ground truth JSON. Bad options raise ValueError; the command turns that into its usage error."""

from __future__ import annotations

from pathlib import Path

from companion.render.files import check_picture_path, write_bytes, write_truth_file
from companion.render.options import RenderOptions

PHOTO_SIZE = (1280, 720)


def render_options(args, out: Path) -> RenderOptions:
    return RenderOptions(size=args.size or PHOTO_SIZE, tilt_deg=args.tilt, light=args.light, hand=args.hand,
                         noisy=not args.clean, jpeg_quality=args.quality if out.suffix.lower() != ".png" else None)


def render_cannonades(args, board=None) -> int:
    import cv2

    from companion.games.cannonades.render.draw import render_scene
    from companion.games.cannonades.render.scene import random_scene

    if args.clip is not None:
        from companion.games.cannonades.render.clip import write_clip

        if args.board is not None or args.clip.suffix.lower() != ".mp4":
            raise ValueError(f"cannonades films its scripted clip (no BOARD) as .mp4, not {str(args.clip)!r}")
        truth = write_clip(args.clip, args.seed)
        print(f"wrote {args.clip} ({args.clip.stat().st_size // 1024} KB, {truth['clip']['frame_count']} frames, "
              f"{len(truth['states'])} still tables) and {args.clip.with_suffix('.json')}")
        return 0
    if args.samples is not None or args.board is not None:
        raise ValueError("cannonades renders one random table from --seed (or --clip): no BOARD or --samples")
    out = args.out or Path("render.png")
    check_picture_path(out)
    options = render_options(args, out)
    scene = random_scene(args.seed, options, players=args.players)
    rendered = render_scene(scene, options.size)
    write_bytes(out, rendered.jpeg if rendered.jpeg is not None else cv2.imencode(".png", rendered.image)[1].tobytes())
    faces = [card["face"] for card in rendered.truth["cards"] if card["role"] == "ship"]
    print(f"wrote {out} ({options.size[0]}x{options.size[1]}, {scene.players} players, {len(faces)} ships "
          f"({faces.count('up')} face up), style {scene.style}{' (held out)' if rendered.truth['held_out'] else ''}, "
          f"tilt {scene.tilt_deg:.0f} degrees, {scene.light} light, seed {args.seed})")
    if write_truth_file(args.truth, rendered.truth) is not None:
        print(f"wrote {args.truth}")
    return 0
