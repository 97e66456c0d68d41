"""Cannonades' secrets over HTTP: whole random games of four seats played through the dashboard under
waitress, a tablet paired to each seat and the shared screen watching. Everything each one receives is
kept (state responses, its SSE stream from the first event, the record and its export, the answers to
its moves and the refusals' messages) and may name only cards that seat may know: its own (held or in
play, now or before) and every card ever shown face up. Bad requests get a 4xx with a short message,
never a 500; a tablet cannot act for another seat, and the shared screen cannot act at all."""

from __future__ import annotations

import http.cookiejar
import json
import random
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict

import pytest

from companion.dashboard import create_app
from companion.dashboard.broadcast import Broadcaster
from companion.dashboard.video import FrameHub
from companion.dashboard.web import Services
from companion.games.cannonades.record import RECORD
from companion.session import EventLog, Session

from .conftest import RunningServer

CARD = re.compile(r"\b[SC]\d\d\b")
SEATS = ["anna", "ben", "cleo", "dan"]
SHARED = None   # the shared screen's seat: none
PLAYER_CODE, VIEWER_CODE = "246810", "975310"
ERROR_CHARS = 600   # the dashboard's cap on a refusal's message (web.ERROR_CHARS)


def named(text: str) -> set[str]:
    return set(CARD.findall(text))


class Tablet:
    """One browser: its own cookies, paired with a code (and a seat), its CSRF token sent like the pages do."""

    def __init__(self, url: str, code: str, seat: str | None):
        self.url, self.seat, self.csrf = url, seat, ""
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.csrf = json.loads(self.get("/api/session")[1])["csrf"]
        form = urllib.parse.urlencode({"code": code, "seat": seat or "", "csrf_token": self.csrf}).encode()
        status, _ = self.request("/pair", form, {"Content-Type": "application/x-www-form-urlencoded"})
        assert status == 200   # the redirect to the Table, followed
        self.received: list[str] = []   # every response body, for the secrets check
        self.heard: list[str] = []      # the SSE stream's messages

    def request(self, path: str, data: bytes | None = None, headers: dict | None = None) -> tuple[int, str]:
        request = urllib.request.Request(self.url + path, data=data, headers={"X-CSRF-Token": self.csrf, **(headers or {})})
        try:
            with self.opener.open(request, timeout=30) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def get(self, path: str) -> tuple[int, str]:
        return self.request(path)

    def post(self, path: str, body, raw: bool = False) -> tuple[int, dict]:
        data = body if raw else json.dumps(body).encode()
        status, text = self.request(path, data, {"Content-Type": "application/json"})
        self.received.append(text)
        return status, json.loads(text)

    def listen(self) -> threading.Thread:
        """Read /events from the first event until the server ends the stream."""
        def read():
            with self.opener.open(self.url + "/events?last_id=0", timeout=60) as stream:
                message = []
                for line in stream:
                    line = line.decode()
                    if line.strip():
                        message.append(line)
                    elif message:
                        self.heard.append("".join(message))
                        message = []
        thread = threading.Thread(target=read, daemon=True)
        thread.start()
        return thread


class Knowledge:
    """What each seat may know, growing as the game goes (the truth read from the session, in the test only)."""

    def __init__(self, seats=SEATS):
        self.shared: set[str] = set()
        self.seats = {seat: set() for seat in seats}
        self.at: dict[int, dict] = {}   # per event seq: what each seat may know once it is applied

    def learn(self, session: Session, after: int) -> None:
        game = session.state
        self.shared |= set(game.discard) | {s.card for fleet in game.fleets.values() for s in fleet if s.face_up}
        for event in session.log.events(after=after):   # a redeal shows a hand to all, then shuffles it away
            self.shared |= {c for e in event.body.get("effects", []) if e["what"] == "redeal" for c in e["cards"]}
        for seat in self.seats:
            self.seats[seat] |= set(game.hands[seat]) | {s.card for s in game.fleets[seat]} | self.shared
        for seq in range(after + 1, session.seq + 1):
            self.at[seq] = self.now()

    def now(self) -> dict:
        return {SHARED: frozenset(self.shared), **{seat: frozenset(cards) for seat, cards in self.seats.items()}}


