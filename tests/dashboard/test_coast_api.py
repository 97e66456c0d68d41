"""Cannons & Coastlines on the dashboard through Flask's test client: points, values, turns, claims, aids."""

from __future__ import annotations

import pytest

from companion.dashboard import create_app
from companion.games.cannons_coastlines.table_json import table_to_json

from .coast_scenes import coast_services, mat, ship, square, table
from .conftest import Tablet


def start(tablet, scene):
    reply = tablet.post("/api/coast/game", {"table": table_to_json(scene)})
    assert reply.status_code == 200, reply.get_json()
    return reply


@pytest.fixture
def coast(tmp_path):
    services = coast_services(tmp_path)
    app = create_app({"TESTING": True, "DATA": tmp_path}, services=services)
    return Tablet(app.test_client()), services


SHIPS = (ship("anna", "frigate", "navy", 20, 20, 0), ship("ben", "sloop", "pirates", 50, 30, 180))


def test_points_are_coins_plus_prizes_at_the_card_values(coast):
    tablet, _ = coast
    start(tablet, table(*SHIPS, mats={"anna": mat(5, pirates_hull=2, pirates_mast=1), "ben": mat(2, navy_cargo=3)}))
    state = tablet.get("/api/state").get_json()
    points = {p["name"]: (p["coins"], p["prize_points"], p["points"]) for p in state["players"]}
    assert points == {"anna": (5, 2 * 6 + 3, 20), "ben": (2, 3 * 2, 8)}
    assert state["values"]["pirates"] == {"mast": 3, "cargo": 3, "hull": 6}
    assert state["turn"] == {"player": "anna", "number": 1, "snapshot": {"anna": 20, "ben": 8},
                             "holdings": {"anna": {"coins": 5, "prizes": {"pirates:hull": 2, "pirates:mast": 1}},
                                          "ben": {"coins": 2, "prizes": {"navy:cargo": 3}}}}
    assert {p["name"]: p["letter"] for p in state["players"]} == {"anna": "A", "ben": "B"}


def test_a_house_value_changes_the_points_and_survives_a_restart(coast, tmp_path):
    tablet, services = coast
    start(tablet, table(*SHIPS, mats={"anna": mat(5, pirates_hull=2)}))
    reply = tablet.post("/api/coast/values", {"values": {"pirates": {"hull": 10}}})
    assert reply.status_code == 200 and reply.get_json()["values"]["pirates"]["hull"] == 10
    assert tablet.get("/api/state").get_json()["players"][0]["points"] == 25
    services.session.log.close()
    again = create_app({"TESTING": True, "DATA": tmp_path}, services=coast_services(tmp_path))
    state = again.test_client().get("/api/state").get_json()
    assert state["house"] == {"pirates": {"hull": 10}} and state["players"][0]["points"] == 25


@pytest.mark.parametrize("body, said", [
    ({"values": {"spain": {"hull": 3}}}, "unknown faction 'spain'"),
    ({"values": {"navy": {"sail": 3}}}, "unknown prize 'sail'"),
    ({"values": {"navy": {"hull": "ten"}}}, "navy.hull must be a whole number from 0 to 99, not 'ten'"),
    ({"values": {"navy": {"hull": -2}}}, "not -2"),
    ({"values": {"navy": 5}}, "for 'navy' are an object of prize kinds, not 5"),
    ({"values": [1]}, "not [1]"),
])
def test_bad_values_are_refused_with_the_bad_value_quoted(coast, body, said):
    tablet, services = coast
    start(tablet, table(*SHIPS))
    before = services.session.last_seq()
    reply = tablet.post("/api/coast/values", body)
    assert reply.status_code == 400 and said in reply.get_json()["error"]
    assert services.session.last_seq() == before   # nothing logged


def test_malformed_json_is_a_400_with_the_place(coast):
    tablet, _ = coast
    start(tablet, table(*SHIPS))
    reply = tablet.client.post("/api/coast/values", data='{"values": {', content_type="application/json",
                               headers={"X-CSRF-Token": tablet.csrf})
    assert reply.status_code == 400 and "Malformed JSON" in reply.get_json()["error"]


