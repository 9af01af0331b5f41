"""Advanced deity rules: All Deities and Rival Deities.

- All Deities: "For experienced players who know the Deities well, allow
  players to select their first Temple from all of the Deities in the game."
- Rival Deities: "During set-up, prior to each player selecting the patron
  Deity of their first Temple, shuffle 1 Temple Underlay for each Deity
  together and randomly deal 1 to each of the locations on the Rival Deities
  track ... Each Deity is a rival of the Deity immediately above or below
  them on the Rival Deities track."  "A player may never own a Temple
  belonging to a Deity and that Deity's rival at the same time. If, at any
  time, a player owns Temples to 2 Deities that are rivals, that player must
  immediately remove all Temples they own dedicated to one of the Rival
  Deities and return them to the pool."

Notation: ``forsake <deity>`` removes every Temple the player owns to that
deity (offered for the two rivals). A new Temple may not be dedicated to a
rival of a deity whose Temple the player owns; ownership gained otherwise
(conquest, events, invocations) is checked whenever no decision is pending,
before the game goes on. Rulebook AI seats forsake the rival with fewer
Temples (the lower one on the track if equal).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import IllegalAction
from engine.games.hellenica.components import DEITIES
from engine.games.hellenica.state import log, map_of, owned_cities, rng_of, seat_name, set_site, sites, store_rng
from engine.games.hellenica.steps import Step, finish, push, register

DEALT, ALL = "dealt", "all"
PATRON_CHOICES = (DEALT, ALL)
PATRONS_HELP = (
    "Patron of the first Temple: from the three Deity Cards `dealt` (standard) or from `all` "
    "the Deities (advanced rule All Deities)."
)
RIVALS_HELP = (
    "Advanced rule Rival Deities: a player may never own Temples to two neighbouring Deities of the rival track."
)


def prepare(state: dict) -> None:
    """Set-up hook, after the Deity deal: open every Deity to the patron
    choice, and deal the rival track."""
    if state["options"].get("patrons", DEALT) == ALL:
        for seat in state["seats"]:
            seat["deity_hand"] = [deity for deity in DEITIES if state["deity_deck"][deity] > 0]
        log(state, "All Deities: every player may choose any Deity as patron of their first Temple.")
    if state["options"].get("rivals", False):
        rng = rng_of(state)
        state["rivals"] = rng.shuffled(list(DEITIES))
        store_rng(state, rng)
        track = " – ".join(DEITIES[d].title for d in state["rivals"])
        log(state, f"The Rival Deities track, top to bottom: {track}.")


def rivals_of(state: Mapping[str, Any], deity: str) -> list[str]:
    """The Deities immediately above and below ``deity`` on the rival track."""
    track = state.get("rivals") or []
    if deity not in track:
        return []
    index = track.index(deity)
    return [track[i] for i in (index - 1, index + 1) if 0 <= i < len(track)]


def temples_owned(state: Mapping[str, Any], seat: int) -> dict[str, list[tuple[str, str]]]:
    """Deity -> the (city, site) of every Temple to it the seat owns."""
    owned: dict[str, list[tuple[str, str]]] = {}
    for city in owned_cities(state, seat):
        for site, piece in sites(state, city):
            if piece is not None and piece["type"] == "temple" and piece.get("deity"):
                owned.setdefault(piece["deity"], []).append((city, site))
    return owned


def dedication_refusal(state: Mapping[str, Any], seat: int, deity: str) -> str | None:
    """Why a new Temple of this seat may not be dedicated to ``deity``."""
    clash = [other for other in rivals_of(state, deity) if other in temples_owned(state, seat)]
    if clash:
        return (
            f"Rival Deities: {DEITIES[deity].title} is a rival of {DEITIES[clash[0]].title}, "
            f"to whom you own a Temple; choose another patron."
        )
    return None


def allowed_dedications(state: Mapping[str, Any], seat: int) -> list[str]:
    """Patrons a new Temple may take (every Deity unless rivals forbid it;
    if rivals forbid them all, any, and the forced removal follows)."""
    allowed = [deity for deity in DEITIES if dedication_refusal(state, seat, deity) is None]
    return allowed or list(DEITIES)


def rival_clash(state: Mapping[str, Any], seat: int) -> tuple[str, str] | None:
    """Two rival Deities the seat owns Temples to (track order), if any."""
    if not state.get("rivals"):
        return None
    owned = temples_owned(state, seat)
    track = state["rivals"]
    for upper, lower in zip(track, track[1:]):
        if upper in owned and lower in owned:
            return upper, lower
    return None


def enforce(state: dict) -> bool:
    """Phase-loop hook, whenever no decision is pending: the first player
    owning two rivals must forsake one (a rulebook AI seat does it at once).
    True if a decision was pushed."""
    ai_seats = state.get("ai_seats", [])
    for seat in range(state["players"]):
        clash = rival_clash(state, seat)
        while clash is not None and seat in ai_seats:
            owned = temples_owned(state, seat)
            forsake(state, seat, min(clash, key=lambda d: (len(owned[d]), -state["rivals"].index(d))))
            clash = rival_clash(state, seat)
        if clash is not None:
            push(state, "rival", seat=seat, pair=list(clash))
            return True
    return False


def forsake(state: dict, seat: int, deity: str) -> None:
    """Return every Temple the seat owns to ``deity`` to the pool."""
    removed = temples_owned(state, seat).get(deity, [])
    for city, site in removed:
        set_site(state, city, site, None)
    places = ", ".join(sorted({map_of(state).title(city) for city, _ in removed}))
    log(
        state,
        f"{seat_name(seat)} forsakes {DEITIES[deity].title}, a rival Deity: "
        f"{len(removed)} Temple{'s' if len(removed) != 1 else ''} removed ({places}).",
    )


@register
class RivalStep(Step):
    """``forsake <deity>``: choose which of two rival Deities loses its Temples."""

    kind = "rival"

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        return [f"forsake {deity}" for deity in frame["pair"]]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        words = action.split()
        if len(words) != 2 or words[0] != "forsake":
            raise self.refuse(state, frame, seat, action)
        if words[1] not in frame["pair"]:
            names = " or ".join(DEITIES[d].title for d in frame["pair"])
            raise IllegalAction(
                f"You own Temples to the rivals {names}: forsake one of those two "
                f"(`forsake {frame['pair'][0]}` or `forsake {frame['pair'][1]}`)."
            )
        forsake(state, seat, words[1])
        finish(state, frame)

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        deity = action.split()[1]
        count = len(temples_owned(state, seat).get(deity, []))
        return f"remove your {count} Temple{'s' if count != 1 else ''} to {DEITIES[deity].title}"

    def title(self, state: dict, frame: dict) -> str:
        return "forsaking a rival Deity"


def check_snapshot(state: Mapping[str, Any]) -> None:
    """Snapshot hook: the deity options and the rival track."""
    from engine.core import require

    require(state["options"].get("patrons", DEALT) in PATRON_CHOICES, "bad patrons option")
    require(isinstance(state["options"].get("rivals", False), bool), "bad rivals option")
    track = state.get("rivals")
    if track is not None:
        require(
            isinstance(track, list) and sorted(track) == sorted(DEITIES), "the rival track must hold each Deity once"
        )
