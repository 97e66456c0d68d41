"""A die as the camera reads it (`SeenDie`), and the doubts laid on a roll's dice read together: a pair
whose tops read at sizes far apart, and a die read as another count than the still frame before it read."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from companion.games.black_cannon.camera.settings import ReaderSettings


@dataclass(frozen=True)
class SeenDie:
    pips: int | None
    confidence: float
    centre_mm: tuple[float, float]
    reason: str
    side_mm: float | None = None     # the top face's side from its pips' spread; None for a lone pip
    doubted: bool = False            # a doubt was raised on it beyond its margin (a cocked die?, another count)
    learned: int | None = None       # the learned face reader's likeliest class (NOT_A_FACE: no flat face); None unread
    learned_sure: float = 0.0        # and its probability
    side_seen: bool = False          # its body showed a side beside its top (die_sides.py): a cocked die?
    # which way (picture degrees, 0-180) its pips were seen squashed, when they were (pair_smear.py); None: not
    squash_bearing_deg: float | None = None
    # whether its face's grid of pips was judged for a lean (face_checks.grid_judged: four of its pips found)
    grid_judged: bool = True
    # whether its crop cut off its die's body round its top (die_sides.BodyExtent.cut_off): no side could be seen
    body_cut_off: bool = False
    # whether it is sure only because both readers were nearly sure of its count, the pip counter undoubted
    # (face_model.combine): that holds for the die only if no other look at it doubted it (one_die_two_blobs.py)
    sure_by_agreement: bool = False


NOT_A_FACE = 0            # the learned face reader's class for a cocked die, a hidden one, or no die at all


def doubt_unlike_pair(dice: list[SeenDie], settings: ReaderSettings) -> list[SeenDie]:
    """A roll's two dice are one pair, of one size: when their top faces read sizes far apart, one of them
    is no flat top (a cocked die's tilted face, or two pips of a bigger face read as a smaller one). The odd
    size is laid on a die asked about already, the other keeping its reading (tuning seeds: a cocked or misread
    die beside a flat one read right); so it is, of two read sure, on one the learned face reader sees no flat face
    on when it is sure of the other's count (a cocked die's top read sure by the pip counter alone beside a flat die
    both readers are sure of); else both are doubted. A lone pip's face says too little of its size."""
    sides = [die.side_mm for die in dice]
    if len(dice) != 2 or None in sides or max(sides) <= min(sides) * settings.dice_pair_sizes:
        return dice
    note = f"; the two dice's tops read {min(sides):.0f} and {max(sides):.0f} mm: a die cocked?"
    asked = [die.confidence < settings.confident for die in dice]
    no_face = [die.learned == NOT_A_FACE for die in dice]
    backed = [_both_readers_sure(die, settings) for die in dice]
    if sum(asked) == 1:
        blamed = asked
    elif not any(asked) and sum(no_face) == 1 and backed == [not blame for blame in no_face]:
        blamed = no_face
    else:
        blamed = [True, True]
    return [replace(die, confidence=round(die.confidence * settings.doubted_keeps, 3), reason=die.reason + note)
            if blame else die for die, blame in zip(dice, blamed)]


def _both_readers_sure(die: SeenDie, settings: ReaderSettings) -> bool:
    """The pip counter sure of the die, undoubted, and the learned face reader sure of the same count by itself."""
    return (die.pips is not None and die.confidence >= settings.confident and not die.doubted
            and die.learned == die.pips and die.learned_sure >= settings.pair_kept_face_least)


def doubt_changed(dice: list[SeenDie], before: list[SeenDie], settings: ReaderSettings) -> list[SeenDie]:
    """The dice of a frame read while the table stood still since the frame read before it: a die lying
    where it lay then but read as another count is asked about, since one of the two readings is wrong
    (a cocked die's tilted top reads differently from one frame's grain to the next)."""
    doubted = []
    for die in dice:
        earlier = {other.pips for other in before if other.pips is not None
                   and math.dist(other.centre_mm, die.centre_mm) < settings.die_size_mm[0]}
        if die.pips is not None and earlier - {die.pips}:
            note = f"; the frame before read {' or '.join(map(str, sorted(earlier)))} here: a die cocked?"
            die = replace(die, confidence=round(die.confidence * settings.doubted_keeps, 3), reason=die.reason + note)
        doubted.append(die)
    return doubted
