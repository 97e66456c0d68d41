"""What every board text parser shares: a word with its line and column, and the error that names
them (docs/formats.md). Pure, so each game's text module may use it."""

from __future__ import annotations

from dataclasses import dataclass


class BoardTextError(ValueError):
    def __init__(self, line: int, column: int, message: str):
        super().__init__(f"line {line}, column {column}: {message}")
        self.line, self.column, self.problem = line, column, message


@dataclass(frozen=True)
class Word:
    text: str
    line: int
    column: int

    def fail(self, message: str) -> BoardTextError:
        return BoardTextError(self.line, self.column, message)

    def part(self, start: int) -> Word:
        """The word from character `start` on, keeping its true column."""
        return Word(self.text[start:], self.line, self.column + start)
