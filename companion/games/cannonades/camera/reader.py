"""Read a photo of a Cannonades table: every card seen, face up (which card, from its markers) or
face down (a card's shape, no identity) or unknown (half hidden, unreadable: never guessed), where it
lies (table mm and whose area: a seat's, the deck's or the discard pile's), which way it points
(a face-up ship's bow, for the tiebreak), what a cannonade lies on, each with a confidence."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import cv2
import numpy as np

from companion.games.cannonades.camera import (arms, back_in_pieces, bitten_back, face_down, face_up, paper_strip,
                                               slide_under, table_mask, under_cannonade, unexplained)
from companion.games.cannonades.camera.back_and_strip import split_back_and_strip
from companion.games.cannonades.camera.paper_under_cannonade import (card_outline_mm, faces_under_cannonades,
                                                                     gap_to_cannonade_mm)
from companion.games.cannonades.camera.read_again import markers_in_window, read_again
from companion.games.cannonades.camera.reading import Reading, SeenCard
from companion.games.cannonades.camera.settings import AREA_GRID_MM, OUT_OF_PICTURE_GRID, REREAD_ROUNDS, SETTINGS, ReaderSettings
from companion.games.cannonades.deck import Deck, default_deck
from companion.games.cannonades.kit import cards, table
from companion.vision.table_frame import find_markers

MAY_BE_MISSED = "something not the table that no card found explains: a card may lie there unfound"
FAINT_BACK = "a whole card's shape found faintly (a dark back near the table's colour), no marker"
HAND_NOT_BACK = ("a card's shape found faintly at the end of a faint shape reaching in from beyond the play area: a hand "
                 "nearly the table's colour, not a back; a card may lie under it")
BACK_UNDER_CANNONADE = "a back showing beside a cannonade: the ship it lies on, face down"
FACE_UNDER_CANNONADE = "a face's paper showing beside a cannonade: the ship it lies on, face up, its markers hidden"
PLACED_OFF = "found placed off toward the card beside it, reaching under a cannonade with no other ship: its ship"
HIDDEN_SHIP_STRIP = "a strip of a card beside a cannonade that no card found explains: a ship may lie under it"
ROW_UNDER_ARM = "a seat's row of cards runs on under an arm: a card may lie under it"
ROW_TO_PAPER = "a speck of a face's paper where a seat's row of cards runs on: a card may lie hidden there"
SLID_UNDER = ("found placed off along its length, toward the face-up card beside it: it may lie as well under the "
              "cannonade with no other ship, and a cannonade lies on a ship: its ship")
FAINT_STRIP = "a faint strip beside a cannonade that no card found explains: a back may lie under it"
SHAPE_IN_DISCARD = ("a card's shape with no marker in the discard pile, which lies face up (the rules): a face whose "
                    "markers the cards on it hide, not a back")


def table_homography(grey: np.ndarray) -> tuple[np.ndarray, tuple[int, ...]]:
    """Table mm -> picture px from the table-corner markers seen; ValueError when none is."""
    found = find_markers(grey)
    known = table.table_marker_corners()
    seen = tuple(sorted(marker_id for marker_id in found if marker_id in known))
    if not seen:
        raise ValueError("no table corner marker (IDs 20-23, DICT_4X4_50) in the photo: "
                         "lay them off the play area's corners (companion print markers --group table)")
    source = np.concatenate([np.array(known[marker_id], np.float64) for marker_id in seen])
    target = np.concatenate([found[marker_id] for marker_id in seen])
    homography, _ = cv2.findHomography(source, target, 0)
    if homography is None:
        raise ValueError(f"the table corner markers {list(seen)} give no table plane")
    return homography, seen


def read_table(image: np.ndarray, deck: Deck | None = None, players: int = 2,
               settings: ReaderSettings = SETTINGS, table_in_view: tuple[np.ndarray, tuple[int, ...]] | None = None,
               window_mm: tuple[float, float, float, float] = table_mask.PLAY_VIEW_MM,
               markers_px: dict[int, list[np.ndarray]] | None = None,
               reread_mm: tuple[float, float, float, float] | None = None) -> Reading:
    """`table_in_view`: the table's homography and markers from an earlier frame (a fixed camera), not found again.
    `window_mm`: read only this part of the table (left, top, right, bottom mm; the stream's changed part):
    a card cut by its edge is unknown there. `markers_px`: the card markers in the picture (markers_in_window's),
    when the stream already has them. `reread_mm`: only a face whose markers were not read within this box is
    read again (the stream keeps what lies outside it from the last reading)."""
    deck = deck or default_deck()
    table.Settings(players)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    to_image, seen = table_in_view or table_homography(grey)
    to_table = np.linalg.inv(to_image)
    if markers_px is None:
        markers_px = markers_in_window(grey, to_image, window_mm, settings)
    faces, notes = face_up.place_faces(markers_px, to_table, len(deck.cards), settings)
    colour = image if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    view, view_to_table = table_mask.top_view(colour, to_image, settings, window_mm)
    difference = table_mask.table_difference(view, settings)
    not_table, armless = table_mask.table_masks(view, settings, difference, _faces_in_view(faces, view_to_table))
    judged, covered = face_down.blob_mask(not_table, view_to_table, [face.corners_mm for face in faces], settings)
    blobs = face_down.find_blobs(view, view_to_table, [face.corners_mm for face in faces], settings, not_table, armless,
                                 difference, (judged, covered))
    for _ in range(REREAD_ROUNDS):   # a face read again is cut out, which may show a face under it
        faces_again, blobs = read_again(grey, to_image, to_table, blobs, len(deck.cards), {face.index for face in faces},
                                         settings.reread_shapes, reread_mm)
        if not faces_again:
            break
        faces += faces_again
        if armless is not not_table:   # an arm was found: a face read again over the play area's edge is none of it
            not_table, armless = table_mask.table_masks(view, settings, difference, _faces_in_view(faces, view_to_table))
        judged, covered = face_down.blob_mask(not_table, view_to_table, [face.corners_mm for face in faces], settings)
        blobs = face_down.find_blobs(view, view_to_table, [face.corners_mm for face in faces], settings, not_table,
                                     armless, difference, (judged, covered))
    blobs = faces_under_cannonades(blobs, faces, deck, players, settings)   # a face's paper under a cannonade: its ship
    blobs = split_back_and_strip(blobs, faces, deck, players, view, view_to_table, settings)   # a back and a strip joined
    blobs = back_in_pieces.backs_in_pieces(blobs, judged | difference.faint_mask, covered, view_to_table, settings,
                                           specks=judged)
    # What no card explains may be the edge of more (an arm the arm finder missed), and a strip beside a
    # cannonade the last of a ship under it: every area either touches is unsure.
    missed, backs, hands = [], [], []
    explained = unexplained.explained_mask(judged, covered, settings)
    fixed = unexplained.fixed_level_pieces(difference, explained, settings)
    arm_pieces = None   # made once, when a faint back is first found
    for piece in unexplained.unexplained_pieces(difference, judged, covered, settings, explained, fixed):
        row = unexplained.backs_in(piece, difference, explained, covered, settings)
        if row and arm_pieces is None:
            arm_pieces = arms.faint_arm_pieces(difference.squared, cv2.bitwise_or(judged, covered), settings)
        if any(arms.hand_at_arms_end(back, arm_pieces, difference.squared.shape, settings) for back in row):
            hands.append(piece)   # a hand's palm is a card's size: one lying under it is not seen
            continue
        (backs if row else missed).extend(row or [piece])
    table_to_view = np.linalg.inv(view_to_table)
    blobs = [replace(blob, face="unknown", confidence=0.0, why=bitten_back.FOUND_TWICE)   # one card found both ways
             if blob.why.startswith(bitten_back.BITTEN_BACK) and bitten_back.found_twice(cv2.perspectiveTransform(
                 card_outline_mm(blob.centre_mm, blob.axis_deg)[None], table_to_view)[0], backs) else blob
             for blob in blobs]
    seen_cards = [_face_card(face, deck, players) for face in faces]
    shape_cards = []   # each unknown shape's cards: a ship's strip beside its cannonade is that ship (below)
    backs_found = {}   # each face-down card found by its shape, by its blob: one placed off may be a cannonade's ship
    faces_found = {}   # and each face-up ship found so, its markers hidden
    for blob in blobs:
        if blob.face == "down" and blob.confidence >= settings.unknown_below:
            area = table.area_of(*blob.centre_mm, players)
            if area == "discard":
                seen_cards.append(SeenCard("unknown", blob.centre_mm, area, 0.0, why=SHAPE_IN_DISCARD))
            else:
                backs_found[id(blob)] = SeenCard("down", blob.centre_mm, area, blob.confidence, axis_deg=blob.axis_deg)
                seen_cards.append(backs_found[id(blob)])
        elif (blob.face == "up" and blob.confidence >= settings.unknown_below
              and table.area_of(*blob.centre_mm, players).startswith("seat")
              and (blob.why != face_down.MARKER_SHOWS or gap_to_cannonade_mm(blob, faces, deck) == 0)):
            faces_found[id(blob)] = _hidden_face(blob, players)
            seen_cards.append(faces_found[id(blob)])
        else:
            mine = _unknowns(blob, players, settings, settings.unknown_area_min_cards)
            seen_cards.extend(mine)
            if blob.face == "unknown":
                shape_cards.append(mine)
    faint_backs = []
    for back in backs:   # one card's size and shape, no marker: a back the mask missed
        centre, axis = face_down.centre_axis(back, view_to_table)
        faint_backs.append(SeenCard("down", centre, table.area_of(*centre, players),
                                    settings.unexplained_back_confidence, axis_deg=axis, why=FAINT_BACK))
    seen_cards += faint_backs
    found = [blob for blob in blobs if blob.face != "unknown"]
    found_px = [cv2.perspectiveTransform(card_outline_mm(blob.centre_mm, blob.axis_deg)[None], table_to_view)[0]
                for blob in found] + [back.reshape(-1, 2) for back in backs]
    found_cards = [backs_found.get(id(blob)) for blob in found] + faint_backs   # found_px's face-down cards
    faces_px = [cv2.perspectiveTransform(face.corners_mm[None].astype(np.float64), table_to_view)[0] for face in faces]
    shots = [number for number, face in enumerate(faces) if deck.cards[face.index].kind == "cannonade"
             and table.area_of(*face.centre_mm, players).startswith("seat")]
    reach = settings.cannonade_reach_mm
    lonely = [number for number in shots if not any(   # a cannonade with no card found under it
        card.kind != "cannonade" and face_down.distance(card.centre_mm, faces[number].centre_mm) < reach
        for card in seen_cards)]
    unknown_points = [blob.points_mm for blob in blobs if blob.face == "unknown"]
    beside, strips, placed = under_cannonade.ships_beside(view, difference, judged, unknown_points, view_to_table,
                                                          faces_px, lonely, found_px, settings)
    stripped = {id(card) for shape in strips for card in shape_cards[shape]}
    seen_cards = [card for card in seen_cards if id(card) not in stripped]
    seen_cards += [_ship_under(faces[number].centre_mm, face, players, settings) for number, face in beside.items()]
    seen_cards = _ships_placed_off(seen_cards, faces, shots, [number for number in lonely if number not in beside],
                                   players, settings)
    seen_cards = _backs_placed_off(seen_cards, faces, shots, {number: found_cards[card] for number, card in
                                                              placed.items()}, settings)
    seen_cards = _slid_under(seen_cards, faces, faces_px, shots, [number for number in lonely if number not in beside],
                             [(faces_found.get(id(blob)) or card, px) for blob, card, px in
                              zip(found + [None] * len(faint_backs), found_cards, found_px)],
                             (judged | difference.faint_mask, covered, view_to_table, difference.grey), players, settings)
    # A cannonade on a card found may hide a second card whose faint strip shows beside it, or lie on a face whose
    # paper strip joins the next card's shape (a lonely one's strip is its ship's: ships_beside, slivers_beside).
    laid = [faces_px[number] for number in shots if number not in lonely]
    faint_strips = unexplained.faint_strips_by_cannonades(fixed, difference, laid, settings)
    paper_strips = paper_strip.strips_beside_laid(judged, difference.grey, laid, found_px, settings)
    shots = [number for number in shots if number not in beside]   # what shows beside it is its ship
    shots_px = [faces_px[number] for number in shots]
    # What no card explains asks each area it reaches into, but a missed shape's rim only just over an area's line
    # (`missed_area_least_cards`) asks only the areas it lies in.
    for why, pieces, least in ((MAY_BE_MISSED, missed, settings.missed_area_least_cards), (HAND_NOT_BACK, hands, 0.0),
                               (HIDDEN_SHIP_STRIP, unexplained.slivers_beside(judged, shots_px, settings, found_px), 0.0),
                               (FAINT_STRIP, faint_strips, 0.0), (HIDDEN_SHIP_STRIP, paper_strips, 0.0)):
        for piece in pieces:
            seen_cards.extend(_unknowns(face_down.Blob("unknown", *face_down.centre_axis(piece, view_to_table), 0.0, 0.0,
                                                       why, face_down.sample_points(piece, view_to_table)),
                                        players, settings, least))
    seen_cards += _rows_under_arms([blob for blob in blobs if blob.hides_mm is not None], seen_cards, players, settings)
    specks = unexplained.paper_specks(not_table, explained, cv2.cvtColor(view, cv2.COLOR_BGR2GRAY), faces_px, settings)
    seen_cards += _rows_to_paper(specks, view_to_table, seen_cards, players, settings)
    seen_cards = _lay_cannonades(seen_cards, settings) + _out_of_picture(to_image, grey.shape, players)
    if len(seen) < 4:
        notes.append(f"only table corners {list(seen)} seen: positions far from them are less sure")
    return Reading(players, tuple(sorted(seen_cards, key=lambda c: (c.area, c.centre_mm))), seen, tuple(notes))


def _faces_in_view(faces: list[face_up.PlacedFace], view_to_table: np.ndarray) -> list[np.ndarray]:
    """The read faces' outlines in the top view's px: the arm finder takes none of them for an arm (one may lie over
    the play area's edge)."""
    return [cv2.perspectiveTransform(face.corners_mm[None].astype(np.float64), np.linalg.inv(view_to_table))[0]
            for face in faces]


def _unknowns(blob: face_down.Blob, players: int, settings: ReaderSettings, least_cards: float) -> list[SeenCard]:
    """An unknown shape in each area it covers at least `least_cards` cards' area of (a hand over two seats
    leaves both unsure), and in the area it covers most."""
    points = np.array(blob.points_mm or (blob.centre_mm,), np.float64)
    names, grid = _area_grid(players)
    cells = np.clip(np.round(points / AREA_GRID_MM).astype(int), 0, np.array(grid.shape[::-1]) - 1)
    labels = grid[cells[:, 1], cells[:, 0]]
    found, counts = np.unique(labels, return_counts=True)
    point_mm2 = (face_down.SAMPLE_STEP_PX / settings.top_px_per_mm) ** 2   # the area one sampled point stands for
    least = least_cards * cards.CARD_MM[0] * cards.CARD_MM[1] / point_mm2
    kept = [label for label, count in zip(found, counts) if count >= least or count == counts.max()]
    if blob.hides_mm is not None:   # an arm: the areas a card wholly under it may lie in (and the one it covers most)
        hides = np.array(blob.hides_mm or (blob.centre_mm,), np.float64)
        cells = np.clip(np.round(hides / AREA_GRID_MM).astype(int), 0, np.array(grid.shape[::-1]) - 1)
        kept = sorted(set(grid[cells[:, 1], cells[:, 0]].tolist()) | {found[counts.argmax()]})
    return [SeenCard("unknown", tuple(float(v) for v in points[labels == label].mean(axis=0)), names[label], 0.0,
                     why=blob.why) for label in kept]


def _rows_under_arms(arms_found: list[face_down.Blob], seen: list[SeenCard], players: int,
                     settings: ReaderSettings) -> list[SeenCard]:
    """An unknown in each seat an arm's shape covers `arm_row_seat_least_cards` of whose row of cards found runs on
    under that shape (arms.row_runs_under): the next card may lie under the arm, its strip taken into the end card's."""
    point_mm2 = (face_down.SAMPLE_STEP_PX / settings.top_px_per_mm) ** 2
    names, grid = _area_grid(players)
    out = []
    for arm in arms_found:
        points = np.array(arm.points_mm or (arm.centre_mm,), np.float64)
        cells = np.clip(np.round(points / AREA_GRID_MM).astype(int), 0, np.array(grid.shape[::-1]) - 1)
        labels = grid[cells[:, 1], cells[:, 0]]
        for label, count in zip(*np.unique(labels, return_counts=True)):
            seat = names[label]
            if not seat.startswith("seat") or count * point_mm2 < settings.arm_row_seat_least_cards * cards.CARD_AREA_MM2:
                continue   # a shadow grazing the seat's edge
            under = arms.row_runs_under(points, point_mm2, _seat_row(seen, seat), settings)
            if under >= settings.arm_row_under_least_cards:
                out.append(SeenCard("unknown", arm.centre_mm, seat, 0.0, why=ROW_UNDER_ARM))
    return out


def _rows_to_paper(specks_px: list[tuple[float, float]], view_to_table: np.ndarray, seen: list[SeenCard],
                   players: int, settings: ReaderSettings) -> list[SeenCard]:
    """An unknown in each seat whose row of cards found runs on to a speck of a face's paper (arms.paper_past_row)."""
    if not specks_px:
        return []
    specks = cv2.perspectiveTransform(np.array(specks_px, np.float64)[None], view_to_table)[0]
    out = []
    for seat in table.area_names(players):
        if seat.startswith("seat") and arms.paper_past_row(specks, _seat_row(seen, seat), settings):
            row = [card.centre_mm for card in seen if card.area == seat]
            out.append(SeenCard("unknown", tuple(np.mean(row, axis=0)), seat, 0.0, why=ROW_TO_PAPER))
    return out


def _seat_row(seen: list[SeenCard], seat: str) -> list[tuple[tuple[float, float], float]]:
    """A seat's ships found, face up or down, each as its centre and long axis (table mm, degrees)."""
    return [(card.centre_mm, card.axis_deg if card.axis_deg is not None else card.angle_deg % 180)
            for card in seen if card.area == seat and card.face in ("up", "down") and card.kind != "cannonade"
            and (card.axis_deg is not None or card.angle_deg is not None)]


@lru_cache(maxsize=8)
def _area_grid(players: int) -> tuple[tuple[str, ...], np.ndarray]:
    """Each point's area on a grid of the play area every AREA_GRID_MM (the many points of an unknown shape)."""
    columns, rows = (int(side // AREA_GRID_MM) + 1 for side in table.PLAY_MM)
    xs, ys = np.meshgrid(np.arange(columns) * AREA_GRID_MM, np.arange(rows) * AREA_GRID_MM)
    grid = table.area_indices(np.column_stack([xs.ravel(), ys.ravel()]), players).reshape(rows, columns)
    return table.area_names(players), grid.astype(np.int8)


def _face_card(face: face_up.PlacedFace, deck: Deck, players: int) -> SeenCard:
    card = deck.cards[face.index]
    heading = table.heading(table.bow_angle(face.angle_deg, card.sails)) if card.is_ship else None
    return SeenCard("up", face.centre_mm, table.area_of(*face.centre_mm, players), face.confidence, card.id,
                    card.kind, face.angle_deg, heading=heading)


def _hidden_face(blob: face_down.Blob, players: int) -> SeenCard:
    """A face-up card in a seat under another face-up card, its markers hidden: no name, yet a face-up ship
    (only ships lie in play in a seat, and a cannonade is laid onto a ship, never under one). Elsewhere (the
    deck, the discard pile) such a card is unknown."""
    return SeenCard("up", blob.centre_mm, table.area_of(*blob.centre_mm, players), blob.confidence, kind="ship",
                    axis_deg=blob.axis_deg, why=f"{blob.why}; a ship: a cannonade lies on a ship")


def _ships_placed_off(seen: list[SeenCard], faces: list[face_up.PlacedFace], shots: list[int], lonely: list[int],
                      players: int, settings: ReaderSettings) -> list[SeenCard]:
    """Each lonely cannonade (nothing beside it its ship) on a hidden face placed off (under_cannonade.ship_placed_off)
    of its seat, no cannonade near that face: the face is moved under it, the cannonade's ship."""
    for number in lonely:
        area = table.area_of(*faces[number].centre_mm, players)
        hidden = [card for card in seen if card.face == "up" and card.card is None and card.kind == "ship"
                  and card.area == area and card.axis_deg is not None and not any(face_down.distance(
                      card.centre_mm, faces[shot].centre_mm) < settings.cannonade_reach_mm for shot in shots)]
        found = under_cannonade.ship_placed_off(
            faces[number].corners_mm, [card_outline_mm(card.centre_mm, card.axis_deg) for card in hidden], settings)
        if found is not None:
            seen = [replace(card, centre_mm=faces[number].centre_mm, why=f"{card.why}; {PLACED_OFF}")
                    if card is hidden[found] else card for card in seen]
    return seen


def _backs_placed_off(seen: list[SeenCard], faces: list[face_up.PlacedFace], shots: list[int],
                      placed: dict[int, SeenCard | None], settings: ReaderSettings) -> list[SeenCard]:
    """Each lonely cannonade with nothing beside it, on which one card found by its shape lies placed off along a row
    (under_cannonade.placed_off_under: reaching under it, over the card before it; `placed`), still with no card near
    it: that card, when face down and near no cannonade, is moved under it, its ship (tuning views 5329 and 4819: backs
    placed 47 and 54 mm off toward the back before them, a split's drift, past `cannonade_reach_mm`)."""
    reach = settings.cannonade_reach_mm
    for number, back in placed.items():
        centre = faces[number].centre_mm
        if (back is None or not any(card is back for card in seen)
                or any(card.kind != "cannonade" and face_down.distance(card.centre_mm, centre) < reach for card in seen)
                or any(face_down.distance(back.centre_mm, faces[shot].centre_mm) < reach for shot in shots)):
            continue
        seen = [replace(card, centre_mm=centre, why=PLACED_OFF) if card is back else card for card in seen]
    return seen


def _slid_under(seen: list[SeenCard], faces: list[face_up.PlacedFace], faces_px: list[np.ndarray], shots: list[int],
                lonely: list[int], found: list[tuple[SeenCard | None, np.ndarray]],
                view: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray], players: int,
                settings: ReaderSettings) -> list[SeenCard]:
    """Each lonely cannonade with still no card near it under which exactly one card found by its shape in its seat
    (`found`: each with its rectangle in the top view's px), near no other cannonade, may slide along its length
    (slide_under.slid_centre; `view`: what shows, the faces with their cut margin, the view's px to table mm, its grey)
    and no paper shows beside it off every card, that one slid (under_cannonade.paper_beside: a face's strip may be the
    ship it lies on; tuning view 10329 s2): that card is moved there, the ship the cannonade lies on."""
    reach = settings.cannonade_reach_mm
    shown, cover, view_to_table, grey = view
    for number in lonely:
        centre, area = faces[number].centre_mm, table.area_of(*faces[number].centre_mm, players)
        if any(card.kind != "cannonade" and face_down.distance(card.centre_mm, centre) < reach for card in seen):
            continue
        places = []
        for card, px in found:
            if (card is None or card.area != area or not any(card is other for other in seen)
                    or face_down.distance(card.centre_mm, centre) >= cards.CARD_MM[1] + reach
                    or any(face_down.distance(card.centre_mm, faces[shot].centre_mm) < reach for shot in shots)):
                continue
            others = [other for _, other in found if other is not px]
            place = slide_under.slid_centre(px, faces_px[number], shown, cover, others, view_to_table, settings)
            if place is not None:
                places.append((card, place))
        if len(places) == 1:
            card, place = places[0]
            slid_px = cv2.perspectiveTransform(card_outline_mm(place, card.axis_deg)[None], np.linalg.inv(view_to_table))[0]
            others_px = [px for other, px in enumerate(faces_px) if other != number] + [px for _, px in found] + [slid_px]
            if under_cannonade.paper_beside(grey, shown, faces_px[number], others_px, settings):
                continue
            seen = [replace(other, centre_mm=place, why=f"{other.why}; {SLID_UNDER}" if other.why else SLID_UNDER)
                    if other is card else other for other in seen]
    return seen


def _ship_under(centre_mm: tuple[float, float], face: str, players: int, settings: ReaderSettings) -> SeenCard:
    """The ship a cannonade lies on, found by what shows of it beside the cannonade (under_cannonade.py)."""
    area = table.area_of(*centre_mm, players)
    if face == "up":
        return SeenCard("up", centre_mm, area, settings.under_face_confidence, kind="ship", why=FACE_UNDER_CANNONADE)
    return SeenCard("down", centre_mm, area, settings.under_back_confidence, why=BACK_UNDER_CANNONADE)


def _lay_cannonades(seen: list[SeenCard], settings: ReaderSettings) -> list[SeenCard]:
    """A face-up cannonade in a seat's area lies on the ship nearest under it (within `cannonade_reach_mm`)."""
    out = []
    for card in seen:
        if card.face == "up" and card.kind == "cannonade" and card.area.startswith("seat"):
            below = [other for other in seen if other is not card and other.kind != "cannonade"
                     and face_down.distance(other.centre_mm, card.centre_mm) < settings.cannonade_reach_mm]
            if below:
                nearest = min(below, key=lambda other: face_down.distance(other.centre_mm, card.centre_mm))
                name = {"up": nearest.card or "face up", "down": "face down"}.get(nearest.face, "unknown")
                card = SeenCard(**{**card.__dict__, "on": name, "area": nearest.area})
            else:   # a cannonade lies on a ship: here the ship is all under it
                out.append(SeenCard("unknown", card.centre_mm, card.area, 0.0,
                                    why="a cannonade with no ship seen under it: the ship is hidden"))
                card = replace(card, on="unknown")
        out.append(card)
    return out


def _out_of_picture(to_image: np.ndarray, picture_shape: tuple[int, ...], players: int) -> list[SeenCard]:
    """An unknown in each area of the table the picture does not show all of (a card there may be out of view)."""
    names, points, labels = _out_of_picture_grid(players)
    in_image = cv2.perspectiveTransform(points[None], to_image)[0]
    height, width = picture_shape[:2]
    outside = ((in_image[:, 0] < 0) | (in_image[:, 1] < 0) | (in_image[:, 0] >= width) | (in_image[:, 1] >= height))
    return [SeenCard("unknown", tuple(float(v) for v in points[outside & (labels == label)].mean(axis=0)), names[label],
                     0.0, why="part of this area is out of the picture") for label in np.unique(labels[outside])]


@lru_cache(maxsize=8)
def _out_of_picture_grid(players: int) -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
    """The play area's points looked at for parts out of the picture, and each one's area."""
    xs, ys = np.meshgrid(np.linspace(0, table.PLAY_MM[0], OUT_OF_PICTURE_GRID[0]),
                         np.linspace(0, table.PLAY_MM[1], OUT_OF_PICTURE_GRID[1]))
    points = np.column_stack([xs.ravel(), ys.ravel()])
    return table.area_names(players), points, table.area_indices(points, players)
