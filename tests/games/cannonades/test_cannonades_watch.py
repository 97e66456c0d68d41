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
    ship = "up=;down=1;shots="
    watch = watch_from(ship, EMPTY)
    watch.see(table(ship, EMPTY, "C01"))   # five, less C01, and two drawn: six
    ended = watch.end_turn()
    assert ended[0].sentence == "anna holds 6 cards: discard down to 3."
    # The three discards that follow are the limit's, not ben's draws: nothing drawn, no action spent.
    discarded = watch.see(table(ship, EMPTY, "C01,C02,C05,S01"))
    assert [v.sentence for v in discarded][-1] == "anna discards S01 (3 card(s) in hand)."
    assert watch.hands == {"anna": 3, "ben": 5} and watch.actions_left == 4 and watch.pile == 58


def test_the_last_ship_sunk_puts_its_owner_out():
    watch = watch_from(EMPTY, "up=;down=1;shots=")
    watch.see(table(EMPTY, "up=;down=1;shots=C02>face down"))
    verdict = watch.see(table(EMPTY, "up=S09;down=0;shots=C02>S09"))[0]
    assert "S09 is sunk" in verdict.sentence and "ben has no ship left and is out" in verdict.sentence
    assert watch.view()["players"]["ben"]["out"]


def test_with_three_at_the_table_the_eliminator_takes_a_card_of_the_hand_and_the_rest_are_discarded():
    watch = TableWatch(["anna", "ben", "cleo"], DECK, hands={"anna": 5, "ben": 3, "cleo": 5})
    seats = lambda ben, discard="": TableSeen.from_tokens({"seat 1": EMPTY, "seat 2": ben, "seat 3": EMPTY,
                                                           "discard": discard})
    watch.see(seats("up=;down=1;shots="))
    watch.see(seats("up=;down=1;shots=C02>face down"))
    verdict = watch.see(seats("up=S09;down=0;shots=C02>S09"))[0]
    assert "ben has no ship left and is out" in verdict.sentence
    assert "anna takes one of ben's 3 card(s) at random, unseen (CN-7); ben discards the other 2." in verdict.sentence
    assert watch.hands["anna"] == 5 - 1 + 1 and watch.hands["ben"] == 2   # C02 played, one of ben's taken
    # The shot's cards and ben's two leave for the pile: discards owed, not anna's draws.
    discarded = watch.see(seats("up=;down=0;shots=", "C02,C05,C10,S09"))
    assert [v.sentence for v in discarded] == ["ben discards C05 (1 card(s) in hand).",
                                               "ben discards C10 (0 card(s) in hand)."]
    assert watch.hands == {"anna": 5, "ben": 0, "cleo": 5} and not watch.over


def test_a_first_turn_that_ends_with_no_ship_puts_its_player_out_and_the_last_one_in_wins():
    three = TableWatch(["anna", "ben", "cleo"], DECK)
    three.see(TableSeen.from_tokens({"seat 1": EMPTY, "seat 2": EMPTY, "seat 3": EMPTY, "discard": ""}))
    ended = three.end_turn()
    assert ended[0].rule == "CN-5"
    assert ended[0].sentence == "anna ends their first turn with no ship in play and is out: discard the 5 card(s) in hand."
    assert three.out == ["anna"] and three.current == "ben" and not three.over
    two = watch_from(EMPTY, EMPTY)
    ended = two.end_turn()
    assert [v.rule for v in ended] == ["CN-5", "rules:end-of-game"] and two.winners == ["ben"]


def test_a_table_read_for_another_number_of_seats_is_refused_naming_both():
    watch = watch_from(EMPTY, EMPTY)
    with pytest.raises(ValueError, match="a table of 3 seats read for a game of 2"):
        watch.see(TableSeen.from_tokens({"seat 1": EMPTY, "seat 2": EMPTY, "seat 3": EMPTY}))


# --- the Captain's Grin on a physical table: applied when it happens, told when it cannot be seen ---

def shot_at_s13() -> TableWatch:
    """anna's C26 has damaged ben's face-down S13 (anchor, a grin): ben's Vendetta is due against anna."""
    watch = watch_from("up=;down=2;shots=", "up=;down=2;shots=")
    watch.see(table("up=;down=2;shots=", "up=;down=2;shots=C26>face down"))
    judged = watch.see(table("up=;down=2;shots=", "up=S13;down=1;shots=C26>S13"))
    assert "ben's Vendetta is due against anna: damaged" in judged[0].sentence
    return watch


def test_a_vendetta_discard_is_the_card_the_shooter_puts_on_the_pile_not_a_draw():
    watch = shot_at_s13()
    assert watch.hands["anna"] == 4 and watch.actions_left == 3
    said = watch.see(table("up=;down=2;shots=", "up=S13;down=1;shots=", "C02,C26"))
    assert [v.sentence for v in said] == ["ben's Vendetta (S13, damaged): anna discards C02 (3 card(s) in hand)."]
    assert (watch.hands["anna"], watch.actions_left, watch.pile, watch.grins) == (3, 3, 60, [])


