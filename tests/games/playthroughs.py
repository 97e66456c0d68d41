"""Golden playthroughs (after OpenSpiel's playthrough tests): a recorded game, one JSON line per
command, each with what the session answered and what the game looked like afterwards.

A recording starts with a header line ({"header": ...}); every further line is
{"command": {...}, "outcome": {...}}. Replaying runs each command through a fresh session and
compares its outcome with the recorded one. Outcomes hold only what a rule decides: no
timestamps, no event sequence numbers beyond the count, and floats rounded to FLOAT_DIGITS.
"""

from __future__ import annotations

import json
from pathlib import Path

FLOAT_DIGITS = 3        # thousandths of an inch or degree are kept in the recording,
FLOAT_TOLERANCE = 0.002  # and compared this loosely, so rounding at a boundary cannot fail a replay


def comparable(value):
    """The value as the recording keeps it: floats rounded, tuples as lists, keys as strings."""
    if isinstance(value, float):
        return round(value, FLOAT_DIGITS) + 0.0   # + 0.0 turns -0.0 into 0.0
    if isinstance(value, dict):
        return {str(key): comparable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [comparable(item) for item in value]
    return value


def verdict_of(verdict) -> dict:
    """What a verdict decides: legal or not, the rules that refused, the sentence players read."""
    return {"legal": verdict.legal, "rules": [reason.rule for reason in verdict.reasons], "message": verdict.message}


def write(path: Path, header: dict, steps: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps({"header": header}, sort_keys=True)]
    lines += [json.dumps(comparable(step), sort_keys=True) for step in steps]
    path.write_text("\n".join(lines) + "\n")


def read(path: Path) -> tuple[dict, list[dict]]:
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return lines[0]["header"], lines[1:]


def refused(steps: list[dict]) -> list[dict]:
    """The recorded steps whose verdict refused the command."""
    return [step for step in steps if not step["outcome"].get("verdict", {"legal": True})["legal"]]


def first_difference(recorded, replayed, where: str = "") -> str | None:
    """Where two outcomes part, as `outcome.state.board: 'x' != 'y'`, or None when they agree."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        for key in sorted(recorded.keys() | replayed.keys(), key=lambda k: (k != "verdict", k)):   # verdict first
            if key not in recorded or key not in replayed:
                return f"{where}.{key}: present in only one of recording and replay"
            found = first_difference(recorded[key], replayed[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(recorded, list) and isinstance(replayed, list) and len(recorded) == len(replayed):
        for index, (left, right) in enumerate(zip(recorded, replayed)):
            found = first_difference(left, right, f"{where}[{index}]")
            if found:
                return found
        return None
    if isinstance(recorded, float) or isinstance(replayed, float):
        close = all(isinstance(n, (int, float)) and not isinstance(n, bool) for n in (recorded, replayed)) \
            and abs(recorded - replayed) <= FLOAT_TOLERANCE
        return None if close else f"{where}: recorded {recorded!r}, replayed {replayed!r}"
    return None if recorded == replayed else f"{where}: recorded {recorded!r}, replayed {replayed!r}"


def replay(path: Path, perform) -> None:
    """Runs every recorded command through `perform(command) -> outcome`; fails at the first
    outcome that differs, naming the line of the recording."""
    _, steps = read(path)
    for line, step in enumerate(steps, start=2):
        outcome = comparable(perform(step["command"]))
        found = first_difference(step["outcome"], outcome, "outcome")
        assert found is None, (f"{path.name} line {line} ({step['command']['do']}): {found}\n"
                               f"(if the rule change is intended, run tests/games/regenerate_playthroughs.py)")
