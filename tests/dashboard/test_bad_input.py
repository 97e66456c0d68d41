"""Bad input through Flask's test client: every refusal is a 4xx naming the problem, quotes at most a
short excerpt of what was sent, and leaves the game as it was. Each case here was once a 500, an
echo of the whole request, or a silent misreading."""

from __future__ import annotations

import json

import pytest

from companion.dashboard import create_app
from companion.dashboard.web import ERROR_CHARS, LIMITS

from .cannon_rig import coast_twin_cannon, twin_cannon
from .coast_scenes import BATTLE, coast_services
from .conftest import BOARD, Tablet

# The endpoints that read a JSON body, with a body each would accept.
JSON_ENDPOINTS = {"/api/game": {"sample": True}, "/api/move": {"move": "road E1"},
                  "/api/correct": {"cell": "E6", "token": "r"}}
COAST_JSON_ENDPOINTS = {"/api/coast/game": {"table": {}}, "/api/coast/values": {"values": {}},
                        "/api/coast/claim": {"player": "anna"},
                        "/api/coast/mat": {"player": "anna", "mat": {"coins": {"repair_crew": 2}}}}
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture
def game(tablet):
    assert tablet.post("/api/game", {"sample": True}).status_code == 200
    return tablet


@pytest.fixture
def coast(tmp_path):
    services = coast_services(tmp_path)
    services.session.act({"type": "start", "table": BATTLE})
    app = create_app({"TESTING": True, "DATA": tmp_path, "HEARTBEAT": 0.5}, services=services)
    return Tablet(app.test_client()), services


def send(tablet, url, raw: str | bytes):
    return tablet.client.post(url, data=raw, content_type="application/json", headers={"X-CSRF-Token": tablet.csrf})


def seq(tablet) -> int:
    return tablet.get("/api/state").get_json()["seq"]


@pytest.mark.parametrize("url", sorted(JSON_ENDPOINTS))
@pytest.mark.parametrize("raw, said", [
    (DEEP, "JSON nested too deeply: at most 16 levels"),
    ('{"move": ' + "[" * 40 + "]" * 40 + "}", "JSON nested too deeply"),
    ('{"move": NaN}', "Not standard JSON: NaN is not a JSON number"),
    ('{"move": -Infinity}', "Not standard JSON: -Infinity is not a JSON number"),
    ('{"move": 1e400}', "Number out of range"),
    ('{"move": ' + "9" * 5000 + "}", "a number longer than 4300 digits"),
])
def test_json_no_endpoint_can_read_is_a_400_not_a_crash(game, url, raw, said):
    before = seq(game)
    answer = send(game, url, raw)
    assert answer.status_code == 400 and said in answer.get_json()["error"]
    assert seq(game) == before


@pytest.mark.parametrize("url", sorted(COAST_JSON_ENDPOINTS))
def test_deep_json_is_a_400_in_cannons_and_coastlines_too(coast, url):
    tablet, services = coast
    before = services.session.last_seq()
    answer = send(tablet, url, DEEP)
    assert answer.status_code == 400 and "nested too deeply" in answer.get_json()["error"]
    assert services.session.last_seq() == before


def test_a_request_over_the_size_limit_is_a_413_with_a_short_message(game):
    limit = LIMITS["MAX_CONTENT_LENGTH"]
    answer = send(game, "/api/game", json.dumps({"board": "x" * (50 * 1024 * 1024)}))
    assert answer.status_code == 413
    assert answer.get_json()["error"] == (f"The request is larger than the {limit} bytes this dashboard accepts; "
                                          "send a smaller board or table.")
    assert len(answer.data) < 300


@pytest.mark.parametrize("url, body, said", [
    ("/api/game", {"board": "players: france spain\n" + "Z" * 200_000}, "Bad board text: line 2, column 1"),
    ("/api/move", {"move": "fort " + "D" * 200_000 + "4"}, "Unknown move: bad move 'fort DDDD"),
    ("/api/correct", {"cell": "E6", "token": "q" * 200_000}, "Unknown cell token 'qqqq"),
    ("/api/correct", {"cell": "E" * 200_000, "token": "r"}, "not a cell: 'EEEE"),
    ("/api/game", {"players": ["x" * 200_000]}, "unknown country 'xxxx"),
])
def test_an_error_quotes_only_a_short_excerpt_of_a_big_input(game, url, body, said):
    answer = game.post(url, body)
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert said in error and "(200" in error   # the excerpt says how long the input was
    assert len(error) < ERROR_CHARS


