"""What follows a move: leaving port as a galleon, a chest picked up or stored, the Black Cannon's
compulsory shot, the sea battles across the lettered edges (BC-2), sinking (BC-3) and the chest's
fate, the turn passing, and the score (BC-4: a player's chests over all of their ports).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.black_cannon.moves import Move
from companion.games.black_cannon.position import CHESTS_TO_WIN, KINDS, Position, Ship
from companion.games.verdict import Reason, Verdict

TO_SHIP = "ship"   # a sunk frigate's chest goes onto the shooter's own ship


@dataclass(frozen=True)
class Shot:
    """A shot owed: the shooter, why (the Black Cannon, or a battle across an edge), whom it may hit."""

    shooter: str
    cause: str                    # "black-cannon" | "battle"
    targets: tuple[str, ...]
    edge: str | None = None

    def to_json(self) -> dict:
        return {"shooter": self.shooter, "cause": self.cause, "targets": list(self.targets), "edge": self.edge}


@dataclass(frozen=True)
class Battle:
    edge: str
    squares: tuple[str, str]
    fleets: tuple[str, str]

    def to_json(self) -> dict:
        return {"edge": self.edge, "squares": list(self.squares), "fleets": list(self.fleets)}


@dataclass(frozen=True)
class Landing:
    """A move made: the position after it, what happened, in order, and the shots it calls for."""

    position: Position
    events: tuple[Reason, ...]
    took_chest: bool
    stored_chest: bool
    shots: tuple[Shot, ...]


def battles(position: Position, fleet: str | None = None) -> tuple[Battle, ...]:
    """Opponents' ships facing each other across a lettered edge (BC-2); only `fleet`'s, when given."""
    found, seen = [], set()
    for one in position.fleets if fleet is None else (fleet,):
        square = position.ships[one].square
        for letter, across in position.board.facing(square):
            other = position.fleet_at(across)
            if other is None or other not in position.opponents(one) or frozenset((one, other)) in seen:
                continue
            seen.add(frozenset((one, other)))
            found.append(Battle(letter, (square, across), (one, other)))
    return tuple(found)


def still_facing(position: Position, shot: Shot) -> bool:
    """Whether a battle shot's two ships still face each other across its edge."""
    across = position.board.facing(position.ships[shot.shooter].square)
    return (shot.edge, position.ships[shot.targets[0]].square) in across


def sail(position: Position, move: Move, take_chest: bool = True) -> Landing:
    """The ship makes `move` (already judged legal) and everything that follows on the square it reaches."""
    fleet, board = move.fleet, position.board
    ship = position.ships[fleet]
    events: list[Reason] = []
    kind = ship.kind
    if position.in_home_port(fleet) and kind != "galleon":
        kind = "galleon"
        events.append(Reason("rules:home-port", f"{fleet.title()}'s {ship.kind} leaves its home port as a galleon.",
                             (ship.square,)))
    ships = {**position.ships, fleet: Ship(kind, move.to)}
    carrying, home, chests = set(position.carrying), dict(position.home), dict(position.chests)
    took = stored = False
    if move.to == board.port(fleet) and fleet in carrying:
        carrying.discard(fleet)
        home[fleet] += 1
        stored = True
        events.append(Reason("rules:home-port", f"{fleet.title()} brings a chest home to {move.to}: "
                             f"{home[fleet]} stored there.", (move.to,)))
    if move.to in chests:
        events.append(_treasure(fleet, kind, move.to, fleet in carrying, chests[move.to], take_chest))
        if take_chest and kind != "raft" and fleet not in carrying and chests[move.to]:
            chests[move.to] -= 1
            carrying.add(fleet)
            took = True
    after = position.replace(ships=ships, carrying=frozenset(carrying), home=home, chests=chests)
    shots: list[Shot] = []
    if move.to in board.black_cannon:
        shots.append(Shot(fleet, "black-cannon", tuple(after.opponents(fleet))))
        events.append(Reason("rules:black-cannon", f"{move.to} is a Black Cannon square: {fleet} must fire one "
                             f"cannonball at an opponent's ship.", (move.to,)))
    for battle in battles(after, fleet):
        other = battle.fleets[1]
        shots += [Shot(fleet, "battle", (other,), battle.edge), Shot(other, "battle", (fleet,), battle.edge)]
        events.append(Reason("BC-2", f"{fleet.title()} at {battle.squares[0]} faces {other} at {battle.squares[1]} "
                             f"across edge {battle.edge}: a sea battle; {fleet} moved last and fires first (BC-9).",
                             battle.squares))
    return Landing(after, tuple(events), took, stored, tuple(shots))


def _treasure(fleet: str, kind: str, square: str, carrying: bool, lying: int, take: bool) -> Reason:
    if kind == "raft":
        return Reason("rules:treasure", f"A raft may never carry treasure: the chests stay on {square}.", (square,))
    if carrying:
        return Reason("rules:treasure", f"{fleet.title()} already carries a chest: one at a time.", (square,))
    if not lying:
        return Reason("rules:treasure", f"No chest is left on {square}.", (square,))
    if not take:
        return Reason("rules:treasure", f"{fleet.title()} leaves the chests on {square}.", (square,))
    return Reason("rules:treasure", f"{fleet.title()} picks up a chest on {square} ({lying - 1} left there).", (square,))


