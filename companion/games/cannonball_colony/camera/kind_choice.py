"""Which kind a piece is, from how well each kind's solid fits it: taught, weighed with the kind its look gave;
untaught, why the kit's solids do not confirm the kind the network read.

Shape and size tell a group's kinds apart only so far: from above, a tall narrow piece casts about the
silhouette of a short wide one, and a piece's silhouette on the island is a pixel or two off its true size.
So the kind whose solid fits best wins only by enough; the kind the looks gave counts a little more, and so
does a fort, of which every player owns ten to two cannons and one blockade. Taught, how the piece is lit counts
too: its shading against each kind's taught shading, and its top face's contrast with its sides, where each kind's
solid puts them, against that kind's taught contrast. A kind is sure only when its
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
    the fits alone 942). Sureness as set on seeds 6000-6029, then the margin 0.05 -> 0.09 on seeds 6000-6099: taught
    cells confidently wrong 12 -> 9 of 9432 (wedge and tower blockades a fort's solid fitted 0.06-0.08 better), 38
    more right pieces asked about."""

    look_bonus: float = 0.04       # the kind the look gave counts this much more
    fort_bonus: float = 0.08       # and a fort this much more
    sure_margin: float = 0.09      # sure only when the kind's solid fits this much better than any other's,
    sure_overlap: float = 0.6      # covers the silhouette this well, and the look agrees
    # Taught, each kind's fit less this much of how far the piece's shading is from the kind's nearest taught one
    # (companion.vision.piece_shading): set offline on 1198 recorded pieces of seeds 6000-6099, chosen on the odd
    # seeds and counted on the even and back (0.3 both ways): kinds right 1048 -> 1069, sure and wrong 13 -> 6.
    shading_weight: float = 0.3
    unknown_shading_gap: float = 1.0   # a kind with no taught shading counts as shaded nothing like the piece
    # Taught, each kind's fit less this much of how far the piece's top face's contrast with its sides, where the
    # kind's solid puts them, is from the median of the kind's taught ones (companion.vision.piece_faces); nothing
    # where either has none, nor where no kind's solid covers the silhouette face_least_fit (a ring of paint round an
    # unlit top: its faces are guesses). Set offline on 427 recorded pieces of seeds 6000-6033, chosen on the even
    # seeds and counted on the odd (kinds right 187 -> 194 of 205 and 202 -> 202 of 222, sure and wrong 0 either way);
    # then the benchmark on seeds 6000-6099: kinds read wrong 112 -> 101 (cannon -> fort 32 -> 25, blockade -> fort
    # 43 -> 39), confidently wrong cells 6 -> 6.
    face_weight: float = 0.1
    face_least_fit: float = 0.3
    # A kind whose face gap is unknown (its solid puts no measurable top face on the piece, or it has no taught one)
    # counts the worst gap of the kinds measured: counted as none, it beat the kinds whose faces were compared (8073's
    # cube blockades, fitted 0.85 against the fort's 0.73, read as forts). Tuning seeds 8000-8099 (taught, tuned
    # families, main's kind choices recorded): cells right +7, boards exact +4, confidently wrong unchanged.
    unmeasured_faces_worst: bool = True
    # A piece whose top face's contrast with its sides lies this far or more from the chosen kind's taught one matches
    # no kind's faces: their gaps still weigh in the choice, but the kind is sure only if it is clearly best without
    # them. Set on seeds 6600-6799 (tuned families, taught; main's kind choices recorded): of 1310 sure kinds with a face
    # gap, right ones a median 0.14 (90% under 0.58); 6703's Spanish cylinder cannon (raw fits fort 0.86, cannon 0.84)
    # was a sure fort only by the face gaps (0.85 against 1.63): no right cell there loses its sureness.
    face_trusted_gap: float = 0.5


@dataclass(frozen=True)
class KindChoice:
    kind: str
    sure: bool
    reason: str    # why not sure, in words ("" when sure)