def test_a_claim_wins_at_sixty_when_nobody_is_ahead(coast):
    tablet, _ = coast
    start(tablet, table(*SHIPS, mats={"anna": mat(0, pirates_hull=10), "ben": mat(60)}))   # 60 each: a tie
    reply = tablet.post("/api/coast/claim", {"player": "anna"}).get_json()
    assert reply["legal"] and "anna wins with 60 points" in reply["verdict"]["note"]
    state = tablet.get("/api/state").get_json()
    assert state["result"]["winner"] == "anna" and state["claim"]["snapshot"] == {"anna": 60, "ben": 60}
    over = tablet.post("/api/coast/turn")   # the game is over: refused, and nothing logged
    assert over.status_code == 409 and over.get_json()["ok"] is False and not over.get_json()["legal"]
    assert "The game is over" in over.get_json()["error"]
    assert tablet.get("/api/state").get_json()["seq"] == state["seq"]


def test_a_claim_loses_under_sixty_or_with_someone_ahead(coast):
    tablet, _ = coast
    start(tablet, table(*SHIPS, mats={"anna": mat(0, pirates_hull=11), "ben": mat(70)}))
    reply = tablet.post("/api/coast/claim", {"player": "anna"}).get_json()
    assert not reply["legal"]
    assert [r["message"] for r in reply["verdict"]["reasons"]] == ["ben is ahead with 70 points to anna's 66."]
    tablet.post("/api/coast/turn")
    reply = tablet.post("/api/coast/claim", {"player": "ben"}).get_json()
    assert reply["legal"]                          # ben's turn now, and 70 leads


def test_points_earned_during_the_turn_count_only_from_the_next_turn(coast, tmp_path):
    tablet, services = coast
    scene = table(*SHIPS, mats={"anna": mat(55), "ben": mat(10)})
    start(tablet, scene)
    services.session.act({"type": "observe", "table": scene.replace(mats={"anna": mat(55, pirates_hull=1), "ben": mat(10)})})   # +6
    reply = tablet.post("/api/coast/claim", {"player": "anna"}).get_json()
    assert not reply["legal"]
    assert "anna had 55 points at the start of the turn" in reply["verdict"]["reasons"][0]["message"]
    assert "count only from the next turn" in reply["event"]["message"]
    assert reply["event"]["now"] == {"anna": 61, "ben": 10}
    tablet.post("/api/coast/turn")                  # ben's turn ...
    tablet.post("/api/coast/turn")                  # ... and anna's again: now the 61 counts
    assert tablet.post("/api/coast/claim", {"player": "anna"}).get_json()["legal"]


def test_only_the_player_whose_turn_it_is_may_claim(coast):
    tablet, _ = coast
    start(tablet, table(*SHIPS, mats={"ben": mat(80)}))
    refused = tablet.post("/api/coast/claim", {"player": "ben"})
    assert refused.status_code == 409 and refused.get_json()["ok"] is False
    reply = refused.get_json()
    assert not reply["legal"] and "it is anna's turn, not ben's" in reply["verdict"]["reasons"][0]["message"]
    assert "it is anna's turn, not ben's" in reply["error"] and reply["event"] is None
    reply = tablet.post("/api/coast/claim", {"player": "carl"})
    assert reply.status_code == 400 and "'carl' is not playing" in reply.get_json()["error"]


def test_the_last_fleet_afloat_wins_at_once(coast):
    tablet, services = coast
    scene = table(*SHIPS)
    start(tablet, scene)
    services.session.act({"type": "observe", "table": scene.without_ship("ben/sloop")})
    state = tablet.get("/api/state").get_json()
    assert state["result"]["winner"] == "anna" and "last fleet" in state["result"]["message"]
    assert [e.type for e in services.session.log.events()][-2:] == ["table", "result"]


def test_aids_for_a_scenario_table(coast):
    tablet, _ = coast
    palm = square("palm", 30, 10, holder="anna")
    reef = square("reef", 50, 10)
    scene = table(ship("anna", "frigate", "navy", 32, 15.1, 0), ship("anna", "cutter", "navy", 69, 30, 0),
                  ship("ben", "sloop", "pirates", 52, 15.0, 0, fittings=()), ship("ben", "schooner", "pirates", 32, 24, 180),
                  ship("anna", "man-o-war", "navy", 36, 40, 0),
                  islands=[palm, reef])
    start(tablet, scene)
    tablet.post("/api/coast/turn")      # anna's turn ends: her frigate touches palm
    tablet.post("/api/coast/turn")      # ben's ends: his sloop touches reef
    aids = tablet.get("/api/state").get_json()["aids"]
    assert aids["coins"] == [{"island": "palm", "holder": "anna", "ship": "anna/frigate", "from": [32.0, 12.0],
                              "to": [32.0, 15.1]}]
    assert aids["flags"] == [{"island": "reef", "ships": ["ben/sloop"], "at": [52.0, 12.0]}]
    assert {e["ship"]: e["room"] for e in aids["edge"]} == {"anna/cutter": 1.0}
    fire = {(f["ship"], f["slot"]): f for f in aids["fire"]}
    assert fire[("anna/frigate", 1)]["target"] == "ben/schooner" and not fire[("anna/frigate", 1)]["wasted"]
    assert fire[("anna/cutter", 0)]["target"] is None and fire[("anna/cutter", 0)]["end"] == [69.0, 0.0]   # to the edge
    hits = {h["ship"]: h for h in aids["hits"]}
    assert hits["anna/frigate"]["hits"] == 3 and hits["ben/sloop"]["dead"]
    assert hits["ben/sloop"]["text"] == "dead in the water: the next hit sinks it"


