"""A search of sowings cut short (issue 16, colony-clips7): a relay through the centre may offer more choices of
way than the inference tries (`max_choices`), so the true sowing may never be a candidate. Then a move is not
played alone unless it fits the picture closely; otherwise the players are asked."""

from __future__ import annotations

from companion.games.the_colony.inference import Explained, Question, Search, Seen, explain, sowings
from companion.games.the_colony.record import RECORD
from companion.games.the_colony.text import parse_board

from the_colony_boards import board_text


def logs(counts: str, ants: dict[str, str]) -> str:
    """Log lines L1-L19 from their counts in order, with the ants given."""
    return "".join(f"L{number} {count} {ants.get(f'L{number}', '')}\n"
                   for number, count in enumerate(counts.split(), start=1))


# Clip 4214 (pony beads), black to sow at turn 1: red has sown L19 and moved its ant to L13.
BEFORE_4214_1 = board_text(logs("3 3 4 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 1", {"L13": "R"}),
                           "turn: black\ncollected: red=1 black=0\nants: mandatory\nlast-turn: red\n")
# Black sowed L11, relaying through the centre nine times; an ant was placed on L8.
AFTER_4214_1 = board_text(logs("3 3 3 4 4 4 4 3 3 3 0 0 3 3 3 3 3 3 3", {"L13": "R", "L8": "B"}),
                          "turn: black\ncollected: red=1 black=1\nants: mandatory\nlast-turn: red\n")
TRUE_SOWING = {"type": "sow", "space": "L11", "via": ["L19", "L19", "L19", "L19", "L12", "L19", "L19", "L19", "L4"]}


def game_from(text: str):
    return RECORD.apply(None, RECORD.decide(None, {"type": "start", "board": text})[1][0], 1)


def test_a_relay_with_more_choices_than_tried_is_noted_as_cut_short_and_never_a_candidate():
    search = Search()
    found = list(sowings(parse_board(BEFORE_4214_1), search=search))
    assert TRUE_SOWING not in found          # nine choices of way: past max_choices
    assert "L11" in search.cut_from and search.cut


def test_clip_4214_turn_1_read_exact_is_asked_or_played_right_never_the_shorter_sowing():
    # main played "sow L11 via L19,L4" here sure (its table fits at the acceptance bar): a wrong move.
    after = parse_board(AFTER_4214_1)
    result = explain(game_from(BEFORE_4214_1), Seen(eggs=dict(after.eggs), ants=dict(after.ants)))
    if isinstance(result, Explained):
        assert result.commands[0] == TRUE_SOWING
    else:
        assert isinstance(result, Question) and "longer way" in result.message


def test_a_sowing_read_exact_is_still_played_though_the_search_was_cut_short():
    # From the setup the search is cut short too (relays through the centre); clip 4214's first sowing, read exact.
    game = game_from(board_text(logs(" ".join(["3"] * 19), {}), "turn: red\ncollected: red=0 black=0\nants: optional\n"))
    after = parse_board(board_text(logs("3 3 4 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 1", {"L12": "R"}),
                                   "turn: red\ncollected: red=1 black=0\nants: optional\nlast-turn: black\n"))
    search = Search()
    list(sowings(game.position, search=search))
    assert search.cut
    result = explain(game, Seen(eggs=dict(after.eggs), ants=dict(after.ants)))
    assert isinstance(result, Explained) and result.commands[0] == {"type": "sow", "space": "L19", "via": ["L3", "L19"]}
