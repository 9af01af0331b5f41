"""The player board: raw and refined goods in Storage, Salt and Denarii in
the Tablinum, paying costs, refining, and the Tax.

Goods are named by tokens: a raw good (``grain``, ``meat``, ``olive``,
``grape``), its refined form (``flour``, ``cured``, ``oil``, ``wine``) or
``salt``. A list of goods is written with a count before a token when it
is more than one: ``2 grain oil salt``.

Rules quoted here:
- "You may always spend a Refined Goods instead of a Raw Good of the same
  color, but never the other way around."
- Salt "may be spent as any other color of Good for all purposes except
  Selling" — the player aid: "SALT (May be spent as any Raw Good.)"
- "When resolving the Tax step ..., all players must discard all Raw Goods
  from each Storage area without a Mosaic. ... players may rearrange their
  Mosaics on their Player board to protect their chosen Goods."
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from itertools import combinations, product

from engine.core import IllegalAction
from engine.games.thessaloniki.state import State, ability, comp, has, note, own_good, seat_title

SALT = "salt"
ANY = "any"


# ---------------------------------------------------------------------------
# Tokens and their notation


@lru_cache(maxsize=1)
def token_order() -> tuple[str, ...]:
    """Canonical order of tokens: each raw good then its refined form, then Salt."""
    c = comp()
    order: list[str] = []
    for good in c.raw_goods:
        order += [good, c.refined_name[good]]
    return tuple(order) + (SALT,)


def colour_good_of(token: str) -> str:
    """The raw good (colour of goods) a token belongs to, or ``salt``."""
    if token == SALT:
        return SALT
    return comp().raw_of.get(token, token)


def is_refined(token: str) -> bool:
    return token in comp().raw_of


def is_token(word: str) -> bool:
    return word in token_order()


def format_goods(goods: Mapping[str, int]) -> str:
    """``{"grain": 2, "oil": 1}`` -> ``2 grain oil`` (canonical order)."""
    words = []
    for token in token_order():
        count = goods.get(token, 0)
        if count > 0:
            words.append(token if count == 1 else f"{count} {token}")
    return " ".join(words)


def parse_goods(words: list[str]) -> dict[str, int]:
    """The inverse of ``format_goods``; raises ``IllegalAction`` on a word
    that is not a good."""
    goods: dict[str, int] = {}
    count = 1
    for word in words:
        if word.isdigit():
            count = int(word)
            continue
        if not is_token(word):
            raise IllegalAction(f"`{word}` is not a good: use {', '.join(token_order())}.")
        goods[word] = goods.get(word, 0) + count
        count = 1
    return goods


@lru_cache(maxsize=1)
def _good_names() -> dict[str, str]:
    c = comp()
    names = {SALT: "Salt"}
    refined_words = {"flour": "Flour", "cured": "Cured Meat", "oil": "Olive Oil", "wine": "Wine"}
    for good in c.raw_goods:
        names[good] = good.capitalize()
        refined = c.refined_name[good]
        names[refined] = refined_words.get(refined, refined.capitalize())
    return names


def describe_goods(goods: Mapping[str, int]) -> str:
    """Plain words for a log line: ``2 Grain and 1 Olive Oil``."""
    names = _good_names()
    parts = [f"{n} {names[t]}" for t in token_order() if (n := goods.get(t, 0)) > 0]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


# ---------------------------------------------------------------------------
# Holding goods


def held(state: State, seat: int, token: str) -> int:
    data = state["seats"][seat]
    if token == SALT:
        return data["salt"]
    if is_refined(token):
        return data["refined"][colour_good_of(token)]
    return data["raw"][token]


def holdings(state: State, seat: int) -> dict[str, int]:
    """Every good the seat holds, by token."""
    return {t: n for t in token_order() if (n := held(state, seat, t)) > 0}


def add(state: State, seat: int, token: str, count: int = 1) -> None:
    """Gain goods from the general supply ("Goods ... are considered unlimited")."""
    data = state["seats"][seat]
    if token == SALT:
        data["salt"] += count
    elif is_refined(token):
        data["refined"][colour_good_of(token)] += count
    else:
        data["raw"][token] += count


def remove(state: State, seat: int, token: str, count: int = 1) -> None:
    if held(state, seat, token) < count:
        raise IllegalAction(f"You have only {held(state, seat, token)} {token}, not {count}.")
    add(state, seat, token, -count)


def gain_goods(state: State, seat: int, goods: Mapping[str, int]) -> None:
    for token, count in goods.items():
        add(state, seat, token, count)


def spend_goods(state: State, seat: int, goods: Mapping[str, int]) -> None:
    for token, count in goods.items():
        if held(state, seat, token) < count:
            raise IllegalAction(f"You need {count} {token} but have {held(state, seat, token)}.")
    for token, count in goods.items():
        add(state, seat, token, -count)


# ---------------------------------------------------------------------------
# Denarii and VP (with the abilities that watch them)


def gain_vp(state: State, seat: int, vp: int) -> None:
    state["seats"][seat]["vp"] += vp


def gain_denarii(state: State, seat: int, count: int) -> None:
    """Gain denarii from the general supply. C21: "Whenever you gain Denarii
    from any source, also gain the same number of Raw Goods and Salt" (our
    reading: Raw Goods of your own colour, which needs no choice)."""
    if count <= 0:
        return
    state["seats"][seat]["denarii"] += count
    if has(state, seat, "denarii_gain_goods"):
        add(state, seat, own_good(state, seat), count)
        add(state, seat, SALT, count)
        note(state, f"{seat_title(state, seat)} also gains {count} {own_good(state, seat)} and {count} salt (C21)")


def spend_denarii(state: State, seat: int, count: int) -> None:
    """C19: "Whenever you spend Denarii for any reason, gain 1 VP per Denarius spent"."""
    data = state["seats"][seat]
    if data["denarii"] < count:
        raise IllegalAction(f"You need {count} denarii but have {data['denarii']}.")
    data["denarii"] -= count
    held_ability = ability(state, seat, "denarii_spent_vp")
    if held_ability is not None and count > 0:
        gain_vp(state, seat, held_ability["vp"] * count)


# ---------------------------------------------------------------------------
# Paying costs


def _slot_choices(slot: str) -> list[str]:
    """How one cost slot may be paid, keeping only choices that are not
    dominated: a colour (raw first, then refined) or Salt; a refined slot
    only by that refined good."""
    c = comp()
    if slot == ANY:
        return list(c.raw_goods) + [SALT]
    if slot in c.raw_of:
        return [slot]
    return [slot, SALT]


def payments(state: State, seat: int, cost: Iterable[str]) -> list[dict[str, int]]:
    """Every distinct way the seat can pay ``cost`` (a list of slots: a raw
    good, a refined good, or ``any``), cheapest first.

    Within a colour the raw goods are spent before the refined ones: a raw
    good is never worth more than the refined good of its colour, so paying
    refined while holding raw is never better and is not offered.
    """
    slots = list(cost)
    if not slots:
        return [{}]
    have = holdings(state, seat)
    c = comp()
    found: dict[str, dict[str, int]] = {}
    for choice in product(*(_slot_choices(s) for s in slots)):
        need_raw: dict[str, int] = {}
        need_refined: dict[str, int] = {}
        salt = 0
        for slot, pick in zip(slots, choice):
            if pick == SALT:
                salt += 1
            elif pick in c.raw_of:
                need_refined[c.raw_of[pick]] = need_refined.get(c.raw_of[pick], 0) + 1
            else:
                need_raw[pick] = need_raw.get(pick, 0) + 1
        spend: dict[str, int] = {}
        possible = salt <= have.get(SALT, 0)
        for good in c.raw_goods:
            wanted = need_raw.get(good, 0)
            raw_used = min(wanted, have.get(good, 0))
            refined_used = wanted - raw_used + need_refined.get(good, 0)
            if refined_used > have.get(c.refined_name[good], 0):
                possible = False
                break
            if raw_used:
                spend[good] = raw_used
            if refined_used:
                spend[c.refined_name[good]] = refined_used
        if not possible:
            continue
        if salt:
            spend[SALT] = salt
        found.setdefault(format_goods(spend), spend)
    return [found[k] for k in sorted(found, key=lambda k: (found[k].get(SALT, 0), k))]


def cost_words(cost: Iterable[str]) -> str:
    """A cost in plain words: ``Grain, Olive and any good``."""
    words = [("any good" if slot == ANY else slot.capitalize()) for slot in cost]
    if not words:
        return "nothing"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# ---------------------------------------------------------------------------
# Refining


def refine(state: State, seat: int, goods: Mapping[str, int]) -> None:
    """Move raw goods to the top of their Storage area. C15: "Anytime you
    Refine Goods ..., also gain a total of 1 Salt"."""
    data = state["seats"][seat]
    for good, count in goods.items():
        if data["raw"].get(good, 0) < count:
            raise IllegalAction(f"You have only {data['raw'].get(good, 0)} raw {good} to refine.")
    total = 0
    for good, count in goods.items():
        data["raw"][good] -= count
        data["refined"][good] += count
        total += count
    if total and has(state, seat, "refine_salt"):
        add(state, seat, SALT)


