"""A card the reader may have missed: a dark back a few Lab units off a dark cloth, only its thin frame
and wheel showing. On a fine cloth the faint level follows the cloth's small spread and finds it face
down; on a coarse weave the level rises above it and it is found as no card: a piece that may be a missed
card, never counted short with confidence (one card's size and shape, it is a back: face down; anything else
leaves its seat unsure). So is a back whose contrast lies just under the faint level (on a noisy view the
level follows the noise up to it), while a ragged blotch of the cloth of the same contrast is not. The bare cloth, and a back the reader does find, leave nothing unexplained."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.games.cannonades.camera import face_down, table_mask, unexplained
from companion.games.cannonades.camera.reader import FAINT_BACK as FOUND_FAINTLY, FAINT_STRIP, MAY_BE_MISSED, _unknowns
from companion.games.cannonades.camera.settings import SETTINGS
from companion.games.cannonades.kit import cards

from cannonades_views import benchmark_view, seat_as_read

WIDTH, HEIGHT = (int(mm) for mm in cards.CARD_MM)
CLOTH = (58, 92, 48)          # BGR: a green felt (not one of the renderer's cloths)
FAINT_BACK = (50, 82, 44)     # a back a few Lab units darker, full bleed
THIN_FRAME = (80, 120, 140)   # its printed frame and wheel, one px wide at 1 px/mm
FINE, COARSE = 3.0, 12.0      # the cloth's weave: its grey levels' spread


def _top_view(back=None, frame=None, at=(150, 100), weave=FINE) -> np.ndarray:
    rng = np.random.default_rng(5)
    view = np.clip(np.array(CLOTH, np.float32) + rng.normal(0, weave, (300, 400, 3)), 0, 255).astype(np.uint8)
    x, y = at
    if back is not None:
        view[y:y + HEIGHT, x:x + WIDTH] = back
    if frame is not None:
        cv2.rectangle(view, (x + 5, y + 5), (x + WIDTH - 6, y + HEIGHT - 6), frame, 1)
        cv2.circle(view, (x + WIDTH // 2, y + HEIGHT // 2), 12, frame, 1)
    return cv2.GaussianBlur(view, (0, 0), 1.0)   # the camera's softness


def _read(view: np.ndarray):
    difference = table_mask.table_difference(view, SETTINGS)
    not_table = table_mask.not_table(view, SETTINGS, difference)
    blobs = face_down.find_blobs(view, np.eye(3), [], SETTINGS, not_table)
    judged, covered = face_down.blob_mask(not_table, np.eye(3), [], SETTINGS)
    return blobs, unexplained.unexplained_pieces(difference, judged, covered, SETTINGS)


def test_a_faint_dark_back_on_a_fine_cloth_is_a_face_down_card():
    blobs, pieces = _read(_top_view(FAINT_BACK, THIN_FRAME))
    assert [blob.face for blob in blobs] == ["down"] and pieces == []
    assert face_down.distance(blobs[0].centre_mm, (150 + WIDTH / 2, 100 + HEIGHT / 2)) < 5


def test_a_faint_dark_back_on_a_coarse_weave_found_as_no_card_is_a_piece_that_may_be_a_missed_card():
    blobs, pieces = _read(_top_view(FAINT_BACK, THIN_FRAME, weave=COARSE))
    assert blobs == []   # the blob finder does not see it: without this check the seat would be short
    assert len(pieces) == 1
    x, y, w, h = cv2.boundingRect(pieces[0])
    # the weave's specks next to it may join its outline: placed within 10 mm, its size within 10
    assert abs(x + w / 2 - (150 + WIDTH / 2)) < 10 and abs(y + h / 2 - (100 + HEIGHT / 2)) < 10
    assert abs(w - WIDTH) < 10 and abs(h - HEIGHT) < 10


def test_the_piece_leaves_the_seat_it_lies_in_unsure():
    _, pieces = _read(_top_view(FAINT_BACK, THIN_FRAME, weave=COARSE))   # table mm = view px: near the top edge, seat 2's
    centre, axis = face_down.centre_axis(pieces[0], np.eye(3))
    blob = face_down.Blob("unknown", centre, axis, 0.0, 0.0, MAY_BE_MISSED, face_down.sample_points(pieces[0], np.eye(3)))
    said = _unknowns(blob, 2, SETTINGS, 0.0)
    assert {card.area for card in said} == {"seat 2"} and all(card.face == "unknown" for card in said)


def test_the_bare_cloth_and_a_back_that_is_found_leave_nothing_unexplained():
    assert _read(_top_view()) == ([], [])
    blobs, pieces = _read(_top_view((40, 60, 160), (230, 230, 230)))   # a red back the blob finder sees
    assert [blob.face for blob in blobs] == ["down"] and pieces == []


NOISY = 6.0                   # a noisy sensor's spread on the cloth: the faint level rises to about 4.3
JUST_UNDER = tuple(channel - 8 for channel in CLOTH)   # a back about 4 units off it, smoothed: just under


def _blotch() -> np.ndarray:
    """The noisy cloth with a ragged darker patch (three overlapping discs, one card's area), as dark as JUST_UNDER."""
    rng = np.random.default_rng(5)
    view = np.clip(np.array(CLOTH, np.float32) + rng.normal(0, NOISY, (300, 400, 3)), 0, 255)
    patch = np.zeros((300, 400), np.uint8)
    for x, y, radius in ((170, 130, 28), (215, 160, 24), (160, 185, 22)):
        cv2.circle(patch, (x, y), radius, 255, cv2.FILLED)
    view[patch > 0] -= 8
    return cv2.GaussianBlur(view.astype(np.uint8), (0, 0), 1.0)


def test_a_back_just_under_the_faint_level_is_a_piece_that_may_be_a_missed_card():
    blobs, pieces = _read(_top_view(JUST_UNDER, weave=NOISY))
    assert blobs == []   # no card found: without the piece the seat would be counted short
    assert len(pieces) == 1
    x, y, w, h = cv2.boundingRect(pieces[0])
    assert abs(x + w / 2 - (150 + WIDTH / 2)) < 10 and abs(y + h / 2 - (100 + HEIGHT / 2)) < 10
    assert unexplained.whole_back(pieces[0], SETTINGS)   # one card's size and shape: a back, face down


def test_a_ragged_blotch_of_the_cloth_as_faint_is_no_card():
    assert _read(_blotch()) == ([], [])


@pytest.mark.slow   # renders one table a case: about 3 s
@pytest.mark.parametrize("seat, truth", [
    (1, (["S04", "S20", "S37"], 1)),
    (2, (["S27"], 1)),   # read (["S27"], 0), confidently, before 09:30; unsure until 12:00
])
def test_slate_backs_on_navy_cloth_under_a_warm_lamp_are_whole_backs_found_faintly(seat, truth):
    """Tuning seed 478: each seat's slate back differs from the navy cloth by about 5.5 units, smoothed, where the
    faint level is 6.2: no card is found there, and something card-like that no card explains is: one card's size
    and shape, so a back (face down), and the seat is counted."""
    seen, cards_read = benchmark_view(478, "slate")
    assert seat_as_read(seen, cards_read, seat) == (truth, truth)
    backs = [card["centre_mm"] for card in seen["cards"] if card["seat"] == seat and card["face"] == "down"]
    faint = [card for card in cards_read if card["area"] == f"seat {seat}" and card.get("why") == FOUND_FAINTLY]
    assert len(faint) == len(backs) == 1
    assert face_down.distance(faint[0]["centre_mm"], backs[0]) < 15 and faint[0]["face"] == "down"


def _mask_with(*boxes) -> np.ndarray:
    mask = np.zeros((300, 400), np.uint8)
    for x, y, w, h in boxes:
        mask[y:y + h, x:x + w] = 255
    return mask


CANNONADE = np.array([[150, 100], [150 + WIDTH, 100], [150 + WIDTH, 100 + HEIGHT], [150, 100 + HEIGHT]], np.float64)


def test_a_strip_of_a_card_touching_a_cannonade_is_a_sliver_a_ship_may_lie_under():
    """A 14 x 40 mm strip (0.1 of a card: too small to be judged as one) 5 mm below a cannonade's edge."""
    strip = (160, 100 + HEIGHT + 5, 40, 14)
    pieces = unexplained.slivers_beside(_mask_with(strip), [CANNONADE], SETTINGS)
    assert len(pieces) == 1 and cv2.boundingRect(pieces[0])[:2] == strip[:2]


def test_a_strip_far_from_any_cannonade_a_speck_and_a_card_s_worth_are_no_sliver():
    far, speck, card = (20, 20, 40, 14), (160, 100 + HEIGHT + 5, 8, 8), (150 + WIDTH + 4, 100, WIDTH, HEIGHT)
    assert unexplained.slivers_beside(_mask_with(far, speck, card), [CANNONADE], SETTINGS) == []
    assert unexplained.slivers_beside(_mask_with((160, 100 + HEIGHT + 5, 40, 14)), [], SETTINGS) == []


def _piece(mask: np.ndarray) -> np.ndarray:
    return max(cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0], key=cv2.contourArea)


