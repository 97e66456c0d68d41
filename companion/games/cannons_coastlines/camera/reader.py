"""The Cannons & Coastlines camera reader: one frame -> TableObservation (the rules' own types).

Stages: markers (two ArUco settings) -> the table frame from corner markers 20-23 (CS-1, with
the lens' barrel term) -> a second look at unread squares for missing ship tags -> ships from
their deck tags (pose through the plane raised to deck height, fittings from what stands above
each hole) -> islands (by their grass; named by flag tag; holder by the flag's base disc) ->
rocks (grey, away from ships and islands) -> each harbour mat (coins by ring colour, prize
masts by pennant or pole, crates, hulls by tag or colour).
Anything unsure becomes a problem naming it; nothing is guessed silently.

Seats: fleet i <-> seat i <-> mat marker 36 + i - 1. Without `seats` the players are named by
fleet colour and sail the rulebook's factions in file order.

A CoastReader (make_reader()) reads one camera stream: it keeps the last frame's readings
(frame_memory), each mat's flattening maps and the fitted weights; its thresholds are one
CoastReaderSettings (settings.py). read_frame() reads a single photo with a fresh one.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping, Sequence

import cv2
import numpy as np

from companion.games.cannons_coastlines.kit import pieces as kit
from companion.kit import ids
from companion.games.cannons_coastlines.camera import islands as coast_islands, mats as coast_mats, rocks as coast_rocks, ships as coast_ships
from companion.games.cannons_coastlines.camera.change_boxes import island_tags_key, islands_box, mat_box, ship_box, table_marker_px
from companion.games.cannons_coastlines.camera.fleet_count import sunk_ships, unseen_ships
from companion.games.cannons_coastlines.camera.ship_gone import left_sentence, ships_left
from companion.games.cannons_coastlines.camera.fittings import FittingWeights, load_fitting_weights, read_fittings
from companion.games.cannons_coastlines.camera.mat_looks import KIT_LOOKS, MatLooks
from companion.games.cannons_coastlines.camera.settings import CoastReaderSettings, CoinSettings, MatSettings
from companion.games.cannons_coastlines.camera.taught import TaughtCoast
from companion.vision.table_frame import CORNER_NAMES, table_frame
from companion.games.cannons_coastlines.camera.kit_sizes import TABLE_LAYOUT, TABLE_MARKERS
from companion.games.cannons_coastlines.camera.mat_place import MatFlattener, home_marker_box, look_again_for_mat_marker, place_mat
from companion.vision.arm_watch import ArmSighting, ArmWatch
from companion.vision.frame_memory import FrameReading, LastFrame, quad_key
from companion.games.cannons_coastlines.camera.tag_second_look import second_look_for_ship_tags

from companion.games.cannons_coastlines.factions import Rulebook, load_rulebook
from companion.games.cannons_coastlines.observation import ShipSighting, TableObservation
from companion.games.cannons_coastlines.camera.reader_islands import read_islands, ship_footprints
from companion.games.cannons_coastlines.camera.reader_rocks import read_rocks, rocks_box
from companion.games.cannons_coastlines.table import Mat, Ship, Table


@dataclass(frozen=True)
class Seat:
    player: str
    faction: str


def default_seats(rulebook: Rulebook) -> tuple[Seat, ...]:
    factions = list(rulebook.factions)
    return tuple(Seat(kit.fleet_look(fleet).colour, factions[(fleet - 1) % len(factions)])
                 for fleet in range(1, ids.FLEETS + 1))


def read_frame(image_bgr: np.ndarray, timestamp: float, previous: TableObservation | None = None, *,
               seats: Sequence[Seat] | None = None, rulebook: Rulebook | None = None) -> TableObservation:
    """One photo read alone, by a fresh reader (a camera stream wants make_reader()'s, which
    keeps what it read for the next frame)."""
    return CoastReader().read_frame(image_bgr, timestamp, previous, seats=seats, rulebook=rulebook)


def make_reader(settings: CoastReaderSettings = CoastReaderSettings(), rulebook: Rulebook | None = None,
                taught: TaughtCoast | None = None) -> CoastReader:
    """The camera part's reader for one camera stream; with `taught`, the group's own pieces on the mats."""
    return CoastReader(settings, rulebook, taught=taught)


class CoastReader:
    """Reads one camera stream's frames: the last frame's readings serve the next frame where
    its picture did not change."""

    def __init__(self, settings: CoastReaderSettings = CoastReaderSettings(), rulebook: Rulebook | None = None,
                 weights: FittingWeights | None = None, taught: TaughtCoast | None = None):
        self.settings = settings
        self.taught = taught    # the group's own masts, crates and coins (camera/taught.py), or the kit's
        self.rulebook = rulebook or load_rulebook()
        self.weights = weights or load_fitting_weights()
        self.last: LastFrame | None = None              # the frame read last, for the next one (frame_memory)
        self.flatteners: dict[int, MatFlattener] = {}   # one per mat, kept while it stays put
        self.stage_seconds: dict[str, float] = {}       # seconds per stage of the last read (benchmarks)
        self.arms = ArmWatch(settings.arms)              # an arm held still over the table (streams only)
        self.arm: ArmSighting = ArmSighting(False)       # what it saw in the last frame
        self.mat_areas: dict[int, np.ndarray] = {}       # fleet -> its mat's place in the picture, as last placed
        self.judged_there: set[str] = set()              # ships kept from the frame before, judged still there

    def read_frame(self, image_bgr: np.ndarray, timestamp: float, previous: TableObservation | None = None, *,
                   seats: Sequence[Seat] | None = None, rulebook: Rulebook | None = None) -> TableObservation:
        return self._read(image_bgr, timestamp, previous, tuple(seats) if seats else None, rulebook or self.rulebook)

    def _read(self, image_bgr, timestamp, previous, seats, rulebook) -> TableObservation:
        settings = self.settings
        clock = _StageClock(self.stage_seconds)
        seat_list = seats or default_seats(rulebook)
        grey = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2GRAY)
        # The last frame's readings serve where the picture did not change, but only when
        # `previous` is that frame's observation (a single photo is read from scratch).
        last = self.last if previous is not None and self.last is not None and self.last.timestamp == previous.timestamp else None
        reading = FrameReading(grey, timestamp, (seat_list, rulebook), last, settings.memory)
        # In a stream, the share of the picture that changed since the frame read last: a hand coming or going, a
        # ship pushed (the tracker waits for calm frames); a photo read alone has nothing to compare with.
        motion = reading.changes.share if last is not None else 0.0
        markers = reading.find_markers()
        clock.lap("markers")
        missing = [f"table corner marker {TABLE_MARKERS[c]} ({CORNER_NAMES[c]})" for c in range(4)
                   if TABLE_MARKERS[c] not in markers]
        problems = [f"{name} not seen" for name in missing]
        image_size = (image_bgr.shape[1], image_bgr.shape[0])
        frame = reading.table_frame(TABLE_MARKERS, lambda: table_frame(markers, image_size, TABLE_LAYOUT, settings.table_frame),
                                    table_marker_px)
        self.last = reading.remember()
        clock.lap("table frame")
        if frame is None:
            problems.append("the table was not found: fewer than two table corner markers seen")
            return TableObservation(timestamp, None, motion=motion, problems=tuple(problems))

        # Ship tags ArUco outlined but could not read are read again, now that the table is known.
        missing_tags = _missing_ship_tags(markers, seat_list, rulebook)
        if missing_tags:
            markers.update(second_look_for_ship_tags(grey, frame, reading.unread_squares, missing_tags, markers,
                                                      settings.tag_look))
        clock.lap("second look")

        width_mm, height_mm = (v * kit.MM_PER_INCH for v in kit.PLAY_AREA_IN)
        corners_px = frame.to_image(np.array([(0, 0), (width_mm, 0), (width_mm, height_mm), (0, height_mm)]))
        confidence: dict[str, float] = {}
        fleets_present = {fleet for fleet in range(1, len(seat_list) + 1) if ids.harbour_mat(fleet) in markers}

        # Mats first: ship tags lying in a mat's hulls zone are prize hulls, not ships afloat.
        mat_tags: dict[int, list[int]] = {}
        poses = {}
        for fleet in range(1, len(seat_list) + 1):
            marker = ids.harbour_mat(fleet)
            if marker not in markers:
                home = home_marker_box(frame, fleet, (grey.shape[1], grey.shape[0]), settings.mat_place)
                found = reading.piece(f"mat {fleet} second look", b"", lambda: look_again_for_mat_marker(grey, frame, fleet, settings.mat_place),
                                      lambda _: np.array(home).reshape(2, 2) if home else np.zeros((1, 2)))
                if found is not None:
                    markers[marker] = found
                    fleets_present.add(fleet)
            if marker in markers:
                poses[fleet] = reading.piece(f"mat {fleet} place", quad_key(markers[marker]),
                                             lambda: place_mat(frame, grey, markers[marker], settings.mat_place), lambda _: markers[marker])
        clock.lap("mats")
        afloat_tags, hull_tags = {}, {}
        for marker_id, quad in markers.items():
            place = ids.ship_of(marker_id)
            if place is None:
                continue
            centre = frame.to_table(quad).mean(0)
            on_mat = next((fleet for fleet, place in poses.items() if place is not None
                           and kit.mat_zone("hulls").contains(*place.to_mat(centre)[0])), None)
            if on_mat is not None:
                mat_tags.setdefault(on_mat, []).append(place[0])
                hull_tags[marker_id] = on_mat
            else:
                afloat_tags[marker_id] = (place, quad)

        ships, sightings = {}, {}
        for marker_id, ((fleet, number), quad) in sorted(afloat_tags.items()):
            if fleet > len(seat_list):
                problems.append(f"ship tag {marker_id} belongs to fleet {fleet}, but only {len(seat_list)} seats are set")
                continue
            seat = seat_list[fleet - 1]
            cards = rulebook.factions[seat.faction].ships
            if number > len(cards):
                problems.append(f"ship tag {marker_id}: {seat.faction} has no ship {number}")
                continue
            card = cards[number - 1]
            pose, (holes, margin) = reading.piece(
                f"ship {marker_id}", quad_key(quad) + card.id.encode(),
                lambda: self._read_ship(image_bgr, grey, frame, quad, card, fleet), lambda seen: ship_box(frame, seen[0], card))
            fittings = tuple(kind for kind, filled in zip(card.fittings, holes) if filled)
            ship_id = f"{seat.player}/{card.id}"
            x, y = (v / kit.MM_PER_INCH for v in pose.centre_mm)
            ships[ship_id] = Ship(ship_id, seat.player, seat.faction, card, round(x, 3), round(y, 3),
                                  round(pose.heading, 2), fittings)
            sightings[ship_id] = ShipSighting(ship_id, round(0.5 + 0.5 * margin, 3), False, timestamp)
            if margin < settings.fittings.unclear_margin:
                problems.append(f"ship {ship_id}: its fittings are unclear (read as {', '.join(fittings) or 'none'})")
            fleets_present.add(fleet)
        sunk = sunk_ships(hull_tags, seat_list, rulebook)
        kept = []
        if previous is not None and previous.table is not None:
            for ship_id, ship in previous.table.ships.items():
                if ship_id in sunk:
                    problems.append(f"ship {ship_id} sunk: its hull lies on {sunk[ship_id]}'s mat")
                elif ship_id not in ships:
                    last = previous.ships.get(ship_id)
                    ships[ship_id] = ship
                    sightings[ship_id] = ShipSighting(ship_id, last.confidence if last else 0.5, True,
                                                      last.last_seen if last else previous.timestamp)
                    kept.append(ship_id)

        clock.lap("ships")
        table_lab = reading.piece("table colour", b"", lambda: _table_colour(image_bgr, frame), lambda _: corners_px)
        flat_play_area = lru_cache(maxsize=1)(lambda: _flat_lab(image_bgr, frame))   # only when something must be read
        left = self._ships_left(kept, ships, frame, flat_play_area, motion, last is not None)
        for ship_id in kept:
            if ship_id in left:
                del ships[ship_id], sightings[ship_id]
                problems.append(left_sentence(ship_id))
            else:
                problems.append(f"ship {ship_id} not seen (hidden?): its last known pose is kept")
        ship_pixels = lru_cache(maxsize=1)(lambda: ship_footprints(frame, ships, flat_play_area()[1].shape, settings.islands))
        players_by_seat = tuple(seat.player for seat in seat_list)
        previous_islands = previous.table.islands if previous is not None and previous.table is not None else {}
        seen = reading.piece("islands", island_tags_key(markers),
                             lambda: read_islands(image_bgr, frame, markers, *flat_play_area(), table_lab, ship_pixels(), players_by_seat,
                                                  previous_islands, settings.islands),
                             lambda seen: islands_box(frame, seen, len(seat_list), corners_px))
        islands = dict(seen.islands)
        confidence.update(seen.confidence)
        problems += seen.problems
        previous_rocks = previous.table.rocks if previous is not None and previous.table is not None else {}
        rocks = reading.piece("rocks", b"", lambda: read_rocks(*flat_play_area(), frame, _table_light(image_bgr, markers),
                                                 ship_pixels(), islands, previous_rocks, settings.rocks),
                              lambda seen: rocks_box(frame, seen, corners_px))
        clock.lap("islands and rocks")
        players = tuple(seat_list[fleet - 1].player for fleet in sorted(fleets_present))
        factions = {seat_list[f - 1].player: seat_list[f - 1].faction for f in sorted(fleets_present)}
        mats, mat_notes, mat_doubts, hull_counts = {}, {}, {}, {}
        # Taught only: measured on the taught tuning views (the untaught reading is untouched).
        prize_values = ({key: faction.prize_values for key, faction in rulebook.factions.items()}
                        if self.taught else None)
        for fleet, place in sorted(poses.items()):
            seat = seat_list[fleet - 1]
            if place is None:
                problems.append(f"{seat.player}'s mat: its marker could not be placed on the table")
                mat_doubts[seat.player] = ("its marker could not be placed on the table",)
                continue
            tags = mat_tags.get(fleet, [])
            # A prize is taken from another fleet at the table: never the mat's own.
            prize_fleets = set(range(1, len(seat_list) + 1)) - {fleet}
            seen = reading.piece(f"mat {fleet}", quad_key(place.pose) + bytes(tags),
                                 lambda: coast_mats.read_mat(image_bgr, frame, fleet, place, tags, self._flattener(fleet),
                                                             *self._mat_looks(), fleets=prize_fleets),
                                 lambda _: mat_box(frame, place, settings.mats.piece_on_mat_mm))
            mat, doubts = _mat_from_reading(seen, fleet, seat_list, fleets_present, prize_values)
            for source in seen.hull_fleets:
                hull_counts[source] = hull_counts.get(source, 0) + 1
            mats[seat.player] = mat
            confidence[f"mat {seat.player}"] = seen.confidence if not doubts else min(seen.confidence, 0.3)
            problems += [f"{seat.player}'s mat: {doubt}" for doubt in seen.doubts + doubts]
            if seen.notes:
                mat_notes[seat.player] = tuple(seen.notes)
            if seen.doubts or doubts or seen.confidence < settings.mat_sure:
                mat_doubts[seat.player] = tuple(seen.doubts + doubts) or (f"read only {seen.confidence:.0%} sure",)
        for fleet in sorted(fleets_present - set(poses)):
            problems.append(f"{seat_list[fleet - 1].player}'s mat (marker {ids.harbour_mat(fleet)}) not seen")
            mat_doubts[seat_list[fleet - 1].player] = (f"its marker {ids.harbour_mat(fleet)} was not seen",)

        unseen = unseen_ships(fleets_present, set(ships), set(sunk) | set(left), hull_counts, seat_list, rulebook)
        problems += [f"{player}: {ships_unseen.said()} not seen (neither afloat nor a hull on a mat)"
                     for player, ships_unseen in unseen.items()]
        self.last = reading.remember()
        clock.lap("mats")
        hidden = self._arm_over(image_bgr, timestamp, motion, last is not None, frame, corners_px, poses, problems)
        clock.lap("arms")
        table = Table(kit.PLAY_AREA_IN[0], kit.PLAY_AREA_IN[1], players, factions, ships, islands, rocks, mats,
                      turn=previous.table.turn if previous is not None and previous.table is not None else None)
        return TableObservation(timestamp, table, tuple((float(x), float(y)) for x, y in corners_px),
                                frame.table_to_image_inches(), sightings, confidence, hidden, motion, tuple(problems),
                                mat_doubts, mat_notes, self.arm.outline_px if hidden else (),
                                {player: ships_unseen.said() for player, ships_unseen in unseen.items()}, tuple(left))

    def _arm_over(self, image_bgr, timestamp, motion, streaming: bool, frame, corners_px, poses, problems) -> bool:
        """Whether an arm reaches over the play area or a mat, held still or not (a stream only: a photo read alone
        has no table seen clear to compare with)."""
        if not streaming:
            self.arms.reset()
            self.arm, self.mat_areas = ArmSighting(False), {}
            return False
        grow = self.settings.mats.piece_on_mat_mm
        # A mat whose marker a hand covers is not placed this frame: where it was last placed still counts.
        self.mat_areas.update({fleet: mat_box(frame, place, grow) for fleet, place in poses.items() if place is not None})
        areas = [corners_px] + list(self.mat_areas.values())
        self.arm = self.arms.look(image_bgr, timestamp, motion, areas, corners_px)
        if self.arm.note:
            problems.append(self.arm.note)
        if self.arm.over:
            problems.append(f"a hand or arm reaches over the table ({self.arm.play_share:.1%} of the play area)")
        return self.arm.over


    def _ships_left(self, kept: list[str], ships: dict, frame, flat_play_area, motion: float, streaming: bool) -> list[str]:
        """The ships kept from the frame before whose places show the table (ship_gone.py), judged on a calm picture;
        one judged still there is not judged again while the picture stays the same (motion 0: a ship whose tag its
        own sail hides may stay kept for a whole game)."""
        gone = self.settings.ships_gone
        if motion > gone.most_motion:
            self.judged_there = set()
            return []
        judge = [ship for ship in kept if not (streaming and motion == 0.0 and ship in self.judged_there)]
        left = ships_left(judge, ships, frame, *flat_play_area(), gone, self.settings.islands) if judge else []
        self.judged_there = set(kept) - set(left)
        return left

    def _read_ship(self, image, grey, frame, quad, card, fleet):
        pose = coast_ships.ship_pose(frame, quad, card, grey, self.settings.tag_edges)
        return pose, read_fittings(image, grey, frame, pose.centre_mm, pose.heading, card, fleet, self.weights,
                                   self.settings.fittings)

    def _mat_looks(self) -> tuple[MatSettings, CoinSettings, MatLooks]:
        """What the mats are read with: the kit's pieces, or the group's as taught."""
        settings = self.settings
        if self.taught is None:
            return settings.mats, settings.coins, KIT_LOOKS
        return self.taught.mat_settings(settings.mats), self.taught.coin_settings(settings.coins), self.taught.looks

    def _flattener(self, fleet: int) -> MatFlattener:
        """One per mat, so a mat that stays put is flattened with the maps made for it."""
        return self.flatteners.setdefault(fleet, MatFlattener(coast_mats.MAT_PX_PER_MM))


def _missing_ship_tags(markers, seats, rulebook: Rulebook) -> set[int]:
    """The tags of the seated fleets' ships not among the markers found."""
    tags = {ids.ship_tag(fleet, number) for fleet in range(1, min(len(seats), ids.FLEETS) + 1)
            for number in range(1, min(len(rulebook.factions[seats[fleet - 1].faction].ships), ids.SHIPS_PER_FLEET) + 1)}
    return tags - set(markers)


