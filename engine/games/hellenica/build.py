"""The Build action: city upgrades, temples' patrons, and changing government.

- "The player selects a city they own to activate and a type of City Upgrade
  to Build. City Upgrades must be placed on a Settlement in the activated city
  or on a Mine immediately adjacent to the activated city. Players may only
  place City Upgrades on Mine locations if they have researched the Mining
  Advancement. City Walls may never be placed on Mine locations."
- "City Upgrades may replace an existing Active or Under Construction City
  Upgrade, but not an Exhausted one."
- "When Building a Temple, the player must choose a patron Deity."
- "Docks may only be placed on a Settlement or Mine where the City has a
  clearing facing an adjacent Sea Area." "A city may not have more than one
  City Walls." "Each player may only build one Wonder of the World per game."
- Delphi's Free Temple location "may not hold any other type of City Upgrade".
- "A player may use a Build Action to change their Government ... returns their
  Active Government Marker to the pool and places a new Government of their
  choice on any city they own."
- "Place the natural wood Action Cube ... on the just placed City
  Upgrade/Government Marker to show that it is under construction."

Notation: ``build <upgrade> <city>`` (an empty settlement), ``build <upgrade>
<city> over <upgrade>`` (replacing one; a temple is ``temple-<deity>``),
``build <upgrade> <mine>``, ``build temple oracle`` (Delphi's Free Temple),
``build government <government> <city>``; a new Temple then asks
``dedicate <deity>``.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.games.hellenica import advancements as adv
from engine.games.hellenica import deity_modes
from engine.games.hellenica.components import DEITIES, GOVERNMENTS, UPGRADES
from engine.games.hellenica.state import (
    BUILDING,
    EXHAUSTED,
    get_site,
    is_settlement,
    log,
    map_of,
    new_upgrade,
    own_city,
    owned_cities,
    seat_name,
    set_site,
    upgrades_of,
)
from engine.games.hellenica.steps import Step, finish, push, register

ORACLE = "oracle"


def target_token(piece: dict) -> str:
    """How ``over ...`` names an existing upgrade: its type, and a temple's deity."""
    return f"temple-{piece['deity']}" if piece["type"] == "temple" and piece.get("deity") else piece["type"]


def _replaceable(state: dict, seat: int, piece: dict) -> bool:
    return piece["state"] != EXHAUSTED or adv.has_effect(state, seat, "replace_exhausted")


def _oracle_city(state: dict) -> str | None:
    board = map_of(state)
    return next((name for name in board.cities if board.areas[name].free_temple == ORACLE), None)


# ---------------------------------------------------------------------------
# Upgrades


def resolve_site(state: dict, seat: int, place: str, over: str | None) -> tuple[str, str] | str:
    """(city, site) where ``build <upgrade> <place> [over <over>]`` would
    stand, whatever the upgrade, or the reason nothing can."""
    board = map_of(state)
    if place in state["cities"]:
        city = place
        if state["cities"][city]["owner"] != seat:
            return f"You do not own {board.title(city)}."
        slots = state["cities"][city]["slots"]
        if over is None:
            for index, piece in enumerate(slots):
                if piece is None:
                    return city, f"s{index}"
            return (
                f"{board.title(city)} has no empty settlement: build over an upgrade, "
                f"e.g. `build market {city} over {target_token(slots[0])}`."
            )
        found_exhausted = False
        for index, piece in enumerate(slots):
            if piece is not None and target_token(piece) == over:
                if _replaceable(state, seat, piece):
                    return city, f"s{index}"
                found_exhausted = True
        if found_exhausted:
            return f"The {over.replace('-', ' to ')} in {board.title(city)} is Exhausted and cannot be replaced."
        return f"There is no {over.replace('-', ' to ')} on a settlement of {board.title(city)}."
    if over is not None:
        return "`over` is only for settlements; a mine or the Free Temple is replaced by building on it."
    if place in board.mines:
        mine = board.mines[place]
        if state["cities"][mine.city]["owner"] != seat:
            return f"{mine.title} belongs to {board.title(mine.city)}, which you do not own."
        if not adv.has_effect(state, seat, "mines"):
            return f"Building on {mine.title} needs the Mining advancement."
        piece = state["mines"][place]
        if piece is not None and not _replaceable(state, seat, piece):
            return f"The {UPGRADES[piece['type']].title} on {mine.title} is Exhausted and cannot be replaced."
        return mine.city, place
    oracle_city = _oracle_city(state) if place == ORACLE else None
    if oracle_city is not None:
        if state["cities"][oracle_city]["owner"] != seat:
            return f"The Free Temple is in {board.title(oracle_city)}, which you do not own."
        piece = state["cities"][oracle_city][ORACLE]
        if piece is not None and not _replaceable(state, seat, piece):
            return "The Free Temple is Exhausted and cannot be replaced."
        return oracle_city, ORACLE
    return f"`{place}` is not a city, a mine or the Free Temple (`oracle`)."


