"""The game packages. Every subpackage that exports ``GAME`` is registered
under ``GAME.name``; adding a game is adding its package."""

from __future__ import annotations

import importlib
import logging
import pkgutil

from engine.core import Game

log = logging.getLogger("agora.games")

UNAVAILABLE: dict[str, str] = {}
"""Game packages that failed to import, with the error: one broken game must
not take the others down (a test keeps this empty)."""


def _discover() -> dict[str, Game]:
    registry: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"{__name__}.{info.name}")
        except Exception as error:  # noqa: BLE001 — reported, and tested to stay empty
            UNAVAILABLE[info.name] = f"{type(error).__name__}: {error}"
            log.error("game package %s failed to import: %s", info.name, error)
            continue
        game = getattr(module, "GAME", None)
        if game is None:
            continue
        if game.name in registry:
            raise RuntimeError(f"two game packages claim the name {game.name!r}")
        registry[game.name] = game
    return registry


REGISTRY: dict[str, Game] = _discover()
"""Game name -> GAME object, in name order."""


def get(name: str) -> Game:
    """The game called ``name`` (case-insensitive); a message lists the others."""
    from engine.core import IllegalAction

    game = REGISTRY.get(str(name).strip().lower())
    if game is None:
        raise IllegalAction(f"There is no game called {name!r}. Choose one of: {', '.join(REGISTRY)}.")
    return game