def check(text: str, allowed, where: str, sent: set[str] = frozenset()) -> None:
    leaked = named(text) - set(allowed) - set(sent)
    assert not leaked, f"{where}: names {sorted(leaked)} it may not know"


def refused(status: int, answer: dict, code: int | range, words: str = "") -> None:
    assert status in (code if isinstance(code, range) else (code,)), (status, answer)
    assert answer["ok"] is False and 0 < len(answer["error"]) <= ERROR_CHARS + 20 and words in answer["error"], answer


def probe(rng: random.Random, tablets: dict, shared: Tablet, mover: str, legal: list[dict], game) -> int:
    """One bad request of a kind picked at random; it changes nothing. Returns the card it named, if any."""
    others = [seat for seat in SEATS if seat != mover]
    other = rng.choice(others)
    kind = rng.randrange(8)
    tablet = tablets[mover]
    if kind == 0:   # a move out of turn (or out of the decision's seat)
        status, answer = tablets[other].post("/api/cannonades/act", rng.choice(legal))
        if status != 200:
            refused(status, answer, 409, "decision")
        else:
            return 1   # the other seat was allowed: it was its decision (a grin, a discard) after all
    elif kind == 1:   # acting for another seat
        status, answer = tablet.post("/api/cannonades/act", {**rng.choice(legal), "seat": other})
        refused(status, answer, 403, f"cannot act for '{other}'")
    elif kind == 2:   # a card from another hand: the refusal names only that card
        hand = game.hands[other]
        if not hand:
            return 0
        card = rng.choice(hand)
        status, answer = tablet.post("/api/cannonades/act", {"type": "draw", "card": card})
        refused(status, answer, 409)
        check(answer["error"], tablet_knows(game, mover), "a refusal", {card})
        return 0
    elif kind == 3:
        refused(*tablet.post("/api/cannonades/act", b'{"type": "shoot", "card": ', raw=True), 400, "Malformed JSON")
    elif kind == 4:
        refused(*tablet.post("/api/cannonades/act", {"type": "sink-everything"}), 400, "type must be one of")
    elif kind == 5:
        refused(*tablet.post("/api/cannonades/act", {"type": "shoot", "card": "C01", "target": "x" * 5000}), 400, "too long")
    elif kind == 6:
        refused(*tablet.post("/api/cannonades/act", {"type": "discard", "cards": "C01"}), 400, "list")
    else:   # the shared screen watches only
        refused(*shared.post("/api/cannonades/act", rng.choice(legal)), 403, "watch only")
    return 1


def tablet_knows(game, seat: str) -> set[str]:
    return set(game.hands[seat]) | {s.card for s in game.fleets[seat]} | set(game.discard) | \
        {s.card for fleet in game.fleets.values() for s in fleet if s.face_up}


def pick(legal: list[dict], rng: random.Random) -> dict:
    """A random player that ends its turn less often than it acts, so the games run long."""
    actions = [c for c in legal if c["type"] != "end"]
    return rng.choice(actions) if actions and rng.random() < 0.85 else rng.choice(legal)


def sse_seq(message: str) -> int | None:
    """The event a stream message stands after: its id, or the seq of the state it carries."""
    ident = re.search(r"^id: (\d+)$", message, re.M)
    if ident:
        return int(ident.group(1))
    data = re.search(r"^data: (.*)$", message, re.M)
    if data and re.search(r"^event: state$", message, re.M):
        return json.loads(data.group(1)).get("seq")
    return None