def _kind_refusal(state: dict, seat: int, kind: str) -> str | None:
    """Why the seat may build no ``kind`` anywhere."""
    upgrade = UPGRADES.get(kind)
    if upgrade is None:
        return f"`{kind}` is not a City Upgrade. Build one of: {', '.join(UPGRADES)}."
    if upgrade.needs_advancement and not adv.has_effect(state, seat, upgrade.needs_advancement):
        return f"Building a {upgrade.title} needs the {upgrade.title} advancement."
    if upgrade.one_per_player and state["seats"][seat]["wonder_built"]:
        return f"You have built your {upgrade.title} already: one per player per game."
    return None


def _placement_refusal(state: dict, kind: str, city: str, site: str) -> str | None:
    """Why a ``kind`` may not stand on that site of the city."""
    upgrade = UPGRADES[kind]
    board = map_of(state)
    if site == ORACLE and kind != "temple":
        return "Delphi's Free Temple location holds only a Temple."
    if upgrade.not_on_mines and site in board.mines:
        return f"{upgrade.title} may never be placed on a mine."
    existing = get_site(state, city, site)
    if existing is not None and existing["type"] == kind and kind != "temple":
        return f"That is already a {upgrade.title}."
    if upgrade.coastal and not board.coastal(city):
        return f"{upgrade.title} need a city with a clearing facing the sea; {board.title(city)} has none."
    if upgrade.one_per_city:
        for other_site, piece in upgrades_of(state, city):
            if other_site != site and other_site != "government" and piece["type"] == kind:
                return f"{board.title(city)} already has {upgrade.title}: one per city."
    return None


def _held_by_type(state: dict, city: str) -> dict[str, list[str]]:
    """The sites of the city's upgrades (its mines' too, not the government
    marker) by upgrade type, for the one-per-city rule."""
    held: dict[str, list[str]] = {}
    for site, piece in upgrades_of(state, city):
        if site != "government":
            held.setdefault(piece["type"], []).append(site)
    return held


def _placeable(
    state: dict, kinds: list[str], city: str, site: str, held: dict[str, list[str]], coastal: bool
) -> list[str]:
    """The ``kinds`` that may stand on that site of the city: those
    ``_placement_refusal`` lets through, with what they ask of the city
    (``held``: ``_held_by_type``; whether it is coastal) read once for all."""
    on_mine = site in map_of(state).mines
    existing = get_site(state, city, site)
    standing = existing["type"] if existing is not None else None
    allowed = []
    for kind in kinds:
        upgrade = UPGRADES[kind]
        if (
            (site == ORACLE and kind != "temple")
            or (upgrade.not_on_mines and on_mine)
            or (standing == kind and kind != "temple")
            or (upgrade.coastal and not coastal)
            or (upgrade.one_per_city and any(other != site for other in held.get(kind, ())))
        ):
            continue
        allowed.append(kind)
    return allowed


def upgrade_refusal(state: dict, seat: int, kind: str, place: str, over: str | None) -> str | None:
    """Why ``build <kind> <place> [over <over>]`` is not allowed (None if it is);
    the action cube is checked by the caller."""
    refusal = _kind_refusal(state, seat, kind)
    if refusal:
        return refusal
    where = resolve_site(state, seat, place, over)
    if isinstance(where, str):
        return where
    return _placement_refusal(state, kind, *where)


