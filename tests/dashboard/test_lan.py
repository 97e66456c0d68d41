"""The dashboard on a LAN (`serve --host 0.0.0.0`) through Flask's test client: nothing of the game
is shown to an unpaired tablet, a viewer watches but cannot change it, pairings outlive a restart
until the host revokes them, requests naming another host are refused, and no page can be framed."""

from __future__ import annotations

import pytest

from companion.dashboard import create_app
from companion.dashboard.hosts import ServerNames, machine_names
from companion.dashboard.pairing import PAIRING_FILE
from companion.dashboard.security import OPEN_ENDPOINTS

from .conftest import BOARD, Tablet

PLAYER_CODE, VIEWER_CODE = "135790", "864200"


def lan_app(tmp_path, services, **config):
    return create_app({"DATA": tmp_path, "LAN": True, "PAIRING_CODE": PLAYER_CODE, "VIEWER_CODE": VIEWER_CODE,
                       **config}, services=services)


@pytest.fixture
def lan(tmp_path, services):
    services.session.act({"type": "start", "board": BOARD})
    return lan_app(tmp_path, services)


def paired(app, code=PLAYER_CODE) -> Tablet:
    tablet = Tablet(app.test_client())
    answer = tablet.client.post("/pair", data={"code": code, "csrf_token": tablet.csrf})
    assert answer.status_code == 302, answer.data
    return tablet


def reads(app) -> list[str]:
    """Every GET endpoint of the app with its URL, except those left open for pairing: a new screen
    or API added later is covered here without editing this test."""
    urls = []
    for rule in app.url_map.iter_rules():
        if "GET" in rule.methods and rule.endpoint not in OPEN_ENDPOINTS:
            urls.append(rule.rule)
    return sorted(urls)


def test_an_unpaired_tablet_sees_nothing_of_the_game(lan):
    stranger = lan.test_client()
    urls = reads(lan)
    assert {"/api/state", "/api/record", "/events", "/video.mjpg", "/video.jpg", "/turn"} <= set(urls)
    for url in urls:
        answer = stranger.get(url, buffered=False)
        if url.startswith(("/api/", "/events", "/video")):
            assert answer.status_code == 403, url
            assert "not paired: open /pair" in answer.get_json()["error"], url
        else:
            assert answer.status_code == 302 and answer.headers["Location"].endswith("/pair"), url
        answer.close()
    assert b"france" not in stranger.get("/api/record").data


def test_the_pairing_page_its_assets_and_the_health_check_stay_open(lan):
    stranger = lan.test_client()
    page = stranger.get("/pair")
    assert page.status_code == 200 and b"the pairing code to play, or the viewer code to watch" in page.data
    assert stranger.get("/static/style.css").status_code == 200
    assert stranger.get("/healthz").get_json()["ok"] is True
    assert stranger.get("/api/session").get_json() == {**stranger.get("/api/session").get_json(), "paired": False}


def test_a_viewer_watches_the_game_but_cannot_change_it(lan):
    viewer = paired(lan, VIEWER_CODE)
    assert viewer.get("/api/state").get_json()["player"] == "france"
    assert viewer.get("/turn").status_code == 200
    assert [e["type"] for e in viewer.get("/api/record").get_json()] == ["game"]
    refused = viewer.post("/api/move", {"move": "road E1"})
    assert refused.status_code == 403 and "paired to watch only" in refused.get_json()["error"]
    assert viewer.get("/api/session").get_json()["may_change"] is False
    assert lan.extensions["companion"].session.last_seq() == 1
    assert b"paired to watch" in viewer.get("/pair").data and b"paired to watch" in viewer.get("/settings").data
    assert viewer.get("/api/session").get_json()["role"] == "viewer"


def test_a_player_sees_and_changes_the_game(lan):
    player = paired(lan)
    assert player.get("/api/session").get_json()["may_change"] is True
    assert player.post("/api/move", {"move": "road E1"}).get_json()["legal"]


def test_pairings_outlive_a_restart_until_the_host_revokes_them(tmp_path, services):
    services.session.act({"type": "start", "board": BOARD})
    first = lan_app(tmp_path, services)
    host, guest = paired(first), paired(first)
    guest_cookie = guest.client.get_cookie("companion_session").value

    again = lan_app(tmp_path, services, PAIRING_CODE="111111", VIEWER_CODE="222222")   # a restart: new codes
    guest.client.set_cookie("companion_session", guest_cookie)
    guest.client.application = again
    assert guest.get("/api/state").status_code == 200   # still paired

    host.client.application = again
    revoked = host.client.post("/pair/revoke", data={"csrf_token": host.csrf})
    assert revoked.status_code == 200 and b"Every pairing is revoked" in revoked.data
    assert guest.get("/api/state").status_code == 403            # the guest must pair again ...
    assert host.get("/api/state").status_code == 200             # ... the host who revoked stays paired
    old = guest.client.post("/pair", data={"code": "111111", "csrf_token": guest.csrf})
    assert old.status_code == 403                                  # and the old code no longer works
    new_code = again.config["PAIRING_CODE"]
    assert new_code != "111111" and new_code.encode() in revoked.data

    later = lan_app(tmp_path, services)                            # revocation outlives a restart too
    guest.client.application = later
    assert guest.get("/api/state").status_code == 403