def test_an_error_about_a_query_quotes_only_an_excerpt(game):
    answer = game.get("/api/dispute?q=" + "w" * 100_000)
    assert answer.status_code == 400 and len(answer.get_json()["error"]) < 300
    assert answer.get_json()["error"].startswith("Unknown question 'wwww")


@pytest.mark.parametrize("after", ["99999999999999999999999", "-1", "seven", "١", "²", "1.5", ""])
def test_a_bad_record_position_is_a_400(game, after):
    answer = game.get(f"/api/record?after={after}")
    assert answer.status_code == 400 and "after must be a whole number" in answer.get_json()["error"]
    assert game.get(f"/api/record.jsonl?after={after}").status_code == 400


def test_a_record_position_past_the_end_is_an_empty_record(game):
    assert game.get(f"/api/record?after={2**63 - 1}").get_json() == []


@pytest.mark.parametrize("source", [{"a": 1}, ["tablet"], 7, True, None, "", "s" * 1000])
def test_a_game_started_with_a_source_that_is_not_a_short_text_is_refused(tablet, source):
    answer = tablet.post("/api/game", {"sample": True, "source": source})
    assert answer.status_code == 400 and "source must be text of 1 to 80 characters" in answer.get_json()["error"]
    assert tablet.get("/api/record").get_json() == []


def test_the_source_and_note_given_as_text_are_logged(game):
    game.post("/api/move", {"move": "road E1", "source": "referee's phone"})
    assert game.get("/api/record").get_json()[-1]["source"] == "referee's phone"
    assert game.post("/api/correct", {"cell": "E6", "token": "r", "note": ["x"]}).status_code == 400


def test_a_refused_undo_says_so_in_its_status_and_logs_nothing(game):
    before = seq(game)
    answer = game.post("/api/undo")
    assert answer.status_code == 409
    body = answer.get_json()
    assert body["ok"] is False and body["legal"] is False and body["event"] is None and body["error"]
    assert seq(game) == before
    game.post("/api/move", {"move": "road E1"})
    undone = game.post("/api/undo")
    assert undone.status_code == 200 and undone.get_json()["ok"] is True


def test_a_refused_move_is_still_a_ruling_logged_as_a_proposal(game):
    answer = game.post("/api/move", {"move": "fort G3"})
    assert answer.status_code == 200 and answer.get_json()["legal"] is False
    assert answer.get_json()["event"]["type"] == "proposal"


# --- cell names ---------------------------------------------------------------------------------

def test_cells_in_lower_case_are_read_everywhere(game):
    assert game.post("/api/move", {"move": "road e1"}).get_json()["legal"]
    assert game.get("/api/state").get_json()["turn"]["build"] == "road E1"
    reply = game.get("/api/dispute?q=fort-distance&cells=d3,g3").get_json()
    assert reply["ends"] == ["D3", "G3"]
    assert game.post("/api/correct", {"cell": "e6", "token": "r"}).get_json()["event"]["note"].startswith("E6 was read")
    lower = BOARD.replace("boards: A1 G1", "boards: a1 g1").replace("landing: france=A3", "landing: france=a3")
    assert lower != BOARD
    assert game.post("/api/game", {"board": lower}).status_code == 200


@pytest.mark.parametrize("move, said", [
    ("fort É1", "not a cell: 'É1': 'É' at character 1 is not a letter A-Z or a digit"),
    ("road D٣", "'٣' at character 2 is not a letter A-Z or a digit"),
])
def test_a_cell_with_a_letter_outside_a_to_z_is_refused_by_name(game, move, said):
    before = seq(game)
    answer = game.post("/api/move", {"move": move})
    assert answer.status_code == 400 and said in answer.get_json()["error"]
    assert seq(game) == before