def upgrade_commands(state: dict, seat: int) -> list[str]:
    """Every ``build <upgrade> ...`` the rules allow (cube not checked): the
    same checks as ``upgrade_refusal``, each site resolved once."""
    board = map_of(state)
    kinds = [kind for kind in UPGRADES if _kind_refusal(state, seat, kind) is None]
    order = {kind: index for index, kind in enumerate(UPGRADES)}
    commands: list[str] = []
    for city in owned_cities(state, seat):
        record = state["cities"][city]
        overs = sorted({target_token(p) for p in record["slots"] if p is not None})
        has_empty = any(p is None for p in record["slots"])
        places: list[tuple[str, str | None]] = ([(city, None)] if has_empty else []) + [(city, o) for o in overs]
        places += [(mine, None) for mine in board.mines_of(city)]
        if ORACLE in record:
            places.append((ORACLE, None))
        found: list[tuple[str, str, str | None]] = []
        held = _held_by_type(state, city)
        coastal = board.coastal(city)
        for place, over in places:
            where = resolve_site(state, seat, place, over)
            if isinstance(where, str):
                continue
            if where[0] == city:
                found += [(kind, place, over) for kind in _placeable(state, kinds, *where, held, coastal)]
            else:
                found += [(kind, place, over) for kind in kinds if _placement_refusal(state, kind, *where) is None]
        found.sort(key=lambda item: order[item[0]])  # city by city, upgrade by upgrade
        commands += [f"build {kind} {place}" + (f" over {over}" if over else "") for kind, place, over in found]
    return commands


def build_upgrade(state: dict, seat: int, kind: str, place: str, over: str | None) -> None:
    where = resolve_site(state, seat, place, over)
    assert not isinstance(where, str), where  # the callers have checked the refusals first
    city, site = where
    replaced = get_site(state, city, site)
    set_site(state, city, site, new_upgrade(kind, BUILDING))
    if UPGRADES[kind].one_per_player:
        state["seats"][seat]["wonder_built"] = True
    board = map_of(state)
    where = (
        board.title(city)
        if is_settlement(site)
        else ("Delphi's Free Temple" if site == ORACLE else f"{board.mines[site].title} ({board.title(city)})")
    )
    text = f"{seat_name(seat)} builds {_article(UPGRADES[kind].title)} in {where}"
    if replaced is not None:
        text += f", replacing {_article(UPGRADES[replaced['type']].title)}"
    log(state, text + ".")
    if UPGRADES[kind].needs_deity:
        push(state, "dedicate", seat=seat, city=city, site=site)


def _article(title: str) -> str:
    """ "a Market", "an Academy", but "Docks", "Stables", "City Walls"."""
    if title.endswith("s"):
        return title
    return f"{'an' if title[0] in 'AEIOU' else 'a'} {title}"


# ---------------------------------------------------------------------------
# Government


def government_refusal(
    state: dict, seat: int, kind: str, city: str, marker: tuple[tuple[str, dict] | None] | None = None
) -> str | None:
    """Why ``build government <kind> <city>`` is not allowed (None if it is);
    ``marker``: ``(_marker(state, seat),)``, when the caller has it."""
    board = map_of(state)
    government = GOVERNMENTS.get(kind)
    if government is None:
        return f"`{kind}` is not a government. Choose one of: {', '.join(GOVERNMENTS)}."
    if city not in state["cities"] or state["cities"][city]["owner"] != seat:
        return f"Place your Government Marker on a city you own, not `{city}`."
    current = _marker(state, seat) if marker is None else marker[0]
    if current is not None:
        here, piece = current
        if piece["state"] == EXHAUSTED:
            return "Your Government Marker is Exhausted; change government on a later turn."
        if here == city and piece["type"] == kind:
            return f"{government.title} already rules from {board.title(city)}."
    if UPGRADES[government.upgrade].coastal and not board.coastal(city):
        return f"{government.title} counts as {UPGRADES[government.upgrade].title}, which need a coastal city."
    return None


