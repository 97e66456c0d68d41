"""Cannonades in real headless Chromium, on a LAN under waitress: two tablets paired to anna's and ben's
seats and the shared screen side by side. Anna adds a ship face down from her tablet: she sees which card
it is, ben's tablet and the shared screen see only its back. Ben shoots it from his: it turns face up on
all three, with the verdict. No page ever shows a card its seat may not know.

Screenshots land in tests/artifacts/ (gitignored) for a person to look at.
"""

from __future__ import annotations

import re

import pytest

from companion.dashboard import create_app
from companion.dashboard.broadcast import Broadcaster
from companion.dashboard.video import FrameHub
from companion.dashboard.web import Services
from companion.games.cannonades.record import RECORD
from companion.session import EventLog, Session

from .chromium import LANDSCAPE, PORTRAIT, browser, needs_chromium, shot  # noqa: F401 (browser is a fixture)
from .conftest import RunningServer
from .test_cannonades_api import Knowledge

pytestmark = needs_chromium
PLAYER_CODE, VIEWER_CODE = "313131", "868686"
CARD = re.compile(r"\b[SC]\d\d\b")
# Seed 1 deals anna a skull ship with no grin (S03) and, two turns on, ben a cannonade with no skull (C13):
# the shot damages the ship, it does not sink it.
SEED, SHIP, GUN = 1, "S03", "C13"


def paired(browser, server, code: str, seat: str, viewport):
    page = browser.new_context(viewport=viewport).new_page()   # each tablet its own cookies
    page.goto(server.url + f"/pair?code={code}")
    if seat:
        page.fill("#seat", seat)
    page.click("#pair")
    page.wait_for_selector("#conn.live")
    page.wait_for_selector(".cn-fleet[data-seat='anna']")
    return page


def may_know(session, seat: str | None) -> set[str]:
    game = session.state
    shown = set(game.discard) | {s.card for fleet in game.fleets.values() for s in fleet if s.face_up}
    if seat is None:
        return shown
    return shown | set(game.hands[seat]) | {s.card for s in game.fleets[seat]}


def assert_no_secret(page, session, seat: str | None, knew: set[str]) -> set[str]:
    """Every card id in the page's HTML (the hand, the fleets, the verdicts) is one the seat may know."""
    knew = knew | may_know(session, seat)
    shown = set(CARD.findall(page.content()))
    assert shown <= knew, f"{seat or 'the shared screen'} shows {sorted(shown - knew)}"
    return knew


def finish_turn(session, seat: str) -> None:
    """End `seat`'s turn from the table's side, discarding down to the hand limit from the front of the hand."""
    session.act({"type": "end", "seat": seat})
    if session.state.decision == "discard":
        count = session.state.pending[-1][2]
        session.act({"type": "discard", "seat": seat, "cards": session.state.hands[seat][:count]})


@pytest.mark.slow   # about 20 s: three pages, two turns each, a shot, two Record screens
def test_a_ship_added_face_down_is_seen_by_its_owner_only_and_a_shot_turns_it_up(browser, tmp_path, artifacts):
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    session.act({"type": "start", "seats": ["anna", "ben"], "seed": SEED})
    services = Services(session, Broadcaster(session, heartbeat=0.5), FrameHub())
    app = create_app({"DATA": tmp_path, "HEARTBEAT": 0.5, "LAN": True, "PAIRING_CODE": PLAYER_CODE,
                      "VIEWER_CODE": VIEWER_CODE}, services=services)
    with RunningServer(app) as server:
        anna = paired(browser, server, PLAYER_CODE, "anna", PORTRAIT)
        ben = paired(browser, server, PLAYER_CODE, "ben", PORTRAIT)
        table = paired(browser, server, VIEWER_CODE, "", LANDSCAPE)   # the shared screen watches
        pages = {"anna": anna, "ben": ben, None: table}
        knew = {seat: set() for seat in pages}
        assert anna.locator("#cn-hand [data-card]").count() == 5 and ben.locator("#cn-mine.hidden").count() == 0
        assert table.locator("#cn-mine.hidden").count() == 1 and table.locator("#cn-hand [data-card]").count() == 0

        anna.click(f"#cn-hand [data-card='{SHIP}']")
        anna.click(f"#cn-moves button:has-text('Add {SHIP} face down')")
        anna.wait_for_selector(f".cn-fleet[data-seat='anna'] .cn-ship[data-ship='anna-1'] [data-card='{SHIP}']")
        for page in (ben, table):
            page.wait_for_selector(".cn-fleet[data-seat='anna'] .cn-ship[data-ship='anna-1'][data-face='down']")
            assert page.locator(".cn-ship[data-ship='anna-1'] [data-card]").count() == 0
            assert page.locator("#cn-log li", has_text="anna adds anna-1 face down").count() == 1
        for seat, page in pages.items():
            knew[seat] = assert_no_secret(page, session, seat, knew[seat])
        assert SHIP not in ben.content() and SHIP not in table.content()
        shot(anna, artifacts, "cannonades-1-anna-adds-a-ship-face-down.png")
        shot(ben, artifacts, "cannonades-2-ben-sees-its-back.png")
        shot(table, artifacts, "cannonades-3-shared-screen-sees-its-back.png")

        anna.click("#cn-end")   # five cards less the ship: one over two seats' hand limit of three
        anna.wait_for_selector("#cn-prompt:has-text('Discard 1 card')")
        first = anna.locator("#cn-hand [data-card]").first.get_attribute("data-card")
        anna.click(f"#cn-hand [data-card='{first}']")
        anna.click(f"#cn-moves button:has-text('Discard {first}')")
        ben.wait_for_selector("#cn-end:not([disabled])")
        assert session.state.current == "ben" and first in session.state.discard
        ben_ship = next(card for card in session.state.hands["ben"] if card.startswith("S"))
        session.act({"type": "add", "seat": "ben", "card": ben_ship})
        finish_turn(session, "ben")
        finish_turn(session, "anna")
        assert GUN in session.state.hands["ben"] and session.state.to_move == "ben"

        ben.wait_for_selector(f"#cn-hand [data-card='{GUN}'].cn-pickable")
        for seat, page in pages.items():
            knew[seat] = assert_no_secret(page, session, seat, knew[seat])
        ben.click(f"#cn-hand [data-card='{GUN}']")
        ben.click("#cn-moves button:has-text('Shoot anna-1')")
        for page in pages.values():
            page.wait_for_selector(f".cn-ship[data-ship='anna-1'][data-face='up'] [data-card='{SHIP}']")
            assert page.locator("#cn-log li", has_text=f"{SHIP} is damaged").count() == 1
        for seat, page in pages.items():
            knew[seat] = assert_no_secret(page, session, seat, knew[seat])
        assert ben_ship not in anna.content() and ben_ship not in table.content()   # ben's ship is still down
        shot(table, artifacts, "cannonades-4-shared-screen-after-the-shot.png")
        shot(ben, artifacts, "cannonades-5-ben-after-the-shot.png")
        shot(anna, artifacts, "cannonades-6-anna-after-the-shot.png")
        for seat in ("anna", "ben"):   # the Record screen: every event in words, as this seat may see it
            page = pages[seat]
            page.click("nav a:has-text('Record')")
            page.wait_for_selector(f"#rows tr:has-text('{SHIP} is damaged')")
            assert page.locator("#rows tr").count() == session.seq
            assert_no_secret(page, session, seat, knew[seat])
        assert f"adds anna-1 face down ({SHIP})" in anna.inner_text("#rows")
        assert "adds anna-1 face down." in ben.inner_text("#rows") and ben.inner_text("#rows tr:first-child td:nth-child(4)") == "Ben"
        shot(ben, artifacts, "cannonades-9-ben-s-record-screen.png")


