"""Verdicts: legality answers as values carrying rule ids, plain sentences and evidence."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reason:
    """One reason a move is refused: the rule that decides it, a sentence, the cells to show."""

    rule: str
    message: str
    cells: tuple = ()

    def to_json(self) -> dict:
        return {"rule": self.rule, "message": self.message, "cells": [str(c) for c in self.cells]}


@dataclass(frozen=True)
class Verdict:
    """Accepted when there are no reasons. Accepted verdicts may still carry evidence."""

    reasons: tuple[Reason, ...] = ()
    note: str = ""
    evidence: tuple = ()

    @property
    def legal(self) -> bool:
        return not self.reasons

    @classmethod
    def accept(cls, note: str = "", evidence: tuple = ()) -> "Verdict":
        return cls((), note, tuple(evidence))

    @classmethod
    def reject(cls, *reasons: Reason) -> "Verdict":
        return cls(tuple(reasons))

    @property
    def message(self) -> str:
        """One paragraph for a player: the note when accepted, every reason when refused."""
        if self.legal:
            return self.note or "Legal."
        return " ".join(reason.message for reason in self.reasons)

    def to_json(self) -> dict:
        return {
            "legal": self.legal,
            "reasons": [reason.to_json() for reason in self.reasons],
            "note": self.note,
            "evidence": [str(c) for c in self.evidence],
        }
