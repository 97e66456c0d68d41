"""What the game already knows wins over a reading of a piece's kind (live camera).

A piece the game has committed keeps its kind: a fort does not turn into a cannon, so a fort of
the same owner read as a cannon on the same cell is a misreading, and the game's fort is kept. A
new piece whose kind the reader was unsure of takes the one kind the rules allow there, with the
reason; when more than one kind is legal, the players are asked which it is.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from companion.games.cannonball_colony.cells import Cell, Piece, PieceKind
from companion.games.cannonball_colony.game import Game
from companion.games.cannonball_colony.inference import Explained, Question, explain
from companion.games.cannonball_colony.position import Position


@dataclass(frozen=True)
class KindSettings:
    unsure_below: float = 0.6    # a cell read with less confidence than this: its piece's kind is not known


@dataclass(frozen=True)
class KnownPieces:
    position: Position           # the reading with what the game knows put first
    notes: tuple[str, ...]       # why a reading was overruled, one line each
    question: Question | None    # a new piece's kind the rules cannot settle alone


def unsure_cells(confidence: dict, settings: KindSettings = KindSettings()) -> frozenset[Cell]:
    return frozenset(cell for cell, sure in confidence.items() if sure < settings.unsure_below)


def settle_kinds(game: Game, seen: Position, unsure: frozenset[Cell] | set[Cell]) -> KnownPieces:
    """`seen` with the committed pieces' kinds kept, and an `unsure` new piece given the only legal kind."""
    before = game.position
    pieces = dict(seen.pieces)
    notes = []
    for cell, was in before.pieces.items():
        now = pieces.get(cell)
        if now is not None and now.owner is was.owner and now.kind is not was.kind:
            pieces[cell] = was
            notes.append(f"{cell}: read as a {now.kind.label}, but {was.owner.title}'s {was.kind.label} has stood "
                         f"there since it was built; the game keeps the {was.kind.label}.")
    position = seen.replace(pieces=pieces)
    new = [cell for cell, piece in pieces.items() if cell not in before.pieces and cell in unsure]
    if len(new) != 1:   # one build per turn: more than one new piece is for explain() to question
        return KnownPieces(position, tuple(notes), None)
    cell = new[0]
    read = pieces[cell]
    legal = []
    for kind in PieceKind:
        trial = position.replace(pieces={**pieces, cell: Piece(kind, read.owner)})
        if isinstance(explain(copy.deepcopy(game), trial), Explained):
            legal.append(kind)
    if len(legal) == 1 and legal[0] is not read.kind:
        kind = legal[0]
        notes.append(f"{cell}: the camera could not tell the new piece's kind (read as a {read.kind.label}); "
                     f"a {kind.label} is the only piece {read.owner.title} may build there, so it is a {kind.label}.")
        return KnownPieces(position.replace(pieces={**pieces, cell: Piece(kind, read.owner)}), tuple(notes), None)
    if len(legal) > 1:
        names = " or ".join(f"a {kind.label}" for kind in legal)
        return KnownPieces(position, tuple(notes), Question(
            f"The camera cannot tell the new piece at {cell}: is it {names}? Please check the table "
            "(or teach your pieces: companion calibrate pieces).", (cell,)))
    return KnownPieces(position, tuple(notes), None)
