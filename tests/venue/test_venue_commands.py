"""The command lines: `serve --publish` refuses bad options before opening anything, `companion
venue` refuses a login the broker refuses, and a game with a private hand publishes only what the
shared screen shows, on every topic (a small card game's record, on a real mosquitto)."""

from __future__ import annotations

import copy
import threading

import pytest

from companion.cli import main
from companion.games import Verdict
from companion.publish.acks import AckStore
from companion.publish.address import Credentials, parse_address
from companion.publish.publisher import TablePublisher
from companion.session import EventLog, Session

from .tables import QUICK, wait_until


@pytest.mark.parametrize("words, said", [
    (["--table", "alpha"], "need --publish URL"),
    (["--publish", "mqtt://broker.local/club"], "--publish needs --table NAME"),
    (["--publish", "http://broker.local/club", "--table", "alpha"], "starts mqtt://"),
    (["--publish", "mqtt://broker.local/club", "--table", "a/b"], "--table 'a/b' is not a name"),
    (["--publish", "mqtt://broker.local/club", "--table", "alpha", "--mqtt-password-file", "x"], "needs --mqtt-user"),
    (["--publish", "mqtt://broker.local/club", "--table", "alpha", "--mqtt-user", "alpha",
      "--mqtt-password-file", "/nonexistent/pw"], "cannot read the password file '/nonexistent/pw'"),
    (["--publish", "mqtt://broker.local/club", "--table", "alpha", "--mqtt-keepalive", "0"], "1 to 3600 seconds"),
])
def test_serve_refuses_bad_publishing_options_before_it_opens_anything(words, said, tmp_path, capsys):
    assert main(["serve", "--source", "none", "--data", str(tmp_path / "data"), *words]) == 2
    assert said in capsys.readouterr().err
    assert not (tmp_path / "data").exists()


def test_the_venue_command_says_when_the_broker_refuses_its_login(broker, tmp_path, capsys):
    wrong = tmp_path / "wrong"
    wrong.write_text("guess\n")
    assert main(["venue", broker.url, "--port", "0", "--mqtt-user", "venue", "--mqtt-password-file", str(wrong)]) == 2
    err = capsys.readouterr().err
    assert "refused the venue" in err and "Not authorized" in err and "guess" not in err


class CardRecord:
    """A two-seat game with private hands: each seat sees its own hand; the shared screen sees counts."""

    game, title, answers = "cannonball-colony", "Hands", frozenset()   # a known slug, so the venue would take it

    def decide(self, state, command):
        if command["type"] == "start":
            return Verdict.accept("Dealt."), [{"type": "deal", "hands": {"north": ["secret-ace"], "south": ["secret-king"]}}]
        return Verdict.accept("Drawn."), [{"type": "draw", "seat": command["seat"], "card": f"secret-{command['card']}"}]

    def apply(self, state, body, seq):
        state = copy.deepcopy(state) or {}
        if body["type"] == "deal":
            return {"hands": body["hands"]}
        state["hands"][body["seat"]].append(body["card"])
        return state

    def view(self, state, seat):
        if state is None:
            return {"game": None}
        shared = {"game": self.game, "players": [{"name": s, "points": len(h)} for s, h in state["hands"].items()]}
        return {**shared, "hand": state["hands"][seat]} if seat else shared

    def event_view(self, body, seat):
        if body["type"] == "deal":
            return {"type": "deal", "hand": body["hands"].get(seat)} if seat else {"type": "deal"}
        return body if seat == body["seat"] else {"type": "draw", "seat": body["seat"]}

    def start(self, text, source="serve"):
        return {"type": "start"}

    def looks(self, state):
        return {}


def test_a_private_hand_never_reaches_the_broker(broker, tmp_path):
    import paho.mqtt.client as mqtt

    heard, subscribed = [], threading.Event()
    spy = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="spy", protocol=mqtt.MQTTv5)
    spy.username_pw_set("venue", broker.accounts["venue"].password)
    spy.on_subscribe = lambda *args: subscribed.set()
    spy.on_message = lambda client, userdata, message: heard.append(message.payload)
    spy.connect("127.0.0.1", broker.port)
    spy.subscribe("club/#", qos=1)
    spy.loop_start()
    assert subscribed.wait(5)
    session = Session(EventLog(tmp_path / "game.sqlite"), CardRecord())
    address = parse_address(broker.url)
    table = TablePublisher(session, address, "alpha", AckStore(tmp_path / "published.sqlite", "x"),
                           Credentials("alpha", broker.accounts["alpha"].password), QUICK).start()
    session.act({"type": "start"})
    session.act({"type": "draw", "seat": "south", "card": "queen"})
    wait_until(lambda: table.acknowledged == 2, what="both events acknowledged")
    wait_until(lambda: any(b'"view"' in p and b'"seq":2' in p for p in heard), what="the state after the draw")
    table.close()
    spy.loop_stop()
    spy.disconnect()
    assert sum(b'"type":"draw"' in p and b'"view"' not in p for p in heard) == 1, "the draw, as the shared screen saw it"
    assert not [p for p in heard if b"secret" in p], "a private card reached the broker"