def choose_kind(fits: dict[str, float], looked: str, settings: KindChoiceSettings = KindChoiceSettings(),
                gaps: dict[str, float | None] | None = None, face_gaps: dict[str, float | None] | None = None) -> KindChoice:
    """The likeliest kind of a piece whose look gave `looked`, from each kind's fit (kind -> overlap) and, when
    given, how far its shading is from each kind's taught shading (kind -> gap, None where there is none) and how
    far its top face's contrast with its sides is from each kind's taught ones (the same)."""
    overlaps = fits
    measured = {kind: gap for kind, gap in (face_gaps or {}).items() if gap is not None and kind in fits
                and max(fits.values()) >= settings.face_least_fit}
    # A kind whose faces could not be compared counts the worst gap measured, not none: missing faces are no match.
    worst = max(measured.values(), default=0.0)
    faced = {kind: measured.get(kind, worst) for kind in fits} if measured and settings.unmeasured_faces_worst else measured
    shaded = bool(gaps) and any(gap is not None for gap in gaps.values())
    shading_cost = {kind: settings.shading_weight * (settings.unknown_shading_gap if gaps.get(kind) is None else gaps[kind])
                    if shaded else 0.0 for kind in fits}
    unfaced = {kind: value - shading_cost[kind] for kind, value in fits.items()}
    fits = {kind: value - settings.face_weight * faced.get(kind, 0.0) for kind, value in fits.items()}
    if shaded:
        fits = {kind: value - shading_cost[kind] for kind, value in fits.items()}
    chosen = max(fits, key=lambda kind: fits[kind] + settings.look_bonus * (kind == looked)
                 + settings.fort_bonus * (kind == PieceKind.FORT.value))
    best, top, margin = best_fit(fits)
    faces_unlike = False
    # A kind fits clearly best only against every other kind's solid: with one untaught, nothing was weighed against it.
    untaught = [kind.value for kind in PieceKind if kind.value not in fits]
    if chosen == looked == best and margin >= settings.sure_margin and top >= settings.sure_overlap and not untaught:
        # Faces like no kind's: their gaps may have made the margin; the kind must be clearly best without them.
        unfaced_best, _, unfaced_margin = best_fit(unfaced)
        faces_unlike = faced.get(chosen, 0.0) >= settings.face_trusted_gap and (
            unfaced_best != chosen or unfaced_margin < settings.sure_margin)
        if not faces_unlike:
            return KindChoice(chosen, True, "")
    fitted = ", ".join(f"{KIND_WORDS[kind]} {value:.2f}" for kind, value in sorted(overlaps.items(), key=lambda item: -item[1]))
    shading = "; its shading is off each kind's taught one by " + ", ".join(
        f"{KIND_WORDS[kind]} {gap:.2f}" for kind, gap in sorted(gaps.items()) if gap is not None) if shaded else ""
    faces = "; its top face's contrast with its sides is off each kind's taught one by " + ", ".join(
        f"{KIND_WORDS[kind]} {gap:.2f}" for kind, gap in sorted(measured.items())) if measured else ""
    unlike = (f"; its faces are like no kind's taught ones ({KIND_WORDS[chosen]} off by {faced[chosen]:.2f}): without them "
              f"the {KIND_WORDS[chosen]} is not clearly best") if faces_unlike else ""
    missing = f"; no {' nor '.join(KIND_WORDS[kind] for kind in untaught)} was taught to weigh it against" if untaught else ""
    return KindChoice(chosen, False, f"taught solids fit it: {fitted}{shading}{faces}; its look is a {KIND_WORDS.get(looked, looked)}"
                      f"{unlike}{missing}")


def kit_fit_doubt(fits: dict[str, float], token: str, sure_overlap: float, sure_margin: float) -> str:
    """Untaught: why the kit's solid of the kind read (`token`'s) does not fit the piece closely and clearly better
    than the kit's other kinds ("" when it does, or when there is nothing to check against)."""
    if not fits:
        return ""
    kind, best, margin = best_fit(fits)
    if kind != token[0]:
        return f"the kit's {KIND_WORDS[kind]} fits it best ({best:.2f}), not its {KIND_WORDS[token[0]]} ({fits.get(token[0], 0.0):.2f})"
    if best < sure_overlap:
        return f"the kit's {KIND_WORDS[kind]} covers it only {best:.2f}, under {sure_overlap:.2f}"
    if margin < sure_margin:
        return f"the kit's {KIND_WORDS[kind]} fits it only {margin:.2f} better than another kind, under {sure_margin:.2f}"
    return ""


def best_fit(fits: dict[str, float]) -> tuple[str, float, float]:
    """(the kind that fits best, its overlap, how much better than the next kind)."""
    ranked = sorted(fits.items(), key=lambda item: -item[1])
    runner = ranked[1][1] if len(ranked) > 1 else 0.0
    return ranked[0][0], ranked[0][1], ranked[0][1] - runner
