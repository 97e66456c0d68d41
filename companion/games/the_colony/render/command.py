"""The Colony's render part (`companion render the-colony [BOARD]`): a photo of BOARD (a position text),
or of a random position from --seed, with its ground truth; or the bundled samples. Bad options raise
ValueError; the command turns that into its usage error."""

from __future__ import annotations

from pathlib import Path

from companion.render.files import check_picture_path, write_bytes, write_truth_file
from companion.render.options import RenderOptions

PHOTO_SIZE = (1280, 720)


def render_the_colony(args, board=None) -> int:
    import cv2

    if args.samples is not None:
        from companion.games.the_colony.render.samples import write_samples

        for path in write_samples(args.samples):
            print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
        return 0
    if args.clip is not None:
        raise ValueError("the-colony renders photos only: no --clip yet")
    out = args.out or Path("render.png")
    check_picture_path(out)
    from companion.games.the_colony.render import random_position, render_colony

    position = board if board is not None else random_position(args.seed)
    if any(count > 12 for count in position.eggs.values()):
        crowded = next(space for space, count in position.eggs.items() if count > 12)
        raise ValueError(f"{crowded} has {position.eggs[crowded]} eggs: a render lays at most 12 on a space")
    options = RenderOptions(size=args.size or PHOTO_SIZE, tilt_deg=args.tilt, light=args.light, hand=args.hand,
                            noisy=not args.clean, jpeg_quality=args.quality if out.suffix.lower() != ".png" else None)
    rendered = render_colony(position, args.seed, options)
    write_bytes(out, rendered.jpeg if rendered.jpeg is not None else cv2.imencode(".png", rendered.image)[1].tobytes())
    camera, light = rendered.truth["camera"], rendered.truth["light"]
    print(f"wrote {out} ({options.size[0]}x{options.size[1]}, {rendered.truth['look']} eggs, tilt "
          f"{camera['tilt_deg']:.0f} degrees, {light['kind']} light, seed {args.seed})")
    if write_truth_file(args.truth, rendered.truth) is not None:
        print(f"wrote {args.truth}")
    return 0
