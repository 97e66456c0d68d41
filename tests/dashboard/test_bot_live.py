"""A computer seat with the live pipeline and Cannonball Colony's camera part on a scripted table:
the camera's committed reading must be the bot's move; anything else is asked about, never accepted."""

from __future__ import annotations

import copy
import random

from companion.bots import BOT_EVENT, ComputerSeats
from companion.games.cannonball_colony.bot import BOT
from companion.games.cannonball_colony.moves import parse_move
from companion.games.cannonball_colony.rules import legal_builds

from .test_live import Rig


def test_the_table_must_show_the_computers_move_before_it_is_played(tmp_path):
    rig = Rig(tmp_path)
    computer = ComputerSeats(rig.session, BOT, {"france": "greedy"}, camera=True, rng=random.Random(2))
    rig.pipeline.vet = computer.vet
    rig.watch()   # the camera starts the game: France to move
    assert computer.step() == "waiting"
    said = [e for e in rig.session.log.events() if e.type == BOT_EVENT][-1].body
    game = rig.session.state
    moves = [parse_move(c["move"]) for c in said["commands"] if c["type"] == "propose"]

    wrong = copy.deepcopy(game)   # a road somewhere the computer did not say
    elsewhere = next(c for c in legal_builds(game.position, game.player).road_grass if str(c) not in said["places"])
    assert wrong.play(parse_move(f"road {elsewhere}")).legal
    rig.table.show(wrong.position)
    rig.watch()
    assert [e.type for e in rig.session.log.events()][-1] == "question"
    assert said["sentence"] in rig.session.question["message"]
    assert rig.session.state.position == game.position   # nothing accepted
    assert computer.status()["state"] == "wrong"

    right = copy.deepcopy(game)
    for move in moves:
        assert right.play(move).legal
    rig.table.show(right.position)
    rig.watch()
    kinds = [(e.type, e.body.get("source")) for e in rig.session.log.events()]
    assert kinds[-2:] == [("move", "camera"), ("confirm", "bot")]
    assert str(rig.session.state.player) == "spain"
    assert rig.session.state.history[-1].moves == tuple(moves)
