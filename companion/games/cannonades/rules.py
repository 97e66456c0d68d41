"""Cannonades' moves: which are open to the seat the game waits for, why another is refused, and playing one.

A move is a tuple:
  ("keep",) ("redeal",)                    the opening hand (a pending redeal)
  ("add", CARD) ("shoot", CARD, SHIP) ("draw", CARD) ("board", SHIP, SHIP) ("end",) ("undo",)
  ("grin", EFFECT, SHIP|None)              EFFECT: draw | discard | reveal (SHIP) | none
  ("discard", CARD)                        one card of a pending discard
  ("salvage", CARD|None)                   a cannonade back from the discard pile, or none
`refusal` says why a move is not open (a Reason: rule id, sentence, evidence); `legal_moves` lists
the open ones (undo apart); `play` plays an open one and settles the game until the next decision.
"""

from __future__ import annotations

from companion.games.cannonades.deck import CANNONADE, Deck
from companion.games.cannonades.state import HAND_SIZE, LIMIT, MAX_SHIPS, REDEAL, STANDARD, Game, Ship
from companion.games.cannonades.turns import (cannonades_in_discard, discard_from_hand, draw_cards, eliminate,
                                              grin_effects, settle, tell)
from companion.games.verdict import Reason

MOVES = ("keep", "redeal", "add", "shoot", "draw", "board", "end", "undo", "grin", "discard", "salvage")
ACTION_MOVES = ("add", "shoot", "draw", "board", "end", "undo")


def _no(rule: str, message: str, *evidence: str) -> Reason:
    return Reason(rule, message, tuple(evidence))


def refusal(game: Game, seat: str, move: tuple) -> Reason | None:
    """None when `seat` may make `move` now; otherwise the reason it may not."""
    if game.over:
        return _no(game.rule or "rules:end-of-game", f"The game is over: {game.why}.")
    kind = move[0]
    if kind not in MOVES:
        return _no("rules:turn", f"{kind!r} is not a move ({', '.join(MOVES)}).")
    if seat != game.to_move:
        return _no("rules:turn", f"It is {game.to_move}'s decision ({_waiting(game)}), not {seat}'s.")
    decision = game.decision
    wanted = {"redeal": ("keep", "redeal"), "grin": ("grin",), "discard": ("discard",),
              "salvage": ("salvage",)}.get(decision, ACTION_MOVES)
    if kind not in wanted:
        return _no("rules:turn", f"{seat} must first {_waiting(game)}.")
    return CHECKS[kind](game, seat, *move[1:])


def _waiting(game: Game) -> str:
    """What the game waits for, in words."""
    if not game.pending:
        return f"take an action or end the turn ({game.actions_left} left)"
    top = game.pending[-1]
    if top[0] == "grin":
        return f"choose the grin's effect for {top[3]} ({top[4]}) against {top[2]}"
    if top[0] == "discard":
        return f"discard {top[2]} card{'s' if top[2] != 1 else ''} ({top[3]})"
    if top[0] == "salvage":
        return "take a cannonade back from the discard pile, or none"
    return "keep or redeal the opening hand"


def _check_redeal(game, seat):
    if len(game.pile) < HAND_SIZE:
        return _no("CN-11", f"The deck has {len(game.pile)} cards: a redeal needs {HAND_SIZE}.")
    return None


def _action(game: Game, seat: str) -> Reason | None:
    if game.actions_left <= 0:
        return _no("rules:actions", f"{seat} has taken all four actions: end the turn.")
    return None


def _in_hand(game: Game, seat: str, card: str, kind: str | None = None) -> Reason | None:
    if card not in game.deck:
        return _no("CN-1", f"{card!r} is not a card of the {game.deck.name} deck.")
    if card not in game.hands[seat]:
        return _no("rules:actions", f"{card} is not in {seat}'s hand.", card)
    if kind is not None and game.card(card).kind != kind:
        return _no("rules:actions", f"{card} is a {game.card(card).kind}, not a {kind}.", card)
    return None


def _target(game: Game, seat: str, target: str) -> Reason | None:
    found = game.ship(target)
    if found is None:
        return _no("rules:actions", f"{target!r} is not a ship in play.")
    if found[0] == seat:
        return _no("rules:actions", f"{target} is {seat}'s own ship: fire at an opponent's.", target)
    return None


def _check_add(game, seat, card):
    problem = _action(game, seat) or _in_hand(game, seat, card, "ship")
    if problem:
        return problem
    if len(game.fleets[seat]) >= MAX_SHIPS:
        return _no("rules:add", f"{seat} has {MAX_SHIPS} ships in play, the most a fleet may have.")
    return None


def _check_shoot(game, seat, card, target):
    problem = _action(game, seat)
    if problem:
        return problem
    if game.is_first_turn(seat):
        return _no("rules:first-turn", f"No shooting on one's first turn: this is {seat}'s.")
    return _in_hand(game, seat, card, CANNONADE) or _target(game, seat, target)