def raw_multisets(state: State, seat: int, size: int) -> list[dict[str, int]]:
    """Every way to pick ``size`` raw goods from the seat's storage (all of
    them if it holds fewer): refining is never worse than not, so smaller
    picks are not offered."""
    raw = {g: n for g, n in state["seats"][seat]["raw"].items() if n > 0}
    return multisets(raw, min(size, sum(raw.values())))


def multisets(available: Mapping[str, int], size: int) -> list[dict[str, int]]:
    """Every multiset of exactly ``size`` items drawn from ``available``
    (key -> how many), in canonical key order."""
    keys = [k for k in available if available[k] > 0]
    result: list[dict[str, int]] = []

    def extend(index: int, left: int, chosen: dict[str, int]) -> None:
        if left == 0:
            result.append(dict(chosen))
            return
        if index == len(keys):
            return
        key = keys[index]
        for take in range(min(left, available[key]), -1, -1):
            if take:
                chosen[key] = take
            extend(index + 1, left - take, chosen)
            chosen.pop(key, None)

    if size <= 0:
        return []
    extend(0, size, {})
    return result


# ---------------------------------------------------------------------------
# Tax


def protected_colours(state: State, seat: int) -> int:
    """How many Storage areas are safe at the Tax: one per Storage Mosaic,
    plus one for C51 (our tier II card)."""
    data = state["seats"][seat]
    return data["storage_mosaics"] + (1 if has(state, seat, "tax_shield") else 0)