# --- the cannon's aim ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def cannon(tmp_path_factory):
    data = tmp_path_factory.mktemp("cannon")
    made = twin_cannon(data)
    app = create_app({"TESTING": True, "DATA": data, "HEARTBEAT": 0.5}, services=made.services)
    yield Tablet(app.test_client()), made
    made.close()


@pytest.mark.parametrize("raw, said", [
    ('{"pan": 1e308, "tilt": 90}', "Cannot aim there: pan 1e+308 deg is outside the soft limits 45..135 deg."),
    ('{"pan": -1e308, "tilt": 90}', "pan -1e+308 deg is outside the soft limits"),
    ('{"pan": 90, "tilt": 1e308}', "tilt 1e+308 deg is outside the soft limits 10..170 deg."),
    ('{"pan": ' + "9" * 400 + ', "tilt": 90}', "Cannot aim there: pan a whole number of"),
    ('{"pan": 90, "tilt": ' + "9" * 400 + '}', "tilt a whole number of"),
    ('{"pan": NaN, "tilt": 90}', "NaN is not a JSON number"),
    ('{"pan": 1e999, "tilt": 90}', "Number out of range"),
    ('{"pan": "90", "tilt": 30}', "pan must be a number of degrees"),
    ('{"pan": true, "tilt": 30}', "pan must be a number of degrees"),
    ('{"pan": 90}', "tilt must be a number of degrees, like {\"pan\": 90, \"tilt\": 30}, not None."),
    ('{"pan": 90, "tilt": [30]}', "tilt must be a number of degrees"),
])
def test_an_aim_at_angles_no_servo_can_take_is_a_400_naming_the_axis(cannon, raw, said):
    tablet, made = cannon
    aimed_at = (made.twin.state.pan_target, made.twin.state.tilt_target)
    answer = send(tablet, "/api/cannon/aim", raw)
    assert answer.status_code == 400 and said in answer.get_json()["error"]
    assert (made.twin.state.pan_target, made.twin.state.tilt_target) == aimed_at   # the board was not asked


def test_an_aim_at_a_lower_case_cell_is_taken(cannon):
    tablet, _ = cannon
    aimed = tablet.post("/api/cannon/aim", {"cell": "f3"})
    assert aimed.status_code == 200 and aimed.get_json()["target"]["cell"] == "F3"


def test_an_aim_at_a_ship_with_a_huge_name_quotes_an_excerpt(tmp_path):
    made = coast_twin_cannon(tmp_path)
    try:
        tablet = Tablet(create_app({"TESTING": True, "DATA": tmp_path}, services=made.services).test_client())
        answer = tablet.post("/api/cannon/aim", {"ship": "ben/" + "g" * 100_000})
        assert answer.status_code == 400
        error = answer.get_json()["error"]
        assert error.startswith("There is no ship 'ben/ggg") and "(100004 characters)" in error and len(error) < 300
    finally:
        made.close()


@pytest.mark.parametrize("body, said", [
    ({"player": "anna"}, 'Send {"player": name, "mat": {"coins": {kind: n}, "prizes": {"faction:kind": n}}}, not None.'),
    ({"player": "anna", "mat": {"coins": {"doubloon": 1}}}, "anna's mat.coins: 'doubloon' is not a coin of this game"),
    ({"player": "x" * 5000, "mat": {}}, "is not playing (players: anna, ben)"),
])
def test_a_mat_set_by_hand_that_is_wrong_is_a_400_naming_it(coast, body, said):
    tablet, services = coast
    before = services.session.last_seq()
    answer = tablet.post("/api/coast/mat", body)
    assert answer.status_code == 400 and said in answer.get_json()["error"]
    assert len(answer.get_json()["error"]) < ERROR_CHARS
    assert services.session.last_seq() == before


def test_the_camera_question_is_dismissed_on_the_points_screen_and_a_second_dismissal_is_a_409(coast):
    tablet, services = coast
    services.session.ask("The camera cannot vouch for ben's mat (its marker 41 was not seen).", ())
    assert tablet.post("/api/coast/dismiss", {}).status_code == 200
    answer = tablet.post("/api/coast/dismiss", {})
    assert answer.status_code == 409 and "no open question" in answer.get_json()["error"]
