"""What a still table means for the game in play (inference.explain): each scenario is a position
text, the table the camera saw (ships as `fleet=kind@SQ`, `fleet=over@SQ`; dice as `pips@x,y` in board
mm, `?` for a face it could not tell), and the commands expected, or the question's telling words."""

from __future__ import annotations

import pytest

from companion.games.black_cannon.inference import SeenDie, SeenShip, SeenTable, explain
from companion.games.black_cannon.record import RECORD

START = """players: anna=red bob=blue cleo=green
turn: anna
ships: red=galleon@A1 blue=galleon@K2 green=galleon@A12
carrying:
home: red=0 blue=0 green=0
chests: D4=4 J4=3 D9=3 J9=4
"""
BEFORE_DICE = "6@-10,40 5@-10,80"


def table(ships: str, dice: str = BEFORE_DICE, chests: dict | None = None) -> SeenTable:
    seen = {}
    for word in ships.split():
        fleet, _, rest = word.partition("=")
        kind, _, square = rest.partition("@")
        seen[fleet] = SeenShip(square, None if kind == "over" else kind, kind == "over", not kind.endswith("?"))
    dice_seen = []
    for word in dice.split():
        pips, _, at = word.partition("@")
        x, y = at.split(",")
        dice_seen.append(SeenDie(None if pips == "?" else int(pips), (float(x), float(y)), "B2"))
    return SeenTable(seen, tuple(dice_seen), chests or {})


def game_after(*commands, start: str = START):
    game = RECORD.apply(None, {"type": "game", "board": start}, 1)
    for command in commands:
        verdict, bodies = RECORD.decide(game, command)
        assert verdict.legal, verdict.message
        for body in bodies:
            game = RECORD.apply(game, body, 2)
    return game


AT_START = "red=galleon@A1 blue=galleon@K2 green=galleon@A12"
ROLLED = ({"type": "roll", "dice": [3, 1]},)
AT_K6 = ROLLED + ({"type": "move", "fleet": "red", "to": "D4"}, {"type": "roll", "dice": [4, 2]},
                  {"type": "move", "fleet": "blue", "to": "K6"})


@pytest.mark.parametrize("played, seen, expected", [
    # nothing the rules care about changed: nothing to say
    ((), table(AT_START), []),
    # both dice thrown and read: anna's roll
    ((), table(AT_START, "3@100,-12 1@200,350"), [{"type": "roll", "dice": [3, 1]}]),
    # the roll and the ship already sailed at the same still moment: roll, then the move it allows
    ((), table("red=galleon@D4 blue=galleon@K2 green=galleon@A12", "3@100,-12 1@200,350", {"D4": 3}),
     [{"type": "roll", "dice": [3, 1]}, {"type": "move", "fleet": "red", "to": "D4", "take_chest": True}]),
    # rolled on the tablet; the ship is seen on a square the roll reaches: the move, chest taken
    (ROLLED, table("red=galleon@D4 blue=galleon@K2 green=galleon@A12"),
     [{"type": "move", "fleet": "red", "to": "D4", "take_chest": True}]),
    # ...and the chests on D4 are all still there: it left them
    (ROLLED, table("red=galleon@D4 blue=galleon@K2 green=galleon@A12", chests={"D4": 4}),
     [{"type": "move", "fleet": "red", "to": "D4", "take_chest": False}]),
    # dice thrown while another player's ship stands elsewhere than the game has it: no roll recorded
    (ROLLED + ({"type": "move", "fleet": "red", "to": "D4"},),
     table("red=galleon@D4 blue=galleon@K2 green=galleon@C10", "2@100,-12 5@200,350", {"D4": 3}),
     "green's ship stands on C10"),
    # ...or a ship stands as another kind (a shot the game never heard of)
    (ROLLED + ({"type": "move", "fleet": "red", "to": "D4"},),
     table("red=frigate@D4 blue=galleon@K2 green=galleon@A12", "2@100,-12 5@200,350", {"D4": 3}),
     "stands as a frigate"),
    # a ship the camera does not see has not moved: the game's knowledge wins
    (ROLLED, table("red=galleon@A1 green=galleon@A12"), []),
    # a ship lying knocked over while no shot is owed moves nothing
    (ROLLED, table("red=over@A1 blue=galleon@K2 green=galleon@A12"), []),
    # the Black Cannon shot: the one target seen knocked over is sunk
    (AT_K6, table("red=over@D4 blue=galleon@K6 green=galleon@A12"),
     [{"type": "shot", "target": "red", "sunk": True, "chest": None}]),
    # ...or already stood up again as a frigate on its square (the players were quick): sunk all the same
    (AT_K6, table("red=frigate@D4 blue=galleon@K6 green=galleon@A12"),
     [{"type": "shot", "target": "red", "sunk": True, "chest": None}]),
    # ...and nothing knocked over yet: the shot is still to come (or missed: the players say so)
    (AT_K6, table("red=galleon@D4 blue=galleon@K6 green=galleon@A12"), []),
])
def test_a_still_table_becomes_the_commands_the_rules_allow(played, seen, expected):
    said = explain(game_after(*played), seen, table(AT_START))
    if isinstance(expected, str):
        assert [command["type"] for command in said] == ["question"] and expected in said[0]["message"]
    else:
        assert said == expected


