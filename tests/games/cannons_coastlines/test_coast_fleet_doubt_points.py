"""A doubt on which fleet a prize is from, not on whether it lies there (camera/prize_fleets.FleetDoubt: a mast or crate
voted by its faint colour, or whose colour is unclear): taught, the reader asks about it only where the fleets it can
come from give different points for its kind (reader._fleet_doubts); elsewhere the rules' cards settle what the paint
cannot, and it is a note. On the kept tuning mats 3400-5099, 14 players were asked for such doubts alone, every fleet
they could come from giving a mast 3 points, and all 14 read right (4441 anna, 4698 anna, 3471 ben...). Ben's mat
(fleet 2) holds one mast drawn from above, a grey sail with a thin pale blue band (2.5 mm: too little for a patch of
paint, and fainter than MatSettings.pale_mast_chroma): read as fleet 1 by its faint colour."""

from __future__ import annotations

from companion.games.cannons_coastlines.camera.mats import read_mat
from companion.games.cannons_coastlines.camera.reader import Seat, _fleet_doubts, _mat_from_reading
from companion.games.cannons_coastlines.factions import load_rulebook
from tests.games.cannons_coastlines.drawn_mats import SAIL, mat_with
from tests.games.cannons_coastlines.test_coast_coin_kind_notes import Flattened
from tests.games.cannons_coastlines.test_coast_prize_fleets import TAUGHT

CARDS = {key: faction.prize_values for key, faction in load_rulebook().factions.items()}
BEN = 2
PALE_BLUE = (164, 128, 131)   # BGR, as white-balanced
PALE_MAST = (((100, 30, 11, 30), SAIL), ((100, 42, 11, 2.5), PALE_BLUE))


def bens_mat(looks=TAUGHT):
    return read_mat(None, None, BEN, None, [], Flattened(mat_with(*PALE_MAST)), looks=looks,
                    fleets={1, 3, 4})


def weighed(seats, cards=CARDS, looks=TAUGHT):
    reading = bens_mat(looks)
    mat, asked = _mat_from_reading(reading, BEN, seats, set(range(1, len(seats) + 1)), cards)
    return reading, mat, asked, _fleet_doubts(reading, BEN, seats, cards)[1]


def test_a_masts_fleet_is_a_note_where_every_fleet_it_can_come_from_gives_three():
    # Navy, pirates and privateers each give 3 for a mast: read as navy's, the points are sure.
    reading, mat, asked, noted = weighed([Seat("anna", "navy"), Seat("ben", "merchants"), Seat("cleo", "pirates"),
                                          Seat("dev", "privateers")])
    assert reading.masts == [1] and dict(mat.prizes) == {("navy", "mast"): 1}
    assert reading.doubts == [] and reading.confidence >= 0.6 and asked == []
    assert len(noted) == 1 and "by its faint colour" in noted[0] and "3 points" in noted[0]


def test_it_is_asked_where_a_fleet_it_can_come_from_gives_other_points():
    # A merchants' mast is 2: which fleet it is changes the points.
    _, _, asked, noted = weighed([Seat("anna", "navy"), Seat("ben", "pirates"), Seat("cleo", "merchants")])
    assert noted == [] and len(asked) == 1 and "by its faint colour" in asked[0]


def test_without_the_rules_cards_it_is_asked_as_before():
    # The untaught reader weighs no cards (prize_values None): the doubt asks, as every doubt did.
    _, _, asked, noted = weighed([Seat("anna", "navy"), Seat("ben", "merchants"), Seat("cleo", "pirates")], cards=None)
    assert noted == [] and len(asked) == 1 and "by its faint colour" in asked[0]
