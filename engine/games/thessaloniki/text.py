"""Cards, ships, tiles and abilities in plain words, generated from the data
so the words can never drift from what the rules do."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from engine.games.thessaloniki.state import comp
from engine.games.thessaloniki.storage import cost_words

COUNT_WORDS = {
    "instant_contracts": "fulfilled instant contract (this one included)",
    "contracts": "fulfilled contract",
    "ships": "claimed ship",
    "storage_mosaics": "mosaic on your storage",
    "offer_statues": "statue on the contract offer",
}


def _s(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def effect_text(effect: Mapping[str, Any]) -> str:
    """One effect in words, starting with a lower-case verb."""
    kind = effect["do"]
    n = effect.get("n", 0)
    if kind == "vp":
        return f"gain {n} VP"
    if kind == "denarii":
        return f"gain {_s(n, 'denarius', 'denarii')}"
    if kind == "salt":
        return f"gain {n} Salt"
    if kind in ("gain_mosaic", "gain_statue"):
        return f"gain {_s(n, kind.split('_')[1])}"
    if kind in ("raw", "refined"):
        good = effect["good"]
        what = {"any": "of your choice", "own": "of your colour"}.get(good, good)
        return f"gain {_s(n, kind + ' good')} {what}"
    if kind == "raw_same":
        return f"gain {n} raw goods of one colour"
    if kind == "refine":
        text = f"refine any {_s(n, 'good')}"
        if effect.get("colours_for_bonus"):
            text += f"; if they span {effect['colours_for_bonus']} or more colours, " + effects_text(effect["bonus"])
        return text
    if kind == "refine_colour":
        return "refine all raw goods of one colour"
    if kind == "refine_each":
        return "refine 1 raw good of each colour"
    if kind == "sell":
        most = effect.get("max", 0)
        if effect["mode"] == "mixed":
            extra = " (raw or refined, ignoring colours)" if effect.get("ignore_colours") else ""
            return f"sell up to {_s(most, 'good')} of any colours to one ship{extra}"
        if most == 1:
            return "sell 1 good"
        return (
            "sell any number of goods of one colour to one ship"
            if not most
            else f"sell up to {most} goods of one colour to one ship"
        )
    if kind == "sell_supply":
        return "sell 1 good from the general supply to each ship"
    if kind == "take":
        return f"take {_s(n, 'contract')} from the offer"
    if kind == "fulfil":
        return "fulfil 1 contract" + {"free": " without paying its cost", "discount": " with a discount of 1 good"}.get(
            effect["cost"], ""
        )
    if kind == "place":
        return f"place 1 {effect['what']} from your board for free"
    if kind == "chariot":
        return f"advance {n} on the chariot track"
    if kind == "chariot_sunset":
        return "advance on the chariot track by 1 plus your Entrance mosaics"
    if kind == "spend_refined":
        good = "refined goods" if effect["good"] == "any" else comp().refined_name[effect["good"]]
        return f"spend up to {effect['max']} {good} for {effect['vp']} VP each"
    if kind == "per":
        return f"gain {effect['vp']} VP per {COUNT_WORDS[effect['count']]}"
    if kind == "legacy_reward":
        return (
            f"choose a Legacy icon: gain {effect['vp']} VP and {_s(effect['denarii'], 'denarius', 'denarii')} "
            f"per icon of that kind you have"
        )
    if kind == "swap_ships":
        return "swap 2 ships in the offer"
    if kind == "move_goods":
        return f"move up to {_s(effect['max'], 'good')} between ships (no VP)"
    if kind == "add_demand":
        return "add a demand tile and place a mosaic or statue from the supply on it"
    if kind == "sail":
        return "Sail"
    if kind == "tax":
        return "Tax"
    return kind


def effects_text(effects: Iterable[Mapping[str, Any]]) -> str:
    return ", then ".join(effect_text(e) for e in effects) or "nothing"


def effect_label(effect: Mapping[str, Any]) -> str:
    """The same effect in a few words, for a small space on the board
    picture (a chariot space); ``effect_text`` for anything else."""
    kind = effect["do"]
    n = effect.get("n", 0)
    if kind == "vp":
        return f"+{n} VP"
    if kind == "denarii":
        return f"+{_s(n, 'denarius', 'denarii')}"
    if kind == "salt":
        return f"+{n} Salt"
    if kind in ("raw", "refined") and effect["good"] == "any":
        return f"+{_s(n, kind + ' good')} (any)"
    if kind == "add_demand":
        return "new demand tile + mosaic or statue"
    if kind == "sell" and effect["mode"] == "same":
        most = effect.get("max", 0)
        return f"sell up to {_s(most, 'good')} of one colour" if most else "sell any number of one colour"
    if kind == "fulfil" and effect["cost"] == "free":
        return "fulfil a contract for free"
    return effect_text(effect)


def effects_label(effects: Iterable[Mapping[str, Any]]) -> str:
    return ", then ".join(effect_label(e) for e in effects) or "nothing"


def ability_text(ability: Mapping[str, Any]) -> str:
    kind = ability["kind"]
    c = comp()
    texts = {
        "refine_salt": "Whenever you refine, also gain 1 Salt.",
        "legacy_fulfil": f"Whenever you fulfil a contract with a Legacy icon, gain {ability.get('vp', 1)} VP "
        f"and {ability.get('salt', 1)} Salt.",
        "denarii_spent_vp": "Whenever you spend denarii, gain 1 VP per denarius.",
        "denarii_gain_goods": "Whenever you gain denarii, also gain as many of your raw good and as much Salt.",
        "stay": "You may skip moving and gaining goods: act again with your Patrician where it stands.",
        "chariot_sell": "Whenever you advance on the chariot track, you may also sell 1 good.",
        "extra_action": f"+1 ⚡ whenever you act in the "
        f"{c.alcoves[ability['alcove']].title if 'alcove' in ability else ''}.",
        "endgame_per": f"Final scoring: {ability.get('vp')} VP per {COUNT_WORDS.get(ability.get('count', ''), '')}.",
        "tax_shield": "The Tax spares one more colour of your raw goods.",
        "refined_sale_vp": f"+{ability.get('vp', 1)} VP for each refined good you sell.",
        "double_buy": "You may buy an extra ⚡ twice per turn.",
        "salt_replace": "After you sell to a ship, you may replace 1 Salt on it with your own good.",
        "salt_action": "You may buy your extra ⚡ with 1 Salt instead of 1 denarius.",
        "fulfil_vp": f"Whenever you fulfil a contract, gain {ability.get('vp', 1)} VP.",
        "salt_merchant": "Moving a Merchant may cost 1 Salt instead of 1 denarius.",
        "demand_statue_bonus": f"Final scoring: your statues on demand tiles give {ability.get('vp', 2)} more VP "
        f"per ship.",
        "claim_bonus": "Whenever you claim a ship, place a mosaic or statue from your board for free, "
        "or take a contract.",
        "refine_for_denarius": f"Once per turn, at any time: pay 1 denarius to refine {ability.get('n', 2)} goods.",
        "denarius_space_salt": "When your Patrician passes the denarius space, also gain 1 Salt.",
        "free_merchant": "Once per turn, move a Merchant for free.",
        "leftmost_sale": f"Selling to the leftmost ship gives you {ability.get('vp', 2)} more VP per good.",
        "move_refine": "Right after moving, refine 1/2/3 raw goods for a move of 1/2/3 alcoves.",
        "chariot_vp": f"Whenever you advance on the chariot track, gain {ability.get('vp', 2)} VP.",
        "fulfil_denarius": f"Whenever you fulfil a contract, gain {ability.get('denarii', 1)} denarius.",
    }
    return texts.get(kind, kind)


@cache
def contract_text(cid: str) -> str:
    """What a card does: its effects, or its ability."""
    card = comp().contracts[cid]
    if card.kind == "permanent":
        return ability_text(card.ability or {})
    text = effects_text(card.effects)
    return text[0].upper() + text[1:] + "."


# The cards' words never change, and every view shows many cards: each
# card's dict is worked out once, and every view gets its own copy (nested
# lists copied too), so a caller changing a view cannot change the next one.


def contract_card(cid: str) -> dict[str, Any]:
    """A card for views: id, tier, cost, kind, legacy icon and text."""
    card = _contract_card(cid)
    return dict(card, cost=list(card["cost"]))


def family_card(fid: str) -> dict[str, Any]:
    card = _family_card(fid)
    return dict(card, goods=dict(card["goods"]), legacy=list(card["legacy"]))


def ship_card(sid: str) -> dict[str, Any]:
    card = _ship_card(sid)
    return dict(card, spaces=list(card["spaces"]))


@cache
def _contract_card(cid: str) -> dict[str, Any]:
    card = comp().contracts[cid]
    return {
        "id": cid,
        "tier": card.tier,
        "cost": list(card.cost),
        "cost_text": cost_words(card.cost),
        "kind": card.kind,
        "legacy": card.legacy,
        "text": contract_text(cid),
    }


@cache
def _family_card(fid: str) -> dict[str, Any]:
    family = comp().families[fid]
    return {
        "id": fid,
        "name": family.name,
        "goods": dict(family.goods),
        "denarii": family.denarii,
        "mosaics": family.mosaics,
        "statues": family.statues,
        "contracts": family.contracts,
        "legacy": list(family.legacy),
        "text": ability_text(family.ability),
    }


@cache
def _ship_card(sid: str) -> dict[str, Any]:
    ship = comp().ships[sid]
    return {
        "id": sid,
        "city": ship.city,
        "spaces": list(ship.spaces),
        "benefit": effects_text(ship.benefit),
        "three_plus": ship.three_plus,
    }