def test_a_shot_at_your_own_ship_is_marked_wasted(coast):
    tablet, _ = coast
    start(tablet, table(ship("anna", "frigate", "navy", 20, 20, 0), ship("anna", "cutter", "navy", 20, 30, 0),
                        ship("ben", "sloop", "pirates", 20, 40, 0)))
    fire = {(f["ship"], f["slot"]): f for f in tablet.get("/api/state").get_json()["aids"]["fire"]}
    # heading 0: starboard (slot 1) faces +y, down the table, onto anna's own cutter before ben's sloop
    assert fire[("anna/frigate", 1)]["target"] == "anna/cutter" and fire[("anna/frigate", 1)]["wasted"]
    assert fire[("ben/sloop", 0)]["target"] == "anna/cutter" and not fire[("ben/sloop", 0)]["wasted"]


def test_a_ship_a_slide_would_push_off_the_table_is_flagged_sinking(coast):
    tablet, _ = coast
    start(tablet, table(ship("anna", "frigate", "navy", 20, 1.5, 0), ship("ben", "sloop", "pirates", 40, 20, 0)))
    edge = tablet.get("/api/state").get_json()["aids"]["edge"]
    assert edge == [{"ship": "anna/frigate", "at": [20.0, 1.5], "full": 3.0, "room": None, "sinks_sliding": ["port"]}]


def test_changes_need_a_game_and_a_proper_table(coast):
    tablet, _ = coast
    reply = tablet.post("/api/coast/claim", {"player": "anna"})
    assert reply.status_code == 409 and "No game yet" in reply.get_json()["error"]
    reply = tablet.post("/api/coast/game", {"table": {"players": ["anna"], "factions": {"anna": "vikings"}}})
    assert reply.status_code == 400 and "unknown faction 'vikings'" in reply.get_json()["error"]
    assert tablet.post("/api/coast/game", {}).status_code == 400


def test_the_screens_render_with_the_coast_tabs(coast):
    tablet, _ = coast
    start(tablet, table(*SHIPS))
    page = tablet.get("/").get_data(as_text=True)
    assert 'id="coast-table"' in page and "coast.js" in page and ">Points<" in page and ">Dispute<" not in page
    assert tablet.get("/points").status_code == 200 and tablet.get("/record").status_code == 200
    cannon = tablet.get("/cannon").get_data(as_text=True)   # the Cannon tab aims at ships here
    assert ">Cannon<" in page and "coast_cannon.js" in cannon and "Tap a ship to aim the cannon at it" in cannon


def test_the_record_export_is_named_after_this_game(coast):
    tablet, _ = coast
    start(tablet, table(*SHIPS))
    tablet.post("/api/coast/turn")
    export = tablet.get("/api/record.jsonl")
    assert export.headers["Content-Disposition"] == "attachment; filename=cannons-coastlines-game.jsonl"
    assert [line.count('"type"') for line in export.data.decode().splitlines()] == [1, 1, 1]   # game, turn, turn


def test_with_no_camera_the_status_says_what_the_points_screen_is_for(coast):
    from companion.games.cannons_coastlines.camera.live import CoastCamera
    from companion.live import Pipeline

    tablet, services = coast
    pipeline = Pipeline(CoastCamera, services.session, None, None)   # serve --source none
    services.camera = pipeline.status
    pipeline.run()
    message = tablet.get("/healthz").get_json()["camera"]["message"]
    assert message == ("no camera or clip: end turns, set prize values and declare victory on the Points screen; "
                       "the table stays as it was started (the demo table, or --board)")
    assert "Turn screen" not in message
