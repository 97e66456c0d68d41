"""The live part's bookkeeping for physical cards (watch.py): still tables, written as the
tracker's tokens (seat: `up=SHIPS;down=N;shots=CANNONADE>ON`), one after another, with the verdict
each brings. Hands are counted, never seen; a shot is judged when its ship turns up."""

from __future__ import annotations

import pytest

from companion.games.cannonades.seen import TableSeen
from companion.games.cannonades.watch import TableWatch
from companion.games.cannonades.deck import default_deck

DECK = default_deck()


def table(anna: str, ben: str, discard: str = "") -> TableSeen:
    return TableSeen.from_tokens({"seat 1": anna, "seat 2": ben, "discard": discard})


def watch_from(anna: str, ben: str, discard: str = "") -> TableWatch:
    watch = TableWatch(["anna", "ben"], DECK)
    watch.see(table(anna, ben, discard))
    return watch


EMPTY = "up=;down=0;shots="

# (ben's ship, the cannonade anna lays on it) -> what the turned-up ship shows, and the verdict
SHOTS = [
    ("S09", "C02", "sunk", "C02 has anchor/skull, S09 anchor: a clan in common"),
    ("S17", "C02", "damaged", "C02 has anchor/skull, S17 parrot: none in common"),
    ("S16", "C14", "sunk", "S16 anchor, a double grin, hit face down: both effects due (CN-2)"),
    ("S13", "C26", "damaged", "S13 anchor, a grin: damaged, its grin due (CN-3)"),
]


@pytest.mark.parametrize("ship, gun, outcome, why", SHOTS, ids=[f"{s}-{g}" for s, g, _, _ in SHOTS])
def test_a_shot_at_a_face_down_ship_is_judged_when_the_ship_turns_up(ship, gun, outcome, why):
    watch = watch_from(EMPTY, "up=;down=2;shots=")
    laid = watch.see(table(EMPTY, f"up=;down=2;shots={gun}>face down"))
    assert [v.sentence for v in laid] == [f"anna shoots a face-down ship of ben's with {gun}: ben, turn that ship face up."]
    assert watch.view()["players"]["anna"]["hand"] == 4 and watch.actions_left == 3
    judged = watch.see(table(EMPTY, f"up={ship};down=1;shots={gun}>{ship}"))
    assert len(judged) == 1 and not judged[0].question, judged
    assert f"{ship} is {outcome}" in judged[0].sentence, why
    if ship == "S16":
        assert judged[0].rule == "CN-2" and "damaged and sunk" in judged[0].sentence
    if ship == "S13":
        assert judged[0].rule == "CN-3" and "Vendetta is due against anna: damaged" in judged[0].sentence
    fleet = watch.view()["players"]["ben"]
    assert (fleet["ships_up"], fleet["ships_down"]) == (([], 1) if outcome == "sunk" else ([ship], 1))
    # The sunk ship and the cannonade go to the discard pile: expected, not a draw.
    cleared = watch.see(table(EMPTY, "up=;down=1;shots=" if outcome == "sunk" else f"up={ship};down=1;shots=",
                              f"{gun},{ship}" if outcome == "sunk" else gun))
    assert cleared == [] and watch.view()["players"]["anna"]["hand"] == 4


def test_adds_discards_to_draw_and_the_turn_s_end_count_the_hands():
    watch = watch_from(EMPTY, EMPTY)
    assert [v.sentence for v in watch.see(table("up=;down=1;shots=", EMPTY))] == [
        "anna adds a ship face down (4 card(s) left in hand, 3 action(s) left)."]
    drawn = watch.see(table("up=;down=1;shots=", EMPTY, "C01"))   # C01 has a grin: discard it, draw two
    assert drawn[0].sentence == "anna discards C01 to draw 2 (5 card(s) in hand, 58 left in the deck)."
    watch.see(table("up=;down=3;shots=", EMPTY, "C01"))
    assert watch.view()["players"]["anna"] == {"hand": 3, "ships_up": [], "ways": [], "ships_down": 3, "out": False,
                                               "first_turn": True, "shots_waiting": []}
    ended = watch.end_turn()   # anna's hand of 3 is within 2 players + 1; ben's first turn draws nothing
    assert [v.sentence for v in ended] == ["ben's turn: draws 0 (58 left in the deck)"]
    watch.see(table("up=;down=3;shots=", "up=;down=1;shots=", "C01"))
    watch.end_turn()   # anna's second turn: 5 less her 3 ships
    assert watch.view()["players"]["anna"]["hand"] == 5 and watch.pile == 56


@pytest.mark.parametrize("before, after, question", [
    (("up=;down=1;shots=", EMPTY), ("up=S03;down=0;shots=", EMPTY), "S03 turned face up in anna's fleet with no shot"),
    ((EMPTY, "up=;down=1;shots="), (EMPTY, "up=;down=2;shots="), "a ship was added to ben's fleet on anna's turn"),
    (("up=;down=4;shots=", EMPTY), ("up=;down=5;shots=", EMPTY), "anna already has 4 ships in play"),
    (("up=S03;down=0;shots=", EMPTY), (EMPTY, EMPTY), "S03 left anna's fleet without being sunk"),
])
def test_what_the_rules_do_not_explain_is_asked_and_counts_nothing(before, after, question):
    watch = watch_from(*before)
    hands = dict((seat, row["hand"]) for seat, row in watch.view()["players"].items())
    verdicts = watch.see(table(*after))
    assert any(v.question and question in v.sentence for v in verdicts), verdicts
    assert dict((seat, row["hand"]) for seat, row in watch.view()["players"].items()) == hands


def test_no_action_left_is_asked():
    watch = watch_from(EMPTY, EMPTY)
    for down in range(1, 5):
        watch.see(table(f"up=;down={down};shots=", EMPTY))
    assert watch.actions_left == 0
    verdicts = watch.see(table("up=;down=4;shots=", EMPTY, "C02"))
    assert verdicts[0].question and "anna has no action left this turn" in verdicts[0].sentence


def test_the_hand_limit_at_the_turn_s_end():
    watch = watch_from(EMPTY, EMPTY)
    watch.see(table(EMPTY, EMPTY, "C01"))   # five, less C01, and two drawn: six
    ended = watch.end_turn()
    assert ended[0].sentence == "anna holds 6 cards: discard down to 3."
    # The three discards that follow are the limit's, not ben's draws: nothing drawn, no action spent.
    discarded = watch.see(table(EMPTY, EMPTY, "C01,C02,C05,S01"))
    assert [v.sentence for v in discarded][-1] == "anna discards S01 (3 card(s) in hand)."
    assert watch.hands == {"anna": 3, "ben": 5} and watch.actions_left == 4 and watch.pile == 58


def test_the_last_ship_sunk_puts_its_owner_out():
    watch = watch_from(EMPTY, "up=;down=1;shots=")
    watch.see(table(EMPTY, "up=;down=1;shots=C02>face down"))
    verdict = watch.see(table(EMPTY, "up=S09;down=0;shots=C02>S09"))[0]
    assert "S09 is sunk" in verdict.sentence and "ben has no ship left and is out" in verdict.sentence
    assert watch.view()["players"]["ben"]["out"]


def test_a_table_read_for_another_number_of_seats_is_refused_naming_both():
    watch = watch_from(EMPTY, EMPTY)
    with pytest.raises(ValueError, match="a table of 3 seats read for a game of 2"):
        watch.see(TableSeen.from_tokens({"seat 1": EMPTY, "seat 2": EMPTY, "seat 3": EMPTY}))