def _mat_from_reading(reading, fleet: int, seats, fleets_present,
                      prize_values: Mapping[str, Mapping[str, int]] | None = None) -> tuple[Mat, list[str]]:
    """Fleets turned into factions; a prize whose fleet was not seen is named as a doubt. Where two fleets or more
    at the table can give it and every one of them gives the same points for it (`prize_values`, the factions'
    cards), it is counted as the first of them, still named: a pale mast missed its paint, not its points (taught
    tuning 4189 ben, 3547 ben). With one fleet left, prize_fleets.allowed_prize_fleets has already chosen."""
    prizes: dict[tuple[str, str], int] = {}
    doubts = []
    for kind, taken in (("mast", reading.masts), ("cargo", reading.crates), ("hull", reading.hull_fleets)):
        for source in taken:
            if 1 <= source <= len(seats) and source != fleet:
                faction = seats[source - 1].faction
                prizes[(faction, kind)] = prizes.get((faction, kind), 0) + 1
                continue
            faction = _worth_the_same(kind, [seat.faction for at, seat in enumerate(seats, 1) if at != fleet], prize_values)
            if faction is None:
                doubts.append(f"a prize {kind} from an unknown fleet")
                continue
            prizes[(faction, kind)] = prizes.get((faction, kind), 0) + 1
            doubts.append(f"a prize {kind} from an unknown fleet, counted as {faction}'s: every fleet it can come from "
                          f"gives {prize_values[faction][kind]} points for it")
    return Mat(reading.coins, prizes), doubts


