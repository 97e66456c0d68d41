"""Coins on a harbour mat: brass discs with a coloured ring, found by their rims, named by
the ring's hue.

Every edge where the white paper gives way to something darker votes for the spot one coin
radius inside it; a coin's rim shows round most of its circle even when neighbours touch it,
so each coin makes one sharp peak. Coins overlap by 3 mm at most, so centres lie 19 mm apart
or more. Every coin scores 1 point whatever its kind (CS-4); the kind names it for the powers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from companion.games.cannons_coastlines.kit import pieces as kit
from companion.games.cannons_coastlines.camera.mat_picture import (MAT_PX_PER_MM, disc_offsets, disc_within, mat_zone_picture,
                                                                   mat_zone_slices)
from companion.games.cannons_coastlines.camera.mat_looks import KIT_LOOKS, MatLooks
from companion.games.cannons_coastlines.camera.coin_spacing import (clear_of_coins, face_left_unread, faint_doubles,
                                                                    gaps_between, half_under_shown, lone_rims,
                                                                    ringed_middles, spacing_doubts)
from companion.games.cannons_coastlines.camera.settings import CoinSettings, MatSettings

METAL = "metal"


def coin_centres(zone_lab: np.ndarray, settings: CoinSettings = CoinSettings(),
                 diameter_mm: float = kit.COIN_DIAMETER_MM,
                 passed_over: list[tuple[float, float]] | None = None,
                 passed_from_mm: float | None = None,
                 half_under: list[tuple[float, float]] | None = None,
                 paper_like: np.ndarray | None = None,
                 lone: list[tuple[float, float]] | None = None,
                 overlapped: list[float] | None = None,
                 ringed: list[tuple[float, float]] | None = None,
                 faint: list[tuple[float, float]] | None = None) -> list[tuple[float, float]]:
    """Centres (px, row-col) of the coins in a white-balanced zone (Lab), by their rims: every edge
    where the paper gives way to something darker votes for the spot one coin radius inside
    it, across the edge. A coin's rim shows round most of its circle even when neighbours
    touch it and however its face shines, so each coin makes one sharp peak; a peak counts when
    its votes reach settings.min_votes and no stronger one lies within the kit's coin width less
    its overlap (and settings.separation_slack_mm). Peaks that look like coins but were ruled out by a coin
    taken within settings.close_call_mm past the separation (or `passed_from_mm` or more away, when given: the
    coins' width not known) are added to `passed_over` (coin_spacing). A peak taken among coins surrounding it is
    the gap between them (coin_spacing.gaps_between): the coins are taken again without it. Taught, a close call
    showing a coin's face where no coin taken lies is a coin half under another (coin_spacing.half_under_shown): it
    is taken, and added to `half_under` too. Taught, a peak voted as a coin's rim far from every coin taken is a coin
    whose face is as pale as the paper (coin_spacing.lone_rims): it is taken, and added to `lone` too. `paper_like`:
    the zone's paper_likeness when already worked out. A peak gathering settings.overlap_votes full rims' votes ruled out
    nearer than the close calls, but settings.overlap_share of a coin's width or more from every coin taken, adds that
    distance (mm) to `overlapped`: a coin lying over another, their peaks pulled together (asked, not counted). Taught,
    the middle of a ring of peaks ruled out by their face is a pale coin packed among others (coin_spacing.ringed_middles):
    it is taken, and added to `ringed` too. Taught, a coin taken by a faint rim showing little face of its own beside the
    coins taken is added to `faint` (coin_spacing.faint_doubles: a coin's blurred or shadowed edge read as a second coin)."""
    if paper_like is None:
        paper_like = paper_likeness(zone_lab, settings)
    lightness = cv2.GaussianBlur(paper_like, (0, 0), 1.0)
    gx = cv2.Sobel(lightness, cv2.CV_32F, 1, 0, ksize=3) / 8
    gy = cv2.Sobel(lightness, cv2.CV_32F, 0, 1, ksize=3) / 8
    strength = np.hypot(gx, gy)
    edges = strength > settings.edge_min
    ys, xs = np.nonzero(edges)
    edge = strength[edges]   # the edges' values in the order np.nonzero gives them (row by row)
    radius = diameter_mm / 2 * MAT_PX_PER_MM
    # Lightness rises from the coin out to the paper: the centre lies against the gradient.
    cx = np.round(xs - radius * gx[edges] / edge).astype(int)
    cy = np.round(ys - radius * gy[edges] / edge).astype(int)
    height, width = lightness.shape
    inside = (cx >= 0) & (cx < width) & (cy >= 0) & (cy < height)
    votes = np.bincount(cy[inside] * width + cx[inside], weights=np.minimum(edge[inside], settings.edge_cap),
                        minlength=height * width).reshape(height, width).astype(np.float32)
    sigma = settings.vote_spread_mm * MAT_PX_PER_MM
    # Votes per px of rim, once spread: a full rim of capped edges one px wide scores about 1.
    score = cv2.GaussianBlur(votes, (0, 0), sigma) * (2 * np.pi * sigma ** 2) / (2 * np.pi * radius * settings.edge_cap)
    peaks = (score >= cv2.dilate(score, np.ones((3, 3), np.uint8))) & (score >= settings.weak_votes)
    # A coin covers the paper all round its centre; the edge of a hull leaning in from the
    # next zone, or a caption, gathers votes too, but with paper on one side. Beyond the
    # zone's picture counts as paper: a coin lies in its zone, not past it.
    reach = int(settings.face_check_mm * MAT_PX_PER_MM)
    face_offsets = disc_offsets(reach)
    covering = np.zeros((paper_like.shape[0] + 2 * reach, paper_like.shape[1] + 2 * reach), bool)
    covering[reach:reach + paper_like.shape[0], reach:reach + paper_like.shape[1]] = paper_like < settings.paper_like_min
    rows, cols = np.nonzero(peaks)
    covered = _disc_shares(covering, rows + reach, cols + reach, reach)
    # A pale coin among others shows little rim against paper: fewer votes will do where its
    # whole face is covered (a gap between coins shows paper in its middle).
    least_covered = np.where(score[rows, cols] >= settings.min_votes, settings.face_covered, settings.weak_face_covered)
    keep = (covered >= least_covered) | (score[rows, cols] >= settings.strong_rim_votes)
    rows, cols = rows[keep], cols[keep]
    order = np.argsort(-score[rows, cols], kind="stable")
    separation = coin_separation_px(diameter_mm, settings)
    paper_level = []   # worked out for the first peak that needs it
    middle_offsets = disc_offsets(settings.gap_middle_mm * MAT_PX_PER_MM)

    def below_paper(row: float, col: float, offsets: np.ndarray) -> float:
        """How far below the paper's likeness the median of the disc (`offsets`) round (row, col) lies."""
        row, col = int(row), int(col)
        at = offsets + (row, col)
        reach_px = offsets[-1, 0]    # the disc's last row lies this far down (its first as far up, across too)
        if not (reach_px <= row < paper_like.shape[0] - reach_px and reach_px <= col < paper_like.shape[1] - reach_px):
            at = at[(at[:, 0] >= 0) & (at[:, 0] < paper_like.shape[0]) & (at[:, 1] >= 0) & (at[:, 1] < paper_like.shape[1])]
        paper_level[:] = paper_level or [float(np.percentile(paper_like, 90))]
        values = paper_like[at[:, 0], at[:, 1]]
        # An odd count's median is its middle value (np.median's, without its overhead).
        middle = np.partition(values, len(values) // 2)[len(values) // 2] if len(values) % 2 else np.median(values)
        return paper_level[0] - float(middle)

    def face_is_a_coins(row: int, col: int) -> bool:
        # Blotched paper (JPEG colour noise on a far mat) passes the covering test; no coin is that pale.
        return (score[row, col] >= settings.strong_rim_votes
                or below_paper(row, col, face_offsets) >= settings.face_below_paper)

    def middle_below_paper(row: float, col: float) -> float:
        return below_paper(row, col, middle_offsets)
    # Taken again without a gap, so that a coin it ruled out may count.
    gaps: set[tuple[float, float]] = set()
    while True:
        centres = strongest_apart(rows[order], cols[order], separation,
                                  lambda row, col: (float(row), float(col)) not in gaps and face_is_a_coins(row, col))
        found = gaps_between(centres, diameter_mm, settings, middle_below_paper)
        if not found:
            break
        gaps.update(centres[index] for index in found)
    if passed_over is not None and centres:
        taken = np.array(centres)
        nearest = np.sqrt(((rows[:, None] - taken[None, :, 0]) ** 2 + (cols[:, None] - taken[None, :, 1]) ** 2).min(1))
        least = separation - settings.close_call_mm * MAT_PX_PER_MM
        if passed_from_mm is not None:
            least = min(least, passed_from_mm * MAT_PX_PER_MM)
        close = (nearest > 0) & (nearest >= least)
        passed_over += [(float(r), float(c)) for r, c in zip(rows[close], cols[close])
                        if (float(r), float(c)) not in gaps and face_is_a_coins(int(r), int(c))]
        if overlapped is not None:
            deep = ((nearest >= settings.overlap_share * diameter_mm * MAT_PX_PER_MM) & (nearest < least)
                    & (score[rows, cols] >= settings.overlap_votes))
            overlapped += [float(nearest[i]) / MAT_PX_PER_MM for i in np.flatnonzero(deep)
                           if (float(rows[i]), float(cols[i])) not in gaps and face_is_a_coins(int(rows[i]), int(cols[i]))]
        if half_under is not None and passed_over and settings.half_under_shown <= 1.0:
            half_under += half_under_shown(centres, passed_over, paper_like < settings.paper_like_min, diameter_mm,
                                           separation - settings.close_call_mm * MAT_PX_PER_MM, settings)
            centres = centres + half_under
    if lone is not None and centres and settings.lone_rim_votes < float("inf"):
        voted = np.argwhere(peaks & (score >= settings.lone_rim_votes))
        voted = voted[np.argsort(-score[voted[:, 0], voted[:, 1]], kind="stable")]
        lone += lone_rims(centres, [(float(r), float(c)) for r, c in voted.tolist() if (float(r), float(c)) not in gaps],
                          diameter_mm, settings)
        centres = centres + lone
    if ringed is not None and centres and settings.ring_peaks_least:
        taken = set(centres) | gaps
        # A ring's peaks lie within its reach of a middle a separation clear of every coin taken.
        at = np.array(centres)
        clear = np.sqrt(((rows[order, None] - at[None, :, 0]) ** 2 + (cols[order, None] - at[None, :, 1]) ** 2).min(1))
        clear = clear >= separation - settings.ring_reach_share * diameter_mm * MAT_PX_PER_MM
        failed = [(float(row), float(col)) for row, col in zip(rows[order][clear].tolist(), cols[order][clear].tolist())
                  if (float(row), float(col)) not in taken and not face_is_a_coins(row, col)]
        ringed += ringed_middles(centres, failed, diameter_mm, separation, settings, face_is_a_coins)
        centres = centres + ringed
    if faint is not None and centres and settings.faint_face_shown_least > 0:
        weak = [(row, col) for row, col in centres if score[int(row), int(col)] < settings.min_votes]
        faint += faint_doubles(centres, weak, paper_like < settings.paper_like_min, diameter_mm, settings)
    return centres


def on_a_leaning_hull(row: float, col: float, hulls: np.ndarray, bottom_mm: float, diameter_mm: float,
                      settings: CoinSettings) -> bool:
    """Taught: whether a coin's spot (row, col, px over the zone's picture) lies within a coin's radius of the zone's
    bottom line (`bottom_mm` down the picture), its face CoinSettings.hull_face_share_most on a prize hull's cover
    (`hulls`, bool): a coin there would lie over the line, where a hull leaning in from the next zone lies; its deck's
    edge and shadow gather a row of such spots (tuning seeds 1872 ben, 2912 ben: coins counted over, sure)."""
    return hull_share_over_line(row, col, hulls, bottom_mm, diameter_mm) >= settings.hull_face_share_most


def hull_share_over_line(row: float, col: float, hulls: np.ndarray, bottom_mm: float, diameter_mm: float) -> float:
    """The share of a coin's disc round (row, col) (px over the zone's picture) on a prize hull's cover (`hulls`, bool),
    where the coin reaches over the zone's bottom line (`bottom_mm` down the picture); 0.0 where it does not."""
    radius = diameter_mm / 2 * MAT_PX_PER_MM
    if bottom_mm * MAT_PX_PER_MM - row >= radius:
        return 0.0
    at = disc_within(row, col, radius, hulls.shape)
    return float(hulls[at[:, 0], at[:, 1]].mean()) if len(at) else 0.0


def coin_separation_px(diameter_mm: float, settings: CoinSettings) -> float:
    """How far apart (px) coins' centres are kept: a coin's width less the kit's overlap and the slack."""
    return (diameter_mm - kit.COIN_MAX_OVERLAP_MM - settings.separation_slack_mm) * MAT_PX_PER_MM


def _disc_shares(mask: np.ndarray, rows: np.ndarray, cols: np.ndarray, radius_px: float) -> np.ndarray:
    """The share of each disc of `radius_px` (disc_offsets) round (rows, cols) that `mask` (bool) covers, as the
    mean of the disc's pixels gives it (the count over the disc's size), counted along each of the disc's rows from
    the mask's running sums across: the discs lie within the mask."""
    reach, half_widths = int(radius_px), _disc_half_widths(radius_px)
    if len(rows) == 0:
        return np.zeros(0)
    running = np.zeros((mask.shape[0], mask.shape[1] + 1), np.int32)
    np.cumsum(mask, axis=1, dtype=np.int32, out=running[:, 1:])
    at = rows[:, None] + np.arange(-reach, reach + 1)[None]
    counts = (running[at, cols[:, None] + half_widths + 1] - running[at, cols[:, None] - half_widths]).sum(1)
    return counts.astype(np.float64) / len(disc_offsets(radius_px))


@lru_cache(maxsize=8)
def _disc_half_widths(radius_px: float) -> np.ndarray:
    """How far each row of the disc of disc_offsets(radius_px) reaches either side of its middle, top row first
    (a disc's rows are unbroken; made once a radius: not to be written to)."""
    offsets = disc_offsets(radius_px)
    reach = int(radius_px)
    half_widths = np.array([offsets[offsets[:, 0] == dy, 1].max() for dy in range(-reach, reach + 1)])
    half_widths.flags.writeable = False
    return half_widths


def paper_likeness(zone_lab: np.ndarray, settings: CoinSettings = CoinSettings()) -> np.ndarray:
    """How much like white paper each pixel of a Lab picture is (float32): light and grey. A pale coin (cyan,
    orange) is nearly as light as the paper but far more coloured."""
    lab = zone_lab.astype(np.float32)
    return lab[..., 0] - settings.chroma_weight * np.hypot(lab[..., 1] - 128, lab[..., 2] - 128)


def paper_covered(paper_like: np.ndarray, settings: CoinSettings = CoinSettings()) -> np.ndarray:
    """Where a picture is less like paper than a coin's face is (bool), specks opened away."""
    covered = (paper_like < settings.paper_like_min).astype(np.uint8)
    return cv2.morphologyEx(covered, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)) > 0


def strongest_apart(rows: np.ndarray, cols: np.ndarray, separation: float, is_coin) -> list[tuple[float, float]]:
    """Of the peaks at (rows, cols) (whole px, strongest first), those `is_coin(row, col)` says are coins and
    that lie `separation` px or more from every stronger coin taken. Each coin taken rules out the peaks near it
    at once (whole px apart: the squared distances are exact)."""
    centres: list[tuple[float, float]] = []
    clear = np.ones(len(rows), bool)
    for index, (row, col) in enumerate(zip(rows.tolist(), cols.tolist())):
        if clear[index] and is_coin(row, col):
            centres.append((float(row), float(col)))
            clear &= (rows - float(row)) ** 2 + (cols - float(col)) ** 2 >= separation ** 2
    return centres


@dataclass(frozen=True)
class CoinZone:
    """A white-balanced mat's coin zone as the coins are read from it (settings.zone_margin_mm wider): its Lab
    picture and paper likeness, worked out once a mat for the coins and for what of the zone they cover."""

    lab: np.ndarray
    paper_like: np.ndarray
    inner: tuple[slice, slice]      # the zone itself (mat_zone_picture with no margin) within the wider picture

    @classmethod
    def of(cls, balanced: np.ndarray, settings: CoinSettings = CoinSettings()) -> "CoinZone":
        rows, cols = mat_zone_slices("coins", settings.zone_margin_mm, balanced.shape)
        inner_rows, inner_cols = mat_zone_slices("coins", 0.0, balanced.shape)
        lab = cv2.cvtColor(balanced[rows, cols], cv2.COLOR_BGR2Lab)
        return cls(lab, paper_likeness(lab, settings), (slice(inner_rows.start - rows.start, inner_rows.stop - rows.start),
                                                        slice(inner_cols.start - cols.start, inner_cols.stop - cols.start)))

    def covered(self, settings: CoinSettings = CoinSettings()) -> np.ndarray:
        """Where the zone itself is less like paper than a coin's face is (paper_covered)."""
        return paper_covered(self.paper_like[self.inner], settings)


def read_coins(balanced: np.ndarray, hull_cover: np.ndarray, settings: CoinSettings = CoinSettings(),
               looks: MatLooks = KIT_LOOKS, coin_zone: CoinZone | None = None,
               counted: list[tuple[float, float]] | None = None) -> tuple[dict[str, int], list[str], list[str], float]:
    """(coins by kind, doubts on their count, doubts on a coin's kind alone, the least lead of a kind's votes).
    Each coin's kind is the ring hue most of its ring votes for
    (weighted by chroma squared, so the ring's paint outvotes brass and paper the ring
    samples touch when the centre is a little off). `hull_cover` marks the prize hulls over the
    whole mat, with what of them leans out of their zone. Taught `looks` give the coins' size, where
    their colour lies and the metal's hue, which names no kind. `coin_zone`: CoinZone.of(balanced) when made already;
    `counted`, when given, receives the centres of the coins counted (px of coin_zone's picture)."""
    margin = settings.zone_margin_mm
    zone_box = kit.mat_zone("coins")
    if coin_zone is None:
        coin_zone = CoinZone.of(balanced, settings)
    origin = (max(0.0, zone_box.x - margin), max(0.0, zone_box.y - margin))
    lab = coin_zone.lab
    hulls = mat_zone_picture(hull_cover, "coins", margin)
    diameter = looks.coin_diameter_mm
    low_line = zone_box.y + zone_box.height - (diameter / 2 - settings.zone_overhang_mm)
    passed_over: list[tuple[float, float]] = []
    half_under: list[tuple[float, float]] = []
    lone: list[tuple[float, float]] = []
    overlapped: list[float] = []
    ringed: list[tuple[float, float]] = []
    faint: list[tuple[float, float]] = []
    # Untaught, the coins' width is the kit's guess: a smaller set's coins lie nearer each other (coin_spacing).
    passed_from = None if looks.taught else settings.untaught_least_apart_mm
    centres = np.array([(row, col) for row, col in coin_centres(lab, settings, diameter, passed_over, passed_from,
                                                                half_under, coin_zone.paper_like, lone, overlapped,
                                                                ringed, faint)
                        # A coin counts where its centre lies (the margin lets a coin at the edge be seen whole) ...
                        if zone_box.contains(origin[0] + col / MAT_PX_PER_MM, origin[1] + row / MAT_PX_PER_MM, -2.0)
                        # ... but a prize hull 12 mm tall leans over the zone's bottom line, and
                        # its deck's edge and tag gather votes there.
                        and not (hulls[int(row), int(col)] and origin[1] + row / MAT_PX_PER_MM > low_line)
                        and not (looks.taught and on_a_leaning_hull(row, col, hulls, zone_box.y + zone_box.height - origin[1],
                                                                    diameter, settings))])
    if counted is not None:
        counted.extend(tuple(c) for c in centres.tolist())
    if len(centres) == 0:
        return {}, [], [], 1.0
    spacing = spacing_doubts([tuple(c) for c in centres.tolist()], passed_over, coin_separation_px(diameter, settings),
                             diameter, settings, passed_from)
    spacing += [f"{len(half_under)} coin(s) half under another, counted by the face they show"] if half_under else []
    lone_set = set(lone)
    lone_counted = sum(1 for centre in centres.tolist() if tuple(centre) in lone_set)
    spacing += [f"{lone_counted} coin(s) far from every other counted by their rim alone, their face as pale as the paper"
                ] if lone_counted else []
    ringed_set = set(ringed)
    ringed_counted = sum(1 for centre in centres.tolist() if tuple(centre) in ringed_set)
    spacing += [f"{ringed_counted} pale coin(s) packed among others counted by the ring of peaks round their middle"
                ] if ringed_counted else []
    faint_set = set(faint)
    faint_counted = sum(1 for centre in centres.tolist() if tuple(centre) in faint_set)
    spacing += [f"{faint_counted} coin(s) counted by a faint rim, showing little face of their own beside the coins "
                "counted: a coin's blurred or shadowed edge read as another?"] if faint_counted else []
    spacing += [f"a coin's rim strongly voted {min(overlapped):.1f} mm from a coin taken, ruled out: a coin lying over "
                f"another? (coins {diameter:.0f} mm across)"] if overlapped else []
    spacing += _unread_face_doubts(centres, coin_zone, hulls, diameter, settings)
    bottom = zone_box.y + zone_box.height - origin[1]
    on_edge = sum(hull_share_over_line(row, col, hulls, bottom, diameter) >= settings.hull_edge_share_least
                  for row, col in centres.tolist())
    spacing += [f"{on_edge} coin(s) counted over the zone's bottom line, touching a prize hull: its edge read as a coin?"
                ] if on_edge else []
    angles = np.linspace(0, 2 * np.pi, 24, endpoint=False)
    sample_shares = looks.coin_sample_shares
    radii = (np.array(sample_shares) * diameter / 2 if sample_shares else np.array(settings.ring_sample_mm)) * MAT_PX_PER_MM
    ring = np.stack(np.meshgrid(radii, angles), -1).reshape(-1, 2)
    ys = np.clip(np.round(centres[:, :1] + ring[:, 0] * np.sin(ring[:, 1])).astype(int), 0, lab.shape[0] - 1)
    xs = np.clip(np.round(centres[:, 1:] + ring[:, 0] * np.cos(ring[:, 1])).astype(int), 0, lab.shape[1] - 1)
    ab = lab[ys, xs, 1:].astype(np.float32) - 128                       # (coins, samples, 2)
    hue = np.degrees(np.arctan2(ab[..., 1], ab[..., 0])) % 360.0
    hues = dict(settings.hues_deg)
    kinds = list(hues)
    if looks.coin_metal_hue_deg is not None:
        hues[METAL] = looks.coin_metal_hue_deg
    gaps = np.abs((hue[..., None] - np.array(list(hues.values())) + 180) % 360 - 180)
    strength = (ab ** 2).sum(-1) * (gaps.argmin(-1) < len(kinds))      # the metal's votes name no kind
    votes = np.stack([(strength * (gaps.argmin(-1) == index)).sum(1) for index in range(len(kinds))], 1)
    shares = votes / np.maximum(votes.sum(1, keepdims=True), 1e-6)
    coins: dict[str, int] = {}
    kind_doubts, margins = [], []
    for share in shares:
        order = np.argsort(-share)
        kind, margin_kind = kinds[order[0]], float(share[order[0]] - share[order[1]])
        coins[kind] = coins.get(kind, 0) + 1
        margins.append(margin_kind)
        if margin_kind < settings.unclear_margin:
            kind_doubts.append(f"a coin whose ring colour is unclear (read as {kind.replace('_', ' ')})")
    return coins, list(spacing), kind_doubts, (min(margins) if margins else 1.0)


def _unread_face_doubts(centres: np.ndarray, coin_zone: CoinZone, hulls: np.ndarray, diameter_mm: float,
                        settings: CoinSettings) -> list[str]:
    """Taught: a coin's width of the zone itself (no prize hull) covered CoinSettings.face_left_unread_least or more
    clear of every coin counted (coin_spacing.face_left_unread) is a coin no rim's peak counted: asked."""
    if settings.face_left_unread_least > 1.0:
        return []
    covered = np.zeros(coin_zone.paper_like.shape, bool)
    covered[coin_zone.inner] = coin_zone.covered(settings)
    shown = face_left_unread([tuple(c) for c in centres.tolist()], covered & ~hulls, diameter_mm, settings,
                             settings.face_left_unread_least)
    if shown < settings.face_left_unread_least:
        return []
    return [f"{shown:.0%} of a coin's width covered clear of every coin counted: a coin not read?"]


def coin_cover_doubts(count: int, covered_mm2: float, coin_mm2: float, settings: MatSettings,
                      clear_mm2: float | None = None, hull_leans_in: bool = False) -> list[str]:
    """The coins read must cover about what the coin zone shows (a far mat's blur spreads each coin a little).
    `clear_mm2` (taught: cover_clear_of_coins_mm2), when given, is what shows more: the zone's whole cover less the
    coins' counts a grainy paper and a photo's wider coin halo as coins not read. Where a prize hull leans into the
    zone (`hull_leans_in`) the whole cover's excess still asks too: the hull's edge and shadow past its mask are no paper."""
    expected = count * coin_mm2 * settings.coin_cover_blur
    if count and covered_mm2 < settings.coins_cover_least * expected:
        return [f"{count} coins read, but the coin zone shows fewer"]
    whole_more = covered_mm2 - expected > settings.coins_unread_most * coin_mm2
    clear_more = clear_mm2 is not None and clear_mm2 > settings.coins_clear_unread_most * coin_mm2
    if clear_more or (whole_more and (clear_mm2 is None or hull_leans_in)):
        return [f"the coin zone shows more than the {count} coins read"]
    return []


def coins_covered_mm2(coin_zone: CoinZone, hull_cover: np.ndarray, settings: CoinSettings) -> float:
    """mm^2 of the coin zone less like paper than a coin's face is, a prize hull leaning in left out."""
    covered = coin_zone.covered(settings) & ~mat_zone_picture(hull_cover, "coins")
    return float(covered.sum()) / MAT_PX_PER_MM ** 2


def cover_clear_of_coins_mm2(counted: list[tuple[float, float]], coin_zone: CoinZone, hull_cover: np.ndarray,
                             diameter_mm: float, settings: CoinSettings, opening_share: float) -> float:
    """mm^2 of the coin zone covered (no prize hull) clear of every coin counted, opened by a disc opening_share of a
    coin wide: the paper's grain, a coin's blurred halo and the slivers between packed coins drop out, a coin's face
    that no rim counted stays."""
    covered = np.zeros(coin_zone.paper_like.shape, bool)
    covered[coin_zone.inner] = coin_zone.covered(settings)
    covered &= ~mat_zone_picture(hull_cover, "coins", settings.zone_margin_mm)
    left = clear_of_coins(counted, covered, diameter_mm, settings).astype(np.uint8)
    width = int(round(opening_share * diameter_mm * MAT_PX_PER_MM)) | 1
    opened = cv2.morphologyEx(left, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (width, width)))
    return float(opened.sum()) / MAT_PX_PER_MM ** 2
