"""A table's line on the venue board, read from its shared screen (record.view(state, None)) and
its latest event, without knowing the game: the views share a few conventions, named here.

- players: a list of {"name" | "country" | "title" (shown: "title" first), "points" | "score" | "forts", "to_play",
  "colour"}; or, failing that, a {"player": points} map under "scores";
- whose turn: the player with "to_play", else "player", else turn.player;
- the end: result.winners, result.winner, or "winners" once "over";
- the verdict: an event's verdict (its first reason, else its note), else its message.
"""

from __future__ import annotations

import re

COLOUR = re.compile(r"#[0-9A-Fa-f]{3,8}")
NAME_CHARS = 40   # a name longer than this is cut: a table's payload is not trusted

KEY_KEYS = ("name", "country", "title")     # what the winners list names
NAME_KEYS = ("title", "name", "country")    # what the board shows
POINT_KEYS = ("points", "score", "forts")


def _first(mapping: dict, keys: tuple[str, ...]):
    return next((mapping[key] for key in keys if mapping.get(key) is not None), None)


def players(view: dict) -> list[dict]:
    listed = view.get("players")
    if isinstance(listed, list) and listed:
        out = []
        for player in listed:
            if isinstance(player, dict):
                out.append({"key": _short(_first(player, KEY_KEYS)), "name": _short(_first(player, NAME_KEYS)),
                            "points": _number(_first(player, POINT_KEYS)), "to_play": bool(player.get("to_play")),
                            "colour": _colour(player.get("colour"))})
        return out
    scores = view.get("scores")
    if isinstance(scores, dict):
        turn = view.get("player")
        return [{"key": _short(name), "name": _short(name).title(), "points": _number(points), "to_play": name == turn,
                 "colour": None} for name, points in scores.items()]
    return []


def turn(view: dict, listed: list[dict]) -> str | None:
    playing = next((p["name"] for p in listed if p["to_play"]), None)   # shown as the board shows names
    if playing:
        return playing
    if isinstance(view.get("player"), str):
        return _short(view["player"])
    raw = view.get("turn")
    return _short(raw["player"]) if isinstance(raw, dict) and isinstance(raw.get("player"), str) else None


def winners(view: dict) -> list[str] | None:
    """The winners once the game is over (several on a tie); None while it goes on."""
    result = view.get("result")
    if isinstance(result, dict):
        if isinstance(result.get("winners"), list):
            return [_short(w) for w in result["winners"]]
        if result.get("winner") is not None:
            return [_short(result["winner"])]
    if view.get("over") and isinstance(view.get("winners"), list):
        return [_short(w) for w in view["winners"]]
    return None


def verdict(event: dict | None) -> str | None:
    """The latest ruling in words: "CC-3: No fort next to a fort." or a note or the event's message."""
    if not isinstance(event, dict):
        return None
    ruling = event.get("verdict")
    if isinstance(ruling, dict):
        reasons = ruling.get("reasons") or []
        if reasons and isinstance(reasons[0], dict):
            rule, said = reasons[0].get("rule"), reasons[0].get("message", "")
            return f"{rule}: {said}" if rule else str(said)
        if ruling.get("note"):
            return str(ruling["note"])
    if isinstance(event.get("message"), str):
        return event["message"]
    return f"{event.get('type', 'event')} (event {event.get('seq', '?')})"


def line(view: dict | None, last_event: dict | None) -> dict:
    view = view if isinstance(view, dict) else {}
    listed = players(view)
    return {"players": listed, "turn": turn(view, listed), "winners": winners(view), "verdict": verdict(last_event),
            "phase": view.get("phase") if isinstance(view.get("phase"), str) else None}


def _number(value):
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _colour(value):
    return value if isinstance(value, str) and COLOUR.fullmatch(value) else None


def _short(value) -> str:
    text = "?" if value is None else str(value)
    return text if len(text) <= NAME_CHARS else text[:NAME_CHARS - 1] + "…"
