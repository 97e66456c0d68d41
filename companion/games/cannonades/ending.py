"""The end of the final shootout: every ship turned face up, then the tiebreakers in the rulebook's order.

1. the biggest fleet; 2. the most different clan icons among one's ships; 3. the most ships sailing
the same way; 4. the most cards in hand; 5. the player who drew the deck's last card. When that
player is not among those still tied, they share the win (CN-9).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.cannonades.state import OVER, Game, Ship

RULE = "rules:tiebreakers"
BREAKERS = (("ships", "the biggest fleet"), ("icons", "the most different clan icons"),
            ("same_way", "the most ships sailing the same way"), ("hand", "the most cards in hand"))


@dataclass(frozen=True)
class Standing:
    seat: str
    ships: int
    icons: int
    same_way: int
    hand: int

    def to_json(self) -> dict:
        return {"seat": self.seat, "ships": self.ships, "icons": self.icons, "same_way": self.same_way,
                "hand": self.hand}


def standings(game: Game) -> list[Standing]:
    """The tiebreak table of the players still in, as if every ship were face up."""
    return [standing(seat, [game.card(ship.card) for ship in game.fleets[seat]],
                     [game.card(ship.card).sails for ship in game.fleets[seat]], len(game.hands[seat]))
            for seat in game.in_play]


def standing(seat: str, cards: list, ways: list[str], hand: int) -> Standing:
    """One row: the ships' cards, the way each sails (a card's own, or as the camera sees it point), the hand."""
    icons = set().union(*(card.icons for card in cards)) if cards else set()
    return Standing(seat, len(cards), len(icons), max((ways.count(way) for way in set(ways)), default=0), hand)


def decide_winners(game: Game) -> tuple[list[str], str]:
    """(winners, the sentence saying which tiebreaker decided and the figures)."""
    return rank(standings(game), game.trigger)


def rank(rows: list[Standing], trigger: str | None) -> tuple[list[str], str]:
    """The tiebreakers in order over the standings (a physical table's too, watch.py)."""
    tied = rows
    for key, words in BREAKERS:
        best = max(getattr(row, key) for row in tied)
        leaders = [row for row in tied if getattr(row, key) == best]
        if len(leaders) == 1:
            winner = leaders[0].seat
            how = "" if len(tied) == len(rows) and key == "ships" else f" among {', '.join(r.seat for r in tied)}"
            return [winner], f"{winner} has {words}{how}: {best}"
        tied = leaders
    names = [row.seat for row in tied]
    if trigger in names:
        return [trigger], (f"{', '.join(names)} are tied on every count: {trigger} drew the deck's "
                           f"last card and wins")
    return names, (f"{', '.join(names)} are tied on every count and {trigger} (who drew the last card) "
                   f"is not among them: they share the win (CN-9)")


def finish_by_tiebreak(game: Game, tell) -> None:
    """Turn every ship face up (no grins: nobody is hit) and name the winner."""
    for seat in game.in_play:
        fleet = game.fleets[seat]
        for index, ship in enumerate(fleet):
            if not ship.face_up:
                fleet[index] = Ship(ship.id, ship.card, True)
                tell(game, "turn-up", ship=ship.id, card=ship.card)
    winners, why = decide_winners(game)
    game.stage, game.winners, game.why, game.rule = OVER, winners, why, RULE
    game.pending.clear()
    tell(game, "end", winners=winners, why=why, rule=RULE, standings=[row.to_json() for row in standings(game)])
