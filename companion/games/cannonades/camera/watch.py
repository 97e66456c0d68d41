"""What can be known of a game played with physical cards, from the camera's still tables (table_seen)
and the players' End-turn presses: the cards in each hand (counted from the deal, draws and plays,
never seen), the deck left, whose turn and the actions left, and each shot judged when its ship is
turned up (sunk or damaged, which grin effects are due). It never holds a hand's cards nor a face-down
ship's identity: only cards lying face up on the table are named. A change the rules do not explain
is a question to the players, and the counts stay as they were."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.cannonades.camera.table_seen import SeatSeen, TableSeen
from companion.games.cannonades.deck import Deck
from companion.games.cannonades.state import ACTIONS, HAND_SIZE, MAX_SHIPS


@dataclass(frozen=True)
class WatchVerdict:
    rule: str                        # the rulebook section or ruling it applies
    sentence: str
    evidence: tuple[str, ...] = ()   # the cards and seats it rests on
    question: bool = False           # not explained by the rules: asked, nothing counted

    def to_json(self) -> dict:
        return {"rule": self.rule, "sentence": self.sentence, "evidence": list(self.evidence), "question": self.question}


@dataclass
class Fleet:
    up: list[str] = field(default_factory=list)    # face-up (damaged) ships' cards
    down: int = 0                                   # face-down ships: the companion does not know them

    @property
    def in_play(self) -> int:
        return len(self.up) + self.down


class TableWatch:
    def __init__(self, seats: list[str], deck: Deck, first: str | None = None):
        if not 2 <= len(seats) <= 4:
            raise ValueError(f"seats {seats}: Cannonades is played by 2, 3 or 4")
        self.seats, self.deck = list(seats), deck
        self.hands = {seat: HAND_SIZE for seat in seats}
        self.pile = len(deck.cards) - HAND_SIZE * len(seats)
        self.fleets = {seat: Fleet() for seat in seats}
        self.out: list[str] = []
        self.current = first or seats[0]
        self.actions_left = ACTIONS
        self.had_turn: set[str] = set()
        self.shots: dict[str, list[tuple[str, str]]] = {seat: [] for seat in seats}   # waiting: (cannonade, shooter)
        self.laid: set[str] = set()          # cannonades lying on ships, seen
        self.leaving: set[str] = set()       # cards due on the discard pile (a shot's cannonade, a sunk ship)
        self.discard: list[str] = []
        self.last: TableSeen | None = None
        self.verdicts: list[WatchVerdict] = []

    # --- the table, still ----------------------------------------------------------------

    def see(self, seen: TableSeen) -> list[WatchVerdict]:
        """The verdicts a new still table brings (the first one only sets the scene)."""
        if len(seen.seats) != len(self.seats):
            raise ValueError(f"a table of {len(seen.seats)} seats read for a game of {len(self.seats)}")
        if self.last is None:
            self.last = seen
            for seat, seat_seen in zip(self.seats, seen.seats):
                self.fleets[seat] = Fleet(list(seat_seen.up), seat_seen.down)
            self.discard = list(seen.discard)
            return []
        out: list[WatchVerdict] = []
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
            spent = self._spend(shooter, card, f"{shooter} shoots {target}'s ship with {card}")
            if spent:
                out.append(spent)
                continue
            self.laid.add(card)
            self.leaving.add(card)
            if on in self.fleets[target].up:
                out.append(self._judge(target, card, shooter, on, was_down=False))
            else:
                self.shots[target].append((card, shooter))
                out.append(WatchVerdict("rules:actions", f"{shooter} shoots a face-down ship of {target}'s with {card}: "
                                        f"{target}, turn that ship face up.", (shooter, target, card)))
        return out

    def _fleet_changed(self, seat: str, before: SeatSeen, now: SeatSeen) -> list[WatchVerdict]:
        out = []
        fleet = self.fleets[seat]
        turned = [card for card in now.up if card not in before.up]
        gone = [card for card in before.up if card not in now.up]
        revealed = 0
        for card in turned:
            if fleet.down and self.shots[seat]:
                weapon, shooter = self.shots[seat].pop(0)
                fleet.down -= 1
                revealed += 1
                fleet.up.append(card)
                out.append(self._judge(seat, weapon, shooter, card, was_down=True))
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
                                    "take it back.", (seat,), question=True))
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

    def _judge(self, owner: str, weapon: str, shooter: str, ship: str, was_down: bool) -> WatchVerdict:
        """One clan icon in common sinks the ship, else a face-down ship is damaged (turned up); the grins
        due as in rules.hit (CN-2: a face-down double grin sunk at once owes both effects; CN-3)."""
        card = self.deck.card(ship)
        if self.deck.card(weapon).matches(card):
            self.fleets[owner].up.remove(ship)
            self.leaving.add(ship)
            due = (["damaged", "sunk"] if was_down else ["sunk"]) if card.grins == 2 else \
                (["sunk"] if was_down and card.grins == 1 else [])
            sentence = f"{shooter} hits {ship} with {weapon}: a clan in common, {ship} is sunk."
            if not self.fleets[owner].in_play:
                self.out.append(owner)
                sentence += f" {owner} has no ship left and is out."
        elif was_down:
            due = ["damaged"] if card.grins else []
            sentence = f"{shooter} hits {ship} with {weapon}: no clan in common, {ship} is damaged (stays face up)."
        else:
            due = []
            sentence = f"{shooter} hits {ship} with {weapon}: no clan in common, the damaged ship stands."
        if due and owner not in self.out:
            sentence += f" {owner}'s grin is due against {shooter}: {' and '.join(due)} (draw, discard or reveal)."
        rule = "CN-2" if len(due) == 2 else "CN-3" if card.grins else "rules:actions"   # as the referee names them
        return WatchVerdict(rule, sentence, (shooter, owner, weapon, ship))

    # --- the players' presses ---------------------------------------------------------------

    def end_turn(self) -> list[WatchVerdict]:
        """End of the current turn: the hand limit, then the next seat's draw (5 less its ships; none on a first turn)."""
        seat, out = self.current, []
        limit = len([s for s in self.seats if s not in self.out]) + 1
        if self.hands[seat] > limit:
            out.append(WatchVerdict("rules:turn", f"{seat} holds {self.hands[seat]} cards: discard down to {limit}.",
                                    (seat,)))
            self.hands[seat] = limit
        self.had_turn.add(seat)
        following = [s for s in self.seats[self.seats.index(seat) + 1:] + self.seats if s not in self.out]
        self.current, self.actions_left = following[0], ACTIONS
        drawn = 0 if self.current not in self.had_turn else \
            min(max(0, HAND_SIZE - self.fleets[self.current].in_play), self.pile)
        self.hands[self.current] += drawn
        self.pile -= drawn
        out.append(WatchVerdict("rules:turn", f"{self.current}'s turn: draws {drawn} ({self.pile} left in the deck)",
                                (self.current,)))
        self.verdicts += out
        return out

    def view(self) -> dict:
        """What everyone may see: counts, and the cards lying face up."""
        return {"turn": self.current, "actions_left": self.actions_left, "pile": self.pile,
                "players": {seat: {"hand": self.hands[seat], "ships_up": list(self.fleets[seat].up),
                                   "ships_down": self.fleets[seat].down, "out": seat in self.out,
                                   "shots_waiting": [card for card, _ in self.shots[seat]]} for seat in self.seats},
                "discard": list(self.discard), "verdicts": [verdict.to_json() for verdict in self.verdicts]}
