"""Why an action is refused: specific messages for the common mistakes.

The steps only ever accept their listed options; when a player's text is not
one of them, these functions look at what was meant and say what is wrong
and what would be right. ``None`` falls back to the generic "not legal now;
you can ..." message.
"""

from __future__ import annotations

from engine.games.thessaloniki import contracts, pieces, port, storage, workers
from engine.games.thessaloniki.state import State, colour_of, comp, has

ACTION_VERBS = ("take", "fulfill", "sell", "mosaic", "statue", "refine", "gain")


def _alcove_list() -> str:
    c = comp()
    return ", ".join(c.alcoves[a].title for a in c.alcove_order)


def _where(alcoves: list[str]) -> str:
    c = comp()
    names = [f"the {c.alcoves[a].title}" for a in dict.fromkeys(alcoves)]
    return " and ".join(names) if names else "nowhere"


def _steps_between(origin: str, target: str) -> int:
    order = comp().alcove_order
    return (order.index(target) - order.index(origin)) % len(order)


def move(state: State, seat: int, text: str) -> str | None:
    words = text.split()
    c = comp()
    if not words:
        return None
    if words[0] in ACTION_VERBS or words[0] in ("buy", "bonus", "done"):
        return "First move a worker: `move patrician <alcove>` or `move merchant <from> <to>` (`legal` lists them)."
    if words[0] != "move" or len(words) < 3:
        return None
    paying_salt = words[-2:] == ["with", "salt"]
    if paying_salt:
        words = words[:-2]
    for word in words[2:]:
        if word not in c.alcoves:
            return f"`{word}` is not an alcove; clockwise they are {_alcove_list()}."
    if words[1] == "patrician":
        if len(words) != 3:
            return "Write `move patrician <alcove>`, e.g. `move patrician forum`."
        origin, target, kind = workers.alcoves_of(state, seat, workers.PATRICIAN)[0], words[2], workers.PATRICIAN
    elif words[1] == "merchant":
        mine = workers.alcoves_of(state, seat, workers.MERCHANT)
        if len(words) != 4:
            return (
                f"Say which Merchant moves where: yours are in {_where(mine)}, e.g. `move merchant {mine[0]} <alcove>`."
            )
        origin, target, kind = words[2], words[3], workers.MERCHANT
        if origin not in mine:
            return f"You have no Merchant in the {c.alcoves[origin].title}; yours are in {_where(mine)}."
    else:
        return f"`{words[1]}` is not a worker: move your `patrician` or a `merchant`."
    distance = _steps_between(origin, target)
    if distance == 0 or distance > workers.MAX_STEPS:
        return (
            f"The {c.alcoves[target].title} is {distance} alcoves clockwise from the "
            f"{c.alcoves[origin].title}: workers move 1 or 2 alcoves clockwise (3 for 1 denarius)."
        )
    if paying_salt and (kind == workers.PATRICIAN or not has(state, seat, "salt_merchant")):
        return "Only C58 lets you pay for moving a Merchant with Salt."
    need = (1 if distance > workers.FREE_STEPS else 0) + (1 if kind == workers.MERCHANT else 0)
    have = state["seats"][seat]["denarii"]
    if need > have:
        return (
            f"That move costs {need} denari{'us' if need == 1 else 'i'} (a Merchant costs 1, a move of 3 "
            f"alcoves 1 more) and you have {have}."
        )
    return None


def act(state: State, seat: int, text: str) -> str | None:
    words = text.split()
    if not words:
        return None
    c = comp()
    turn = state["turn"]
    alcove = turn["alcove"]
    here = c.alcoves[alcove]
    verb = words[0]
    if verb == "move" or verb == "stay":
        return f"You have already moved this turn: spend your ⚡ in the {here.title}, or say `done`."
    if verb == "buy":
        if turn["bought"]:
            return "You have already bought your extra ⚡ this turn."
        return "An extra ⚡ costs 1 denarius and you have none."
    if verb == "bonus":
        if len(words) == 1:
            return "You have already taken this alcove's bonus (or it was taken for you on arrival)."
        return (
            f"You have no mosaic bonus of `{words[1]}` waiting: mosaic bonuses come from alcoves "
            f"you moved through or onto with your mosaic there."
        )
    if verb in ACTION_VERBS and turn["energy"] <= 0:
        return "You have no ⚡ left: `buy` one for 1 denarius, or say `done`."
    if verb == "take":
        return _take(state, seat, words)
    if verb == "fulfill":
        if not any(a in here.actions for a in ("fulfil", "fulfil_discount", "fulfil_and_sell")):
            return f"The {here.title} has no Fulfil action: contracts are fulfilled in the Forum, Legatio and Mercatus."
        return _fulfil(
            state, seat, words, contracts.DISCOUNT if "fulfil_discount" in here.actions else contracts.NORMAL
        )
    if verb == "sell":
        if not any(a in here.actions for a in ("sell", "fulfil_and_sell")):
            return f"The {here.title} has no Sell action: sell in the Port (or 1 good in the Legatio)."
        limit = 1 if "fulfil_and_sell" in here.actions else 0
        return sale(state, seat, words, limit)
    if verb in (pieces.MOSAIC, pieces.STATUE):
        if f"place_{verb}" not in here.actions:
            where = "Officium and Legatio" if verb == pieces.MOSAIC else "Taberna and Forum"
            return f"The {here.title} cannot place {verb}s: place them in the {where}."
        return _place(state, seat, words)
    if verb == "gain" and len(words) == 2 and words[1] in (pieces.MOSAIC, pieces.STATUE):
        if f"gain_{words[1]}" not in here.actions:
            return f"The {here.title} cannot give you a {words[1]}."
        return f"There are no {words[1]}s of your colour left in the general supply."
    if verb == "refine":
        if not any(state["seats"][seat]["raw"].values()):
            return "You have no raw goods to refine."
    return None


