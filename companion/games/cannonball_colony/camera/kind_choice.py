"""Taught, which kind a piece is: how well each kind's taught solid fits it, weighed with the kind its look gave.

Shape and size tell a group's kinds apart only so far: from above, a tall narrow piece casts about the
silhouette of a short wide one, and a piece's silhouette on the island is a pixel or two off its true size.
So the kind whose solid fits best wins only by enough; the kind the looks gave counts a little more, and so
does a fort, of which every player owns ten to two cannons and one blockade. A kind is sure only when its
solid alone fits clearly best and the look agrees; otherwise the reading says why it is not.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.cannonball_colony.cells import PieceKind

KIND_WORDS = {kind.value: kind.name.lower() for kind in PieceKind}


@dataclass(frozen=True)
class KindChoiceSettings:
    """Bonuses set on tuning seeds 6000-6099 (benchmarks/taught_accuracy.py, tuned families): of the 1180 pieces whose
    kind the fits chose, 962 right when the look's kind had to be beaten by 0.02, 1003 with these (the look alone 883,
    the fits alone 942). Sureness as set on seeds 6000-6029."""

    look_bonus: float = 0.04       # the kind the look gave counts this much more
    fort_bonus: float = 0.08       # and a fort this much more
    sure_margin: float = 0.05      # sure only when the kind's solid fits this much better than any other's,
    sure_overlap: float = 0.6      # covers the silhouette this well, and the look agrees


@dataclass(frozen=True)
class KindChoice:
    kind: str
    sure: bool
    reason: str    # why not sure, in words ("" when sure)


def choose_kind(fits: dict[str, float], looked: str, settings: KindChoiceSettings = KindChoiceSettings()) -> KindChoice:
    """The likeliest kind of a piece whose look gave `looked`, from each kind's fit (kind -> overlap)."""
    chosen = max(fits, key=lambda kind: fits[kind] + settings.look_bonus * (kind == looked)
                 + settings.fort_bonus * (kind == PieceKind.FORT.value))
    best, top, margin = best_fit(fits)
    if chosen == looked == best and margin >= settings.sure_margin and top >= settings.sure_overlap:
        return KindChoice(chosen, True, "")
    fitted = ", ".join(f"{KIND_WORDS[kind]} {value:.2f}" for kind, value in sorted(fits.items(), key=lambda item: -item[1]))
    return KindChoice(chosen, False, f"taught solids fit it: {fitted}; its look is a {KIND_WORDS.get(looked, looked)}")


def best_fit(fits: dict[str, float]) -> tuple[str, float, float]:
    """(the kind that fits best, its overlap, how much better than the next kind)."""
    ranked = sorted(fits.items(), key=lambda item: -item[1])
    runner = ranked[1][1] if len(ranked) > 1 else 0.0
    return ranked[0][0], ranked[0][1], ranked[0][1] - runner
