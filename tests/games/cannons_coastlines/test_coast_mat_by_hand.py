"""A player's mat set by hand (record command "mat", the Points screen's "Set this mat by hand"): where the camera
asked, or read a mat wrong, the players type what lies on it. Each bad entry is refused with the field named and
the value quoted; nothing is logged."""

from __future__ import annotations

import pytest

from companion.games.cannons_coastlines.record import CoastRecord
from tests.dashboard.coast_scenes import BATTLE, RULEBOOK

RECORD = CoastRecord(RULEBOOK)


def battle():
    """anna (navy) 5 coins + 5 pirate hulls + 6 pirate masts = 53 points; ben (pirates) 45; anna to play."""
    state = None
    for seq, body in enumerate(RECORD.decide(None, {"type": "start", "table": BATTLE})[1], 1):
        state = RECORD.apply(state, body, seq)
    return state


def set_mat(state, player, mat):
    verdict, bodies = RECORD.decide(state, {"type": "mat", "player": player, "mat": mat})
    for body in bodies:
        state = RECORD.apply(state, body, 9)
    return verdict, state


def test_a_mat_set_by_hand_changes_the_points_and_says_what_it_was():
    verdict, state = set_mat(battle(), "ben", {"coins": {"repair_crew": 2, "full_sail": 1}, "prizes": {"navy:hull": 2}})
    assert verdict.legal
    assert verdict.message == "ben's mat set by hand: 3 coins; prizes: 2 navy hull (was 3 coins; prizes: 3 navy hull, 6 navy mast)."
    assert RECORD.view(state, None)["players"][1]["points"] == 3 + 2 * 8   # a navy hull is worth 8 (was 3 + 3 * 8 + 6 * 3 = 45)


def test_a_claim_on_a_mat_the_camera_could_not_vouch_for_says_so():
    state = battle()
    unsure = {"type": "table", "table": RECORD.decide(state, {"type": "observe", "table": BATTLE})[1][0]["table"],
              "unsure": {"ben": ["its marker 41 was not seen"]}}
    state = RECORD.apply(state, unsure, 5)
    verdict, bodies = RECORD.decide(state, {"type": "claim", "player": "anna"})
    assert not verdict.legal
    assert "The camera could not vouch for ben's mat: its points are the last known" in bodies[0]["message"]


@pytest.mark.parametrize("player, mat, said", [
    ("zed", {"coins": {}}, "'zed' is not playing (players: anna, ben)"),
    ("anna", {"coins": {"gold": 2}}, "anna's mat.coins: 'gold' is not a coin of this game (coins: boarding_party,"),
    ("anna", {"coins": {"repair_crew": -1}}, "anna's mat.coins.repair_crew: expected a whole number from 0 to 999, found -1"),
    ("anna", {"coins": {"repair_crew": "two"}}, "found 'two'"),
    ("anna", {"prizes": {"navy:hull": 1}}, "a prize is taken from another fleet at the table (pirates), not from 'navy'"),
    ("anna", {"prizes": {"pirates:sail": 1}}, "anna's mat.prizes: 'sail' is not a prize kind (kinds: mast, cargo, hull)"),
    ("anna", {"prizes": {"pirates": 1}}, "anna's mat.prizes: a prize is named 'faction:kind', not 'pirates'"),
    ("anna", ["coins"], "anna's mat: expected a JSON object"),
])
def test_a_bad_mat_is_refused_naming_the_field(player, mat, said):
    with pytest.raises(ValueError) as refused:
        RECORD.decide(battle(), {"type": "mat", "player": player, "mat": mat})
    assert said in str(refused.value)


def test_no_mat_is_set_once_the_game_is_over():
    state = battle()
    state = RECORD.apply(state, {"type": "result", "winner": "anna", "rule": "CS-5", "message": "anna wins."}, 5)
    verdict, bodies = RECORD.decide(state, {"type": "mat", "player": "ben", "mat": {"coins": {}}})
    assert not verdict.legal and bodies == [] and "The game is over" in verdict.message
