"""One folder per game; plugins() finds them. Shared code knows games only through this package:
plugins(), and the game-free types re-exported here (GamePlugin and the part protocols, Verdict,
excerpt), never a game's own modules."""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from companion.games.excerpt import excerpt
from companion.games.plugin import Bot, BotMove, GamePlugin, Record
from companion.games.verdict import Reason, Verdict

__all__ = ["Bot", "BotMove", "GamePlugin", "Reason", "Record", "Verdict", "excerpt", "plugins", "plugins_with"]


@lru_cache(maxsize=None)
def _found(path: tuple[str, ...]) -> dict:
    found = {}
    for info in sorted(pkgutil.iter_modules(list(path)), key=lambda info: info.name):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"{__name__}.{info.name}.plugin")
        except ModuleNotFoundError as error:
            if error.name == f"{__name__}.{info.name}.plugin":
                continue   # a folder without a plug-in is not a game (yet)
            raise
        plugin = module.PLUGIN
        if plugin.slug in found:
            raise LookupError(f"two game folders claim the slug {plugin.slug!r}")
        found[plugin.slug] = plugin
    return found


def plugins() -> dict:
    """{slug: GamePlugin} of every games/<folder>/plugin.py, in folder-name order: adding a folder adds a game.
    Imports only the plugin.py modules (stdlib-only), never a game's parts."""
    return dict(_found(tuple(__path__)))


def plugins_with(part: str) -> tuple[str, ...]:
    """The slugs of the games that have `part`: a command's GAME choices."""
    return tuple(slug for slug, plugin in plugins().items() if plugin.has(part))
