"""A player's mat set by hand (the Points screen's Correct): the holdings checked against the game, and said.

The camera asks where it cannot vouch for a mat (tracking.py); the players look at the mat and, where the
points are wrong, type what lies on it. Pure: a bad entry is a ValueError naming the field and quoting it.
"""

from __future__ import annotations

from companion.games.cannons_coastlines.factions import PRIZE_KINDS, Rulebook
from companion.games.cannons_coastlines.table import Mat, Table
from companion.games.cannons_coastlines.table_json import mat_from_json
from companion.games.excerpt import excerpt


def checked_mat(table: Table, rulebook: Rulebook, player, data) -> Mat:
    """The mat `data` ({"coins": {kind: n}, "prizes": {"faction:kind": n}}) for `player`, checked: coins of
    this game's kinds, prizes of the prize kinds taken from another fleet at the table."""
    if player not in table.players:
        raise ValueError(f"{excerpt(player)} is not playing (players: {', '.join(table.players)})")
    mat = mat_from_json(data, rulebook, f"{player}'s mat")
    for kind in mat.coins:
        if kind not in rulebook.coin_mix:
            raise ValueError(f"{player}'s mat.coins: {excerpt(kind)} is not a coin of this game "
                             f"(coins: {', '.join(sorted(rulebook.coin_mix))})")
    rivals = {table.factions[other] for other in table.players if other != player}
    for faction, kind in mat.prizes:
        if kind not in PRIZE_KINDS:
            raise ValueError(f"{player}'s mat.prizes: {excerpt(kind)} is not a prize kind (kinds: {', '.join(PRIZE_KINDS)})")
        if faction not in rivals:
            raise ValueError(f"{player}'s mat.prizes: a prize is taken from another fleet at the table "
                             f"({', '.join(sorted(rivals))}), not from {excerpt(faction)}")
    return Mat({kind: n for kind, n in mat.coins.items() if n}, {key: n for key, n in mat.prizes.items() if n})


def mat_words(mat: Mat) -> str:
    """'5 coins; prizes: 2 pirates hull, 1 pirates mast' (or 'no prizes')."""
    prizes = ", ".join(f"{n} {faction} {kind}" for (faction, kind), n in sorted(mat.prizes.items()))
    return f"{mat.coin_count} coin{'s' if mat.coin_count != 1 else ''}; " + (f"prizes: {prizes}" if prizes else "no prizes")
