"""The shared computer-seat plumbing (companion/bots.py) on a tiny made-up game, fast.

"Marks": seats a and b take turns; a turn is one `mark` of a free square 1-6, then `end`.
The game is over after four marks. Its bot marks the lowest free square, or a square it is told.
"""

import copy
import random
import threading

import pytest

from companion.bots import BOT_EVENT, BotSeatError, BotSettings, ComputerSeats, parse_bot_specs
from companion.games import BotMove, Reason, Verdict
from companion.session import EventLog, Session


class MarksRecord:
    game, title, answers = "marks", "Marks", frozenset({"mark"})

    def decide(self, state, command):
        kind = command.get("type")
        if kind == "start":
            return Verdict.accept("A new game."), [{"type": "game"}]
        if kind == "mark":
            square = command.get("square")
            if state["marked_this_turn"] or square in state["marks"] or square not in "123456":
                return Verdict.reject(Reason("marks", f"square {square} cannot be marked now", (square,))), []
            return Verdict.accept(f"{state['turn']} marks {square}", (square,)), [{"type": "mark", "square": square,
                                                                               "source": command.get("source")}]
        if kind == "end":
            if not state["marked_this_turn"]:
                return Verdict.reject(Reason("marks", "mark a square first")), []
            return Verdict.accept("turn over"), [{"type": "end", "source": command.get("source")}]
        raise ValueError(f"unknown Marks command {kind!r}")

    def apply(self, state, body, seq):
        kind = body["type"]
        if kind == "game":
            return {"turn": "a", "marks": {}, "marked_this_turn": False}
        if kind == "mark":
            state["marks"][body["square"]] = state["turn"]
            state["marked_this_turn"] = True
        elif kind == "end":
            state["turn"] = "b" if state["turn"] == "a" else "a"
            state["marked_this_turn"] = False
        return state

    def start(self, text, source="serve"):
        return {"type": "start"}

    def view(self, state, seat):
        return {"game": "marks", **copy.deepcopy(state)} if state else {"game": None}

    def event_view(self, body, seat):
        return body

    def looks(self, state):
        return {"a": {}, "b": {}}


class MarksBot:
    levels = ("low", "high")

    def __init__(self, square=None):
        self.square = square   # a square the bot is told to mark (to make it play an illegal one)

    def to_move(self, state):
        return None if state is None or len(state["marks"]) >= 4 else state["turn"]

    def choose(self, state, seat, level, rng):
        free = [s for s in "123456" if s not in state["marks"]]
        square = self.square or (free[0] if level == "low" else free[-1])
        return BotMove(({"type": "mark", "square": square}, {"type": "end"}),
                       f"{seat} marks square {square}: put a counter there", (square,), on_table=1)


@pytest.fixture
def session(tmp_path):
    session = Session(EventLog(tmp_path / "marks.sqlite"), MarksRecord())
    session.act({"type": "start"})
    return session


def seats(session, bot=None, camera=False, **given):
    heard = []
    computer = ComputerSeats(session, bot or MarksBot(), given or {"a": "low"}, camera=camera,
                             publish=heard.append, rng=random.Random(1))
    return computer, heard


def types(session):
    return [(e.type, e.body.get("source")) for e in session.log.events()]


def test_without_a_camera_the_bots_commands_are_acted_at_once_and_its_sentence_is_published(session):
    computer, heard = seats(session)
    assert computer.step() == "acted"
    assert types(session)[1:] == [(BOT_EVENT, "bot"), ("mark", "bot"), ("end", "bot")]
    logged = session.log.events()[1].body
    assert logged["sentence"] == "a marks square 1: put a counter there" and logged["places"] == ["1"]
    assert heard[-1]["state"] == "played" and heard[-1]["sentence"] == "a marks square 1: put a counter there"
    assert computer.step() == "idle"   # b, a person, is to move: nothing happens
    assert len(session.log.events()) == 4


