"""Cannonades' rules as scenarios: a table in a few lines, a move, and what the rulebook (or a CN ruling) says."""

from __future__ import annotations

from cannonades_tables import act, said, ship, table

MID_GAME = dict(hands={"anna": ["C01", "C29", "S02", "S17"], "ben": ["C02", "S20"]},
                fleets={"anna": [ship("anna-1", "S09", "up"), ship("anna-2", "S33")],
                        "ben": [ship("ben-1", "S08"), ship("ben-2", "S25", "up")]})


def test_no_shooting_on_ones_first_turn_but_adding_is_open():
    game = table(hands={"anna": ["C01", "S02"]}, fleets={"ben": [ship("ben-1", "S08")]}, had_first_turn=["ben"])
    assert act(game, "shoot", "C01", "ben-1") == "rules:first-turn"
    assert act(game, "add", "S02") is None and game.fleets["anna"][0].id == "anna-1"


def test_a_matching_shot_at_a_face_down_double_grin_sinks_it_with_both_revenge_effects():   # CN-2
    game = table(**MID_GAME)
    assert act(game, "shoot", "C01", "ben-1") is None
    (sunk,) = said(game, "sunk")
    assert (sunk["card"], sunk["due"]) == ("S08", ["damaged", "sunk"])
    assert game.discard[-2:] == ["C01", "S08"]
    assert [p[0] for p in game.pending] == ["grin", "grin"] and game.to_move == "ben"


def test_a_miss_turns_the_ship_face_up_damaged_and_the_cannonade_is_discarded():
    game = table(**MID_GAME)
    assert act(game, "shoot", "C29", "ben-1") is None   # kraken/compass against a skull ship
    assert said(game, "damaged")[0]["due"] == ["damaged"] and game.fleets["ben"][0].face_up
    assert "C29" in game.discard and "S08" not in game.discard


def test_a_single_grin_ship_takes_its_vendetta_once():   # CN-3
    game = table(hands={"anna": ["C01", "C02"]}, fleets={"anna": [ship("anna-1", "S33")],
                                                          "ben": [ship("ben-1", "S05", "up"), ship("ben-2", "S01")]})
    assert act(game, "shoot", "C01", "ben-1") is None
    assert said(game, "sunk")[0]["due"] == [] and not game.pending   # damaged earlier: its Vendetta is spent


def test_the_grin_s_effects_are_chosen_by_the_hit_ship_s_owner():   # CN-4
    game = table(**MID_GAME)
    act(game, "shoot", "C01", "ben-1")
    assert act(game, "grin", "reveal", "anna-1", seat="ben") == "rules:captains-grin"   # anna-1 is face up
    assert act(game, "grin", "reveal", "anna-2", seat="ben") is None
    assert said(game, "damaged")[0]["ship"] == "anna-2" and game.fleets["anna"][1].face_up
    assert act(game, "grin", "discard", None, seat="ben") is None   # the second Revenge effect
    assert game.pending[-1] == ("discard", "anna", 1, "grin") and game.to_move == "anna"
    assert act(game, "discard", "S17") is None and game.to_move == "anna" and game.actions_left == 3


def test_boarding_with_ones_last_ship_is_refused():   # CN-6
    game = table(hands={"anna": []}, fleets={"anna": [ship("anna-1", "S09", "up")], "ben": [ship("ben-1", "S13")]})
    assert act(game, "board", "anna-1", "ben-1") == "CN-6"


def test_boarding_discards_the_boarder_and_sinks_a_ship_of_its_clan():
    game = table(fleets={"anna": [ship("anna-1", "S09", "up"), ship("anna-2", "S33")],
                         "ben": [ship("ben-1", "S11"), ship("ben-2", "S25")]})
    assert act(game, "board", "anna-1", "ben-1") is None   # anchor against anchor
    assert [s.id for s in game.fleets["anna"]] == ["anna-2"] and [s.id for s in game.fleets["ben"]] == ["ben-2"]
    assert game.discard == ["S09", "S11"]
    assert act(game, "board", "anna-2", "ben-2") == "rules:board"   # face down: cannot board


def test_a_face_down_ship_cannot_board_and_a_face_up_miss_stays_damaged():
    game = table(fleets={"anna": [ship("anna-1", "S09", "up"), ship("anna-2", "S33")],
                         "ben": [ship("ben-1", "S25", "up"), ship("ben-2", "S26")]})
    assert act(game, "board", "anna-1", "ben-1") is None
    assert said(game, "stands") and game.fleets["ben"][0].face_up and "S09" in game.discard


def test_drawing_by_discarding_a_double_grin_draws_three():
    game = table(hands={"anna": ["S08"]}, pile=["C10", "C11", "C12", "C13"])
    assert act(game, "draw", "S08") is None
    assert game.hands["anna"] == ["C13", "C12", "C11"] and game.pile == ["C10"]


def test_a_fleet_has_at_most_four_ships():
    game = table(hands={"anna": ["S02"]}, fleets={"anna": [ship(f"anna-{n}", f"S0{n + 2}") for n in range(1, 5)]})
    assert act(game, "add", "S02") == "rules:add"


def test_the_hand_limit_is_the_players_in_plus_one_or_five_in_the_variant():
    cards = ["C01", "C02", "C03", "C04", "C05"]
    game = table(hands={"anna": cards}, fleets={"anna": [ship("anna-1", "S01")], "ben": [ship("ben-1", "S09")]})
    assert act(game, "end") is None and game.pending[-1] == ("discard", "anna", 2, "limit")
    assert act(game, "discard", "C01") is None and act(game, "discard", "C02") is None
    assert game.current == "ben" and len(game.hands["ben"]) == 4   # ben's draw step: 5 less 1 ship
    fixed = table(variant="fixed-5", hands={"anna": cards}, fleets={"anna": [ship("anna-1", "S01")],
                                                                   "ben": [ship("ben-1", "S09")]})
    assert act(fixed, "end") is None and fixed.current == "ben"


