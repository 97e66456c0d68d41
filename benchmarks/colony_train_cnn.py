"""Fits The Colony's convolutional egg counter (camera/egg_cnn.py) with PyTorch on the CPU, on TRAINING views
only: every open log's picture (benchmarks/colony_log_pictures.py caches them) of the first COUNT training
views and of the first `--smaller` of them shrunk to the live clips' size, flipped, turned a little and made
lighter or darker at random. The fifth of the first `--held` views with seeds divisible by five (the fifth
benchmarks/colony_held_back.py holds back) is never fitted on: it chooses the temperature (at most
`--sure-wrong` of the counts called sure wrong there) and the report on it compares with the trees.

    .venv/bin/pip install -e '.[train]'                  # PyTorch, for fitting only
    .venv/bin/python benchmarks/colony_log_pictures.py 2060 --cache /tmp/colony-more-views
    .venv/bin/python benchmarks/colony_log_pictures.py 400 --smaller --cache /tmp/colony-more-views
    .venv/bin/python benchmarks/colony_train_cnn.py 2060 --smaller 400 --cache /tmp/colony-more-views \\
        --out companion/games/the_colony/camera/egg_cnn.npz --held-out-probabilities /tmp/cnn-held.npz
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import numpy as np  # noqa: E402

from colony_counter_rows import SMALLER  # noqa: E402
from colony_log_pictures import from_bytes, view_pictures  # noqa: E402
from colony_views import DEFAULT_CACHE, seeds  # noqa: E402
from companion.games.the_colony.camera.egg_cnn import EggCnn, scalar_inputs  # noqa: E402

COUNTS = 13
CONFIDENT = 0.8


def open_logs(count: int, smaller: int, cache: Path):
    """(picture bytes, scalars, labels, seeds, shrunk) of every open log."""
    parts = []
    for seed, size in [(s, None) for s in seeds("train", count)] + [(s, SMALLER) for s in seeds("train", smaller)]:
        view = view_pictures(seed, cache, size)
        if view is None:
            continue
        open_spaces = ~view["hidden"]
        parts.append((view["pictures"][open_spaces], scalar_inputs(float(view["unit"]), view["leans"][open_spaces]),
                      view["labels"][open_spaces], np.full(int(open_spaces.sum()), seed),
                      np.full(int(open_spaces.sum()), size is not None)))
    return [np.concatenate(column) for column in zip(*parts)]


def network(torch, channels=(8, 16, 32, 64), hidden=64):
    nn = torch.nn

    class Counter(nn.Module):
        def __init__(self):
            super().__init__()
            layers, before = [], 3
            for index, width in enumerate(channels):
                layers += [nn.Conv2d(before, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU()]
                if index < len(channels) - 1:
                    layers.append(nn.MaxPool2d(2))
                before = width
            self.features = nn.Sequential(*layers)
            self.head = nn.Sequential(nn.Linear(before + 2, hidden), nn.ReLU(), nn.Linear(hidden, COUNTS))

        def forward(self, pictures, scalars):
            pooled = self.features(pictures).mean(dim=(2, 3))
            return self.head(torch.cat([pooled, scalars], 1))

    return Counter()


def augment(torch, pictures, generator):
    """Mirrored left-right (the lean stays up), turned up to 15 degrees, darker or lighter, a little noise."""
    count = len(pictures)
    flip = torch.rand(count, generator=generator) < 0.5
    pictures = torch.where(flip[:, None, None, None], pictures.flip(3), pictures)
    angle = (torch.rand(count, generator=generator) - 0.5) * (np.pi / 6)
    shift = (torch.rand(count, 2, generator=generator) - 0.5) * 0.06
    theta = torch.zeros(count, 2, 3)
    theta[:, 0, 0], theta[:, 0, 1], theta[:, 1, 0], theta[:, 1, 1] = angle.cos(), -angle.sin(), angle.sin(), angle.cos()
    theta[:, :, 2] = shift
    grid = torch.nn.functional.affine_grid(theta, list(pictures.shape), align_corners=False)
    pictures = torch.nn.functional.grid_sample(pictures, grid, align_corners=False, padding_mode="zeros")
    gain = 0.8 + 0.4 * torch.rand(count, 1, 1, 1, generator=generator)
    cast = 1.0 + 0.08 * (torch.rand(count, 3, 1, 1, generator=generator) - 0.5)
    noise = 0.02 * torch.rand(count, 1, 1, 1, generator=generator) * torch.randn(pictures.shape, generator=generator)
    return pictures * gain * cast + noise


def fit_network(torch, model, logs, fit, check, epochs: int, batch_size: int, prepare=None, augmenter=augment):
    """Fits `model` on the rows `fit` of logs = (picture bytes, scalars, labels), printing each epoch's exact
    share on the rows `check`; returns logits_of(rows) with the scalars' mean and scale on it. `prepare(torch,
    pictures, scalars)` turns the stored pictures and scalars into the network's inputs (train and read alike)."""
    pictures, scalars, labels = logs
    scalar_mean, scalar_scale = scalars[fit].mean(axis=0), scalars[fit].std(axis=0) + 1e-6
    prepare = prepare or (lambda torch, inputs, values: (inputs, values))
    optimiser = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    steps = epochs * (len(fit) // batch_size)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    generator = torch.Generator().manual_seed(0)
    order_rng = np.random.default_rng(0)

    def inputs_of(rows):
        return prepare(torch, torch.from_numpy(from_bytes(pictures[rows])), scalars[rows])

    def logits_of(rows):
        model.eval()
        with torch.no_grad():
            parts = []
            for part in np.array_split(rows, max(1, len(rows) // 512)):
                inputs, values = inputs_of(part)
                parts.append(model(inputs, torch.from_numpy((values - scalar_mean) / scalar_scale)).numpy())
            return np.concatenate(parts)

    for epoch in range(epochs):
        started, model = time.time(), model.train()
        order = order_rng.permutation(fit)
        total = 0.0
        for batch in range(len(fit) // batch_size):
            rows = np.sort(order[batch * batch_size:(batch + 1) * batch_size])
            inputs, values = inputs_of(rows)
            loss = torch.nn.functional.cross_entropy(
                model(augmenter(torch, inputs, generator), torch.from_numpy((values - scalar_mean) / scalar_scale)),
                torch.from_numpy(labels[rows]))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach())
        held_logits = logits_of(check)
        print(f"epoch {epoch + 1}: loss {total / (len(fit) // batch_size):.4f}, held back exact "
              f"{(held_logits.argmax(1) == labels[check]).mean():.4f}, {time.time() - started:.0f} s", flush=True)
    logits_of.scalar_mean, logits_of.scalar_scale = scalar_mean, scalar_scale
    return logits_of


def export(model, scalar_mean, scalar_scale, temperature: float) -> dict:
    """Plain arrays for EggCnn: each convolution with its batch norm folded in."""
    arrays, index = {}, 0
    layers = list(model.features)
    for position, layer in enumerate(layers):
        if layer.__class__.__name__ != "Conv2d":
            continue
        norm = layers[position + 1]
        scale = (norm.weight / (norm.running_var + norm.eps).sqrt()).detach().numpy()
        arrays[f"conv{index}_w"] = layer.weight.detach().numpy() * scale[:, None, None, None]
        arrays[f"conv{index}_b"] = (layer.bias.detach().numpy() - norm.running_mean.numpy()) * scale + norm.bias.detach().numpy()
        index += 1
    dense = [layer for layer in model.head if layer.__class__.__name__ == "Linear"]
    for position, layer in enumerate(dense):
        arrays[f"dense{position}_w"] = layer.weight.detach().numpy()
        arrays[f"dense{position}_b"] = layer.bias.detach().numpy()
    arrays.update(scalar_mean=scalar_mean, scalar_scale=scalar_scale, temperature=np.array(temperature))
    return {name: np.asarray(value, np.float32) for name, value in arrays.items()}


def sure_wrong(logits: np.ndarray, truth: np.ndarray, temperature: float) -> tuple[float, float]:
    """(share of counts called sure that are wrong, share called sure) at this temperature."""
    values = logits / temperature
    values = np.exp(values - values.max(axis=1, keepdims=True))
    probabilities = values / values.sum(axis=1, keepdims=True)
    sure = probabilities.max(axis=1) >= CONFIDENT
    wrong = probabilities.argmax(axis=1) != truth
    return float(wrong[sure].mean()) if sure.any() else 0.0, float(sure.mean())


def choose_temperature(logits: np.ndarray, truth: np.ndarray, most_wrong: float) -> float:
    for temperature in np.arange(1.0, 4.01, 0.05):
        if sure_wrong(logits, truth, temperature)[0] <= most_wrong:
            return float(round(temperature, 2))
    return 4.0


def report(logits: np.ndarray, truth: np.ndarray, temperature: float) -> None:
    read = logits.argmax(axis=1)
    right = read == truth
    values = logits / temperature
    values = values - values.max(axis=1, keepdims=True)
    loss = -(values[np.arange(len(truth)), truth] - np.log(np.exp(values).sum(axis=1)))
    wrong, sure = sure_wrong(logits, truth, temperature)
    print(f"held back: {len(truth)} open logs, exact {right.mean():.4f}, 3+ {right[truth >= 3].mean():.4f}, "
          f"5+ {right[truth >= 5].mean():.4f}, log loss {loss.mean():.4f} (temperature {temperature}); "
          f"sure {sure:.3f}, sure wrong {wrong:.4f}")
    print("by count: " + ", ".join(f"{c} {right[truth == c].mean():.2f}" for c in range(COUNTS) if (truth == c).any()))


def main() -> None:
    import torch

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int, help="the first COUNT training views")
    parser.add_argument("--smaller", type=int, default=0, help="of those, the first SMALLER shrunk to the clips' size too")
    parser.add_argument("--held", type=int, default=660, help="their fifth (seeds divisible by five) is held back")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--channels", default="8,16,32,64", help="the convolutions' widths")
    parser.add_argument("--sure-wrong", type=float, default=0.01)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--held-out-probabilities", type=Path, help="write the held-back logs' probabilities here")
    args = parser.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(0)
    pictures, scalars, labels, groups, shrunk = open_logs(args.count, args.smaller, args.cache)
    held = (groups % 5 == 0) & (groups < 1000 + args.held)
    fit = np.nonzero(~held)[0]
    check = np.nonzero(held & ~shrunk)[0]
    print(f"fitting on {len(fit)} open logs, {len(check)} held back", flush=True)
    model = network(torch, tuple(int(width) for width in args.channels.split(",")))
    logits_of = fit_network(torch, model, (pictures, scalars, labels), fit, check, args.epochs, args.batch)
    held_logits = logits_of(check)
    temperature = choose_temperature(held_logits, labels[check], args.sure_wrong)
    report(held_logits, labels[check], temperature)
    arrays = export(model, logits_of.scalar_mean, logits_of.scalar_scale, temperature)
    numpy_logits = EggCnn(arrays).logits(from_bytes(pictures[check[:64]]), scalars[check[:64]])
    print(f"numpy forward pass against torch: largest logit difference {np.abs(numpy_logits - held_logits[:64]).max():.2e}")
    if args.held_out_probabilities:
        np.savez(args.held_out_probabilities, logits=held_logits, labels=labels[check], seeds=groups[check],
                 temperature=temperature)
    if args.out:
        np.savez_compressed(args.out, **arrays)
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
