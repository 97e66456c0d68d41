"""How a physical game's players leave it and how it ends, as the watch (watch.py) counts them: a
player out (a fleet sunk; CN-5, a first turn ending with no ship) and what becomes of their hand (CN-7),
the last fleet standing, the deck's last card drawn (CN-8: the final shootout) and, with every ship
turned up, the tiebreakers. A part of TableWatch, kept apart so that each file holds one idea."""

from __future__ import annotations

from companion.games.cannonades.ending import RULE as TIEBREAK_RULE, rank, standing
from companion.games.cannonades.seen import TableSeen
from companion.games.cannonades.watch_values import OVER, Fleet, WatchVerdict, ways_of


class Endings:
    """Eliminations and the game's end; the state they read and change is TableWatch's."""

    # --- players out ----------------------------------------------------------------------

    def _hand_of_the_out(self, out: str, eliminator: str) -> str:
        """CN-7: with 3 or more at the table the eliminator takes one card of the hand at random and the rest
        go on the pile (owed: the cards that arrive there are these, not draws). With 2 the game is over."""
        held = self.hands[out]
        if len(self.seats) < 3 or not held:
            return ""
        self.hands[out] -= 1
        self.hands[eliminator] += 1
        self.owed[out] = self.hands[out]
        return (f" {eliminator} takes one of {out}'s {held} card(s) at random, unseen (CN-7); {out} discards the "
                f"other {self.hands[out]}.")

    def _first_turn_without_a_ship(self, seat: str) -> list[WatchVerdict]:
        """CN-5: a first turn that ends with no ship in play puts its player out; the hand is discarded."""
        if seat in self.had_turn or self.fleets[seat].in_play or seat in self.out:
            return []
        self.out.append(seat)
        self.owed[seat] = self.hands[seat]
        self.grins = [grin for grin in self.grins if grin.owner != seat]
        verdict = WatchVerdict("CN-5", f"{seat} ends their first turn with no ship in play and is out: discard "
                               f"the {self.hands[seat]} card(s) in hand.", (seat,))
        return [verdict] + self._last_fleet_standing()

    # --- the deck's end, the shootout and the tiebreak ------------------------------------

    def _deck_emptied(self, seat: str, drawn: int) -> list[WatchVerdict]:
        """CN-8: whoever draws the deck's last card may take a cannonade back; the turn in progress ends
        and everyone still in takes one final turn, from the player after the trigger round to the trigger."""
        if not drawn or self.pile or self.trigger is not None:
            return []
        self.trigger = seat
        at = self.seats.index(seat)
        order = self.seats[at + 1:] + self.seats[:at + 1]
        self.final_turns = [s for s in order if s not in self.out]
        out = [WatchVerdict("CN-8", f"{seat} drew the deck's last card: the final shootout begins. {seat} may take a "
                            "cannonade back from the discard pile; the turn ends.", (seat,))]
        return out + self._next_turn(self.current)

    def _last_fleet_standing(self) -> list[WatchVerdict]:
        if len(self.in_play) != 1 or self.over:
            return []
        self.stage, self.winners = OVER, list(self.in_play)
        self.why, self.rule = f"{self.winners[0]} is the only one with a fleet", "rules:end-of-game"
        return [WatchVerdict(self.rule, f"The game is over: {self.why}.", tuple(self.winners))]

    def _revealed_for_tiebreak(self, seen: TableSeen) -> list[WatchVerdict]:
        downs = [seat for seat, now in zip(self.seats, seen.seats) if seat not in self.out and now.down]
        if downs:
            return [WatchVerdict(TIEBREAK_RULE, f"Turn every ship face up for the tiebreak: {', '.join(downs)} "
                                 "still have ships face down.", tuple(downs), question=True)]
        for seat, now in zip(self.seats, seen.seats):   # every ship face up now: the fleets as they lie
            if seat not in self.out:
                self.fleets[seat] = Fleet(list(now.up), 0, ways_of(now))
        self.standings = [standing(seat, [self.deck.card(card) for card in now.up if card in self.deck],
                                   [way for way in now.ways if way != "?"], self.hands[seat])
                          for seat, now in zip(self.seats, seen.seats) if seat not in self.out]
        self.winners, self.why = rank(self.standings, self.trigger)
        self.stage, self.rule = OVER, TIEBREAK_RULE
        return [WatchVerdict(TIEBREAK_RULE, f"The game is over: {self.why}.", tuple(self.winners))]
