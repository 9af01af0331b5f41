"""God powers: one small class per god (``<god>.py``), their card data from
``data/santorini/gods.toml``, and the rules for which gods may meet.

Each class subclasses ``God`` (``base.py``), whose methods are the plain
rules; a god overrides only what its power changes. ``power(name)`` gives the
(stateless) instance for a name, ``power(None)`` the plain rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.core import load_toml
from engine.games.santorini.gods.aphrodite import Aphrodite
from engine.games.santorini.gods.apollo import Apollo
from engine.games.santorini.gods.ares import Ares
from engine.games.santorini.gods.artemis import Artemis
from engine.games.santorini.gods.athena import Athena
from engine.games.santorini.gods.atlas import Atlas
from engine.games.santorini.gods.base import God
from engine.games.santorini.gods.bia import Bia
from engine.games.santorini.gods.charon import Charon
from engine.games.santorini.gods.chronus import Chronus
from engine.games.santorini.gods.demeter import Demeter
from engine.games.santorini.gods.eros import Eros
from engine.games.santorini.gods.graeae import Graeae
from engine.games.santorini.gods.hades import Hades
from engine.games.santorini.gods.harpies import Harpies
from engine.games.santorini.gods.hephaestus import Hephaestus
from engine.games.santorini.gods.hera import Hera
from engine.games.santorini.gods.hermes import Hermes
from engine.games.santorini.gods.hestia import Hestia
from engine.games.santorini.gods.hypnus import Hypnus
from engine.games.santorini.gods.limus import Limus
from engine.games.santorini.gods.medusa import Medusa
from engine.games.santorini.gods.minotaur import Minotaur
from engine.games.santorini.gods.morpheus import Morpheus
from engine.games.santorini.gods.pan import Pan
from engine.games.santorini.gods.persephone import Persephone
from engine.games.santorini.gods.poseidon import Poseidon
from engine.games.santorini.gods.prometheus import Prometheus
from engine.games.santorini.gods.selene import Selene
from engine.games.santorini.gods.terpsichore import Terpsichore
from engine.games.santorini.gods.triton import Triton
from engine.games.santorini.gods.urania import Urania
from engine.games.santorini.gods.zeus import Zeus

_CLASSES: tuple[type[God], ...] = (
    Apollo,
    Artemis,
    Athena,
    Atlas,
    Demeter,
    Hephaestus,
    Hermes,
    Minotaur,
    Pan,
    Prometheus,
    Aphrodite,
    Ares,
    Bia,
    Charon,
    Chronus,
    Eros,
    Hera,
    Hestia,
    Hypnus,
    Limus,
    Medusa,
    Morpheus,
    Persephone,
    Poseidon,
    Selene,
    Triton,
    Zeus,
    Graeae,
    Hades,
    Harpies,
    Terpsichore,
    Urania,
)

GODS: dict[str, God] = {cls.name: cls() for cls in _CLASSES}
"""Every implemented god by lower-case name, simple gods first."""

NO_GOD = God()


def power(name: str | None) -> God:
    """The power called ``name``; the plain rules for None."""
    return NO_GOD if name is None else GODS[name]


@dataclass(frozen=True)
class GodCard:
    """What a god's card says (from ``data/santorini/gods.toml``)."""

    name: str
    display: str
    title: str
    timing: str
    text: str
    reminder: str
    players: tuple[int, ...]
    set: str
    bans: frozenset[str]
    party: bool
    strength: int


def _cards() -> dict[str, GodCard]:
    data = load_toml("santorini", "gods.toml")["gods"]
    missing = set(GODS) - set(data)
    if missing:
        raise RuntimeError(f"gods.toml lacks {sorted(missing)}")
    cards = {}
    for name in GODS:
        entry = data[name]
        cards[name] = GodCard(
            name,
            name.capitalize(),
            entry["title"],
            entry["timing"],
            entry["text"],
            entry["reminder"],
            tuple(entry["players"]),
            entry["set"],
            frozenset(entry["bans"]),
            bool(entry["party"]),
            int(entry["strength"]),
        )
    # A ban works both ways: collect each side's list on both cards.
    for name, card in list(cards.items()):
        mutual = card.bans | {other for other, c in cards.items() if name in c.bans}
        cards[name] = GodCard(**{**card.__dict__, "bans": frozenset(b for b in mutual if b in GODS)})
    return cards


CARDS: dict[str, GodCard] = _cards()

COMPONENTS: dict[str, int] = dict(load_toml("santorini", "gods.toml")["components"])

SETS = ("simple", "advanced", "golden")


def banned_together(names: Iterable[str]) -> tuple[str, str] | None:
    """A pair of gods that ban each other among ``names``, or None."""
    chosen = list(names)
    for i, a in enumerate(chosen):
        for b in chosen[i + 1 :]:
            if b in CARDS[a].bans:
                return a, b
    return None


def eligible(players: int, pool: str, party: bool = False) -> list[str]:
    """Gods fit for this player count from the chosen pool (``simple``,
    ``advanced`` = everything but the simple ten, or ``all``)."""
    result = []
    for name, card in CARDS.items():
        if players not in card.players or (party and not card.party):
            continue
        if pool == "simple" and card.set != "simple":
            continue
        if pool == "advanced" and card.set == "simple":
            continue
        result.append(name)
    return result


__all__ = ["GODS", "CARDS", "COMPONENTS", "God", "GodCard", "power", "banned_together", "eligible", "NO_GOD"]
