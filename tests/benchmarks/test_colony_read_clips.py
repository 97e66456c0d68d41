"""The Colony's clip benchmark counts turns the way its report says: a tiny clip's truth and a made-up
session record, with the counts written out beside them."""

from benchmarks.colony_read_clips import add_up, answers_due, score_clip
from companion.games.the_colony.position import Position
from companion.games.the_colony.text import print_board

SETUP = Position.setup()


def board(**eggs) -> str:
    return print_board(SETUP.replace(eggs={**SETUP.eggs, **eggs}))


# Red sows L1 and passes, black sows L5, red sows L9 and passes at the clip's end (no picture shows that).
AFTER_RED, AFTER_BLACK, AFTER_RED_AGAIN = board(L1=0, L2=4), board(L1=0, L2=4, L5=0, L6=4), \
    board(L1=0, L2=4, L5=0, L6=4, L9=0, L10=4)
TRUTH = {
    "moves": [
        {"type": "sow", "space": "L1", "via": [], "player": "red", "first_frame": 2, "board": AFTER_RED},
        {"type": "pass", "player": "red", "first_frame": 5, "board": AFTER_RED},
        {"type": "sow", "space": "L5", "via": [], "player": "black", "first_frame": 5, "board": AFTER_BLACK},
        {"type": "sow", "space": "L9", "via": [], "player": "red", "first_frame": 8, "board": AFTER_RED_AGAIN},
        {"type": "pass", "player": "red", "first_frame": 10, "board": AFTER_RED_AGAIN},
    ],
    "tables": [board(), AFTER_RED, AFTER_BLACK, AFTER_RED_AGAIN],
    # frame:        0      1      2     3      4      5     6      7      8     9
    "frames": [{"table": t, "hand": h} for t, h in
               [(0, 0), (0, 0), (0, 1), (1, 1), (1, 0), (1, 1), (2, 0), (2, 0), (2, 1), (3, 0)]],
}


def table(text: str) -> dict:
    from companion.games.the_colony.text import parse_board
    position = parse_board(text)
    return {"eggs": dict(position.eggs), "ants": dict(position.ants)}


def tokens(text: str, **misread) -> dict:
    return {space: str(misread.get(space, count)) for space, count in table(text)["eggs"].items()}


def record(events_by_frame: dict, tables_by_frame: list, commits: dict | None = None) -> dict:
    return {"frames": [{"ms": 10.0 + index, "commit": (commits or {}).get(index),
                        "events": events_by_frame.get(index, []), "table": table(tables_by_frame[index])}
                       for index in range(10)]}


def sowing(space):
    return {"type": "sowing", "space": space, "via": []}


def test_every_turn_played_right_leaves_every_position_exact():
    played = record({4: [sowing("L1")], 7: [{"type": "pass"}, sowing("L5")], 9: [sowing("L9")]},
                    [board()] * 4 + [AFTER_RED] * 3 + [AFTER_BLACK] * 2 + [AFTER_RED_AGAIN],
                    commits={4: tokens(AFTER_RED), 7: tokens(AFTER_BLACK, L6=3), 9: tokens(AFTER_RED_AGAIN)})
    score = score_clip(TRUTH, played)
    assert (score["turns"], score["right"], score["asked"], score["wrong"]) == (3, 3, 0, 0)
    assert score["positions_exact"] == 3
    # The reader's own pictures: the one after black's sowing read L6 an egg short.
    assert (score["commits"], score["stills_exact"], score["commits_under_hand"]) == (3, 2, 0)


def test_a_question_nobody_answers_leaves_the_game_behind_and_the_turns_after_it_unplayed():
    played = record({4: [sowing("L1")], 7: [{"type": "question", "message": "no legal move fits"}]},
                    [board()] * 4 + [AFTER_RED] * 6, commits={3: tokens(AFTER_RED), 7: tokens(AFTER_BLACK)})
    score = score_clip(TRUTH, played)
    assert (score["right"], score["asked"], score["after a question"], score["questions"]) == (1, 1, 1, 1)
    assert score["positions_exact"] == 1          # red's turn only; black's and red's next were never played
    assert score["commits_under_hand"] == 1       # frame 3 had a hand in view


def test_a_different_move_is_wrong_and_what_follows_it_is_counted_apart():
    played = record({4: [sowing("L1")], 7: [{"type": "pass"}, sowing("L6")], 9: [sowing("L9")]},
                    [board()] * 4 + [AFTER_RED] * 3 + [board(L1=0, L2=4, L6=0, L7=4)] * 3)
    score = score_clip(TRUTH, played)
    assert (score["right"], score["wrong"], score["after a wrong move"]) == (1, 1, 1)
    assert score["positions_exact"] == 1


