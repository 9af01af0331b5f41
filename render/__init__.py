"""Pictures and text drawn from game views — never from raw state, so nothing
here can show a secret the view does not already hold.

Each game has a module ``render/<game>.py`` with ``render(view, names) ->
bytes`` (a PNG of the public or a seat's view) and, optionally,
``hand_text(view, names) -> str`` (a seat's private view in words, for DMs and
``/hand``) and ``render_hand(view, names) -> bytes`` (a picture of it). ``render_view`` and ``hand_text`` here dispatch on ``view["game"]``.

Player names come in any script and up to 32 characters: draw any text that
holds one with ``render.common.draw_text`` (a font fallback chain for
Chinese, Japanese, Korean, emoji...) and shorten it to its room with
``fit_text`` or ``fit_name`` (tests/render checks every game's pictures).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType
from typing import Any


def module_for(game: str) -> ModuleType:
    return importlib.import_module(f"render.{game}")


def render_view(view: dict[str, Any], names: Sequence[str] | None = None) -> bytes:
    """The PNG of a view (public or a seat's)."""
    return module_for(view["game"]).render(view, list(names or []))


def hand_image(view: dict[str, Any], names: Sequence[str] | None = None) -> bytes | None:
    """A picture of a seat's private view, for games that draw one."""
    module = module_for(view["game"])
    if hasattr(module, "render_hand"):
        return module.render_hand(view, list(names or []))
    return None


def hand_text(view: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """A seat's private view in words."""
    module = module_for(view["game"])
    if hasattr(module, "hand_text"):
        return module.hand_text(view, list(names or []))
    return describe_private(view.get("private") or {})


def hand(view: dict[str, Any], names: Sequence[str] | None = None) -> tuple[str, bytes | None]:
    """A seat's private view in words, and its picture where the game draws one."""
    return hand_text(view, names), hand_image(view, names)


def warm_up() -> None:
    """Import every renderer (and the fonts they load, with the character
    maps of the fallback fonts), so that the first picture a fresh worker
    process draws is not the slow one."""
    import pkgutil

    from render.common import load_fonts

    for module in pkgutil.iter_modules(__path__):
        if module.name != "common":
            module_for(module.name)
    load_fonts()


def describe_private(private: Any, indent: str = "") -> str:
    """A readable outline of any JSON-like private view (the fallback)."""
    if isinstance(private, dict):
        if not private:
            return f"{indent}(nothing hidden)"
        lines = []
        for key, value in private.items():
            title = str(key).replace("_", " ").capitalize()
            if isinstance(value, (dict, list)) and value:
                lines.append(f"{indent}{title}:")
                lines.append(describe_private(value, indent + "  "))
            else:
                lines.append(f"{indent}{title}: {value if value not in ({}, []) else 'none'}")
        return "\n".join(lines)
    if isinstance(private, list):
        return "\n".join(
            f"{indent}- {describe_private(item).strip()}"
            if not isinstance(item, (dict, list))
            else describe_private(item, indent + "  ")
            for item in private
        )
    return f"{indent}{private}"
