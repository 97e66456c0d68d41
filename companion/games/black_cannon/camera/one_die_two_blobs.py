"""One die found as two blobs (its top and its side, or its body and its shadow, each a candidate): each is read by
the pip counter from a crop of its own, and the two crops can say different things of the die's body. Where one
crop measured the body round the top and saw a side beside it (die_sides.sides_show_lean: a cocked die), while the
other's crop cut the body off and so measured nothing, the second reading, read sure, is no better word for the die:
the side seen stands and that reading is asked about too (fresh tuning seed 7051: a cocked red 1 read sure from
one blob, its body cut off by the crop, and doubted for its side from the other, which the reader dropped as the
less sure). Likewise a reading sure only because both readers were nearly sure of it, which the pip counter may
give only when it has no doubt of the die: when another look at the same die read the same count doubted, the
counter had a doubt of that die after all (fresh tuning seed 7206 forced to lean: a cocked red 4, one of whose pips
was read as a lone 1 from three blobs, doubted from two, made sure from the third by the agreement alone)."""

from __future__ import annotations

import math
from dataclasses import replace

from companion.games.black_cannon.camera.seen_die import SeenDie
from companion.games.black_cannon.camera.settings import ReaderSettings


def side_seen_elsewhere(dice: list[SeenDie], settings: ReaderSettings) -> list[SeenDie]:
    """`dice` (every candidate's reading) with each one read sure whose crop cut its die's body off doubted when
    another reading of the same count, within a die's least top of it (the same die), saw a side beside its top. A
    body barely found (narrower than a die's top) is not cut off: that crop saw the die, and saw no side (fresh tuning
    seed 7034: a flat blue 1 whose other look, its body cut thin by the strips' opening, saw a side)."""
    return [_doubted(die, settings) if _sure_cut_off(die, settings)
            and _another_look(die, dice, settings, lambda other: other.side_seen) else die for die in dice]


def doubted_elsewhere(dice: list[SeenDie], settings: ReaderSettings) -> list[SeenDie]:
    """`dice` (every candidate's reading) with each one sure only by both readers' near agreement
    (`SeenDie.sure_by_agreement`) doubted when another reading of the same count within a die's least top of it
    (the same die) was doubted by the pip counter."""
    return [_doubted(die, settings, _DOUBTED_NOTE, side_seen=False) if die.sure_by_agreement
            and _another_look(die, dice, settings, lambda other: other.doubted) else die for die in dice]


def _another_look(die: SeenDie, dice: list[SeenDie], settings: ReaderSettings, saw) -> bool:
    """Whether another reading of the same count within a die's least top of `die` (the same die) `saw` so."""
    return any(other is not die and saw(other) and other.pips == die.pips
               and math.dist(other.centre_mm, die.centre_mm) < settings.die_size_mm[0] for other in dice)


def _sure_cut_off(die: SeenDie, settings: ReaderSettings) -> bool:
    return die.pips is not None and die.confidence >= settings.confident and die.body_cut_off


_SIDE_NOTE = "; another look at this die saw its body show a side beside its top, where this look's crop cut it off: a cocked die?"
_DOUBTED_NOTE = "; another look at this die read it so but doubted it: the two readers' near agreement does not make it sure"


def _doubted(die: SeenDie, settings: ReaderSettings, note: str = _SIDE_NOTE, side_seen: bool = True) -> SeenDie:
    return replace(die, confidence=round(die.confidence * settings.doubted_keeps, 3), doubted=True,
                   side_seen=die.side_seen or side_seen, reason=die.reason + note)