def test_no_still_picture_and_no_question_is_not_seen_and_totals_add_up():
    nothing = score_clip(TRUTH, record({}, [board()] * 10))
    assert (nothing["right"], nothing["not seen"], nothing["asked"], nothing["positions_exact"]) == (0, 3, 0, 0)
    totals = add_up([nothing, nothing])
    assert (totals["clips"], totals["turns"], totals["not seen"], totals["frames"]) == (2, 6, 6, 20)
    assert totals["ms_median"] == 14.5


def test_a_question_the_players_answer_is_an_asked_turn_and_the_next_turn_is_the_cameras_again():
    # At frame 7 the camera asks; the table shows black's sowing done, so the players play red's pass and it.
    assert answers_due(TRUTH, 7, [{"type": "sow", "space": "L1", "via": []}]) == [
        {"type": "pass"}, {"type": "sow", "space": "L5", "via": []}]
    assert answers_due(TRUTH, 7, [{"type": "sow", "space": "L2", "via": []}]) == []   # a wrong move: not answered
    played = record({4: [sowing("L1")],
                     7: [{"type": "question", "message": "no legal move fits"},
                         {"type": "pass", "source": "players"}, {**sowing("L5"), "source": "players"}],
                     9: [sowing("L9")]},
                    [board()] * 4 + [AFTER_RED] * 3 + [AFTER_BLACK] * 2 + [AFTER_RED_AGAIN])
    score = score_clip(TRUTH, played)
    assert (score["right"], score["asked"], score["after a question"], score["wrong"]) == (2, 1, 0, 0)
    assert score["positions_exact"] == 2          # the asked turn's position is the players', not the camera's


def test_a_turn_the_camera_missed_silently_is_not_seen_even_when_a_later_answer_plays_it():
    # No still picture after red's sowing; the question at frame 9 is about red's next turn. The players
    # play all three turns then: only the last was asked about.
    played = record({9: [{"type": "question", "message": "no legal move fits"},
                         {**sowing("L1"), "source": "players"}, {"type": "pass", "source": "players"},
                         {**sowing("L5"), "source": "players"}, {**sowing("L9"), "source": "players"}]},
                    [board()] * 9 + [AFTER_RED_AGAIN])
    score = score_clip(TRUTH, played)
    assert (score["right"], score["not seen"], score["asked"]) == (0, 2, 1)


def test_each_turn_gets_its_cause_worst_first_a_phantom_hand_then_the_game_left_behind():
    from benchmarks.colony_clip_causes import turn_causes

    # Red's sowing: a frame with no hand in view read as under a hand, so no still picture and no move;
    # black's: asked, and the game was a turn behind; red's next: played right by the camera.
    played = record({7: [{"type": "question", "message": "no legal move of Black's fits"},
                         {**sowing("L1"), "source": "players"}, {"type": "pass", "source": "players"},
                         {**sowing("L5"), "source": "players"}],
                     9: [sowing("L9")]},
                    [board()] * 7 + [AFTER_BLACK] * 2 + [AFTER_RED_AGAIN],
                    commits={7: tokens(AFTER_BLACK)})
    played["frames"][4]["hidden"] = ["L3"]
    assert turn_causes(TRUTH, played) == ["not seen: a hand read where none is",
                                          "asked: the game behind a turn missed before", "right"]
    played["frames"][9]["events"] = [sowing("L10")]
    assert turn_causes(TRUTH, played)[2] == "wrong: a different move played"


def test_a_move_the_camera_plays_at_the_next_turns_still_picture_is_its_own_turns_cause_too():
    """colony_clip_causes split the turns by frames: black's sowing, played at the still picture after red's next
    hand had come (frame 9), made black's turn 'not seen' and red's 'wrong', where the benchmark scores both right."""
    from benchmarks.colony_clip_causes import turn_causes

    played = record({4: [sowing("L1")], 9: [{"type": "pass"}, sowing("L5"), sowing("L9")]},
                    [board()] * 4 + [AFTER_RED] * 5 + [AFTER_RED_AGAIN])
    score = score_clip(TRUTH, played)
    assert (score["right"], score["wrong"], score["not seen"]) == (3, 0, 0)
    assert turn_causes(TRUTH, played) == ["right", "right", "right"]