def test_a_revoked_tablet_stops_watching_at_once(tmp_path, services):
    services.session.act({"type": "start", "board": BOARD})
    app = lan_app(tmp_path, services, HEARTBEAT=0.05)
    host, guest = paired(app), paired(app, VIEWER_CODE)
    stream = guest.client.get("/events", buffered=False)
    parts = iter(stream.response)
    assert next(parts).startswith(b"retry:")
    assert host.client.post("/pair/revoke", data={"csrf_token": host.csrf}).status_code == 200
    rest = [part for part, _ in zip(parts, range(20))]   # 20 heartbeats' worth, if it streamed on
    assert rest == [] or not any(b"heartbeat" in part for part in rest)
    stream.close()


def test_serve_can_revoke_every_pairing_as_it_starts(tmp_path, services):
    tablet = paired(lan_app(tmp_path, services))
    tablet.client.application = lan_app(tmp_path, services, REVOKE_PAIRINGS=True)
    assert tablet.get("/api/state").status_code == 403


def test_a_viewer_cannot_revoke_the_pairings(lan):
    viewer = paired(lan, VIEWER_CODE)
    assert viewer.client.post("/pair/revoke", data={"csrf_token": viewer.csrf}).status_code == 403
    assert viewer.get("/api/state").status_code == 200


def test_a_damaged_pairing_file_revokes_rather_than_restores(tmp_path, services):
    tablet = paired(lan_app(tmp_path, services))
    (tmp_path / PAIRING_FILE).write_text("{not json")
    tablet.client.application = lan_app(tmp_path, services)
    assert tablet.get("/api/state").status_code == 403


# --- the Host check -----------------------------------------------------------------------------

def test_a_lan_request_naming_another_host_is_refused(lan):
    tablet = paired(lan)
    refused = tablet.get("/api/state", headers={"Host": "evil.example:8000"})
    assert refused.status_code == 403
    message = refused.get_json()["error"]
    assert "answers to its own addresses and names" in message and "'evil.example:8000'" in message
    assert "--allow-host" in message


def test_the_servers_own_addresses_and_configured_names_are_allowed(tmp_path, services):
    app = lan_app(tmp_path, services, ALLOWED_HOSTS=["Games.Example.Lan"])
    client = app.test_client()   # the health check is open: a 200 means the Host passed
    own = sorted(machine_names())
    assert own, "this machine has no name or address at all"
    for host in own[:3] + ["games.example.lan:8000", "127.0.0.1:8000", "[::1]:8000"]:
        host = f"[{host}]" if host.count(":") > 1 and not host.startswith("[") else host
        assert client.get("/healthz", headers={"Host": host}).status_code == 200, host
    assert client.get("/healthz", headers={"Host": "games.example.lan.evil.example"}).status_code == 403


def test_a_new_address_is_learned_but_only_looked_up_now_and_then():
    now = [0.0]
    lookups = []

    def lookup():
        lookups.append(now[0])
        return {"192.168.1.20"} if now[0] < 100 else {"10.0.0.7"}   # the laptop moved networks

    names = ServerNames(True, clock=lambda: now[0], lookup=lookup, refresh_s=30)
    assert names.allows("192.168.1.20:8000") and not names.allows("10.0.0.7")
    now[0] = 10.0
    assert not names.allows("attacker.example") and len(lookups) == 1   # no new lookup within 30 s
    now[0] = 120.0
    assert names.allows("10.0.0.7:8000") and len(lookups) == 2
    assert not ServerNames(False, lookup=lookup).allows("10.0.0.7")     # localhost mode: loopback only


# --- frame protection ---------------------------------------------------------------------------

def test_no_response_may_be_framed(lan, client):
    tablet = paired(lan)
    answers = [tablet.get("/"), tablet.get("/api/state"), tablet.get("/static/app.js"), tablet.get("/no-such-page"),
               lan.test_client().get("/turn"), lan.test_client().get("/api/state"), client.get("/pair"),
               tablet.get("/api/state", headers={"Host": "evil.example"})]
    for answer in answers:
        assert answer.headers["X-Frame-Options"] == "DENY", answer.request.path
        assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"], answer.request.path
