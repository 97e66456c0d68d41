"""What can be known of a game played with physical cards, from the camera's still tables (seen.py) and
what the players tell the companion (End turn, a grin's unseen effect): the cards in each hand (counted
from the deal, draws and plays, never seen), the deck left, whose turn and the actions left; each shot
judged when its ship is turned up (sunk or damaged), and the grin effects it brings applied when they
happen (a card discarded or a ship turned up is seen; a card drawn is told); the final shootout once
the deck's last card is drawn, and at its end, with every ship turned up, the tiebreakers.

It never holds a hand's cards nor a face-down ship's identity: only cards lying face up are named.
A change the rules do not explain is a question to the players, and the counts stay as they were.
Deterministic: a physical game is its log's still tables and tellings replayed (table_record.py)."""

from __future__ import annotations

from companion.games.cannonades.deck import Deck
from companion.games.cannonades.ending import RULE as TIEBREAK_RULE, Standing
from companion.games.cannonades.seen import SeatSeen, TableSeen
from companion.games.cannonades.state import ACTIONS, HAND_SIZE, MAX_SHIPS
from companion.games.cannonades.watch_endings import Endings
from companion.games.cannonades.watch_values import (GRIN_WORDS, OVER, PLAY, REVEAL, Fleet, GrinDue,
                                                      WatchVerdict, ways_of)

__all__ = ["TableWatch", "WatchVerdict"]


