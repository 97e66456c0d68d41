"""Does the convolutional egg counter read a bead look it never saw? Leave one look out, on TRAINING views
only: the network (colony_train_cnn.py) is fitted on the open logs of the other two training looks' views
(less the held-back fifth, seeds divisible by five below 1000 + `--held`, which chooses the temperature) and
reads every full-size view of the look left out. `--variant own-scale` fits the variant meant to generalise:
each picture zoomed so the picture's own bead (its measured area) is a fixed size, its darkness scaled by
its own darkest beads, the bead area not given as an input, and stronger colour changes while fitting
(channels shuffled, washed towards grey, cast and gamma); `own-scale-zoom` adds a random zoom while fitting,
`inside-own-scale-zoom` also blanks the printed circle (a fixed size in mm) before zooming.
colony_cnn_looks_compare.py reads the saved logits beside trees fitted on the same views.

    .venv/bin/python benchmarks/colony_cnn_looks.py pony-bead --variant plain --epochs 6 \\
        --cache /tmp/colony-cnn-cache --out /tmp/looks-plain-pony.npz
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import numpy as np  # noqa: E402

from colony_train_cnn import augment, fit_network, network, open_logs  # noqa: E402
from colony_views import DEFAULT_CACHE, view_look  # noqa: E402

BEAD_AREA_MM2 = 30.0          # each picture zoomed so its own bead has this area (the scalar's zero)
ZOOM_RANGE = (0.6, 1.6)       # a bead area measured far off is not followed further
DARKEST_SHARE = 0.99          # the picture's darkness divided by this quantile of its darkest channel ...
LEAST_DARKNESS = 0.3          # ... but never by less (an empty log stays faint)


def own_scale(torch, pictures, scalars):
    """Pictures zoomed so the picture's own bead is BEAD_AREA_MM2 and their darkness scaled to its darkest
    beads; the bead area's scalar zeroed (the network must not tell the look by it)."""
    zoom = np.clip(np.exp(scalars[:, 0] / 2.0), *ZOOM_RANGE).astype(np.float32)   # sqrt(area / 30 mm2)
    theta = torch.zeros(len(pictures), 2, 3)
    theta[:, 0, 0] = theta[:, 1, 1] = torch.from_numpy(zoom)
    grid = torch.nn.functional.affine_grid(theta, list(pictures.shape), align_corners=False)
    pictures = torch.nn.functional.grid_sample(pictures, grid, align_corners=False, padding_mode="zeros")
    darkest = torch.quantile(pictures.amax(dim=1).flatten(1), DARKEST_SHARE, dim=1).clamp(min=LEAST_DARKNESS)
    values = scalars.copy()
    values[:, 0] = 0.0
    return pictures / darkest[:, None, None, None], values


def colour_augment(torch, pictures, generator):
    """augment's turns and flips, then stronger colour changes: channels shuffled, washed towards grey by up
    to 70%, each channel's gain 0.6-1.4 and a gamma of 0.7-1.4 on the darkness."""
    pictures = augment(torch, pictures, generator)
    count = len(pictures)
    order = torch.argsort(torch.rand(count, 3, generator=generator), dim=1)
    pictures = torch.gather(pictures, 1, order[:, :, None, None].expand_as(pictures))
    wash = 0.7 * torch.rand(count, 1, 1, 1, generator=generator)
    pictures = (1 - wash) * pictures + wash * pictures.mean(dim=1, keepdim=True)
    pictures = pictures * (0.6 + 0.8 * torch.rand(count, 3, 1, 1, generator=generator))
    gamma = 0.7 + 0.7 * torch.rand(count, 1, 1, 1, generator=generator)
    return pictures.clamp(min=0) ** gamma + pictures.clamp(max=0)


def zoom_augment(torch, pictures, generator):
    """colour_augment after a random zoom of 0.7-1.4 (both training looks' beads are about one size, so
    without it the network never sees a bead of another size)."""
    zoom = torch.exp((torch.rand(len(pictures), generator=generator) - 0.5) * 2 * np.log(1.4))
    theta = torch.zeros(len(pictures), 2, 3)
    theta[:, 0, 0] = theta[:, 1, 1] = zoom
    grid = torch.nn.functional.affine_grid(theta, list(pictures.shape), align_corners=False)
    pictures = torch.nn.functional.grid_sample(pictures, grid, align_corners=False, padding_mode="zeros")
    return colour_augment(torch, pictures, generator)


INSIDE_PX = 24               # the printed circle's line is 25-29 px from the picture's middle (12.5-14.5 mm)


def inside_own_scale(torch, pictures, scalars):
    """own_scale of the picture inside the printed circle only: the circle, a fixed size in mm, would
    otherwise tell the network how large the beads are against it."""
    side = pictures.shape[-1]
    offsets = torch.arange(side, dtype=torch.float32) - (side - 1) / 2
    inside = (offsets[:, None] ** 2 + offsets[None, :] ** 2) < INSIDE_PX ** 2
    return own_scale(torch, pictures * inside, scalars)


VARIANTS = {"inside-own-scale-zoom": (inside_own_scale, zoom_augment), "plain": (None, augment), "own-scale": (own_scale, colour_augment), "own-scale-zoom": (own_scale, zoom_augment)}


def main() -> None:
    import torch

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("look", help="the training look left out (colony-egg, glass-bead, pony-bead)")
    parser.add_argument("--variant", default="plain", choices=tuple(VARIANTS))
    parser.add_argument("--count", type=int, default=2060)
    parser.add_argument("--smaller", type=int, default=400)
    parser.add_argument("--held", type=int, default=660)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--channels", default="16,32,64,64")
    parser.add_argument("--out", type=Path, required=True, help="logits of the held-back fifth and of the look left out")
    args = parser.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(0)
    pictures, scalars, labels, groups, shrunk = open_logs(args.count, args.smaller, args.cache)
    looks = {int(seed): view_look("train", int(seed)) for seed in np.unique(groups)}
    left_out = np.array([looks[int(seed)] == args.look for seed in groups])
    if not left_out.any():
        raise SystemExit(f"no training view has the look {args.look!r}")
    held = (groups % 5 == 0) & (groups < 1000 + args.held)
    fit = np.nonzero(~held & ~left_out)[0]
    check = np.nonzero(held & ~shrunk & ~left_out)[0]
    unseen = np.nonzero(left_out & ~shrunk)[0]
    print(f"{args.variant}, {args.look} left out: fitting on {len(fit)} open logs, {len(check)} held back, "
          f"{len(unseen)} of the look left out", flush=True)
    prepare, augmenter = VARIANTS[args.variant]
    model = network(torch, tuple(int(width) for width in args.channels.split(",")))
    logits_of = fit_network(torch, model, (pictures, scalars, labels), fit, check, args.epochs, args.batch,
                            prepare, augmenter)
    unseen_logits = logits_of(unseen)
    print(f"the look left out: exact {(unseen_logits.argmax(1) == labels[unseen]).mean():.4f}", flush=True)
    np.savez(args.out, check_logits=logits_of(check), check_labels=labels[check], check_seeds=groups[check],
             unseen_logits=unseen_logits, unseen_labels=labels[unseen], unseen_seeds=groups[unseen])
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
