"""Cannons & Coastlines' turn as pure judgements: coins first, then each ship acts and sails.

Every move returns a Verdict (rule id, sentence, evidence names); legal moves change the table.
Rule ids: CS-1 .. CS-5 (docs/rulings.md) and `rules:<section>` for the rulebook's own text.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from companion.games.verdict import Reason, Verdict
from companion.games.cannons_coastlines.factions import Rulebook
from companion.games.cannons_coastlines.geometry import distance, first_hit, forward, inside_table, port, touching
from companion.games.cannons_coastlines.scoring import Holdings, judge_claim, points, value_table
from companion.games.cannons_coastlines.table import Ship, Table

STEP_INCHES = 0.05        # sailing is checked in steps this fine, so a bump stops within it
MAX_STEER_DEG = 90.0


@dataclass
class TurnState:
    player: str
    snapshot: dict[str, int]                  # points at the start of the turn (CS-5)
    spending: bool = True                     # coins come before any ship acts
    acted: set[str] = field(default_factory=set)
    sailed: set[str] = field(default_factory=set)
    stays: set[str] = field(default_factory=set)       # island action: the ship holds still
    gunners: set[str] = field(default_factory=set)     # Skilled Gunner: fires twice
    full_sail: set[str] = field(default_factory=set)   # steers and sails twice, no firing
    coins_taken: set[str] = field(default_factory=set)  # islands that paid out this turn


def _no(rule: str, message: str, *evidence: str) -> Verdict:
    return Verdict.reject(Reason(rule, message, tuple(evidence)))


class CoastGame:
    def __init__(self, table: Table, rulebook: Rulebook, house_values=None):
        self.table = table
        self.rulebook = rulebook
        self.values = value_table(rulebook, house_values)
        self.winner: str | None = None
        self.turn = self._begin(table.turn or table.players[0])

    # --- turns and the score ------------------------------------------------------------

    def points(self, player: str) -> int:
        mat = self.table.mat(player)
        return points(Holdings(mat.coin_count, mat.prizes), self.values).total

    def _begin(self, player: str) -> TurnState:
        self.table = self.table.replace(turn=player)
        return TurnState(player, {p: self.points(p) for p in self.table.players})

    def claim_victory(self) -> Verdict:
        if not self.turn.spending or self.turn.acted:
            return _no("CS-5", "Victory is declared at the start of the turn, before any coin is spent.")
        verdict = judge_claim(self.turn.player, self.turn.snapshot)
        if verdict.legal:
            self.winner = self.turn.player
        return verdict

    def end_turn(self) -> Verdict:
        player = self.turn.player
        touched = dict(self.table.touched_last_turn)
        for ship in self.table.fleet(player):
            touched[ship.id] = frozenset(i.id for i in self.table.islands.values() if touching(ship.outline(), i.outline))
        self.table = self.table.replace(touched_last_turn=touched)
        order = self.table.players
        self.turn = self._begin(order[(order.index(player) + 1) % len(order)])
        return Verdict.accept(f"{player}'s turn ends; {self.turn.player} to play.")

    def _last_fleet(self) -> None:
        afloat = {p for p in self.table.players if self.table.fleet(p)}
        if len(afloat) == 1 and len(self.table.players) > 1:
            self.winner = next(iter(afloat))

    # --- coins ----------------------------------------------------------------------------

    def _own_ship(self, ship_id: str) -> Ship | Verdict:
        ship = self.table.ships.get(ship_id)
        if ship is None:
            return _no("rules:turn", f"No ship {ship_id!r} is on the table.")
        if ship.owner != self.turn.player:
            return _no("rules:turn", f"{ship_id} is {ship.owner}'s ship, not {self.turn.player}'s.", ship_id)
        return ship

    def spend(self, kind: str, ship_id: str, target: str | None = None, side: str | None = None) -> Verdict:
        player = self.turn.player
        if not self.turn.spending:
            return _no("rules:spend-coins", "Coins are spent before any ship takes its turn.")
        if self.table.mat(player).coins.get(kind, 0) < 1:
            return _no("rules:spend-coins", f"{player} holds no {kind.replace('_', ' ')} coin.")
        ship = self._own_ship(ship_id)
        if isinstance(ship, Verdict):
            return ship
        verdict = {"skilled_gunner": self._gunner, "repair_crew": self._repair, "boarding_party": self._board,
                   "brace_for_impact": self._brace, "full_sail": self._full_sail,
                   "evasive_maneuvers": self._evade}[kind](ship, target, side)
        if verdict.legal:
            self._pay(kind)
        return verdict

    def _pay(self, kind: str) -> None:
        player = self.turn.player
        bag = dict(self.table.bag)
        bag[kind] = bag.get(kind, 0) + 1   # spent coins go back in the bag
        self.table = self.table.with_mat(player, self.table.mat(player).with_coin(kind, -1)).replace(bag=bag)

    def _gunner(self, ship, target, side) -> Verdict:
        self.turn.gunners.add(ship.id)
        return Verdict.accept(f"Skilled Gunner: {ship.id} fires twice this turn.", (ship.id,))

    def _repair(self, ship, target, side) -> Verdict:
        missing = list(ship.card.fittings)
        for fitting in ship.fittings:
            missing.remove(fitting)
        if not missing:
            return _no("rules:spend-coins", f"{ship.id} has all its fittings.", ship.id)
        self.table = self.table.with_ship(ship.moved(fittings=ship.fittings + (missing[0],)))
        return Verdict.accept(f"Repair Crew: a {missing[0]} goes back on {ship.id}.", (ship.id,))

    def _enemy_alongside(self, ship, target) -> Ship | Verdict:
        enemy = self.table.ships.get(target or "")
        if enemy is None or enemy.owner == ship.owner:
            return _no("rules:spend-coins", f"{target!r} is not an enemy ship on the table.")
        if not touching(ship.outline(), enemy.outline()):
            gap = distance(ship.outline(), enemy.outline())
            return _no("CS-2", f"{ship.id} is not touching {enemy.id}: {gap:.2f}\" apart (touching is 0.25\" or less).",
                       ship.id, enemy.id)
        return enemy

    def _board(self, ship, target, side) -> Verdict:
        enemy = self._enemy_alongside(ship, target)
        if isinstance(enemy, Verdict):
            return enemy
        if enemy.dead:
            return _no("rules:spend-coins", f"{enemy.id} has no fitting left to knock off; capture it with "
                       "Boarding Party and Repair Crew together.", enemy.id)
        self._knock_fitting(enemy, self.turn.player)
        return Verdict.accept(f"Boarding Party: a fitting comes off {enemy.id}.", (ship.id, enemy.id))

    def capture(self, ship_id: str, target: str) -> Verdict:
        """Boarding Party and Repair Crew together, touching a dead enemy ship: it joins the fleet."""
        player = self.turn.player
        coins = self.table.mat(player).coins
        if not self.turn.spending:
            return _no("rules:spend-coins", "Coins are spent before any ship takes its turn.")
        if coins.get("boarding_party", 0) < 1 or coins.get("repair_crew", 0) < 1:
            return _no("rules:spend-coins", f"A capture needs a Boarding Party and a Repair Crew coin; {player} lacks one.")
        ship = self._own_ship(ship_id)
        if isinstance(ship, Verdict):
            return ship
        enemy = self._enemy_alongside(ship, target)
        if isinstance(enemy, Verdict):
            return enemy
        if not enemy.dead:
            return _no("rules:spend-coins", f"{enemy.id} still has {len(enemy.fittings)} fitting(s); only a ship dead "
                       "in the water can be captured.", enemy.id)
        self.table = self.table.with_ship(enemy.moved(owner=player, fittings=enemy.card.fittings[:1], braced=False))
        self._pay("boarding_party")
        self._pay("repair_crew")
        return Verdict.accept(f"Captured: {enemy.id} joins {player}'s fleet with one fitting.", (ship.id, enemy.id))

    def _brace(self, ship, target, side) -> Verdict:
        self.table = self.table.with_ship(ship.moved(braced=True))
        return Verdict.accept(f"Brace for Impact: the next hit on {ship.id} does nothing.", (ship.id,))

    def _full_sail(self, ship, target, side) -> Verdict:
        self.turn.full_sail.add(ship.id)
        return Verdict.accept(f"Full Sail: {ship.id} steers and sails twice this turn, but does not fire.", (ship.id,))

    def _evade(self, ship, target, side) -> Verdict:
        if side not in ("port", "starboard"):
            return _no("rules:spend-coins", f"Evasive Maneuvers slides to port or starboard, not {side!r}.")
        px, py = port(ship.heading)
        sign = 1.0 if side == "port" else -1.0
        return self._slide(ship, (sign * px, sign * py), ship.card.beam, "Evasive Maneuvers", forced=True)

    # --- ship actions -----------------------------------------------------------------------

    def _may_act(self, ship_id: str) -> Ship | Verdict:
        ship = self._own_ship(ship_id)
        if isinstance(ship, Verdict):
            return ship
        if ship.id in self.turn.acted and ship.id not in self.turn.full_sail:
            return _no("rules:turn", f"{ship.id} has already taken its action this turn.", ship.id)
        return ship

    def steer(self, ship_id: str, degrees: float) -> Verdict:
        ship = self._may_act(ship_id)
        if isinstance(ship, Verdict):
            return ship
        if abs(degrees) > MAX_STEER_DEG:
            return _no("rules:steer", f"A ship turns at most 90 degrees, not {abs(degrees):g}.", ship.id)
        self._act(ship)
        self.table = self.table.with_ship(ship.moved(heading=(ship.heading + degrees) % 360))
        return Verdict.accept(f"{ship.id} steers {degrees:+g} degrees.", (ship.id,))

    def _act(self, ship: Ship) -> None:
        self.turn.spending = False
        self.turn.acted.add(ship.id)

    def fire(self, ship_id: str, slot: int) -> Verdict:
        ship = self._may_act(ship_id)
        if isinstance(ship, Verdict):
            return ship
        if ship.id in self.turn.full_sail:
            return _no("rules:spend-coins", f"{ship.id} is under Full Sail this turn and does not fire.", ship.id)
        if not 0 <= slot < len(ship.card.slots):
            return _no("rules:fire", f"{ship.id} has cannon slots 0 to {len(ship.card.slots) - 1}, not {slot}.", ship.id)
        self._act(ship)
        origin, direction = ship.slot_point(ship.card.slots[slot])
        shots = 2 if ship.id in self.turn.gunners else 1
        messages = [self._shot(origin, direction, ship.id) for _ in range(shots)]
        return Verdict.accept(" ".join(messages), (ship.id,))

    def _shot(self, origin, direction, shooter_id: str | None) -> str:
        """The first ship the ball touches takes the hit; islands and rocks stop it."""
        player = self.turn.player
        hit = first_hit(origin, direction, self.table.obstacles(skip=shooter_id))
        if hit is None or not hit[0].startswith("ship "):
            return "The shot touches no ship." if hit is None else f"The shot lands on {hit[0]}."
        target = self.table.ships[hit[0][5:]]
        if target.owner == player:
            return f"Wasted: the first ship in the line of fire is your own {target.id}."
        if target.braced:
            self.table = self.table.with_ship(target.moved(braced=False))
            return f"{target.id} was braced: the hit does nothing."
        if target.dead:
            self.table = self.table.without_ship(target.id)
            self.table = self.table.with_mat(player, self.table.mat(player).with_prize(target.faction, "hull"))
            self._last_fleet()
            return f"{target.id} sinks; {player} takes the hull."
        fitting = self._knock_fitting(target, player)
        left = self.table.ships[target.id]
        state = "dead in the water" if left.dead else f"{len(left.fittings)} fitting(s) left"
        return f"Hit: {target.id} loses a {fitting} ({state})."

    def _knock_fitting(self, target: Ship, player: str) -> str:
        fitting = target.fittings[-1]
        self.table = self.table.with_ship(target.moved(fittings=target.fittings[:-1]))
        self.table = self.table.with_mat(player, self.table.mat(player).with_prize(target.faction, fitting))
        return fitting

    def island(self, ship_id: str, island_id: str, choice: str, coin: str | None = None) -> Verdict:
        """flag | coin | fire:N — then the ship stays put."""
        ship = self._may_act(ship_id)
        if isinstance(ship, Verdict):
            return ship
        island = self.table.islands.get(island_id)
        if island is None:
            return _no("rules:island", f"No island {island_id!r} on the table.")
        player = self.turn.player
        touches = touching(ship.outline(), island.outline)
        if choice == "coin":
            return self._collect(ship, island, coin)
        if not touches:
            return _no("CS-2", f"{ship.id} is not touching {island.id}.", ship.id, island.id)
        if choice == "flag":
            if island.id not in self.table.touched_last_turn.get(ship.id, frozenset()):
                return _no("CS-2", f"{ship.id} was not touching {island.id} at the end of {player}'s last turn.",
                           ship.id, island.id)
            self.table = self.table.replace(islands={**self.table.islands, island.id: replace(island, holder=player)})
            message = f"{player}'s flag flies on {island.id}."
        elif choice.startswith("fire:") and choice[5:].isdigit() and int(choice[5:]) < len(island.slots):
            slot = island.slots[int(choice[5:])]
            cx = sum(x for x, _ in island.outline) / len(island.outline)
            cy = sum(y for _, y in island.outline) / len(island.outline)
            length = math.hypot(slot[0] - cx, slot[1] - cy) or 1.0
            message = self._shot(slot, ((slot[0] - cx) / length, (slot[1] - cy) / length), None)
        else:
            return _no("rules:island", f"Unknown island action {choice!r} (flag, coin or fire:N).")
        self._act(ship)
        self.turn.stays.add(ship.id)
        return Verdict.accept(message, (ship.id, island.id))

    def _collect(self, ship: Ship, island, coin: str | None) -> Verdict:
        player = self.turn.player
        if island.holder != player:
            return _no("rules:spend-coins", f"{island.id} is not {player}'s island.", island.id)
        nearest = nearest_ship(self.table, player, island.id)
        if nearest != ship.id:
            return _no("CS-3", f"{nearest} is {player}'s ship nearest {island.id}; only it collects there.",
                       nearest or "", island.id)
        if island.id in self.turn.coins_taken:
            return _no("rules:spend-coins", f"{island.id} has paid its coin this turn.", island.id)
        if coin is None or self.table.bag.get(coin, 0) < 1:
            return _no("rules:spend-coins", f"The bag holds no {coin!r} coin.")
        bag = dict(self.table.bag)
        bag[coin] -= 1
        self.table = self.table.with_mat(player, self.table.mat(player).with_coin(coin, 1)).replace(bag=bag)
        self.turn.coins_taken.add(island.id)
        self._act(ship)
        self.turn.stays.add(ship.id)
        return Verdict.accept(f"{ship.id} collects a {coin.replace('_', ' ')} coin from {island.id}.", (ship.id, island.id))

    # --- sailing ------------------------------------------------------------------------------

    def sail(self, ship_id: str, clicks: int) -> Verdict:
        ship = self._own_ship(ship_id)
        if isinstance(ship, Verdict):
            return ship
        move_count = self.rulebook.factions[self.table.factions[self.turn.player]].move_count
        runs = 2 if ship.id in self.turn.full_sail else 1
        if ship.id in self.turn.sailed:
            return _no("rules:turn", f"{ship.id} has sailed this turn.", ship.id)
        low = 0 if ship.id in self.turn.stays or ship.dead else 1
        high = 0 if ship.id in self.turn.stays or ship.dead else move_count * runs
        if not low <= clicks <= high:
            why = ("it is dead in the water" if ship.dead else "it stays at the island" if ship.id in self.turn.stays
                   else f"it sails 1 to {high} clicks")
            return _no("rules:turn", f"{ship.id} cannot sail {clicks} clicks: {why}.", ship.id)
        self.turn.spending = False
        self.turn.sailed.add(ship.id)
        return self._slide(ship, forward(ship.heading), clicks * self.rulebook.click_inches, "Sails", forced=False)

    def _slide(self, ship: Ship, direction, length: float, what: str, forced: bool) -> Verdict:
        """Move until a bump (stop there) or the table edge (stop, or sink when forced off)."""
        steps = max(1, int(round(length / STEP_INCHES)))
        others = self.table.obstacles(skip=ship.id)
        moved = ship
        for step in range(1, steps + 1):
            trial = ship.moved(x=ship.x + direction[0] * length * step / steps,
                               y=ship.y + direction[1] * length * step / steps)
            outline = trial.outline()
            if not inside_table(outline, self.table.width, self.table.height):
                if forced:
                    self.table = self.table.without_ship(ship.id)
                    self._last_fleet()
                    return Verdict.accept(f"{what}: {ship.id} is forced off the table and sinks.", (ship.id,))
                self.table = self.table.with_ship(moved)
                return Verdict.accept(f"{what}: {ship.id} runs out of room and stops at the table edge.", (ship.id,))
            bumped = [name for name, other in others.items() if distance(outline, other) <= 0.0]
            if bumped:
                self.table = self.table.with_ship(moved)
                return Verdict.accept(f"{what}: {ship.id} bumps into {bumped[0]} and stops.", (ship.id, bumped[0]))
            moved = trial
        self.table = self.table.with_ship(moved)
        return Verdict.accept(f"{what}: {ship.id} moves {length:g}\".", (ship.id,))


def nearest_ship(table: Table, player: str, island_id: str) -> str | None:
    """CS-3: the player's ship whose outline is closest to the island's."""
    island = table.islands[island_id]
    fleet = table.fleet(player)
    if not fleet:
        return None
    return min(fleet, key=lambda ship: (distance(ship.outline(), island.outline), ship.id)).id
