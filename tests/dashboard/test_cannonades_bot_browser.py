"""`companion serve --game cannonades --bot ben:quick` as a real process, seen in Chromium on the shared
screen: anna, cleo and dan play from their tablets (over HTTP), ben is the computer. When the game waits
for ben (its turn, or a discard down to the hand limit) the computer plays it and the shared screen says
what it did; it never plays for a human seat, and the shared screen never shows ben's hand nor a
face-down ship's card. The log, replayed afterwards, is the truth the page is checked against."""

from __future__ import annotations

import json
import re
import time

import pytest

from companion.games.cannonades.record import RECORD
from companion.session import EventLog, Session

from .chromium import LANDSCAPE, browser, needs_chromium, shot  # noqa: F401 (browser is a fixture)
from .test_cannonades_api import CARD, Tablet
from .test_serve import Served

pytestmark = needs_chromium
HUMANS = ("anna", "cleo", "dan")
SEED = 20261202


def state(tablet: Tablet) -> dict:
    status, text = tablet.get("/api/state")
    assert status == 200, text
    return json.loads(text)


def human_move(view: dict) -> dict:
    """A human's plain play: keep the hand, add a ship face down once, then end the turn (discarding the first cards)."""
    legal = view["legal"]
    for kind in ("keep", "add", "discard", "end"):
        move = next((command for command in legal if command["type"] == kind), None)
        if move is not None and not (kind == "add" and view["players"][view["seat"]]["ships"]):
            return move
    return legal[0]


def secrets_of(session: Session) -> set[str]:
    """Cards the shared screen may not name: every hand and every face-down ship."""
    game = session.state
    return {card for hand in game.hands.values() for card in hand} | \
        {ship.card for fleet in game.fleets.values() for ship in fleet if not ship.face_up}


@pytest.mark.slow   # about 30 s: a real server, ben's searches, three human turns
def test_the_computer_plays_ben_s_turns_and_the_shared_screen_keeps_its_secrets(browser, tmp_path, artifacts):
    setup = tmp_path / "setup.json"   # a fixed deal, so every run plays the same opening
    setup.write_text(json.dumps({"seats": ["anna", "ben", "cleo", "dan"], "seed": SEED}), encoding="utf-8")
    served = Served(tmp_path, "--game", "cannonades", "--board", str(setup), "--no-qr", "--host", "0.0.0.0",
                    "--bot", "ben:quick")
    banner = "".join(served.banner)
    assert "computer seats: ben (quick)" in banner
    code, viewer = (re.search(rf"{word} code (\d{{6}})", banner).group(1) for word in ("pairing", "viewer"))
    url = served.url.rstrip("/")
    try:
        tablets = {seat: Tablet(url, code, seat) for seat in HUMANS}
        table = Tablet(url, viewer, None)
        page = browser.new_context(viewport=LANDSCAPE).new_page()
        page.goto(url + f"/pair?code={viewer}")
        page.click("#pair")
        page.wait_for_selector("#conn.live")
        page.wait_for_selector(".cn-fleet[data-seat='ben']")
        ben_turns, deadline = 0, time.monotonic() + 90
        pages_seen = []
        while ben_turns < 2 and time.monotonic() < deadline:
            shared = state(table)
            seat = shared["to_move"]
            if seat is None:   # the game is over: ben's turns so far are what there is to check
                break
            if seat == "ben":   # the computer's: wait for it, never act for it
                seq = shared["seq"]
                page.wait_for_function("document.getElementById('bot-say').dataset.state === 'played'", timeout=30_000)
                while state(table)["seq"] == seq and time.monotonic() < deadline:
                    time.sleep(0.2)
                if state(table)["turn"] != "ben":
                    ben_turns += 1
                continue
            view = state(tablets[seat])
            status, answer = tablets[seat].post("/api/cannonades/act", human_move(view))
            assert status == 200 and answer["ok"], answer
            pages_seen.append(page.content())
        assert ben_turns == 2 or (ben_turns and state(table)["to_move"] is None), \
            f"the computer finished {ben_turns} turns of ben's in 90 s"
        say = page.locator("#bot-say")
        # The computer may be deciding its next action just now: what it says once it has played.
        page.wait_for_function("document.getElementById('bot-say').dataset.state === 'played'", timeout=30_000)
        assert say.is_visible() and "Computer (Ben, quick) played" in say.inner_text(), say.inner_text()
        shot(page, artifacts, "cannonades-bot-shared-screen.png")
        pages_seen.append(page.content())
        status, text = tablets["anna"].request("/api/cannonades/act", json.dumps({"type": "end", "seat": "ben"}).encode(),
                                               {"Content-Type": "application/json"})
        assert status == 403, (status, text)   # a human tablet cannot act for the computer's seat either
    finally:
        served.stop()

    log = EventLog(tmp_path / "game.sqlite")
    session = Session(log, RECORD)   # the truth, from the log
    bot_events = [event.body for event in log.events() if event.body.get("type") == "bot"]
    assert bot_events and all(body["seat"] == "ben" for body in bot_events)
    acted = [event.body for event in log.events() if event.body.get("source") == "bot"
             and event.body.get("type") != "bot"]
    assert acted and all(body.get("seat") in (None, "ben") for body in acted)
    hidden = secrets_of(session)
    leaked = set(CARD.findall(pages_seen[-1])) & hidden   # the last page, taken with the game as the log ends
    assert not leaked, f"the shared screen names {sorted(leaked)}"
    assert len(pages_seen) > 3
