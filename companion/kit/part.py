"""A game's kit part, as its plug-in's `kit=` names it: the sets of sheets `companion print` can print
for it, its loose marker groups and its pieces' teaching sheet. Shared code knows a game's printed kit only so."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from companion.kit.layout import MarkerGroup, SheetLayout
from companion.kit.pieces_sheet import PiecesSheet
from companion.kit.sheets import GridDrawing


@dataclass(frozen=True)
class PrintedSheet:
    """One page of a set: its PNG's file name (before the paper's), its layout, what fills its grid."""

    name: str
    layout: SheetLayout
    draw_grid: GridDrawing | None = None


@dataclass(frozen=True)
class PrintedSet:
    """What a set prints: its pages, and any files that go with them (name -> text) and a note to say."""

    sheets: list[PrintedSheet]
    files: dict[str, str] = field(default_factory=dict)
    note: str | None = None


@dataclass(frozen=True)
class KitSet:
    word: str                                  # the SHEET word of `companion print` ("islands")
    file: str                                  # the PDF's name, before the paper's ("island-boards")
    make: Callable[[Any], PrintedSet]          # the parsed `companion print` arguments in; ValueError if bad


@dataclass(frozen=True)
class GameKit:
    sets: tuple[KitSet, ...] = ()
    marker_groups: tuple[MarkerGroup, ...] = ()   # loose markers to cut out, printed by `print markers`
    pieces: PiecesSheet | None = None              # the teaching sheet, printed by `print pieces --game`
