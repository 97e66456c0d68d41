"""The bundled Black Cannon clip that `serve --game black-cannon` plays with no camera, refereed by the
real reader through the whole live pipeline, with the players at the table doing what players do: when
the camera asks, or when the game has not followed the table before the next change, they enter what
really happened on the Play screen (the clip's truth). The camera may leave things to them; it may never
record anything that did not happen. The game must end as the clip's truth says."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from companion.games.black_cannon.camera.live import BlackCannonCamera
from companion.games.black_cannon.camera.stills import StillReader
from companion.games.black_cannon.record import RECORD
from companion.games.black_cannon.text import parse_board
from companion.live import Pipeline
from companion.session import EventLog, Session
from companion.vision.frames import open_source

CLIP = BlackCannonCamera.clip()
TRUTH = json.loads(CLIP.with_suffix(".json").read_text(encoding="utf-8")) if CLIP else None
PLAYED = ("roll", "move", "shot")


def as_step(body: dict) -> dict:
    """A logged roll, move or shot in the script's terms (dice in any order)."""
    if body["type"] == "roll":
        return {"type": "roll", "dice": sorted(body["dice"])}
    if body["type"] == "move":
        return {"type": "move", "fleet": body["fleet"], "to": body["to"]}
    return {"type": "shot", "target": body["target"], "sunk": body["sunk"], "chest": body["chest"]}


def expected_steps() -> list[dict]:
    return [as_step(step) for step in TRUTH["expected"]]


def due_after(state: int) -> int:
    """How many of the expected commands the table shows once it stands as clip state `state`."""
    labels = [s["label"] for s in TRUTH["states"][1:state + 1]]
    return sum(1 for label in labels if not label.startswith("the cannon knocks"))


class Players:
    """The clip's frames, with the players stepping in before a frame when the game lags the table."""

    def __init__(self, session: Session, source):
        self.session, self.source = session, source
        self.description = source.description
        self.stepped_in: list[dict] = []

    def recorded(self) -> list[dict]:
        return [e.body for e in self.session.log.events() if e.type in PLAYED]

    def catch_up(self, due: int) -> None:
        while len(self.recorded()) < due and self.session.state is not None:
            step = TRUTH["expected"][len(self.recorded())]
            acted = self.session.act({**step, "source": "tablet"})
            assert acted.verdict.legal, (step, acted.verdict.message)
            self.stepped_in.append(step)

    def __iter__(self):
        records = TRUTH["frames"]
        for index, frame in enumerate(self.source):
            if index:
                shown, state = records[index - 1]["state"], records[index]["state"]
                # Asked about the table the camera last saw, or about to change the table while the game
                # has not followed it: they enter what the table shows.
                if self.session.question is not None or state != shown:
                    self.catch_up(due_after(shown))
            yield frame
        self.catch_up(due_after(records[-1]["state"]))

    def close(self):
        self.source.close()


@pytest.fixture(scope="module")
def refereed(tmp_path_factory):
    session = Session(EventLog(tmp_path_factory.mktemp("clip") / "game.sqlite"), RECORD)
    reader = StillReader()
    players = []

    def opened(on_status):
        players.append(Players(session, open_source(str(CLIP), on_status=on_status)))
        return players[0]

    pipeline = Pipeline(BlackCannonCamera, session, opened, reader.read_frame, pace=False, auto_confirm=True,
                        restart_on_loop=True)
    pipeline.run()   # one pass, in this thread
    return session, players[0], reader, pipeline


def test_serve_with_no_camera_plays_this_clip_and_it_is_small():
    assert CLIP is not None and CLIP.parent.name == "black_cannon"
    assert CLIP.stat().st_size <= 300 * 1024


@pytest.mark.slow   # about a minute: the reader reads each steady spell of the clip twice
def test_the_clip_is_refereed_to_its_expected_turns_and_the_camera_never_records_what_did_not_happen(refereed):
    session, players, reader, pipeline = refereed
    assert pipeline.status()["state"] == "ended"
    events = session.log.events()
    assert events[0].type == "game" and events[0].body["source"] == "camera"   # the camera set the game up
    assert [as_step(e.body) for e in events if e.type in PLAYED] == expected_steps()
    final = parse_board(TRUTH["states"][-1]["board_text"])
    position = session.state.position
    assert (position.ships, position.carrying, position.home, position.chests) == \
           (final.ships, final.carrying, final.home, final.chests)
    by_camera = [e for e in events if e.type in PLAYED and e.body["source"] == "camera"]
    questions = [e.body["message"] for e in events if e.type == "question"]
    print(f"\n{len(by_camera)} of {len(expected_steps())} turns' steps recorded by the camera, "
          f"{len(players.stepped_in)} entered by the players, {len(questions)} questions, "
          f"{reader.reads} frames read in full of {TRUTH['clip']['frame_count']}")
    # Ships stand on their deck tags, which the reader reads well: the camera sails them.
    assert any(e.body["type"] == "move" for e in by_camera)
    # Only the first reads of each steady spell are full reads.
    assert reader.reads < TRUTH["clip"]["frame_count"]