@pytest.mark.slow   # about 20 s: a whole three-seat game drawn on two pages
def test_the_shared_screen_shows_the_final_shootout_and_the_tiebreak_table(browser, tmp_path, artifacts):
    """Three seats played to the deck's last card by a random player; cleo's grins are chosen on her tablet."""
    import random

    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    session.act({"type": "start", "seats": ["anna", "ben", "cleo"], "seed": 2})
    services = Services(session, Broadcaster(session, heartbeat=0.5), FrameHub())
    app = create_app({"DATA": tmp_path, "HEARTBEAT": 0.5, "LAN": True, "PAIRING_CODE": PLAYER_CODE,
                      "VIEWER_CODE": VIEWER_CODE}, services=services)
    rng, chosen_on_tablet = random.Random(2), []
    with RunningServer(app) as server:
        cleo = paired(browser, server, PLAYER_CODE, "cleo", PORTRAIT)
        table = paired(browser, server, VIEWER_CODE, "", LANDSCAPE)
        knows = Knowledge(["anna", "ben", "cleo"])
        knows.learn(session, 0)
        while not session.state.over:
            seat = session.state.to_move
            if seat == "cleo" and session.state.decision == "grin":
                cleo.wait_for_selector("#cn-moves button:has-text('No effect')")
                if not chosen_on_tablet:
                    shot(cleo, artifacts, "cannonades-7-cleo-chooses-a-grin-s-effect.png")
                chosen_on_tablet.append(cleo.locator("#cn-moves button").first.inner_text())
                before = session.seq
                cleo.locator("#cn-moves button").first.click()
                cleo.wait_for_function(f"Companion.state && Companion.state.seq > {before}")
                knows.learn(session, before)
                continue
            legal = session.view(seat)["legal"]
            quiet = [c for c in legal if c["type"] not in ("end", "shoot", "board")]
            command = rng.choice(quiet) if quiet and rng.random() < 0.8 else rng.choice(legal)
            before = session.seq
            assert session.act({**command, "seat": seat}).verdict.legal
            knows.learn(session, before)
            if session.seq // 15 > before // 15:   # now and then, what the pages show so far
                for who, page in (("cleo", cleo), (None, table)):
                    page.wait_for_function(f"Companion.state && Companion.state.seq >= {session.seq}")
                    assert_no_secret(page, session, who, set(knows.now()[who]))
        for page in (cleo, table):
            page.wait_for_selector("#cn-end-card:not(.hidden)")
        assert session.state.rule == "rules:tiebreakers" and chosen_on_tablet
        rows = table.locator("#cn-standings tr")
        assert rows.count() == 1 + len(session.state.in_play)   # a header, then each captain still in
        assert session.state.winners[0] in table.inner_text("#cn-result") and "rules:tiebreakers" in table.inner_text("#cn-result")
        assert "Game over" in table.inner_text("#turn-banner")
        assert table.locator("#cn-log li", has_text="the final shootout begins").count() == 1
        shot(table, artifacts, "cannonades-8-shared-screen-the-tiebreak-table.png")
        cleo.click("#cn-again")   # the next game, the same seats, a fresh seed
        for page in (cleo, table):
            page.wait_for_selector("#cn-end-card.hidden", state="attached")
        assert cleo.locator("#cn-hand [data-card]").count() == 5 and table.locator("#cn-hand [data-card]").count() == 0
        assert not session.state.over and session.state.seats == ("anna", "ben", "cleo")
