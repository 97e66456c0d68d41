"""Quoting what someone sent inside an error message: enough to recognise it, never all of a big input.

Every message that quotes input (a board text's word, a move, a JSON value, a query string)
goes through `excerpt`, so a 50 MB body cannot come back as a 50 MB error.
"""

from __future__ import annotations

import reprlib

# An error names the problem and where; a longer quote only buries that.
EXCERPT_CHARS = 40
# Containers are shown a few levels and items deep, which is all a reader of the message needs.
_SHOWN_LEVELS, _SHOWN_ITEMS = 2, 4


def _short_repr(limit: int) -> reprlib.Repr:
    shown = reprlib.Repr()
    shown.maxlevel = _SHOWN_LEVELS
    shown.maxstring = shown.maxother = shown.maxlong = limit
    shown.maxlist = shown.maxtuple = shown.maxdict = shown.maxset = _SHOWN_ITEMS
    return shown


def excerpt(value, limit: int = EXCERPT_CHARS, quote: bool = True) -> str:
    """`value` quoted as repr() quotes it, cut to about `limit` characters; a cut text says how long it was.
    quote=False shows a text as it is (a name inside a sentence), cut the same way."""
    if isinstance(value, str):
        shown = repr if quote else str
        if len(value) <= limit:
            return shown(value)
        return f"{shown(value[:limit])}... ({len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        # repr() refuses whole numbers of more than a few thousand digits; the size says enough.
        return f"a whole number of {value.bit_length()} bits"
    shown = _short_repr(limit).repr(value)
    return shown if len(shown) <= 2 * limit else shown[:2 * limit] + "..."