def _marker(state: dict, seat: int) -> tuple[str, dict] | None:
    """(city, marker) of the seat's Government Marker on the map, if any."""
    return next(
        (
            (name, record["government"])
            for name, record in state["cities"].items()
            if record["owner"] == seat and record["government"] is not None
        ),
        None,
    )


def government_commands(state: dict, seat: int) -> list[str]:
    current = _marker(state, seat)
    if current is not None and current[1]["state"] == EXHAUSTED:
        return []
    return [
        f"build government {kind} {city}"
        for city in owned_cities(state, seat)
        for kind in GOVERNMENTS
        if government_refusal(state, seat, kind, city, (current,)) is None
    ]


def change_government(state: dict, seat: int, kind: str, city: str, status: str = BUILDING) -> None:
    """Return the old marker to the pool and place the new one."""
    for name in owned_cities(state, seat):
        if state["cities"][name]["government"] is not None:
            own_city(state, name)["government"] = None
    own_city(state, city)["government"] = new_upgrade(kind, status)
    log(state, f"{seat_name(seat)} establishes {GOVERNMENTS[kind].title} in {map_of(state).title(city)}.")


# ---------------------------------------------------------------------------
# The Build action as a whole


def parse(words: list[str]) -> tuple[str, str, str, str | None] | None:
    """``build market athens over temple-zeus`` -> ("upgrade", "market",
    "athens", "temple-zeus"); ``build government republic athens`` ->
    ("government", "republic", "athens", None)."""
    if len(words) == 4 and words[1] == "government":
        return "government", words[2], words[3], None
    if len(words) == 3:
        return "upgrade", words[1], words[2], None
    if len(words) == 5 and words[3] == "over":
        return "upgrade", words[1], words[2], words[4]
    return None


def refusal(state: dict, seat: int, words: list[str]) -> str | None:
    parsed = parse(words)
    if parsed is None:
        return (
            "Write `build <upgrade> <city>`, `build <upgrade> <city> over <upgrade>`, "
            "`build <upgrade> <mine>` or `build government <government> <city>`."
        )
    what, kind, place, over = parsed
    if what == "government":
        return government_refusal(state, seat, kind, place)
    return upgrade_refusal(state, seat, kind, place, over)


def commands(state: dict, seat: int) -> list[str]:
    return upgrade_commands(state, seat) + government_commands(state, seat)


def apply(state: dict, seat: int, words: list[str]) -> None:
    what, kind, place, over = parse(words)  # type: ignore[misc]
    if what == "government":
        change_government(state, seat, kind, place)
    else:
        build_upgrade(state, seat, kind, place, over)


@register
class DedicateStep(Step):
    """``dedicate <deity>``: the patron of a newly built Temple."""

    kind = "dedicate"

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        return [f"dedicate {deity}" for deity in deity_modes.allowed_dedications(state, seat)]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        words = action.split()
        if len(words) != 2 or words[0] != "dedicate":
            raise self.refuse(state, frame, seat, action)
        if words[1] not in DEITIES:
            raise IllegalAction(f"`{words[1]}` is not a deity. Choose one of: {', '.join(DEITIES)}.")
        if words[1] not in deity_modes.allowed_dedications(state, seat):
            raise IllegalAction(deity_modes.dedication_refusal(state, seat, words[1]) or "")
        own_city(state, frame["city"])  # the Temple there is dedicated
        temple = get_site(state, frame["city"], frame["site"])
        assert temple is not None  # the frame was opened for the Temple just built there
        temple["deity"] = words[1]
        log(
            state,
            f"{seat_name(seat)} dedicates the new Temple in {map_of(state).title(frame['city'])} "
            f"to {DEITIES[words[1]].title}.",
        )
        finish(state, frame)

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        return f"dedicate the Temple to {DEITIES[action.split()[1]].title}"

    def title(self, state: dict, frame: dict) -> str:
        return "choosing a Temple's patron"
