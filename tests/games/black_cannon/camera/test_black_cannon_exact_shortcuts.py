"""The twenty-third cut's shortcuts (issue 17) give the same figures as the work they replace, to the bit: a
half-height radius's part counted by flood fill as by labelling, discs sampled together as alone, a blob's mean
colour from cv2.mean's sums as numpy's mean, the table view's block means from its integral image as cv2.resize
(INTER_AREA), and spots' moments worked together as each spot's own."""

import cv2
import numpy as np

from companion.games.black_cannon.camera.die_face import _disc_means, read_proposals, read_proposals_together
from companion.games.black_cannon.camera.foreground import _inner, _mean_colour, area_means
from companion.games.black_cannon.camera.pip_spots import _covariance, _covariances, _part_area


def _picture(seed: int) -> np.ndarray:
    """A noisy body with a few pips (float32, as a die's crop is sampled)."""
    rng = np.random.default_rng(seed)
    picture = np.full((160, 160, 3), (50, 40, 180), np.uint8)
    for x, y in rng.uniform(30, 130, (7, 2)):
        cv2.circle(picture, (int(x), int(y)), 6, (240, 240, 240), -1, cv2.LINE_AA)
    return np.clip(picture + rng.normal(0, 6, picture.shape), 0, 255).astype(np.float32)


def test_a_parts_area_by_flood_fill_is_its_label_count():
    rng = np.random.default_rng(12)
    for _ in range(200):
        mask = (rng.random(tuple(rng.integers(1, 25, 2))) < rng.uniform(0.2, 0.8)).astype(np.uint8)
        _, labels = cv2.connectedComponents(mask, connectivity=8)
        at = int(rng.integers(mask.size))
        assert _part_area(mask.copy(), at) == np.count_nonzero(labels == labels.flat[at])


def test_discs_sampled_together_are_each_sampled_alone():
    """stray_spots samples the body's, the pips' and the stray spots' discs in one call: each disc as on its own."""
    picture = _picture(8)
    rng = np.random.default_rng(13)
    for _ in range(50):
        groups = [rng.uniform(-5, 165, (int(rng.integers(1, 9)), 2)) for _ in range(3)]
        radius = float(rng.uniform(0.5, 5.0))
        together = _disc_means(picture, np.vstack(groups), radius)
        alone = np.vstack([_disc_means(picture, group, radius) for group in groups])
        assert together.dtype == alone.dtype and together.tobytes() == alone.tobytes()


def test_a_blobs_mean_colour_from_cv2_mean_is_numpys_mean_to_the_bit():
    rng = np.random.default_rng(14)
    for _ in range(300):
        height, width = (int(side) for side in rng.integers(1, 120, 2))
        picture = rng.integers(0, 256, (height + 4, width + 4, 3), dtype=np.uint8)[2:-2, 2:-2]    # a view, as a blob's box
        pixels = rng.random((height, width)) < rng.uniform(0.05, 1.0)
        if not pixels.any():
            continue
        fast, plain = _mean_colour(picture, pixels, int(pixels.sum())), picture[pixels].mean(axis=0)
        assert fast.dtype == plain.dtype and fast.shape == plain.shape and fast.tobytes() == plain.tobytes()


def test_area_means_from_the_integral_are_cv2s_inter_area_to_the_bit():
    """table_view's light and the table's look shrink the 8-bit photo by whole blocks from its integral image: the same
    figures as cv2.resize (INTER_AREA) of the photo as float32, zero outside the print where asked."""
    rng = np.random.default_rng(18)
    for height, width, shrink, margin in ((888, 888, 24, 60), (888, 888, 4, None), (96, 120, 24, 25), (90, 90, 4, 7),
                                          (100, 130, 24, 11), (433, 400, 4, None)):
        picture = cv2.GaussianBlur(rng.integers(0, 256, (height, width, 3), dtype=np.uint8), (0, 0), 2)
        inner = None if margin is None else _inner(picture, margin)
        seen = picture.astype(np.float32)
        if inner is not None:
            seen = np.zeros_like(seen)
            seen[inner] = picture[inner]
        plain = cv2.resize(seen, (width // shrink, height // shrink), interpolation=cv2.INTER_AREA)
        fast = area_means(picture, shrink, cv2.integral(picture), inner)
        assert fast.dtype == plain.dtype and fast.shape == plain.shape and fast.tobytes() == plain.tobytes()


def test_spots_moments_worked_together_are_each_spots_own_to_the_bit():
    rng = np.random.default_rng(19)
    for _ in range(40):
        sets = [rng.integers(0, 60, (int(rng.integers(2, 400)), 2)).astype(np.float32) for _ in range(rng.integers(1, 30))]
        if rng.random() < 0.2:       # not whole pixel offsets: worked one by one
            sets[0] = sets[0] + np.float32(0.25)
        for together, alone in zip(_covariances(sets), [_covariance(points) for points in sets]):
            assert together.dtype == alone.dtype and together.shape == alone.shape
            assert together.tobytes() == alone.tobytes()


def test_two_kinds_proposals_read_together_are_each_kinds_read_alone():
    """read_die reads its light pips' and its dark pips' proposals in one call, each kind with its own pip radius."""
    picture = _picture(9)
    rng = np.random.default_rng(20)
    for _ in range(20):
        kinds = []
        for radius in rng.uniform(1.0, 8.0, int(rng.integers(1, 3))):
            offered = [(rng.uniform(10, 150, 2), float(rng.uniform(0, np.pi)), float(rng.uniform(3, 10)),
                        bool(rng.random() < 0.3)) for _ in range(int(rng.integers(0, 25)))]
            kinds.append((offered, float(radius)))
        together = read_proposals_together(picture, kinds, 0.25)
        alone = [read_proposals(picture, offered, radius, 0.25) for offered, radius in kinds]
        assert [len(faces) for faces in together] == [len(faces) for faces in alone]
        for faces, others in zip(together, alone):
            for face, other in zip(faces, others):
                assert (face is None) == (other is None)
                if face is not None:
                    assert repr(face) == repr(other) and face.centre.tobytes() == other.centre.tobytes()