def test_a_player_with_no_ship_at_the_end_of_their_first_turn_is_out():   # CN-5
    game = table(seats=["anna", "ben", "cleo"], hands={"anna": ["S02"]}, had_first_turn=[],
                 fleets={"ben": [], "cleo": []})
    assert act(game, "end") is None
    assert game.out == ["anna"] and game.current == "ben" and "S02" in game.discard
    assert not game.is_first_turn("anna")


def test_sinking_the_last_ship_eliminates_and_the_eliminator_takes_a_random_card():   # CN-7
    game = table(seats=["anna", "ben", "cleo"], hands={"anna": ["C01"], "ben": ["C20", "C21"]},
                 fleets={"anna": [ship("anna-1", "S33")], "ben": [ship("ben-1", "S01")],
                         "cleo": [ship("cleo-1", "S25")]})
    assert act(game, "shoot", "C01", "ben-1") is None
    assert game.out == ["ben"] and len(game.hands["anna"]) == 1 and game.hands["anna"][0] in ("C20", "C21")
    assert said(game, "take")[0]["private"] == ["anna", "ben"]
    assert not game.over and game.hand_limit() == 3


def test_the_last_fleet_afloat_wins_at_once():
    game = table(hands={"anna": ["C01"]}, fleets={"anna": [ship("anna-1", "S33")], "ben": [ship("ben-1", "S05")]})
    assert act(game, "shoot", "C01", "ben-1") is None
    assert game.over and game.winners == ["anna"] and game.rule == "rules:end-of-game" and not game.pending


def test_a_vendetta_that_draws_the_last_card_starts_the_shootout_and_ends_the_turn():   # CN-8
    game = table(hands={"anna": ["C29", "C01"]}, pile=["C05"], discard=["C10"],
                 fleets={"anna": [ship("anna-1", "S33")], "ben": [ship("ben-1", "S05"), ship("ben-2", "S09")]})
    assert act(game, "shoot", "C29", "ben-1") is None   # a miss: ben's Vendetta
    assert act(game, "grin", "draw", None, seat="ben") is None
    assert game.trigger == "ben" and game.pending[-1] == ("salvage", "ben", "trigger")
    assert act(game, "salvage", "C10", seat="ben") is None
    # anna's turn is cut short; everyone takes a final turn, from the player after the trigger to the trigger.
    assert game.current == "anna" and game.final_turn and game.final_turns == ["ben"]
    assert game.to_move == "anna" and game.decision == "salvage"
    assert act(game, "salvage", "C29") is None and act(game, "end") is None
    assert game.current == "ben" and game.decision == "act"   # the trigger takes no cannonade back
    assert act(game, "end") is None and game.over and game.rule == "rules:tiebreakers"


def test_the_tiebreakers_in_order():
    def ending(anna_ships, ben_ships, anna_hand=(), ben_hand=(), trigger="ben"):
        game = table(hands={"anna": list(anna_hand), "ben": list(ben_hand)}, pile=[],
                     fleets={"anna": [ship(f"anna-{i + 1}", c) for i, c in enumerate(anna_ships)],
                             "ben": [ship(f"ben-{i + 1}", c) for i, c in enumerate(ben_ships)]},
                     shootout={"trigger": trigger, "final_turns": []}, turn={"seat": trigger, "final_turn": True})
        act(game, "end")
        return game.winners, game.why

    assert ending(["S01", "S02"], ["S09"])[0] == ["anna"]                      # the biggest fleet
    assert ending(["S01", "S02"], ["S09", "S17"])[0] == ["ben"]                # the most clans
    assert ending(["S01", "S09"], ["S17", "S26"])[0] == ["ben"]                # S17, S26 both sail left
    assert ending(["S01", "S10"], ["S17", "S26"], ["C01"])[0] == ["anna"]     # the most cards in hand
    winners, why = ending(["S01", "S10"], ["S17", "S26"], trigger="anna")
    assert winners == ["anna"] and "drew the deck's last card" in why


def test_undo_takes_back_an_added_ship_but_never_crosses_a_draw_or_a_shot():   # CN-10
    game = table(hands={"anna": ["S02", "S03", "C29"]}, fleets={"ben": [ship("ben-1", "S01")]})
    act(game, "add", "S02")
    act(game, "add", "S03")
    assert act(game, "undo") is None and act(game, "undo") is None and game.actions_left == 4
    assert sorted(game.hands["anna"]) == ["C29", "S02", "S03"] and act(game, "undo") == "CN-10"
    act(game, "add", "S02")
    act(game, "shoot", "C29", "ben-1")
    assert act(game, "undo") == "CN-10"


def test_a_hand_with_one_ship_may_be_redealt():
    from companion.games.cannonades.deck import default_deck
    from companion.games.cannonades.rules import deal

    deck = default_deck()
    cannonades = [c for c in deck.ids if c.startswith("C")]
    ships = [c for c in deck.ids if c.startswith("S")]
    order = cannonades[:4] + ships[:1] + ships[1:] + cannonades[4:]   # anna: 4 cannonades and 1 ship
    game = deal(deck, ["anna", "ben"], order)
    assert game.decision == "redeal" and game.to_move == "anna"
    import random

    from companion.games.cannonades.turns import Chance
    game.news, game.chance = [], Chance(random.Random(3))
    assert act(game, "redeal") is None
    assert said(game, "redeal")[0]["cards"] == order[:5] and len(game.hands["anna"]) == 5
    assert sorted(game.pile + game.hands["anna"] + game.hands["ben"]) == sorted(deck.ids)