class ReadOnce:
    """The real reader, each distinct frame read once: the clip's later passes decode the same frames."""

    def __init__(self):
        from companion.games.black_cannon.camera.reader import read_table

        self.read_table, self.readings = read_table, {}

    def __call__(self, image, board):
        key = hash(image.tobytes())
        if key not in self.readings:
            self.readings[key] = self.read_table(image, board)
        return self.readings[key]


@pytest.mark.slow   # one pass read, a second from the cache
def test_the_demo_with_nobody_at_the_table_asks_and_never_records_what_did_not_happen(tmp_path):
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    statuses, passes = [], []

    def opened(on_status):
        passes.append(len(passes))
        if len(passes) > 2:
            pipeline.stop()
            return iter(())
        return open_source(str(CLIP), on_status=on_status)

    pipeline = Pipeline(BlackCannonCamera, session, opened, StillReader(read=ReadOnce()).read_frame, pace=False,
                        loop=True, auto_confirm=True, restart_on_loop=True, publish_status=statuses.append)
    pipeline.run()
    events = session.log.events()
    games = [e for e in events if e.type == "game"]
    assert games and all(e.body["source"] == "camera" for e in games)
    # Whatever the camera recorded is the clip's own story, from the start of a game, in order.
    since_start = []
    for event in events:
        if event.type == "game":
            since_start = []
        elif event.type in PLAYED:
            since_start.append(as_step(event.body))
            assert since_start == expected_steps()[:len(since_start)], since_start
    # Either it read the whole story, or it stopped at a question for the players: never stuck silently.
    whole = since_start == expected_steps()
    assert whole or [e for e in events if e.type == "question"]
    assert not [s for s in statuses if s["state"] in ("lost", "ended")]


class RollEnteredOnly:
    """The clip's frames; when the camera asks for a roll, a player enters only the roll on the Play screen
    (the clip's truth) and the table stands still one more frame: the move is the camera's to take."""

    def __init__(self, session: Session, source):
        self.session, self.source = session, source
        self.description = source.description
        self.entered: list[list[int]] = []

    def __iter__(self):
        for frame in self.source:
            yield frame
            if self.session.question is not None and self.session.state.phase == "roll":
                step = TRUTH["expected"][len([e for e in self.session.log.events() if e.type in PLAYED])]
                assert step["type"] == "roll", step
                assert self.session.act({**step, "source": "tablet"}).verdict.legal
                self.entered.append(step["dice"])
                yield frame

    def close(self):
        self.source.close()


class DiceUnclear:
    """The real reader, with every die it reads left unclear, as under a player's hand: each roll is the
    players' to enter (the reader itself reads every roll of the clip)."""

    def __init__(self):
        from companion.games.black_cannon.camera.reader import read_table

        self.read_table = read_table

    def __call__(self, image, board):
        reading = self.read_table(image, board)
        unclear = tuple(replace(die, confidence=0.0) for die in reading.dice)
        asked = tuple(f"a die near {die.centre_mm} is not clear: what does it show?" for die in unclear)
        return replace(reading, dice=unclear, questions=asked + reading.questions)


def test_a_roll_entered_for_a_ship_already_moved_lets_the_camera_take_the_move_from_the_still_table(tmp_path):
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    players = []

    def opened(on_status):
        players.append(RollEnteredOnly(session, open_source(str(CLIP), on_status=on_status)))
        return players[0]

    Pipeline(BlackCannonCamera, session, opened, StillReader(read=DiceUnclear()).read_frame, pace=False,
             auto_confirm=True, restart_on_loop=True).run()
    played = [e.body for e in session.log.events() if e.type in PLAYED]
    assert players[0].entered, "the camera read every roll: nothing was left to the players here"
    assert [as_step(body) for body in played] == expected_steps()
    rolls_by_players = [body["dice"] for body in played if body["type"] == "roll" and body["source"] == "tablet"]
    assert rolls_by_players == players[0].entered
    assert all(body["source"] == "camera" for body in played if body["type"] == "move")