class TableWatch(Endings):
    def __init__(self, seats: list[str], deck: Deck, first: str | None = None, hands: dict[str, int] | None = None,
                 pile: int | None = None, had_turn: tuple[str, ...] = ()):
        if not 2 <= len(seats) <= 4:
            raise ValueError(f"seats {seats}: Cannonades is played by 2, 3 or 4 at a table")
        self.seats, self.deck = list(seats), deck
        self.hands = {seat: HAND_SIZE for seat in seats} | dict(hands or {})
        self.pile = len(deck.cards) - sum(self.hands.values()) if pile is None else pile
        self.fleets = {seat: Fleet() for seat in seats}
        self.out: list[str] = []
        self.current = first or seats[0]
        self.actions_left = ACTIONS
        self.had_turn: set[str] = set(had_turn)
        self.shots: dict[str, list[tuple[str, str]]] = {seat: [] for seat in seats}   # waiting: (cannonade, shooter)
        self.grins: list[GrinDue] = []       # effects due, the next last
        self.owed: dict[str, int] = {}       # cards a seat must discard without drawing (hand limit, a grin)
        self.laid: set[str] = set()          # cannonades lying on ships, seen
        self.leaving: set[str] = set()       # cards due on the discard pile (a shot's cannonade, a sunk ship)
        self.discard: list[str] = []
        self.trigger: str | None = None      # who drew the deck's last card
        self.final_turns: list[str] = []     # seats still to take their final turn, in order
        self.stage = PLAY
        self.winners: list[str] = []
        self.why = self.rule = ""
        self.standings: list[Standing] = []
        self.last: TableSeen | None = None
        self.verdicts: list[WatchVerdict] = []

    @property
    def in_play(self) -> list[str]:
        """The seats with a fleet still, in turn order."""
        return [seat for seat in self.seats if seat not in self.out]

    over = property(lambda self: self.stage == OVER, doc="The game has ended (a last fleet, or the tiebreak).")

    # --- the table, still ----------------------------------------------------------------

    def see(self, seen: TableSeen) -> list[WatchVerdict]:
        """The verdicts a new still table brings (the first one only sets the scene)."""
        if len(seen.seats) != len(self.seats):
            raise ValueError(f"a table of {len(seen.seats)} seats read for a game of {len(self.seats)}")
        if self.last is None:
            self.last = seen
            for seat, seat_seen in zip(self.seats, seen.seats):
                self.fleets[seat] = Fleet(list(seat_seen.up), seat_seen.down, ways_of(seat_seen))
            self.discard = list(seen.discard)
            return []
        if self.over:
            self.last = seen
            return []
        if self.stage == REVEAL:
            out = self._revealed_for_tiebreak(seen)
        else:
            out = []
            for seat, before, now in zip(self.seats, self.last.seats, seen.seats):
                out += self._shots_laid(seat, before, now)
            for seat, before, now in zip(self.seats, self.last.seats, seen.seats):
                out += self._fleet_changed(seat, before, now)
            out += self._discarded(seen)
        self.last = seen
        self.verdicts += out
        return out

    def _shots_laid(self, target: str, before: SeatSeen, now: SeatSeen) -> list[WatchVerdict]:
        out = []
        for card, on in sorted(set(now.shots) - set(before.shots)):
            if card in self.laid:
                continue   # the same cannonade seen lying a little differently
            shooter = self.current
            if shooter == target:
                out.append(WatchVerdict("rules:actions", f"{card} lies on a ship of {target}'s own, on {target}'s "
                                        "turn: whose shot is it?", (target, card), question=True))
                continue
            spent = self._spend(shooter, card, f"{shooter} shoots {target}'s ship with {card}")
            if spent:
                out.append(spent)
                continue
            self.laid.add(card)
            self.leaving.add(card)
            if on in self.fleets[target].up:
                out += self._judge(target, card, shooter, on, was_down=False)
            else:
                self.shots[target].append((card, shooter))
                out.append(WatchVerdict("rules:actions", f"{shooter} shoots a face-down ship of {target}'s with {card}: "
                                        f"{target}, turn that ship face up.", (shooter, target, card)))
        return out

    def _fleet_changed(self, seat: str, before: SeatSeen, now: SeatSeen) -> list[WatchVerdict]:
        out = []
        fleet = self.fleets[seat]
        fleet.ways.update(ways_of(now))
        turned = [card for card in now.up if card not in before.up]
        gone = [card for card in before.up if card not in now.up]
        revealed = 0
        for card in turned:
            grin = self._grin_on(seat, "reveal")
            if fleet.down and self.shots[seat]:
                weapon, shooter = self.shots[seat].pop(0)
                fleet.down -= 1
                revealed += 1
                fleet.up.append(card)
                out += self._judge(seat, weapon, shooter, card, was_down=True)
            elif fleet.down and grin is not None:
                self.grins.remove(grin)
                fleet.down -= 1
                revealed += 1
                fleet.up.append(card)
                out.append(self._grin_verdict(grin, f"turns up {seat}'s {card}"))
                out += self._judge(seat, None, grin.owner, card, was_down=True)
            else:
                out.append(WatchVerdict("rules:actions", f"{card} turned face up in {seat}'s fleet with no shot at it: "
                                        "what happened?", (seat, card), question=True))
        for card in gone:
            if card in self.leaving:
                continue   # a sunk ship taken off: judged already
            out.append(WatchVerdict("rules:actions", f"{card} left {seat}'s fleet without being sunk: put it back, "
                                    "or say what happened.", (seat, card), question=True))
        added = now.down - before.down + revealed
        for _ in range(max(0, added) if seat == self.current else 0):
            if fleet.in_play >= MAX_SHIPS:
                out.append(WatchVerdict("rules:actions", f"{seat} already has {MAX_SHIPS} ships in play: take the "
                                        "new one back.", (seat,), question=True))
                continue
            spent = self._spend(seat, None, f"{seat} adds a ship")
            if spent:
                out.append(spent)
                continue
            fleet.down += 1
            out.append(WatchVerdict("rules:add", f"{seat} adds a ship face down ({self.hands[seat]} card(s) left "
                                    f"in hand, {self.actions_left} action(s) left).", (seat,)))
        if added > 0 and seat != self.current:
            out.append(WatchVerdict("rules:actions", f"a ship was added to {seat}'s fleet on {self.current}'s turn: "
                                    "take it back, or press End turn first.", (seat,), question=True))
        return out

    def _discarded(self, seen: TableSeen) -> list[WatchVerdict]:
        out = []
        for card in seen.discard:
            if card in self.discard:
                continue
            self.discard.append(card)
            if card in self.leaving:
                self.leaving.discard(card)
                self.laid.discard(card)
                continue
            owing = next((seat for seat in self.seats if self.owed.get(seat)), None)
            grin = self._grin_on(self.current, "discard")
            if owing is not None:
                self.owed[owing] -= 1
                self.hands[owing] -= 1
                out.append(WatchVerdict("rules:turn", f"{owing} discards {card} ({self.hands[owing]} card(s) in hand).",
                                        (owing, card)))
                continue
            if grin is not None:
                self.grins.remove(grin)
                self.hands[grin.against] -= 1
                out.append(self._grin_verdict(grin, f"{grin.against} discards {card} ({self.hands[grin.against]} "
                                                    "card(s) in hand)"))
                continue
            seat = self.current
            grins = self.deck.card(card).grins if card in self.deck else 0
            spent = self._spend(seat, card, f"{seat} discards {card} to draw")
            if spent:
                out.append(spent)
                continue
            drawn = min(1 + grins, self.pile)
            self.hands[seat] += drawn
            self.pile -= drawn
            out.append(WatchVerdict("rules:actions", f"{seat} discards {card} to draw {drawn} "
                                    f"({self.hands[seat]} card(s) in hand, {self.pile} left in the deck).", (seat, card)))
            out += self._deck_emptied(seat, drawn)
        return out

    def _spend(self, seat: str, card: str | None, what: str) -> WatchVerdict | None:
        """One action from `seat`'s hand: None when it may be taken, else the question."""
        if self.actions_left <= 0:
            return WatchVerdict("rules:actions", f"{what}: {seat} has no action left this turn.", (seat,), question=True)
        if self.hands[seat] <= 0:
            return WatchVerdict("rules:actions", f"{what}: {seat} has no card left in hand.", (seat,), question=True)
        self.actions_left -= 1
        self.hands[seat] -= 1
        return None

    def _judge(self, owner: str, weapon: str | None, shooter: str, ship: str, was_down: bool) -> list[WatchVerdict]:
        """One clan icon in common sinks the ship, else a face-down ship is damaged (turned up); the grins
        due as in rules.hit (CN-2: a face-down double grin sunk at once owes both effects; CN-3; CN-4:
        a ship turned up by a grin is damaged and its own grins answer at once)."""
        card = self.deck.card(ship)
        how = f"with {weapon}" if weapon else "by a grin"
        if weapon is not None and self.deck.card(weapon).matches(card):
            self.fleets[owner].up.remove(ship)
            self.leaving.add(ship)
            due = (["damaged", "sunk"] if was_down else ["sunk"]) if card.grins == 2 else \
                (["sunk"] if was_down and card.grins == 1 else [])
            sentence = f"{shooter} hits {ship} {how}: a clan in common, {ship} is sunk."
            # CN-5: out at once, but for a player whose first turn is the one in progress (out, if so, at its end).
            if not self.fleets[owner].in_play and (owner in self.had_turn or owner != self.current):
                self.out.append(owner)
                sentence += f" {owner} has no ship left and is out." + self._hand_of_the_out(owner, shooter)
        elif was_down:
            due = ["damaged"] if card.grins else []
            sentence = f"{shooter} hits {ship} {how}: no clan in common, {ship} is damaged (stays face up)."
        else:
            due = []
            sentence = f"{shooter} hits {ship} {how}: no clan in common, the damaged ship stands."
        if due and owner not in self.out:
            self.grins += [GrinDue(owner, shooter, ship, hit, card.grins) for hit in reversed(due)]
            sentence += (f" {owner}'s {GRIN_WORDS[card.grins]} is due against {shooter}: {' and '.join(due)} "
                         f"(draw a card, make {shooter} discard one, or turn up one of {shooter}'s face-down ships).")
        rule = "CN-2" if len(due) == 2 else "CN-3" if card.grins else "rules:actions"   # as the referee names them
        out = [WatchVerdict(rule, sentence, tuple(x for x in (shooter, owner, weapon, ship) if x))]
        return out + self._last_fleet_standing()

    def _grin_on(self, against: str, effect: str) -> GrinDue | None:
        """The grin due that a discard or a ship turned up by `against`'s opponent can be (the next first)."""
        for grin in reversed(self.grins):
            if grin.against == against and (effect != "discard" or self.hands[against] > 0):
                return grin
        return None

    def _grin_verdict(self, grin: GrinDue, what: str) -> WatchVerdict:
        return WatchVerdict("rules:captains-grin", f"{grin.owner}'s {GRIN_WORDS[grin.grins]} ({grin.ship}, {grin.hit}): "
                            f"{what}.", (grin.owner, grin.against, grin.ship))

    # --- what the players tell ----------------------------------------------------------------

    def tell(self, what: str) -> list[WatchVerdict]:
        """What the camera cannot see: the next grin's effect was a card drawn ("draw") or nothing ("none"),
        or the player on a final turn took a cannonade back from the discard pile ("salvage")."""
        if what == "salvage":
            if self.trigger is None:
                return [WatchVerdict("CN-8", "A cannonade is taken back only in the final shootout.", question=True)]
            self.hands[self.current] += 1
            self.verdicts.append(WatchVerdict("CN-8", f"{self.current} takes a cannonade back from the discard pile "
                                              f"({self.hands[self.current]} card(s) in hand).", (self.current,)))
            return self.verdicts[-1:]
        if not self.grins:
            return [WatchVerdict("rules:captains-grin", "No grin is due.", question=True)]
        grin = self.grins.pop()
        if what == "none":
            out = [self._grin_verdict(grin, "no effect")]
        else:
            drawn = min(1, self.pile)
            self.hands[grin.owner] += drawn
            self.pile -= drawn
            out = [self._grin_verdict(grin, f"{grin.owner} draws {drawn} ({self.hands[grin.owner]} card(s) in hand, "
                                            f"{self.pile} left in the deck)")]
            out += self._deck_emptied(grin.owner, drawn)
        self.verdicts += out
        return out

    def end_turn(self) -> list[WatchVerdict]:
        """End of the current turn: the hand limit, then the next seat's draw (5 less its ships; none on a
        first turn, none in the final shootout); after the last final turn, every ship is to be turned up."""
        if self.stage != PLAY:
            return [WatchVerdict("rules:turn", "No turn is in progress.", question=True)]
        if self.grins:
            grin = self.grins[-1]
            return [WatchVerdict("rules:captains-grin", f"{grin.owner}'s {GRIN_WORDS[grin.grins]} is still due "
                                 f"against {grin.against}: say its effect first.", (grin.owner,), question=True)]
        out = self._next_turn(self.current)
        self.verdicts += out
        return out

    def _next_turn(self, seat: str) -> list[WatchVerdict]:
        out = self._first_turn_without_a_ship(seat)
        if self.over:
            return out
        limit = len(self.in_play) + 1
        if self.hands[seat] > limit:
            self.owed[seat] = self.hands[seat] - limit
            out.append(WatchVerdict("rules:turn", f"{seat} holds {self.hands[seat]} cards: discard down to {limit}.",
                                    (seat,)))
        self.had_turn.add(seat)
        self.actions_left = ACTIONS
        if self.trigger is not None:
            if not self.final_turns:
                self.stage = REVEAL
                return out + [WatchVerdict(TIEBREAK_RULE, "The final turns are over: turn every ship face up for "
                                           "the tiebreak.", tuple(self.in_play))]
            self.current = self.final_turns.pop(0)
            return out + [WatchVerdict("CN-8", f"{self.current}'s final turn: no draw; a cannonade may be taken back "
                                       "from the discard pile.", (self.current,))]
        following = [s for s in self.seats[self.seats.index(seat) + 1:] + self.seats if s not in self.out]
        self.current = following[0]
        drawn = 0 if self.current not in self.had_turn else \
            min(max(0, HAND_SIZE - self.fleets[self.current].in_play), self.pile)
        self.hands[self.current] += drawn
        self.pile -= drawn
        out.append(WatchVerdict("rules:turn", f"{self.current}'s turn: draws {drawn} ({self.pile} left in the deck)",
                                (self.current,)))
        return out + self._deck_emptied(self.current, drawn)

    def view(self) -> dict:
        """What everyone may see: counts, and the cards lying face up."""
        return {"turn": self.current, "actions_left": self.actions_left, "pile": self.pile, "stage": self.stage,
                "players": {seat: {"hand": self.hands[seat], "ships_up": list(self.fleets[seat].up),
                                   "ways": [self.fleets[seat].ways.get(card, "?") for card in self.fleets[seat].up],
                                   "ships_down": self.fleets[seat].down, "out": seat in self.out,
                                   "first_turn": seat not in self.had_turn,
                                   "shots_waiting": [card for card, _ in self.shots[seat]]} for seat in self.seats},
                "grins": [{"seat": g.owner, "against": g.against, "ship": g.ship, "hit": g.hit,
                           "name": GRIN_WORDS[g.grins]} for g in reversed(self.grins)],
                "shootout": None if self.trigger is None else {"trigger": self.trigger,
                                                                "final_turns": list(self.final_turns)},
                "discard": list(self.discard), "over": self.over, "winners": list(self.winners), "why": self.why,
                "rule": self.rule, "standings": [row.to_json() for row in self.standings] or None,
                "verdicts": [verdict.to_json() for verdict in self.verdicts]}