def play_over_http(tmp_path, seed: int) -> dict:
    tmp_path.mkdir()
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    services = Services(session, Broadcaster(session, heartbeat=0.5), FrameHub())
    session.act({"type": "start", "seats": SEATS, "seed": seed})
    app = create_app({"DATA": tmp_path, "LAN": True, "PAIRING_CODE": PLAYER_CODE, "VIEWER_CODE": VIEWER_CODE,
                      "RATE_PER_SECOND": 10_000.0, "RATE_BURST": 10_000, "PAIRING_BURST": 50}, services=services)
    rng, knows, counts = random.Random(seed), Knowledge(), defaultdict(int)
    knows.learn(session, 0)
    with RunningServer(app) as server:
        tablets = {seat: Tablet(server.url, PLAYER_CODE, seat) for seat in SEATS}
        shared = Tablet(server.url, VIEWER_CODE, None)
        screens = {**tablets, SHARED: shared}
        listeners = [screen.listen() for screen in screens.values()]
        while not session.state.over:
            for who, screen in screens.items():
                status, text = screen.get("/api/state")
                assert status == 200
                check(text, knows.now()[who], f"{who}'s /api/state")
                counts["state responses"] += 1
                if who == session.state.to_move:
                    legal, can_undo = json.loads(text)["legal"], json.loads(text)["can_undo"]
            mover = session.state.to_move
            if rng.random() < 0.15:
                before = session.seq
                counts["refusals"] += probe(rng, tablets, shared, mover, legal, session.state)
                assert session.seq == before or session.state.to_move != mover, "a refused request changed the game"
                knows.learn(session, before)
                continue
            before = session.seq
            undo = can_undo and rng.random() < 0.15   # a ship just added goes back to the hand (CN-10)
            move = {"type": "undo"} if undo else pick(legal, rng)
            status, answer = tablets[mover].post("/api/cannonades/act", move)
            counts[move["type"]] += 1
            assert status == 200 and answer["ok"], answer
            knows.learn(session, before)
            check(json.dumps(answer), knows.now()[mover], f"{mover}'s move's answer")
            counts["moves"] += 1
        for who, screen in screens.items():
            for url in ("/api/record", "/api/record.jsonl", "/events?last_id=x"):
                status, text = screen.get(url)
                if url.startswith("/events"):
                    assert status == 400 and "Last-Event-ID must be a whole number" in text
                    continue
                assert status == 200
                check(text, knows.now()[who], f"{who}'s {url}")
                counts["record exports"] += 1
        final = knows.now()
        services.broadcaster.close()
        for thread in listeners:
            thread.join(timeout=20)
    for who, screen in screens.items():
        games = [m for m in screen.heard if "\nevent: game\n" in m]
        assert len(games) >= session.seq, f"{who}'s stream missed events"
        for message in screen.heard:
            seq = sse_seq(message)
            check(message, knows.at.get(seq, final)[who], f"{who}'s stream at event {seq}")
            counts["stream messages"] += 1
        for text in screen.received:
            check(text, final[who], f"{who}'s answers")
    counts["events"] = session.seq
    return counts


@pytest.mark.slow   # about 30 s: whole games of four seats over HTTP until 300 moves are played
def test_no_tablet_and_not_the_shared_screen_receives_a_card_it_may_not_know(tmp_path):
    total, games = defaultdict(int), 0
    while total["moves"] < 300 or games < 4:
        games += 1
        for key, value in play_over_http(tmp_path / f"game-{games}", seed=games).items():
            total[key] += value
    print(f"{games} games: {dict(total)}")
    assert total["shoot"] > 10 and total["add"] > 20 and total["undo"] > 0 and total["refusals"] > 20
    assert total["stream messages"] > 5 * total["events"] and total["state responses"] > 5 * total["moves"]


