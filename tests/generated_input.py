"""Generated input for the property tests: text that looks like the game's formats, damaged copies
of real boards and tables, and JSON of every shape. Shared by the parser and the endpoint tests."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import strategies as st

from companion.games.cannons_coastlines.demo import DEMO_TABLE

ROOT = Path(__file__).resolve().parents[1]
BOARD = (ROOT / "samples" / "boards" / "cannonball-colony-dispute.txt").read_text()
DEMO = json.loads(DEMO_TABLE.read_text())

# Text that looks like the formats: their own words, cells, digits and the odd non-ASCII letter.
WORDS = ["players:", "boards:", "landing:", "earned:", "supply:", "turn:", "france", "spain", "portugal", "england",
         "A1", "G1", "d4", "É1", "Ff", "Cs", "Bp", "r", "g", ".", "m", "f", "l", "=", "#", "1", "12", "²", "٣",
         "fort", "road", "cannon", "blockade", "land", "fire", "pass", "cannon1,cannon2", "france=A3", "\t", "ß"]
wordy = st.lists(st.sampled_from(WORDS) | st.text(max_size=6), max_size=30).map(" ".join)
texts = st.text(max_size=300) | wordy


@st.composite
def mutated(draw, text: str):
    """`text` with a few characters replaced, inserted or deleted."""
    chars = list(text)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(chars)))
        how = draw(st.sampled_from(["replace", "insert", "delete", "line"]))
        new = draw(st.sampled_from(WORDS) | st.characters())
        if how == "replace" and at < len(chars):
            chars[at] = new
        elif how == "delete" and at < len(chars):
            del chars[at]
        elif how == "line":
            chars.insert(at, "\n" + new + "\n")
        else:
            chars.insert(at, new)
    return "".join(chars)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20)


@st.composite
def damaged_json(draw, document):
    """`document` with one value somewhere in it replaced by generated JSON, or one key dropped."""
    document = json.loads(json.dumps(document))
    node = document
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return document
        key = draw(st.sampled_from(keys))
        if not isinstance(node[key], (dict, list)) or draw(st.booleans()):
            if isinstance(node, dict) and draw(st.integers(0, 4)) == 0:
                del node[key]
            else:
                node[key] = draw(json_values)
            return document
        node = node[key]