def test_a_vendetta_reveal_damages_the_shooter_s_ship_and_its_own_grin_answers_at_once():
    watch = shot_at_s13()
    said = watch.see(table("up=S05;down=1;shots=", "up=S13;down=1;shots=C26>S13"))   # S05: skull, a grin
    assert [v.sentence for v in said][:2] == [
        "ben's Vendetta (S13, damaged): turns up anna's S05.",
        "ben hits S05 by a grin: no clan in common, S05 is damaged (stays face up). anna's Vendetta is due against "
        "ben: damaged (draw a card, make ben discard one, or turn up one of ben's face-down ships)."]
    assert said[1].rule == "CN-3" and [(g.owner, g.against) for g in watch.grins] == [("anna", "ben")]
    assert watch.view()["players"]["anna"]["ships_up"] == ["S05"] and watch.actions_left == 3


def test_a_vendetta_draw_is_told_and_counted():
    watch = shot_at_s13()
    told = watch.tell("draw")
    assert [v.sentence for v in told] == ["ben's Vendetta (S13, damaged): ben draws 1 (6 card(s) in hand, 59 left in the deck)."]
    assert watch.tell("none")[0].question   # nothing is due any more


def test_a_double_grin_sunk_face_down_owes_two_revenge_effects_and_end_turn_waits_for_them():
    watch = watch_from("up=;down=2;shots=", "up=;down=2;shots=")
    watch.see(table("up=;down=2;shots=", "up=;down=2;shots=C14>face down"))
    judged = watch.see(table("up=;down=2;shots=", "up=S16;down=1;shots=C14>S16"))   # S16 anchor, double grin
    assert judged[0].rule == "CN-2" and "ben's Revenge is due against anna: damaged and sunk" in judged[0].sentence
    assert [g.hit for g in reversed(watch.grins)] == ["damaged", "sunk"]   # the damage's effect first
    asked = watch.end_turn()
    assert asked[0].question and "ben's Revenge is still due against anna" in asked[0].sentence
    watch.tell("none")
    said = watch.see(table("up=;down=2;shots=", "up=S16;down=1;shots=C14>S16", "C03"))
    assert said[0].sentence == "ben's Revenge (S16, sunk): anna discards C03 (3 card(s) in hand)."
    assert watch.end_turn()[-1].sentence == "ben's turn: draws 0 (60 left in the deck)"   # his first turn


def test_a_vendetta_that_draws_the_deck_s_last_card_on_another_s_turn_starts_the_shootout():
    """CN-8's example: ben's Vendetta empties the deck in anna's turn: final turns anna, then ben."""
    watch = TableWatch(["anna", "ben"], DECK, "anna", {"anna": 4, "ben": 3}, 1, ("anna", "ben"))
    watch.see(table("up=;down=2;shots=", "up=;down=2;shots="))
    watch.see(table("up=;down=2;shots=", "up=;down=2;shots=C26>face down"))
    watch.see(table("up=;down=2;shots=", "up=S13;down=1;shots=C26>S13"))
    told = [v.sentence for v in watch.tell("draw")]
    assert told == ["ben's Vendetta (S13, damaged): ben draws 1 (4 card(s) in hand, 0 left in the deck).",
                    "ben drew the deck's last card: the final shootout begins. ben may take a cannonade back from the "
                    "discard pile; the turn ends.",
                    "anna's final turn: no draw; a cannonade may be taken back from the discard pile."]
    assert (watch.current, watch.final_turns, watch.trigger) == ("anna", ["ben"], "ben")


def test_after_the_final_turns_every_ship_turned_up_gives_the_tiebreak_from_the_table():
    """anna and ben have two ships each and two clans each; anna's both point north, ben's two ways."""
    watch = TableWatch(["anna", "ben"], DECK, "anna", {"anna": 2, "ben": 2}, 0, ("anna", "ben"))
    watch.trigger, watch.final_turns = "ben", ["ben"]
    watch.see(table("up=;down=2;shots=", "up=;down=2;shots="))
    assert [v.sentence for v in watch.end_turn()] == ["ben's final turn: no draw; a cannonade may be taken back from "
                                                      "the discard pile."]
    assert watch.end_turn()[-1].sentence == "The final turns are over: turn every ship face up for the tiebreak."
    half = watch.see(table("up=S01;ways=north;down=1;shots=", "up=;down=2;shots="))
    assert half[0].question and "anna, ben still have ships face down" in half[0].sentence
    over = watch.see(table("up=S01,S09;ways=north,north;down=0;shots=", "up=S17,S25;ways=north,south;down=0;shots="))
    assert [v.sentence for v in over] == ["The game is over: anna has the most ships sailing the same way among "
                                          "anna, ben: 2."]
    assert watch.view()["standings"] == [{"seat": "anna", "ships": 2, "icons": 2, "same_way": 2, "hand": 2},
                                         {"seat": "ben", "ships": 2, "icons": 2, "same_way": 1, "hand": 2}]