@pytest.mark.parametrize("played, seen, words", [
    # a die the reader could not tell is asked about, never guessed
    ((), table(AT_START, "3@100,-12 ?@200,350"), "cannot read the dice"),
    # only one die thrown, but a galleon rolls both
    ((), table(AT_START, "6@-10,40 2@200,350"), "rolls both"),
    # a ship sailed with no roll recorded
    ((), table("red=galleon@D4 blue=galleon@K2 green=galleon@A12"), "no roll is recorded"),
    # a square the roll does not reach: the rules' reason, and the legal squares beside it
    (ROLLED, table("red=galleon@C1 blue=galleon@K2 green=galleon@A12"), "the roll allows"),
    # another player's ship moved
    (ROLLED, table("red=galleon@A1 blue=galleon@K5 green=galleon@A12"), "it is anna's turn"),
    # two ships moved at once
    (ROLLED, table("red=galleon@D4 blue=galleon@K5 green=galleon@A12"), "More than one ship moved"),
    # a legal square, but the reading was unsure
    (ROLLED, table("red=galleon?@D4 blue=galleon@K2 green=galleon@A12"), "not sure"),
    # two targets knocked over for one shot
    (AT_K6, table("red=over@D4 blue=galleon@K6 green=over@A12"), "which one did it sink"),
])
def test_what_the_rules_cannot_explain_is_a_question_and_changes_nothing(played, seen, words):
    commands = explain(game_after(*played), seen, table(AT_START))
    assert [c["type"] for c in commands] == ["question"]
    assert words in commands[0]["message"]


def test_a_frigate_sunk_with_its_chest_leaves_the_chests_fate_to_the_shooter():
    start = START.replace("red=galleon@A1", "red=frigate@J3").replace("carrying:", "carrying: red")
    game = game_after({"type": "roll", "dice": [2]}, {"type": "move", "fleet": "red", "to": "J5"},
                      {"type": "roll", "dice": [4, 2]}, {"type": "move", "fleet": "blue", "to": "K6"}, start=start)
    assert game.phase == "shot"
    [asked] = explain(game, table("red=over@J5 blue=galleon@K6 green=galleon@A12"), None)
    assert asked["type"] == "question" and "chooses where it goes" in asked["message"]


def test_one_die_for_a_frigate_is_the_die_that_was_thrown_again():
    start = START.replace("red=galleon@A1", "red=frigate@D4")
    game = game_after(start=start)
    before = table("red=frigate@D4 blue=galleon@K2 green=galleon@A12", "6@-10,40 5@-10,80")
    assert explain(game, table("red=frigate@D4 blue=galleon@K2 green=galleon@A12", "3@150,330 5@-10,80"), before) \
        == [{"type": "roll", "dice": [3]}]
    both = explain(game, table("red=frigate@D4 blue=galleon@K2 green=galleon@A12", "3@150,330 2@60,-10"), before)
    assert both[0]["type"] == "question" and "which one was rolled" in both[0]["message"]


def test_a_die_read_a_few_mm_from_where_it_lay_was_not_thrown():
    game = game_after()
    assert explain(game, table(AT_START, "6@-4,44 5@-13,77"), table(AT_START)) == []