def test_three_faint_backs_overlapping_in_a_row_are_three_backs_and_a_ragged_plank_strip_is_none():
    """A faint piece's outline is ragged where the backs fade into the cloth: its hull, three cards long and one
    wide, is split into three backs. A plank's strip of the same size, its edge eaten away where the grain
    fades (not as solid as a back), is no cards: its seat stays unsure."""
    row = np.zeros((400, 200), np.uint8)
    for top in (40, 115, 190):   # each back lies over the end of the one before
        row[top:top + HEIGHT, 60:60 + WIDTH] = 255
    rng = np.random.default_rng(7)
    for y in range(40, 190 + HEIGHT, 6):   # the faint rim: bites out of both long sides
        bite = int(rng.integers(0, 5))
        row[y:y + 6, 60:60 + bite] = 0
        row[y:y + 6, 60 + WIDTH - bite:60 + WIDTH] = 0
    backs = unexplained.backs_in_row(_piece(row), SETTINGS)
    assert len(backs) == 3
    first, middle, last = sorted(face_down.centre_axis(back, np.eye(3))[0][1] for back in backs)
    # the ends lie where the row ends; the middle back shows only a strip between them: somewhere under it
    assert abs(first - (40 + HEIGHT / 2)) < 8 and abs(last - (190 + HEIGHT / 2)) < 8 and first + 40 < middle < last - 40

    plank = np.zeros((400, 200), np.uint8)
    plank[40:190 + HEIGHT, 60:60 + WIDTH] = 255
    for y in range(40, 190 + HEIGHT, 24):   # the grain fades in long bays along one side
        plank[y:y + 12, 60:60 + WIDTH // 2] = 0
    assert unexplained.backs_in_row(_piece(plank), SETTINGS) == []


SLATE_ON_NAVY = np.array((-5, 5, 5), np.float32)   # a back's colour 6 Lab units off the cloth: under the level of 8


def _faint_column(noise: float, blotch: bool = False) -> np.ndarray:
    """A noisy cloth with two faint backs overlapping in a column (the second over the first's foot), or a ragged
    blotch of three discs of the same colour and about the same area."""
    rng = np.random.default_rng(3)
    view = np.clip(np.array(CLOTH, np.float32) + rng.normal(0, noise, (360, 300, 3)), 0, 255)
    shape = np.zeros((360, 300), np.uint8)
    if blotch:
        for x, y, radius in ((140, 120, 30), (160, 175, 30), (130, 230, 28)):
            cv2.circle(shape, (x, y), radius, 255, cv2.FILLED)
    else:
        for top in (60, 135):
            shape[top:top + HEIGHT, 110:110 + WIDTH] = 255
    view[shape > 0] += SLATE_ON_NAVY
    return cv2.GaussianBlur(np.clip(view, 0, 255).astype(np.uint8), (0, 0), 1.0)


def _backs_found(view: np.ndarray) -> list[np.ndarray]:
    difference = table_mask.table_difference(view, SETTINGS)
    not_table = table_mask.not_table(view, SETTINGS, difference)
    judged, covered = face_down.blob_mask(not_table, np.eye(3), [], SETTINGS)
    explained = unexplained.explained_mask(judged, covered, SETTINGS)
    return [back for piece in unexplained.unexplained_pieces(difference, judged, covered, SETTINGS)
            for back in unexplained.backs_in(piece, difference, explained, covered, SETTINGS)]


def test_two_faint_backs_in_a_column_whose_outline_is_ragged_at_the_fixed_level_are_refitted_into_two_backs():
    """Seeds 34 and 316 (slate backs on navy cloth): the sensor's noise makes the column's outline at the fixed
    level ragged (not as solid as backs: the seat was unsure); found again at the column's own level, on the
    distance averaged wider, it is two cards' rectangles, each back where it lies."""
    view = _faint_column(noise=8.0)
    assert _read(view)[0] == []   # the blob finder does not see them
    backs = _backs_found(view)
    assert len(backs) == 2
    centres = sorted((face_down.centre_axis(back, np.eye(3))[0] for back in backs), key=lambda centre: centre[1])
    # each a card's rectangle within the column (60-223 mm down), one above the other: the count is what is read
    assert all(abs(x - (110 + WIDTH / 2)) < 8 for x, _ in centres) and centres[0][1] < centres[1][1] - 40
    assert all(55 <= cv2.boundingRect(back)[1] and sum(cv2.boundingRect(back)[1::2]) <= 228 for back in backs)


def test_a_ragged_blotch_as_faint_refitted_is_still_no_card():
    assert _backs_found(_faint_column(noise=8.0, blotch=True)) == []


@pytest.mark.slow   # renders one table a case: about 3 s
@pytest.mark.parametrize("seed, seat, truth", [
    (34, 2, (["S26", "S39"], 2)),   # unsure on main at 6e72d40: a faint column of two slate backs, ragged
    (316, 2, (["?"], 2)),           # the same, its last back reaching under a face-up ship under a cannonade
    (1372, 4, ([], 2)),             # two backs in a dim light, 59 x 163 mm found faintly: counted none with confidence
])                                  # on main at d1ff9ae (a row is longer than one card: unexplained_faint_row_cards)
def test_a_column_of_faint_slate_backs_on_navy_cloth_is_counted(seed, seat, truth):
    seen, cards_read = benchmark_view(seed, "slate")
    got, want = seat_as_read(seen, cards_read, seat)
    assert got == truth and want[1] == truth[1]


def _apart(gap_fill: bool) -> tuple[np.ndarray, table_mask.TableDifference]:
    """Three backs 12 mm apart in a row, their difference well over the fixed level, and the piece their halos make
    of them joined (bridged across the gaps' middle); with `gap_fill` 0.4 of a card more lies in the piece."""
    squared = np.zeros((200, 400), np.float32)
    for left in (40, 40 + WIDTH + 12, 40 + 2 * (WIDTH + 12)):
        squared[50:50 + HEIGHT, left:left + WIDTH] = 30.0 ** 2
    if gap_fill:   # 0.4 of a card's area below the middle back, 6 mm off it: too small to be judged, not a halo
        squared[50 + HEIGHT + 6:50 + HEIGHT + 46, 120:175] = 30.0 ** 2
    shown = np.uint8(squared > 0) * 255
    shown[50 + HEIGHT:50 + HEIGHT + 6, 140:150] = 255
    shown[50 + HEIGHT // 3:50 + 2 * HEIGHT // 3, 40:40 + 3 * WIDTH + 24] = 255   # the halos' bridges
    blank = np.zeros_like(squared)
    return _piece(shown), table_mask.TableDifference(squared, blank, blank, 0.0, blank, blank, blank)


def test_faint_backs_a_few_mm_apart_joined_into_one_piece_are_each_a_back_and_more_between_them_is_none():
    """Tuning seed 3897 (ember backs on the navy cloth): three backs 11-15 mm apart were missed by the blob finder
    and their halos joined them into one piece of three cards' area, not solid as a row: the seat was asked. Cut at
    the fixed level joined across a few mm they are three whole backs. With more than a halo left between them
    (a card may lie there) they are none: the seat stays unsure."""
    piece, difference = _apart(gap_fill=False)
    backs = unexplained.backs_apart(piece, difference, SETTINGS)
    centres = sorted(face_down.centre_axis(back, np.eye(3))[0][0] for back in backs)
    assert len(centres) == 3 and all(abs(x - (40 + WIDTH / 2 + n * (WIDTH + 12))) < 2 for n, x in enumerate(centres))
    assert unexplained.backs_apart(*_apart(gap_fill=True), SETTINGS) == []


@pytest.mark.slow   # renders one table: about 3 s
def test_three_ember_backs_apart_on_navy_cloth_missed_by_the_blob_finder_are_counted():
    seen, cards_read = benchmark_view(3897, "ember")
    got, want = seat_as_read(seen, cards_read, 3)
    assert got == want == ([], 3)


@pytest.mark.slow   # renders one table: about 3 s
def test_a_slate_back_on_navy_cloth_crossing_the_fixed_level_only_in_a_patch_is_counted():
    """Tuning seed 4144 (slate backs on the navy cloth, dim): seat 2's back, a little under S21's edge, crossed the
    fixed level only in a patch of 0.39 of a card, under `unexplained_min_cards`: nothing was said there and the seat
    was counted a back short, sure (main at 84c8e45). Found again at its own level (refit) the patch is card-sized,
    and the back is counted."""
    truth, cards = benchmark_view(4144, "slate")
    assert seat_as_read(truth, cards, 2) == ((["S12", "S21"], 1), (["S12", "S21"], 1))


@pytest.mark.slow   # renders one table: about 3 s
def test_an_ember_back_on_navy_cloth_found_only_as_a_ragged_piece_is_counted():
    """Tuning seed 4467 (an ember back alone on the navy cloth, far up the tilted view): the blob finder missed it and
    what no card explains there came out 65 x 95 mm, 0.77 of a card, 0.82 solid: under the 0.85 asked of a whole
    back, the seat was asked (main at 2a8798d). At 0.8 (`unexplained_back_solidity`) it is the back."""
    truth, cards = benchmark_view(4467, "ember")
    assert seat_as_read(truth, cards, 2) == (([], 1), ([], 1))


@pytest.mark.parametrize("notch_mm, one_back", [(0, True), (45, True), (55, False)])   # 1.0, 0.82, 0.78 solid
def test_a_card_sized_piece_ragged_on_one_side_is_a_whole_back_until_it_is_no_longer_solid(notch_mm, one_back):
    """A card's rectangle with a notch bitten into a long side (a faint back's rim fading into the cloth): up to a
    bite that leaves it 0.8 solid (`unexplained_back_solidity`) it is one whole back; deeper, no card's shape."""
    scale = SETTINGS.top_px_per_mm
    width, length = cards.CARD_MM
    outline = [(0, 0), (width, 0), (width, length), (0, length), (0, length * 0.75), (notch_mm, length / 2),
               (0, length * 0.25)]
    piece = np.int32(np.round(np.array(outline) * scale + 100)).reshape(-1, 1, 2)
    assert unexplained.whole_back(piece, SETTINGS) == one_back


def _strip_pieces(*boxes) -> tuple[np.ndarray, table_mask.TableDifference]:
    """The fixed level's pieces (fixed_level_pieces) as boxes (x, y, w, h), each 9 Lab units off the cloth all
    through (no grain), round the cannonade CANNONADE."""
    fixed = _mask_with(*boxes)
    squared = np.where(fixed > 0, 9.0 ** 2, 0.0).astype(np.float32)
    blank = np.zeros_like(squared)
    return fixed, table_mask.TableDifference(squared, blank, blank, 0.0, blank, blank, blank)


def test_a_faint_strip_beside_a_cannonade_on_a_card_found_may_be_a_back_under_it():
    """Tuning seed 4899's shape: 21 x 62 mm of a back showing 10 mm below a cannonade's edge (the clearing round the
    cannonade took the rest; 0.23 of a card drawn here, 0.17 there): a strip a back may lie under. A narrower strip (13 x 47 mm, 0.11:
    a card's shadow, tuning views 3168 and 3202), one as far from every cannonade, or no cannonade at all: none."""
    strip = (155, 100 + HEIGHT + 10, 62, 21)
    found = unexplained.faint_strips_by_cannonades(*_strip_pieces(strip), [CANNONADE], SETTINGS)
    assert len(found) == 1 and cv2.boundingRect(found[0])[:2] == strip[:2]
    narrow, far = (160, 100 + HEIGHT + 10, 47, 13), (10, 10, 62, 21)
    assert unexplained.faint_strips_by_cannonades(*_strip_pieces(narrow, far), [CANNONADE], SETTINGS) == []
    assert unexplained.faint_strips_by_cannonades(*_strip_pieces(strip), [], SETTINGS) == []


@pytest.mark.slow   # renders one table: about 3 s
def test_an_ember_back_on_burgundy_cloth_showing_between_a_face_and_a_cannonade_leaves_its_seat_asked():
    """Tuning seed 4899, seat 2: S24, an ember back, S23 in a column, cannonade C25 on S23 over the back's foot. The
    back shows only as a strip between S24 and C25, about 9 units off the burgundy cloth: never found, and C25 lay on
    S23 (no cannonade lonely), so the seat was counted a ship short with confidence (main at 43b9b9d)."""
    truth, cards = benchmark_view(4899, "ember")
    assert seat_as_read(truth, cards, 2) == ("unsure", (["S23", "S24"], 1))
    assert any(card.get("why") == FAINT_STRIP for card in cards if card["area"] == "seat 2")


@pytest.mark.slow   # renders one table: about 3 s
def test_slate_backs_on_navy_cloth_faint_all_through_are_counted_or_asked_never_missed():
    """Tuning seed 4792 (slate backs on the navy cloth, dim): seat 3's back, 5-7 units off the cloth, only 0.09 of it
    past the fixed level, was thrown out as a plank's grain (its coherence 0.40); seat 4's column of four, found
    faintly as one piece 68 x 335 mm, was longer than a row of backs was let be. Both seats were counted no cards
    with confidence (main at 43b9b9d). Now seat 3's back is counted, and seat 4 is asked."""
    truth, cards = benchmark_view(4792, "slate")
    assert seat_as_read(truth, cards, 3) == (([], 1), ([], 1))
    assert seat_as_read(truth, cards, 4) == ("unsure", ([], 4))


@pytest.mark.slow   # renders one table: about 3 s
def test_a_missed_shape_s_rim_over_a_seat_s_line_leaves_that_seat_counted():
    """Tuning seed 6766 (slate on limed wood, a hand over seat 2): a shape no card explains over the deck and seat 2
    reaches 0.012 of a card into seat 1 (under `missed_area_least_cards`); seat 1, S10 and a back, was asked on
    main at 92434bc."""
    seen, cards_read = benchmark_view(6766, "slate")
    assert seat_as_read(seen, cards_read, 1) == ((["S10"], 1), (["S10"], 1))
