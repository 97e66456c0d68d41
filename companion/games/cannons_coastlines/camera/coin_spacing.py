"""When the coins found on a mat are a close call on their spacing (coins.coin_centres).

Coins are kept apart by a separation a little under a coin's width (less their overlap, and slack for a
taught width a little wide). Two coins lying closer than the renders' loose grid (a coin nudged half under
its neighbour) put one peak inside the other's separation: it is ruled out and the coin is missed. The gap
between four coins gathers votes from all their rims, a peak about seven tenths of a pitch from each: read
as a coin where the separation is small. Neither is settled by the votes, so each is named as a doubt.
Untaught, the separation is the kit's coin's: a peak like a coin ruled out nearer than a smaller set's coins
may lie (CoinSettings.untaught_least_apart_mm and more away) is a doubt as well.

A coin pale in its middle has a dark ring inside its rim, and that ring's inner edge votes for a spot one coin
radius outside it: the gap between three or four such coins gathers their votes, its paper passes for a pale
middle and its surround for a face. No coin lies inside three others nearer than a coin's width, so such a
peak with the paper showing in its middle is the gap between them (gaps_between).

Taught, the coins' width is known: a close call whose disc shows a coin's face (what covers the paper) mostly where no
coin taken lies is a coin half under another, not a peak of the coins round it (half_under_shown). A silver or white
face, blurred on a far mat, can be as pale as the paper and fail both face tests while its rim still gathers most of a
coin's votes: such a peak far from every coin taken (no neighbour's rim or gap lies there) is a coin (lone_rims).
A pale coin packed among others shows little rim against paper, and its coloured middle's edge votes one coin radius
past it: a ring of peaks round the coin's middle, each too far off it for the face test. Taught, the middle of such a
ring, showing a coin's face and a coin's width clear of every coin taken, is a coin (ringed_middles).
A coin whose rim gathers no peak at all (blurred, or packed where its neighbours' rims outvote it) still covers the
paper: taught, a coin's width of the zone covered nearly whole clear of every coin counted is a coin not read, asked
about, not counted (face_left_unread).
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM, disc_offsets, disc_within
from companion.games.cannons_coastlines.camera.settings import CoinSettings


def gaps_between(taken: list[tuple[float, float]], diameter_mm: float, settings: CoinSettings = CoinSettings(),
                 middle_below_paper=lambda row, col: 0.0) -> list[int]:
    """Indexes of the coins in `taken` (centres, px) that lie among settings.gap_neighbours or more other coins taken
    nearer than settings.gap_reach_share of a coin's width, surrounding it (no side of it open by more than
    settings.gap_open_most_deg: three coins round a missing fourth leave their gap on the line between two of them,
    half a turn open), and show the paper in their middle: `middle_below_paper(row, col)` (how far below the
    paper's likeness) under settings.gap_middle_below_paper. Such a peak is the gap between those coins."""
    centres = np.array(taken, np.float64).reshape(-1, 2)
    reach = settings.gap_reach_share * diameter_mm * MAT_PX_PER_MM
    apart = np.hypot(centres[:, None, 0] - centres[None, :, 0], centres[:, None, 1] - centres[None, :, 1])
    near = (apart > 0) & (apart < reach)
    gaps = []
    for index in np.nonzero(near.sum(1) >= settings.gap_neighbours)[0].tolist():
        row, col = centres[index]
        around = centres[near[index]]
        turns = np.sort(np.arctan2(around[:, 0] - row, around[:, 1] - col))
        if (np.degrees(np.diff(np.r_[turns, turns[0] + 2 * np.pi]).max()) <= settings.gap_open_most_deg
                and middle_below_paper(row, col) < settings.gap_middle_below_paper):
            gaps.append(index)
    return gaps


def spacing_doubts(taken: list[tuple[float, float]], passed_over: list[tuple[float, float]], separation_px: float,
                   diameter_mm: float, settings: CoinSettings = CoinSettings(),
                   least_apart_mm: float | None = None) -> list[str]:
    """`taken`: the coins' centres (px); `passed_over`: peaks that look like coins (votes and face) but were
    ruled out by a coin taken nearer than `separation_px`. Doubts: such a peak nearly far enough to count
    (within settings.close_call_mm of the separation: a coin half under another; or `least_apart_mm` or more from
    every coin, when given: the coins' width not known, a smaller coin beside another), and a coin with two or
    more coins taken nearer than settings.crowded_share of a coin's width (a gap between coins read as one)."""
    doubts = []
    centres = np.array(taken, np.float64).reshape(-1, 2)
    if len(centres) == 0:
        return doubts
    least = separation_px - settings.close_call_mm * MAT_PX_PER_MM
    if least_apart_mm is not None:
        least = min(least, least_apart_mm * MAT_PX_PER_MM)
    for row, col in passed_over:
        nearest = float(np.hypot(centres[:, 0] - row, centres[:, 1] - col).min())
        if nearest >= least:
            doubts.append(f"a coin may lie half under another ({nearest / MAT_PX_PER_MM:.1f} mm from it, "
                          f"coins {diameter_mm:.0f} mm across)")
            break
    crowded = settings.crowded_share * diameter_mm * MAT_PX_PER_MM
    for row, col in centres:
        near = np.hypot(centres[:, 0] - row, centres[:, 1] - col)
        if int(((near > 0) & (near < crowded)).sum()) >= settings.crowded_neighbours:
            doubts.append(f"a coin read between {settings.crowded_neighbours} or more coins nearer than "
                          f"{settings.crowded_share:.0%} of a coin's width (a gap between coins?)")
            break
    return doubts


def face_shown_outside(peak: tuple[float, float], coins: list[tuple[float, float]], covered: np.ndarray,
                       diameter_mm: float, settings: CoinSettings = CoinSettings()) -> float:
    """The share of the disc a coin wide round `peak` (px) that is covered (`covered`: bool, not paper) outside every
    coin in `coins` (a coin's width and settings.half_under_clear_mm round each): the face a coin there shows of its own."""
    radius = diameter_mm / 2 * MAT_PX_PER_MM
    clear = (radius + settings.half_under_clear_mm * MAT_PX_PER_MM) ** 2
    at = disc_within(peak[0], peak[1], radius, covered.shape)
    centres = np.array(coins, np.float64).reshape(-1, 2)
    outside = ((at[:, None, 0] - centres[None, :, 0]) ** 2 + (at[:, None, 1] - centres[None, :, 1]) ** 2 > clear).all(1)
    return float((covered[at[:, 0], at[:, 1]] & outside).sum()) / len(disc_offsets(radius))


def half_under_shown(taken: list[tuple[float, float]], passed_over: list[tuple[float, float]], covered: np.ndarray,
                     diameter_mm: float, least_px: float, settings: CoinSettings = CoinSettings()) -> list[tuple[float, float]]:
    """Of the peaks `passed_over` (ruled out by a coin taken, px) lying `least_px` or more from every coin, those whose
    disc a coin wide is covered (`covered`: bool, not paper) over settings.half_under_shown of it outside every coin
    taken (face_shown_outside): a coin half under another shows the rest of its face. Taken one at a time, the most
    shown first, each then counting as taken."""
    coins = [tuple(c) for c in taken]
    found: list[tuple[float, float]] = []

    def shown(peak: tuple[float, float]) -> float:
        return face_shown_outside(peak, coins + found, covered, diameter_mm, settings)

    def apart(peak: tuple[float, float]) -> bool:
        centres = np.array(coins + found, np.float64)
        return bool(np.hypot(centres[:, 0] - peak[0], centres[:, 1] - peak[1]).min() >= least_px)

    while coins:
        best = max((peak for peak in passed_over if apart(peak)), key=shown, default=None)
        if best is None or shown(best) < settings.half_under_shown:
            break
        found.append(best)
    return found


def faint_doubles(taken: list[tuple[float, float]], faint: list[tuple[float, float]], covered: np.ndarray,
                  diameter_mm: float, settings: CoinSettings = CoinSettings()) -> list[tuple[float, float]]:
    """Of the coins `faint` (taken by fewer than settings.min_votes full rims' votes, px), those showing less than
    settings.faint_face_shown_least of a coin's face outside every other coin in `taken` (face_shown_outside): the
    blurred or shadowed edge of a coin beside it, read as a second coin."""
    return [peak for peak in faint
            if face_shown_outside(peak, [c for c in taken if c != peak], covered, diameter_mm, settings)
            < settings.faint_face_shown_least]


def lone_rims(taken: list[tuple[float, float]], peaks: list[tuple[float, float]], diameter_mm: float,
              settings: CoinSettings = CoinSettings()) -> list[tuple[float, float]]:
    """Of `peaks` (px, strongest first, each gathering settings.lone_rim_votes full rims' votes and ruled out as a coin by
    its pale face), those lying settings.lone_rim_apart_share of a coin's width or more from every coin taken: a coin
    whose face is as pale as the paper. Taken one at a time, each then counting as taken."""
    apart = settings.lone_rim_apart_share * diameter_mm * MAT_PX_PER_MM
    found: list[tuple[float, float]] = []
    for row, col in peaks:
        centres = np.array(list(taken) + found, np.float64)
        if np.hypot(centres[:, 0] - row, centres[:, 1] - col).min() >= apart:
            found.append((row, col))
    return found


def ringed_middles(taken: list[tuple[float, float]], failed: list[tuple[float, float]], diameter_mm: float,
                   separation_px: float, settings: CoinSettings, face_is_a_coins) -> list[tuple[float, float]]:
    """Middles (px) of rings of settings.ring_peaks_least or more of the peaks `failed` (voted, covered, but ruled out by
    their face: strongest first), each within settings.ring_reach_share of a coin's width of the ring's middle and
    settings.ring_inside_share of it or more away (round it, not bunched to one side of it), where `face_is_a_coins(row, col)` says the
    middle shows a coin's face and no coin taken (or found) lies nearer than `separation_px`. Taken one at a time."""
    reach = settings.ring_reach_share * diameter_mm * MAT_PX_PER_MM
    inside = settings.ring_inside_share * diameter_mm * MAT_PX_PER_MM
    left = np.array(failed, np.float64).reshape(-1, 2)
    unused = np.ones(len(left), bool)
    found: list[tuple[float, float]] = []
    for index in range(len(left)):
        if not unused[index]:
            continue
        near = unused & (np.hypot(*(left - left[index]).T) <= 2 * reach)
        middle = left[near].mean(0)
        ring = near & (np.hypot(*(left - middle).T) <= reach)
        if ring.sum() < settings.ring_peaks_least:
            continue
        if np.hypot(*(left[ring] - middle).T).min() < inside:   # a cluster or an arc of peaks, not a ring round it
            continue
        centres = np.array(list(taken) + found, np.float64).reshape(-1, 2)
        if (len(centres) and np.hypot(*(centres - middle).T).min() < separation_px) or not face_is_a_coins(*middle.astype(int)):
            continue
        found.append((float(middle[0]), float(middle[1])))
        unused &= ~ring
    return found


def clear_of_coins(taken: list[tuple[float, float]], covered: np.ndarray, diameter_mm: float,
                   settings: CoinSettings = CoinSettings()) -> np.ndarray:
    """`covered` (bool) outside every coin in `taken` (px), settings.half_under_clear_mm round each."""
    clear = (diameter_mm / 2 + settings.half_under_clear_mm) * MAT_PX_PER_MM
    left = covered.copy()
    for row, col in taken:
        # Worked out on the box round each coin's clear disc alone (no pixel past it is within it).
        top, bottom = max(0, int(row - clear)), min(left.shape[0], int(row + clear) + 2)
        first, last = max(0, int(col - clear)), min(left.shape[1], int(col + clear) + 2)
        rows, cols = np.ogrid[top:bottom, first:last]
        left[top:bottom, first:last] &= (rows - row) ** 2 + (cols - col) ** 2 > clear ** 2
    return left


def face_left_unread(taken: list[tuple[float, float]], covered: np.ndarray, diameter_mm: float,
                     settings: CoinSettings = CoinSettings(), least: float = 0.0) -> float:
    """The most of a coin's face that any disc a coin wide shows covered (`covered`: bool, not paper and no prize hull)
    outside every coin in `taken` (px; settings.half_under_clear_mm round each, as face_shown_outside): near 1 where a
    whole coin lies that no peak counted, under about 0.75 where only the coins' blurred edges and the gaps between
    them are left. 0.0 where no disc can show `least`: no square a coin wide holds that many of a disc's pixels (a box
    sum is cheap, the disc filter is not, and few mats come near)."""
    radius = diameter_mm / 2 * MAT_PX_PER_MM
    left = clear_of_coins(taken, covered, diameter_mm, settings)
    if not left.any():
        return 0.0
    offsets = disc_offsets(radius)
    side = 2 * int(radius) + 1
    squares = cv2.boxFilter(left.astype(np.float32), -1, (side, side), normalize=False, borderType=cv2.BORDER_CONSTANT)
    if squares.max() < least * len(offsets):
        return 0.0
    disc = np.zeros((side, side), np.float32)
    disc[tuple((offsets + int(radius)).T)] = 1.0
    shown = cv2.filter2D(left.astype(np.float32), -1, disc / disc.sum(), borderType=cv2.BORDER_CONSTANT)
    return float(shown.max())