def judge_shot(position: Position, shot: Shot, target: str | None, sunk: bool, chest_to: str | None) -> Verdict:
    """Whether the shot's outcome as told can be recorded: a target it may hit, and a chest's fate when one is lost."""
    if target is None:
        return (Verdict.reject(Reason("rules:sinking", "A miss sinks nothing: give no target, or sunk false.", ()))
                if sunk else Verdict.accept(f"{shot.shooter.title()} misses: no result."))
    if target not in shot.targets:
        return Verdict.reject(Reason("rules:black-cannon" if shot.cause == "black-cannon" else "rules:battle",
                                     f"{shot.shooter.title()} may fire at {' or '.join(shot.targets)}, not "
                                     f"{target}.", ()))
    victim = position.ships[target]
    if not sunk:
        return Verdict.accept(f"{target.title()}'s {victim.kind} is hit but stays up: no result.", (victim.square,))
    loses = victim.kind == "frigate" and target in position.carrying
    if loses:
        shooter = position.ships[shot.shooter]
        can_take = shooter.kind != "raft" and shot.shooter not in position.carrying
        if chest_to == TO_SHIP and not can_take:
            why = "it is a raft" if shooter.kind == "raft" else "it already carries one"
            return Verdict.reject(Reason("rules:sinking", f"The chest cannot go onto {shot.shooter}'s ship: {why}; "
                                         f"put it on a treasure square.", (shooter.square,)))
        if chest_to != TO_SHIP and chest_to not in position.board.treasure:
            places = ([TO_SHIP] if can_take else []) + list(position.board.treasure)
            return Verdict.reject(Reason("rules:sinking", f"The sunk frigate's chest is lost: the shooter says where "
                                         f"it goes ({', '.join(places)}).", (victim.square,)))
    elif chest_to is not None:
        return Verdict.reject(Reason("rules:sinking", f"No chest is lost with {target}'s {victim.kind}: say no chest.",
                                     (victim.square,)))
    return Verdict.accept(_sunk_sentence(position, target, chest_to), (victim.square,))


def _sunk_sentence(position: Position, target: str, chest_to: str | None) -> str:
    victim = position.ships[target]
    if victim.kind == "galleon":
        kept = " It keeps its chest." if target in position.carrying else ""
        return f"{target.title()}'s galleon sinks and comes back as a frigate on {victim.square}.{kept} [rules:sinking]"
    if victim.kind == "frigate":
        chest = ("" if chest_to is None else " Its chest goes onto the shooter's ship." if chest_to == TO_SHIP
                 else f" Its chest is put on {chest_to}.")
        return f"{target.title()}'s frigate sinks and comes back as a raft on {victim.square}.{chest} [rules:sinking]"
    return (f"{target.title()}'s raft sinks and goes back to its home port {position.board.port(target)} as a raft. "
            f"[BC-3]")


def fire(position: Position, shot: Shot, target: str | None, sunk: bool, chest_to: str | None = None) -> Position:
    """The position after a shot whose outcome judge_shot accepted."""
    if target is None or not sunk:
        return position
    victim = position.ships[target]
    carrying, chests = set(position.carrying), dict(position.chests)
    if victim.kind == "raft":   # BC-3: back to its home port, still a raft
        replaced = Ship("raft", position.board.port(target))
    else:
        replaced = Ship(KINDS[KINDS.index(victim.kind) + 1], victim.square)
        if victim.kind == "frigate" and target in carrying:
            carrying.discard(target)
            if chest_to == TO_SHIP:
                carrying.add(shot.shooter)
            else:
                chests[chest_to] += 1
    return position.replace(ships={**position.ships, target: replaced}, carrying=frozenset(carrying), chests=chests)


def end_turn(position: Position) -> Position:
    return position.replace(turn=position.next_player())


@dataclass(frozen=True)
class Score:
    home: dict[str, int]
    carried: dict[str, int]
    winner: str | None
    why: str

    def to_json(self) -> dict:
        return {"players": {p: {"home": self.home[p], "carried": self.carried[p]} for p in self.home},
                "winner": self.winner}


def winner(position: Position) -> str | None:
    """The player who has brought three chests home (over both ports in a two-player game, BC-4)."""
    return next((p for p in position.names if position.chests_home(p) >= CHESTS_TO_WIN), None)


def score(position: Position) -> Score:
    home = {p: position.chests_home(p) for p in position.names}
    carried = {p: position.chests_carried(p) for p in position.names}
    won = winner(position)
    standing = ", ".join(f"{p} {home[p]} home" + (f" and {carried[p]} carried" if carried[p] else "") for p in home)
    if won is not None:
        why = f"{won.title()} has brought {home[won]} chests home and wins. ({standing}) [rules:object]"
    else:
        why = f"Nobody has three chests home yet: {standing}. [rules:object]"
    return Score(home, carried, won, why)