def tax_choices(state: State, seat: int) -> list[tuple[str, ...]]:
    """The sets of raw colours the seat may protect, when it must choose
    (it holds more colours than it has Mosaics); ``[]`` when nothing is lost
    or nothing can be kept."""
    held_colours = [g for g in comp().raw_goods if state["seats"][seat]["raw"][g] > 0]
    keep = protected_colours(state, seat)
    if len(held_colours) <= keep or keep == 0:
        return []
    return list(combinations(held_colours, keep))


def largest_colours(state: State, seat: int) -> tuple[str, ...]:
    """The colours the seat holds most raw goods of, as many as it may
    protect (ties go to the first colour in the usual order)."""
    raw = state["seats"][seat]["raw"]
    held = [g for g in comp().raw_goods if raw[g] > 0]
    ranked = sorted(held, key=lambda g: -raw[g])[: protected_colours(state, seat)]
    return tuple(g for g in held if g in ranked)


def apply_tax(state: State, seat: int, keep: Iterable[str]) -> None:
    """Discard every raw good whose colour is not kept; salt and refined
    goods are never taxed."""
    kept = set(keep)
    data = state["seats"][seat]
    lost = {g: n for g, n in data["raw"].items() if n > 0 and g not in kept}
    for good in lost:
        data["raw"][good] = 0
    if lost:
        note(state, f"{seat_title(state, seat)} loses {describe_goods(lost)} to the Tax")