def _take(state: State, seat: int, words: list[str]) -> str | None:
    if len(words) != 2:
        return "Write `take <card>`, e.g. `take c12`."
    cid = words[1]
    if cid not in state["offer"]:
        offer = ", ".join(c.upper() for c in state["offer"] if c) or "nothing"
        return f"{cid.upper()} is not in the contract offer; it holds {offer}."
    space = state["offer"].index(cid)
    if colour_of(state, seat) not in state["offer_statues"][space]:
        mine = [s + 1 for s, section in enumerate(state["offer_statues"]) if colour_of(state, seat) in section]
        return (
            f"You have no Statue above contract space {space + 1}: you may take only from spaces "
            f"{', '.join(map(str, mine))}. Place more Statues on the offer at the Taberna or Forum."
        )
    return None


def _fulfil(state: State, seat: int, words: list[str], mode: str) -> str | None:
    if len(words) < 2:
        return "Write `fulfill <card>`, e.g. `fulfill c12`."
    cid = words[1]
    hand = state["seats"][seat]["hand"]
    if cid not in hand:
        return f"{cid.upper()} is not in your hand; `hand` shows your cards."
    slots = contracts.cost_slots(cid, mode)
    ways = storage.payments(state, seat, slots)
    if not ways:
        return (
            f"You cannot pay for {cid.upper()}: it costs {storage.cost_words(slots)} and you have "
            f"{storage.describe_goods(storage.holdings(state, seat))}."
        )
    if len(words) > 2:
        offered = ", ".join(f"`with {storage.format_goods(w)}`" for w in ways)
        return f"You cannot pay {cid.upper()} that way; you can pay {offered}."
    return None


def sale(state: State, seat: int, words: list[str], limit: int = 0) -> str | None:
    """Why a ``sell <goods> ship<k>`` cannot be done."""
    if len(words) < 3 or not words[-1].startswith("ship"):
        return "Write `sell <goods> ship<k>`, e.g. `sell 2 wine ship2`."
    label = words[-1]
    spaces = comp().max_ships()
    if not label[4:].isdigit() or not 1 <= int(label[4:]) <= spaces:
        return f"`{label}` is not a ship space: they are ship1 (next to the stack) to ship{spaces}."
    index = int(label[4:]) - 1
    ship = state["ships"][index]
    if ship is None:
        return f"There is no ship in space {index + 1} right now."
    try:
        goods = storage.parse_goods(words[1:-1])
    except Exception as error:  # IllegalAction from parse_goods
        return str(error)
    colours = {storage.colour_good_of(t) for t in goods}
    if len(colours) != 1:
        return "Sell goods of one colour at a time (raw and refined of that colour, or Salt alone)."
    colour = colours.pop()
    count = sum(goods.values())
    if limit and count > limit:
        return f"You may sell only {limit} good{'s' if limit > 1 else ''} here."
    raw = [t for t in goods if t in comp().raw_goods]
    if raw and not port.accepts_raw(state, index):
        return (
            f"Only the ship in space {spaces} takes raw goods; refine your {raw[0]} first or sell it to ship{spaces}."
        )
    for token, wanted in goods.items():
        if storage.held(state, seat, token) < wanted:
            return f"You have only {storage.held(state, seat, token)} {token}."
    room = port.room_for(ship, colour)
    if count > room:
        where = "multicoloured spaces" if colour == storage.SALT else f"{colour} or multicoloured spaces"
        return f"Ship {index + 1} has room for {room} more on its {where}."
    return None


def _place(state: State, seat: int, words: list[str]) -> str | None:
    piece = words[0]
    if pieces.on_board(state, seat, piece) < 1:
        source = (
            "`gain mosaic` in the Officium"
            if piece == pieces.MOSAIC
            else "`gain statue` in the Taberna, or the Officina's bonus"
        )
        return f"You have no {piece} on your player board: get one first ({source})."
    if len(words) < 2:
        return f"Write `{piece} <where>`; `legal` lists the free spaces."
    target = words[1]
    free = pieces.targets(state, seat, piece)
    if target not in free:
        return f"You cannot place a {piece} on `{target}` now; free spaces for you: {', '.join(free) or 'none'}."
    if not storage.payments(state, seat, [storage.own_good(state, seat)]):
        return f"Placing a {piece} costs 1 of your goods ({storage.own_good(state, seat)}) or 1 Salt; you have none."
    return None
