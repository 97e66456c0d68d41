"""What a game's referee gives `companion referee`: an Answer (the JSON data, a sentence, and the
places its picture marks), or a QuestionError for a question it cannot read. Pure, shared by every
game's referee so the command meets one shape."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class QuestionError(ValueError):
    """A question the referee cannot read; the message quotes it."""


@dataclass(frozen=True)
class Answer:
    data: dict
    sentence: str
    path: tuple[Any, ...] = ()      # the places the picture marks, in order (cells, logs, squares)
    ends: tuple[Any, ...] = ()      # the places it marks as the ends
    extra: list[str] = field(default_factory=list)
