"""The Cannons & Coastlines state as the tablets draw it: points, values, turn, the table and the aids (pure)."""

from __future__ import annotations

from companion.games.cannons_coastlines.aids import (coin_collectors, edge_warnings, flag_raisers, forced_off,
                                                     hits_to_sink, lines_of_fire)
from companion.games.cannons_coastlines.factions import PRIZE_KINDS, Rulebook
from companion.games.cannons_coastlines.scoring import VICTORY_POINTS, Holdings, points
from companion.games.cannons_coastlines.state import CoastState, points_of
from companion.games.cannons_coastlines.demo import GAME
from companion.games.cannons_coastlines.table import Table

# Okabe-Ito colours by seat, each with its own shape and the player's letter (colour-blind players).
SEAT_LOOKS = (("#0072B2", "circle"), ("#D55E00", "square"), ("#009E73", "triangle"), ("#CC79A7", "diamond"),
              ("#E69F00", "circle"), ("#56B4E9", "square"))
AIDS = ("coins", "flags", "edge", "fire", "hits")


def looks(players) -> dict[str, dict]:
    """Colour, shape and a letter no other player has."""
    out, used = {}, set()
    for seat, player in enumerate(players):
        colour, shape = SEAT_LOOKS[seat % len(SEAT_LOOKS)]
        letter = next((c.upper() for c in player if c.isalnum() and c.upper() not in used), str(seat + 1))
        used.add(letter)
        out[player] = {"colour": colour, "shape": shape, "letter": letter, "title": player, "seat": seat}
    return out


def centre(outline) -> list[float]:
    return [round(sum(x for x, _ in outline) / len(outline), 3), round(sum(y for _, y in outline) / len(outline), 3)]


def _pts(outline) -> list[list[float]]:
    return [[round(x, 3), round(y, 3)] for x, y in outline]


def aids_json(table: Table, rulebook: Rulebook) -> dict:
    """Every referee aid with the points to draw it, in table inches."""
    move_counts = {key: faction.move_count for key, faction in rulebook.factions.items()}
    room = edge_warnings(table, rulebook.click_inches, move_counts)
    sinking = forced_off(table)
    edge = []
    for ship_id in sorted(set(room) | set(sinking)):
        ship = table.ships[ship_id]
        full = rulebook.click_inches * move_counts.get(table.factions.get(ship.owner, ""), 1)
        edge.append({"ship": ship_id, "at": [round(ship.x, 3), round(ship.y, 3)], "full": full,
                     "room": room.get(ship_id), "sinks_sliding": sinking.get(ship_id, [])})
    hits = hits_to_sink(table)
    return {
        "coins": [{"island": island, "holder": table.islands[island].holder, "ship": ship,
                   "from": centre(table.islands[island].outline),
                   "to": [round(table.ships[ship].x, 3), round(table.ships[ship].y, 3)] if ship else None}
                  for island, ship in sorted(coin_collectors(table).items())],
        "flags": [{"island": island, "ships": ships, "at": centre(table.islands[island].outline)}
                  for island, ships in sorted(flag_raisers(table).items()) if ships],
        "edge": edge,
        "fire": [{"ship": line.ship, "slot": line.slot, "origin": [round(v, 3) for v in line.origin],
                  "end": [round(v, 3) for v in within(line.origin, line.end, table.width, table.height)],
                  "target": line.target, "wasted": line.wasted}
                 for line in lines_of_fire(table)],
        "hits": [{"ship": ship.id, "hits": ship.hits_to_sink, "dead": ship.dead, "text": hits[ship.id],
                  "at": [round(ship.x, 3), round(ship.y, 3)]} for ship in sorted(table.ships.values(), key=lambda s: s.id)],
    }


def within(origin, end, width: float, height: float) -> tuple[float, float]:
    """A shot that touches nothing is drawn only to the table edge, where it leaves."""
    (ox, oy), (ex, ey) = origin, end
    share = 1.0
    for start, change, limit in ((ox, ex - ox, width), (oy, ey - oy, height)):
        if change > 0:
            share = min(share, (limit - start) / change)
        elif change < 0:
            share = min(share, -start / change)
    share = max(0.0, share)
    return ox + (ex - ox) * share, oy + (ey - oy) * share


def table_json(table: Table, stale) -> dict:
    return {
        "width": table.width, "height": table.height,
        "ships": [{"id": s.id, "owner": s.owner, "faction": s.faction, "card": s.card.id, "x": round(s.x, 3),
                   "y": round(s.y, 3), "heading": round(s.heading, 2), "outline": _pts(s.outline()),
                   "fittings": list(s.fittings), "dead": s.dead, "stale": s.id in stale}
                  for s in sorted(table.ships.values(), key=lambda s: s.id)],
        "islands": [{"id": i.id, "outline": _pts(i.outline), "holder": i.holder, "centre": centre(i.outline)}
                    for i in table.islands.values()],
        "rocks": [{"name": name, "outline": _pts(outline)} for name, outline in table.rocks.items()],
    }


def view_coast(state: CoastState | None) -> dict:
    """Everything a screen draws, as JSON-ready data (the session adds seq and question)."""
    if state is None:
        return {"game": None}
    table, stale, turn, claim, result = state.table, state.stale, state.turn, state.claim, state.result
    values, rulebook = state.values, state.rulebook
    player_looks = looks(table.players)
    players = []
    for player in table.players:
        mat = table.mat(player)
        score = points(Holdings(mat.coin_count, mat.prizes), values)
        faction = table.factions.get(player, "")
        players.append({"name": player, **player_looks[player], "faction": faction,
                        "faction_name": rulebook.factions[faction].name if faction in rulebook.factions else faction,
                        "to_play": bool(turn) and turn["player"] == player, "coins": score.coins,
                        "prizes": score.prizes, "prize_points": score.prize_points, "points": score.total,
                        "ships_afloat": len(table.fleet(player)), "coins_by_kind": dict(mat.coins),
                        "unsure": list(state.unsure.get(player, ())), "notes": list(state.notes.get(player, ()))})
    return {
        "game": GAME,
        "victory_points": VICTORY_POINTS,
        "players": players,
        "looks": player_looks,
        "values": values,
        "default_values": {key: dict(f.prize_values) for key, f in rulebook.factions.items()},
        "house": dict(state.house),
        "factions": {key: f.name for key, f in rulebook.factions.items()},
        "coin_kinds": sorted(rulebook.coin_mix),
        "prize_kinds": list(PRIZE_KINDS),
        "turn": _turn_json(turn, values),
        "claim": claim,
        "result": result,
        "table": table_json(table, stale),
        "aids": aids_json(table, rulebook),
    }


def _turn_json(turn, values) -> dict | None:
    if turn is None:
        return None
    return {"player": turn["player"], "number": turn["number"], "snapshot": points_of(turn["holdings"], values),
            "holdings": turn["holdings"]}