def _check_draw(game, seat, card):
    problem = _action(game, seat) or _in_hand(game, seat, card)
    if problem:
        return problem
    if not game.pile:
        return _no("CN-8", "The deck is empty: there is nothing to draw.")
    return None


def _check_board(game, seat, ship, target):
    problem = _action(game, seat)
    if problem:
        return problem
    found = game.ship(ship)
    if found is None or found[0] != seat:
        return _no("rules:board", f"{ship!r} is not one of {seat}'s ships in play.")
    if not found[2].face_up:
        return _no("rules:board", f"{ship} is face down: only a damaged (face-up) ship boards.", ship)
    if len(game.fleets[seat]) == 1:
        return _no("CN-6", f"{ship} is {seat}'s last ship: boarding with it would sink the whole fleet.", ship)
    return _target(game, seat, target)


def _check_end(game, seat):
    return None


def _check_undo(game, seat):
    if not game.undoable:
        return _no("CN-10", "Nothing to undo: only a ship just added, with nothing drawn, revealed or shot "
                            "since, can be taken back.")
    return None


def _check_grin(game, seat, effect, target=None):
    open_effects = grin_effects(game, game.pending[-1])
    if effect == "none":
        return None
    if effect not in open_effects:
        return _no("CN-4", f"The grin cannot {effect} now (open: {', '.join(open_effects + ['none'])}).")
    if effect == "reveal":
        against = game.pending[-1][2]
        found = game.ship(target) if isinstance(target, str) else None
        if found is None or found[0] != against or found[2].face_up:
            return _no("rules:captains-grin", f"Reveal which of {against}'s face-down ships? {target!r} is not one.")
    return None


def _check_discard(game, seat, card):
    return _in_hand(game, seat, card)


def _check_salvage(game, seat, card=None):
    if card is None:
        return None
    if card not in cannonades_in_discard(game):
        return _no("rules:end-of-game", f"{card!r} is not a cannonade in the discard pile.")
    return None


CHECKS = {"keep": lambda game, seat: None, "redeal": _check_redeal, "add": _check_add, "shoot": _check_shoot,
          "draw": _check_draw, "board": _check_board, "end": _check_end, "undo": _check_undo,
          "grin": _check_grin, "discard": _check_discard, "salvage": _check_salvage}


def legal_moves(game: Game) -> list[tuple]:
    """Every move open to the seat the game waits for (undo apart), in a stable order."""
    seat, decision = game.to_move, game.decision
    if seat is None:
        return []
    if decision == "redeal":
        return [("keep",)] + ([("redeal",)] if len(game.pile) >= HAND_SIZE else [])
    if decision == "grin":
        top = game.pending[-1]
        moves = []
        for effect in grin_effects(game, top):
            if effect == "reveal":
                moves += [("grin", "reveal", s.id) for s in game.fleets[top[2]] if not s.face_up]
            else:
                moves.append(("grin", effect, None))
        return moves + [("grin", "none", None)]
    hand = game.hands[seat]
    if decision == "discard":
        return [("discard", card) for card in sorted(set(hand))]
    if decision == "salvage":
        return [("salvage", card) for card in sorted(set(cannonades_in_discard(game)))] + [("salvage", None)]
    moves = []
    if game.actions_left > 0:
        fleet = game.fleets[seat]
        targets = [s.id for other in game.in_play if other != seat for s in game.fleets[other]]
        for card in hand:
            kind = game.card(card).kind
            if kind != CANNONADE and len(fleet) < MAX_SHIPS:
                moves.append(("add", card))
            if kind == CANNONADE and not game.is_first_turn(seat):
                moves += [("shoot", card, target) for target in targets]
            if game.pile:
                moves.append(("draw", card))
        if len(fleet) > 1:
            moves += [("board", s.id, target) for s in fleet if s.face_up for target in targets]
    return moves + [("end",)]


# --- playing ---------------------------------------------------------------------------------


def play(game: Game, move: tuple) -> None:
    """Play an open move (check `refusal` first) and settle; the game's news and chance are in place."""
    seat = game.to_move
    kind = move[0]
    if kind != "undo" and kind != "add":
        game.undoable = []
    PLAYS[kind](game, seat, *move[1:])
    settle(game)


def _play_keep(game, seat):
    game.pending.pop()
    tell(game, "keep", seat=seat)


def _play_redeal(game, seat):
    """Show the hand, draw five new, shuffle the shown cards into the deck; again if still short (rules:setup)."""
    game.pending.pop()
    shown = list(game.hands[seat])
    game.hands[seat] = []
    tell(game, "redeal", seat=seat, cards=shown)
    # Not draw_cards: the five shown go back into the deck, so these draws never empty it.
    game.hands[seat] = [game.pile.pop() for _ in range(HAND_SIZE)]
    tell(game, "draw", [seat], seat=seat, count=HAND_SIZE, cards=list(game.hands[seat]))
    game.pile = game.chance.shuffle(game.pile + shown)
    tell(game, "shuffle", [], cards=list(game.pile))
    if sum(game.card(c).is_ship for c in game.hands[seat]) <= 1:
        game.pending.append(("redeal", seat))


