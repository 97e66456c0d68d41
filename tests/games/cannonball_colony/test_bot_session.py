"""A computer seat plays whole games of Cannonball Colony in a session on a real SQLite log, against
scripted commands for the other seat (autoplay's random turns, sent as a tablet sends them).

With no camera its moves are acted at once. With a camera, the camera's commands are made by the
game's own inference (what a still table after the placement reads as), and pass the shared vet:
the bot's placement is accepted; a piece put elsewhere is asked about and never accepted."""

import copy
import random

import pytest

from companion.bots import BOT_EVENT, ComputerSeats
from companion.games.cannonball_colony.autoplay import random_turn
from companion.games.cannonball_colony.bot import BOT
from companion.games.cannonball_colony.camera.live import move_text
from companion.games.cannonball_colony.cells import Country
from companion.games.cannonball_colony.game import Phase
from companion.games.cannonball_colony.inference import Explained, explain
from companion.games.cannonball_colony.record import RECORD
from companion.games.cannonball_colony.rules import legal_builds
from companion.games.cannonball_colony.setup import new_island
from companion.games.cannonball_colony.text import print_board
from companion.session import EventLog, Session

TURN_LIMIT = 300


def new_session(path, seed):
    session = Session(EventLog(path), RECORD)
    session.act({"type": "start", "board": print_board(new_island([Country.SPAIN, Country.FRANCE], seed=seed))})
    return session


def person_plays(session, rng):
    """France's turn as a tablet sends it: each move proposed, then Confirm."""
    trial = copy.deepcopy(session.state)
    for move in random_turn(trial, rng):
        assert session.act({"type": "propose", "move": str(move)}).verdict.legal
    assert session.act({"type": "confirm"}).verdict.legal


def camera_commands(game, seen):
    """What the camera part proposes for a still table showing `seen` (its inference, without the picture)."""
    explanation = explain(game, seen)
    assert isinstance(explanation, Explained), explanation
    pending = game.turn.build if game.turn else None
    return [{"type": "propose", "move": move_text(move, pending)} for move in explanation.moves]


def table_after(game, commands):
    """The island after the bot's move is carried out on the table."""
    trial = copy.deepcopy(game)
    for command in commands:
        verdict, bodies = RECORD.decide(trial, command)
        for body in bodies:
            trial = RECORD.apply(trial, body, 0)
    return trial.position


def run(computer, session, commands):
    """As the live pipeline does: the vetted commands in order; a question is asked instead."""
    for command in computer.vet(commands):
        if command["type"] == "question":
            session.ask(command["message"], command.get("cells", ()))
            continue
        assert session.act({"source": "camera", **command}).verdict.legal


@pytest.mark.slow
def test_the_bot_plays_a_whole_game_with_no_camera(tmp_path):
    session = new_session(tmp_path / "game.sqlite", seed=11)
    computer = ComputerSeats(session, BOT, {"spain": "greedy"}, camera=False, rng=random.Random(5))
    rng = random.Random(7)
    for _ in range(TURN_LIMIT):
        game = session.state
        if game.phase is Phase.OVER:
            break
        if str(game.player) == "spain":
            assert computer.step() == "acted"
        else:
            assert computer.step() == "idle"
            person_plays(session, rng)
    assert session.state.phase is Phase.OVER
    events = session.log.events()
    by_bot = [e for e in events if e.body.get("source") == "bot"]
    assert not [e for e in by_bot if e.type == "proposal"], "the rules refused none of the bot's moves"
    confirms = [e for e in by_bot if e.type == "confirm"]
    assert confirms and all(e.body["player"] == "spain" for e in confirms)
    assert len([e for e in events if e.type == BOT_EVENT]) == len(confirms)
    # The log replays to the same game: a restart resumes it.
    assert Session(EventLog(tmp_path / "game.sqlite"), RECORD).view() == session.view()


@pytest.mark.slow
def test_with_a_camera_only_the_bots_own_placement_is_accepted(tmp_path):
    session = new_session(tmp_path / "game.sqlite", seed=12)
    computer = ComputerSeats(session, BOT, {"spain": "look-ahead"}, camera=True, rng=random.Random(5))
    rng, wrong_shown = random.Random(8), 0
    for _ in range(TURN_LIMIT):
        game = session.state
        if game.phase is Phase.OVER:
            break
        if str(game.player) != "spain":
            person_plays(session, rng)
            continue
        assert computer.step() == "waiting"
        said = [e for e in session.log.events() if e.type == BOT_EVENT][-1].body
        placed = said["commands"][:-1]
        if not placed or said["commands"][0]["move"] == "pass":
            continue
        if wrong_shown < 3 and game.phase is Phase.BUILDING:   # a road or piece put somewhere else first
            builds = legal_builds(game.position, game.player)
            elsewhere = [c for c in builds.road_grass + builds.road_forest if str(c) not in said["places"]]
            if elsewhere:
                seq = session.seq
                run(computer, session, camera_commands(game, table_after(game, [
                    {"type": "propose", "move": f"road {elsewhere[0]}"}])))
                assert [e.type for e in session.log.events(after=seq)] == ["question"]
                assert said["sentence"] in session.question["message"]
                assert session.state.position == game.position and computer.step() == "waiting"
                wrong_shown += 1
        run(computer, session, camera_commands(game, table_after(game, placed)))
        assert str(session.state.player) != "spain" or session.state.phase is Phase.OVER
        assert [e.body["moves"] for e in session.log.events() if e.type == "confirm"][-1] == [
            c["move"] for c in placed]
    assert session.state.phase is Phase.OVER and wrong_shown == 3


@pytest.mark.slow
def test_the_leds_light_where_the_computers_pieces_go_until_its_turn_is_confirmed(tmp_path):
    from companion.games.cannonball_colony.cells import Cell
    from companion.games.cannonball_colony.hardware.indicators import COUNTRY_COLOURS, LedFollower
    from companion.hardware.led_map import LedMap
    from companion.hardware.strip import scaled

    session = new_session(tmp_path / "game.sqlite", seed=13)
    leds = LedMap()
    follower = LedFollower(session, leds)
    computer = ComputerSeats(session, BOT, {"spain": "greedy"}, camera=True, rng=random.Random(5))
    assert computer.step() == "waiting"   # Spain lands first
    said = [e for e in session.log.events() if e.type == BOT_EVENT][-1].body
    place = Cell.parse(said["places"][0])
    island = session.state.position
    index = leds.index(place.col, place.row, island.width, island.height)

    frame, problem = follower.frame()
    assert problem is None and frame[index] == scaled(COUNTRY_COLOURS[Country.SPAIN], leds.brightness)
    run(computer, session, camera_commands(session.state, table_after(session.state, said["commands"][:-1])))
    assert str(session.state.player) == "france"
    frame, _ = follower.frame()   # confirmed: the landing no longer lit as the computer's, France's spaces glow dim
    assert frame[index] != scaled(COUNTRY_COLOURS[Country.SPAIN], leds.brightness)