def test_a_roll_that_leaves_no_move_at_all_records_the_ship_staying_put():
    # A 5 x 5 board whose middle square is sea ringed by land: a raft there can never sail (BC-8).
    from companion.games.black_cannon.board import board_from_data
    from companion.games.black_cannon.position import Position, Ship
    from companion.games.black_cannon.record import BlackCannonGame

    board = board_from_data({"columns": 5, "rows": 5, "squares": ["~~~~~", "~###~", "~#~#~", "~###~", "~~~~~"],
                             "treasure": ["A3"], "black_cannon": ["E3"],
                             "edges": {"A": [["B1", "C1"]], "B": [["E2", "E3"]], "C": [["B5", "C5"]], "D": [["A2", "A3"]]},
                             "ports": {"red": "A1", "blue": "E1", "green": "A5", "yellow": "E5"}})
    position = Position(board, (("anna", ("red",)), ("bob", ("blue",))), "anna",
                        {"red": Ship("raft", "C3"), "blue": Ship("galleon", "E1")}, frozenset(), {"red": 0, "blue": 0},
                        {"A3": 2})
    before = SeenTable({"red": SeenShip("C3", "raft"), "blue": SeenShip("E1", "galleon")}, (SeenDie(6, (5.0, 5.0)),))
    thrown = SeenTable(before.ships, (SeenDie(4, (60.0, 130.0)),))
    assert explain(BlackCannonGame(position), thrown, before) == [
        {"type": "roll", "dice": [4]}, {"type": "move", "fleet": "red", "to": "C3"}]


def test_a_sunk_frigates_chest_seen_put_on_a_treasure_square_goes_there():
    start = START.replace("red=galleon@A1", "red=frigate@J3").replace("carrying:", "carrying: red")
    game = game_after({"type": "roll", "dice": [2]}, {"type": "move", "fleet": "red", "to": "J5"},
                      {"type": "roll", "dice": [4, 2]}, {"type": "move", "fleet": "blue", "to": "K6"}, start=start)
    seen = table("red=over@J5 blue=galleon@K6 green=galleon@A12", chests={"D4": 4, "J4": 3, "D9": 4, "J9": 4})
    assert explain(game, seen, None) == [{"type": "shot", "target": "red", "sunk": True, "chest": "D9"}]


def test_a_sea_battle_seen_with_both_ships_knocked_over_is_both_shots_in_order():
    # Blue sails to J6, facing red's galleon on J7 across edge B: blue fires first (BC-9), then red.
    start = START.replace("red=galleon@A1", "red=galleon@J7").replace("blue=galleon@K2", "blue=galleon@J2") \
        .replace("turn: anna", "turn: bob")
    game = game_after({"type": "roll", "dice": [4, 2]}, {"type": "move", "fleet": "blue", "to": "J6"}, start=start)
    assert [shot.shooter for shot in game.shots] == ["blue", "red"]
    assert explain(game, table("red=over@J7 blue=over@J6 green=galleon@A12"), None) == [
        {"type": "shot", "target": "red", "sunk": True, "chest": None},
        {"type": "shot", "target": "blue", "sunk": True, "chest": None}]
    # Only red over: blue's shot sank it, red's reply is still to come.
    assert explain(game, table("red=over@J7 blue=galleon@J6 green=galleon@A12"), None) == [
        {"type": "shot", "target": "red", "sunk": True, "chest": None}]


def test_a_ship_lying_over_counts_for_one_shot_only_until_it_is_stood_up():
    # Blue lands on K6, a Black Cannon square facing red on K7: the Black Cannon's shot, then the battle.
    start = START.replace("red=galleon@A1", "red=galleon@K7").replace("turn: anna", "turn: bob")
    game = game_after({"type": "roll", "dice": [4, 2]}, {"type": "move", "fleet": "blue", "to": "K6"}, start=start)
    assert [(shot.shooter, shot.cause) for shot in game.shots] == [("blue", "black-cannon"), ("blue", "battle"),
                                                                  ("red", "battle")]
    assert explain(game, table("red=over@K7 blue=galleon@K6 green=galleon@A12"), None) == [
        {"type": "shot", "target": "red", "sunk": True, "chest": None}]
