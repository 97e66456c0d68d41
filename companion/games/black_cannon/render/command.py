"""Black Cannon's render part (`companion render black-cannon [POSITION] --seed N`): a photo of the table
with the position's ships and chests (a random mid-game position from --seed when no POSITION text is
given), two dice thrown anywhere on it, some ships knocked over. Bad options raise ValueError."""

from __future__ import annotations

import json
from pathlib import Path

from companion.render.files import check_picture_path, write_bytes, write_truth_file
from companion.render.options import RenderOptions

PHOTO_SIZE = (1280, 720)


def render_black_cannon(args, position=None) -> int:
    import cv2

    from companion.games.black_cannon.render import random_position, render_position

    if args.samples is not None:
        from companion.games.black_cannon.render.samples import write_samples

        for path in write_samples(args.samples):
            print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
        return 0
    if args.clip is not None:
        from companion.games.black_cannon.render.clip import write_clip

        if position is not None or args.clip.suffix.lower() != ".mp4":
            raise ValueError(f"black-cannon films its scripted clip (no POSITION) as .mp4, not {str(args.clip)!r}")
        truth = write_clip(args.clip, args.seed)
        print(f"wrote {args.clip} ({args.clip.stat().st_size // 1024} KB, {truth['clip']['frame_count']} frames, "
              f"{len(truth['expected'])} expected commands) and {args.clip.with_suffix('.json')}")
        return 0
    out = args.out or Path("render.png")
    check_picture_path(out)
    options = RenderOptions(size=args.size or PHOTO_SIZE, tilt_deg=args.tilt, light=args.light, hand=args.hand,
                            noisy=not args.clean, jpeg_quality=args.quality if out.suffix.lower() != ".png" else None)
    rendered = render_position(position if position is not None else random_position(args.seed), args.seed, options)
    write_bytes(out, rendered.jpeg if rendered.jpeg is not None else cv2.imencode(".png", rendered.image)[1].tobytes())
    truth = rendered.truth
    dice = " and ".join(str(die["pips"]) + ("" if die["flat"] else " (cocked)") for die in truth["dice"])
    sunk = [ship["fleet"] for ship in truth["ships"] if ship["sunk"]]
    print(f"wrote {out} ({options.size[0]}x{options.size[1]}, {len(truth['ships'])} ships"
          f"{', knocked over: ' + ' '.join(sunk) if sunk else ''}, dice {dice} ({truth['die_style']}), "
          f"tilt {truth['camera']['tilt_deg']:.0f} degrees, {truth['light']['kind']} light, seed {args.seed})")
    if write_truth_file(args.truth, truth) is not None:
        print(f"wrote {args.truth}")
    return 0


def truth_text(truth: dict) -> str:
    return json.dumps(truth, indent=1)