@pytest.mark.slow   # about 5 s: a server, four tablets paired
def test_acting_is_for_a_paired_seat_only(tmp_path):
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    services = Services(session, Broadcaster(session, heartbeat=0.5), FrameHub())
    app = create_app({"DATA": tmp_path, "LAN": True, "PAIRING_CODE": PLAYER_CODE, "VIEWER_CODE": VIEWER_CODE},
                     services=services)
    with RunningServer(app) as server:
        nobody = Tablet(server.url, PLAYER_CODE, None)       # a player's tablet that named no seat
        status, answer = nobody.post("/api/cannonades/game", {"seats": ["anna", "Ben!"]})
        refused(status, answer, 400, "seats[1]")
        status, answer = nobody.post("/api/cannonades/game", {"seats": ["anna", "ben"], "seed": 4})
        assert status == 200 and answer["event"]["type"] == "game" and "order" not in answer["event"]
        assert session.state.seed != 4   # a tablet that chose the seed would know every hand: a fresh one
        session.act({"type": "start", "seats": ["anna", "ben"], "seed": 4})   # from here on, a known deal
        refused(*nobody.post("/api/cannonades/act", {"type": "keep"}), 403, "pair a tablet to your seat")
        stranger = Tablet(server.url, PLAYER_CODE, "zoe")    # a seat this game does not have
        refused(*stranger.post("/api/cannonades/act", {"type": "end"}), 403, "not a seat of this game")
        anna = Tablet(server.url, PLAYER_CODE, "anna")
        refused(*anna.post("/api/cannonades/game", {"seats": ["anna", "ben"]}), 409, "A game is on")
        refused(*anna.post("/api/cannonades/act", {"type": "add"}), 400, "Missing card")
        refused(*anna.post("/api/cannonades/act", {"type": "grin", "effect": ["draw"]}), 400, "effect must be one of")
        refused(*anna.post("/api/cannonades/act", {"type": "end", "colour": "red"}), 400, "Unknown field")
        refused(*anna.post("/api/cannonades/act", [1, 2]), 400, "Expected a JSON object")
        ship = next(card["id"] for card in json.loads(anna.get("/api/state")[1])["hand"] if card["kind"] == "ship")
        status, answer = anna.post("/api/cannonades/act", {"type": "add", "card": ship})
        assert status == 200 and answer["event"]["card"] == ship and "anna adds anna-1 face down" in answer["message"]
        assert json.loads(anna.get("/api/state")[1])["can_undo"] is True
        status, answer = anna.post("/api/cannonades/act", {"type": "undo"})   # a ship just added comes back
        assert status == 200 and ship in session.state.hands["anna"] and not session.state.fleets["anna"]
        refused(*anna.post("/api/cannonades/act", {"type": "undo"}), 409, "Nothing to undo")
        status, answer = anna.post("/api/cannonades/act", {"type": "add", "card": ship})
        assert status == 200
        status, answer = anna.post("/api/cannonades/act", {"type": "end"})
        assert status == 200 and answer["event"]["type"] == "end"
        view = json.loads(anna.get("/api/state")[1])   # four cards left, and two seats' hand limit is 3
        assert view["decision"] == {"kind": "discard", "seat": "anna", "count": 1, "why": "limit"}
        one = [view["hand"][0]["id"]]
        refused(*anna.post("/api/cannonades/act", {"type": "discard", "cards": one * 13}), 400, "1 to 12 card ids")
        status, answer = anna.post("/api/cannonades/act", {"type": "discard", "cards": one})
        assert status == 200 and session.state.current == "ben" and session.state.discard == one


def test_on_this_computer_alone_the_table_is_the_shared_screen(tmp_path):
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    session.act({"type": "start", "seats": ["anna", "ben"], "seed": 4})
    app = create_app({"TESTING": True, "DATA": tmp_path},
                     services=Services(session, Broadcaster(session, heartbeat=0.5), FrameHub()))
    client = app.test_client()
    csrf = client.get("/api/session").get_json()["csrf"]
    page = client.get("/").get_data(as_text=True)
    assert 'id="cn-shared-note"' in page and not named(page)
    view = client.get("/api/state").get_json()
    assert view["hand"] is None and view["legal"] == [] and not named(json.dumps(view))
    answer = client.post("/api/cannonades/act", json={"type": "end", "seat": "anna"}, headers={"X-CSRF-Token": csrf})
    assert answer.status_code == 403 and "pair a tablet to your seat" in answer.get_json()["error"]
    assert session.seq == 1