def _worth_the_same(kind: str, factions: list[str], prize_values: Mapping[str, Mapping[str, int]] | None) -> str | None:
    """The first of `factions` when there are two or more and each gives the same points for a `kind`; else None."""
    if prize_values is None or len(factions) < 2 or any(faction not in prize_values for faction in factions):
        return None
    return factions[0] if len({prize_values[faction][kind] for faction in factions}) == 1 else None


class _StageClock:
    """Seconds spent in each stage of one read, into `seconds` (emptied first)."""

    def __init__(self, seconds: dict[str, float]):
        self.seconds = seconds
        seconds.clear()
        self.started = time.perf_counter()

    def lap(self, stage: str) -> None:
        now = time.perf_counter()
        self.seconds[stage] = self.seconds.get(stage, 0.0) + now - self.started
        self.started = now


def _table_light(image, markers) -> np.ndarray:
    return coast_rocks.light_cast(image, [markers[marker_id] for marker_id in TABLE_MARKERS if marker_id in markers])


def _flat_lab(image, frame) -> tuple[np.ndarray, np.ndarray]:
    flat, outside = coast_islands.flattened_play_area(image, frame)
    return cv2.cvtColor(flat, cv2.COLOR_BGR2Lab), outside


def _table_colour(image: np.ndarray, frame) -> np.ndarray:
    """The table cloth or wood's Lab colour: the median of points spread over the play area."""
    width, height = (v * kit.MM_PER_INCH for v in kit.PLAY_AREA_IN)
    grid = np.stack(np.meshgrid(np.linspace(0.05, 0.95, 12) * width, np.linspace(0.05, 0.95, 8) * height), -1).reshape(-1, 2)
    pixels = frame.to_image(grid)
    h, w = image.shape[:2]
    xs = np.clip(pixels[:, 0].astype(int), 0, w - 1)
    ys = np.clip(pixels[:, 1].astype(int), 0, h - 1)
    lab = cv2.cvtColor(image[ys, xs].reshape(1, -1, 3), cv2.COLOR_BGR2Lab).reshape(-1, 3).astype(np.float32)
    return np.median(lab, axis=0)