def _play_add(game, seat, card):
    game.hands[seat].remove(card)
    game.ships_added[seat] = game.ships_added.get(seat, 0) + 1
    ship = Ship(f"{seat}-{game.ships_added[seat]}", card, False)
    game.fleets[seat].append(ship)
    game.actions_left -= 1
    game.undoable.append((ship.id, card))
    tell(game, "add", [seat], seat=seat, ship=ship.id, card=card)


def _play_undo(game, seat):
    ship_id, card = game.undoable.pop()
    game.fleets[seat] = [s for s in game.fleets[seat] if s.id != ship_id]
    game.hands[seat].append(card)
    game.ships_added[seat] -= 1
    game.actions_left += 1
    tell(game, "undo", [seat], seat=seat, ship=ship_id, card=card)


def _play_shoot(game, seat, card, target):
    game.actions_left -= 1
    discard_from_hand(game, seat, card, "shot")
    hit(game, seat, target, card)


def _play_draw(game, seat, card):
    game.actions_left -= 1
    discard_from_hand(game, seat, card, "draw")
    draw_cards(game, seat, 1 + game.card(card).grins)


def _play_board(game, seat, ship, target):
    game.actions_left -= 1
    boarder = game.ship(ship)[2]
    game.fleets[seat] = [s for s in game.fleets[seat] if s.id != ship]
    game.discard.append(boarder.card)
    tell(game, "board", seat=seat, ship=ship, card=boarder.card, target=target)
    hit(game, seat, target, boarder.card)


def _play_end(game, seat):
    game.stage = LIMIT
    tell(game, "end-turn", seat=seat)


def _play_grin(game, seat, effect, target=None):
    _, _, against, ship, hit_kind = game.pending.pop()
    tell(game, "grin", seat=seat, effect=effect, against=against, ship=ship, target=target)
    if effect == "draw":
        draw_cards(game, seat, 1)
    elif effect == "discard":
        game.pending.append(("discard", against, 1, "grin"))
    elif effect == "reveal":
        hit(game, seat, target, None)


def _play_discard(game, seat, card):
    _, _, count, why = game.pending.pop()
    if count > 1:
        game.pending.append(("discard", seat, count - 1, why))
    discard_from_hand(game, seat, card, why)


def _play_salvage(game, seat, card=None):
    game.pending.pop()
    if card is not None:
        game.discard.remove(card)
        game.hands[seat].append(card)
    tell(game, "salvage", seat=seat, card=card)


PLAYS = {"keep": _play_keep, "redeal": _play_redeal, "add": _play_add, "undo": _play_undo, "shoot": _play_shoot,
         "draw": _play_draw, "board": _play_board, "end": _play_end, "grin": _play_grin,
         "discard": _play_discard, "salvage": _play_salvage}


def hit(game: Game, hitter: str, target: str, weapon: str | None) -> str:
    """A ship hit by a cannonade or a boarding ship (`weapon`), or turned face up by a grin (None).
    One icon in common sinks it; otherwise it is damaged (face up). Its grins are due to its owner
    against the hitter (CN-2, CN-3). Returns "sunk", "damaged" or "stands"."""
    owner, index, ship = game.ship(target)
    card = game.card(ship.card)
    was_down = not ship.face_up
    fleet = game.fleets[owner]
    if weapon is not None and game.card(weapon).matches(card):
        del fleet[index]
        game.discard.append(ship.card)
        outcome = "sunk"
        due = ((["damaged", "sunk"] if was_down else ["sunk"]) if card.grins == 2
               else (["sunk"] if was_down and card.grins == 1 else []))
    elif was_down:
        fleet[index] = Ship(ship.id, ship.card, True)
        outcome, due = "damaged", (["damaged"] if card.grins else [])
    else:
        outcome, due = "stands", []
    tell(game, outcome, seat=owner, ship=target, card=ship.card, by=hitter, weapon=weapon,
         grins=card.grins, due=due)
    if outcome == "sunk" and not fleet:
        eliminate(game, owner, hitter)
    if owner not in game.out:
        for hit_kind in reversed(due):   # a stack: the damage's effect is chosen first
            game.pending.append(("grin", owner, hitter, target, hit_kind))
    return outcome


def deal(deck: Deck, seats: list[str], order: list[str], variant: str = STANDARD, seed: int = 0,
         news: list | None = None) -> Game:
    """A new game from the shuffled deck (`order`, top first): five cards each, the starter first; then
    each player holding one ship or none may redeal, in turn order (rules:setup)."""
    game = Game(deck, tuple(seats), variant, seed=seed, news=news)
    game.pile = list(reversed(order))
    for seat in seats:
        game.hands[seat], game.fleets[seat] = [], []
        draw_cards(game, seat, HAND_SIZE)
    game.stage = REDEAL
    for seat in reversed(seats):
        if sum(deck.card(c).is_ship for c in game.hands[seat]) <= 1:
            game.pending.append(("redeal", seat))
    settle(game)
    return game