def test_a_camera_placement_matching_the_bot_is_accepted_and_the_bot_confirms(session):
    computer, heard = seats(session, camera=True)
    assert computer.step() == "waiting"
    assert session.state["marks"] == {} and heard[-1]["state"] == "waiting"
    assert computer.step() == "waiting"   # asked again, it still waits: no second decision
    assert [e.type for e in session.log.events()].count(BOT_EVENT) == 1
    vetted = computer.vet([{"type": "mark", "square": "1"}])
    assert vetted == [{"type": "mark", "square": "1"}, {"type": "end", "source": "bot"}]
    for command in vetted:
        assert session.act({"source": "camera", **command}).verdict.legal
    assert session.state == {"turn": "b", "marks": {"1": "a"}, "marked_this_turn": False}
    assert heard[-1]["state"] == "placed"


def test_a_wrong_placement_is_shown_as_a_question_and_never_accepted(session):
    computer, heard = seats(session, camera=True)
    computer.step()
    vetted = computer.vet([{"type": "mark", "square": "5"}])
    assert [c["type"] for c in vetted] == ["question"]
    assert "a marks square 1" in vetted[0]["message"] and "mark" in vetted[0]["message"]
    assert vetted[0]["cells"] == ["1"]
    assert heard[-1]["state"] == "wrong"
    assert session.state["marks"] == {}
    assert computer.step() == "waiting"   # still the same move asked for


def test_the_camera_on_a_persons_turn_passes_unchanged(session):
    computer, _ = seats(session, camera=True, b="low")
    assert computer.step() == "idle"   # a is a person
    assert computer.vet([{"type": "mark", "square": "6"}]) == [{"type": "mark", "square": "6"}]


def test_a_bot_command_the_rules_refuse_is_said_and_not_tried_again(session):
    session.act({"type": "mark", "square": "3"})
    session.act({"type": "end"})
    session.act({"type": "mark", "square": "2"})   # b marks ...
    session.act({"type": "end"})                   # ... and a is to move again
    computer, heard = seats(session, bot=MarksBot(square="3"))
    assert computer.step() == "refused"
    assert heard[-1]["state"] == "refused" and "square 3 cannot be marked now" in heard[-1]["message"]
    assert computer.step() == "stuck"
    assert [e.type for e in session.log.events()].count(BOT_EVENT) == 1


def test_seats_and_levels_are_checked_and_the_level_defaults_to_the_strongest():
    record, bot = MarksRecord(), MarksBot()
    assert parse_bot_specs(["a", "B:low"], bot, record) == {"a": "high", "b": "low"}
    with pytest.raises(BotSeatError, match=r"no seat 'c' in Marks \(seats: a, b\)"):
        parse_bot_specs(["c"], bot, record)
    with pytest.raises(BotSeatError, match=r"no bot level 'best' for a \(levels: low, high\)"):
        parse_bot_specs(["a:best"], bot, record)
    with pytest.raises(BotSeatError, match="twice"):
        parse_bot_specs(["a", "a:low"], bot, record)


def test_the_players_screen_gives_a_seat_to_the_computer_and_back(session):
    computer, heard = seats(session)
    assert computer.choose_seat("b", "high")["seats"] == {"a": "low", "b": "high"}
    assert computer.offer() == {"seats": ["a", "b"], "levels": ["low", "high"], "computer": {"a": "low", "b": "high"},
                                "status": computer.status()}
    computer.choose_seat("a", None)
    assert computer.step() == "idle" and computer.seats == {"b": "high"}
    with pytest.raises(BotSeatError):
        computer.choose_seat("z", "low")


def test_the_worker_plays_whenever_the_computer_is_to_move(session):
    computer = ComputerSeats(session, MarksBot(), {"a": "low", "b": "high"}, camera=False,
                             settings=BotSettings(pause_after_move_s=0.01))
    finished = threading.Event()
    session.listeners.append(lambda event: finished.set() if len(session.state["marks"]) >= 4 else None)
    computer.start()
    try:
        assert finished.wait(10), f"the game did not finish: {types(session)}"
    finally:
        computer.stop()
    assert session.state["marks"] == {"1": "a", "6": "b", "2": "a", "5": "b"}
