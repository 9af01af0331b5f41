"""Fixtures for the Thessaloniki tests: a scenario builder that lays out a
table the way a rulebook example shows it, then plays actions on it."""

from __future__ import annotations

import pytest

from engine.core import clone
from engine.games.thessaloniki import GAME, steps
from engine.games.thessaloniki.state import comp


class Scenario:
    """A 2-4 player table after set-up, without family cards, ready to be
    arranged: workers, goods, cards, ships, demand tiles."""

    def __init__(self, players: int = 4, seed: int = 1):
        self.state = GAME.new(players, {}, seed)
        s = self.state
        s["phase"] = "play"
        s["round"] = 1
        s["pending"] = []
        for data in s["seats"]:
            for card in data["hand"]:
                s["deck"].append(card)
            data["hand"] = []

    # -- seats and colours ---------------------------------------------------

    def seat(self, colour: str) -> int:
        return next(i for i, d in enumerate(self.state["seats"]) if d["colour"] == colour)

    def data(self, colour: str) -> dict:
        return self.state["seats"][self.seat(colour)]

    def goods(self, colour: str, **tokens: int) -> Scenario:
        """Set goods exactly: raw names, refined names, salt (others zero)."""
        data = self.data(colour)
        c = comp()
        raw_of = c.raw_of
        data["raw"] = {g: 0 for g in c.raw_goods}
        data["refined"] = {g: 0 for g in c.raw_goods}
        data["salt"] = 0
        for token, count in tokens.items():
            if token == "salt":
                data["salt"] = count
            elif token in raw_of:
                data["refined"][raw_of[token]] = count
            else:
                data["raw"][token] = count
        return self

    def set(self, colour: str, **values) -> Scenario:
        self.data(colour).update(values)
        return self

    # -- the board -----------------------------------------------------------------

    def workers(self, layout: dict[str, list[str]]) -> Scenario:
        """Put the listed workers (``"red:P"``, ``"salt"``) in those alcoves,
        rightmost first; every other worker goes to the unlisted alcoves."""
        c = comp()
        everyone = ["salt"] + [f"{col}:{k}" for col in c.colours for k in ("P", "M", "M")]
        placed = [w for ws in layout.values() for w in ws]
        rest = list(everyone)
        for worker in placed:
            rest.remove(worker)
        alcoves = {name: list(layout.get(name, [])) for name in c.alcove_order}
        for spare in (1, 0):  # leave a space free where possible
            for name in c.alcove_order:
                if name in layout:
                    continue
                while rest and len(alcoves[name]) < c.alcoves[name].capacity - spare:
                    alcoves[name].append(rest.pop(0))
        assert not rest, "not enough room for the unlisted workers"
        self.state["alcoves"] = alcoves
        return self

    def _pull_card(self, cid: str) -> None:
        s = self.state
        for key in ("deck", "reserve"):
            if cid in s[key]:
                s[key].remove(cid)
        if cid in s["offer"]:
            s["offer"][s["offer"].index(cid)] = None
        for data in s["seats"]:
            for key in ("hand", "fulfilled"):
                if cid in data[key]:
                    data[key].remove(cid)

    def hand(self, colour: str, *cards: str) -> Scenario:
        for cid in cards:
            self._pull_card(cid)
            self.data(colour)["hand"].append(cid)
        return self

    def fulfilled(self, colour: str, *cards: str) -> Scenario:
        for cid in cards:
            self._pull_card(cid)
            self.data(colour)["fulfilled"].append(cid)
        return self

    def offer(self, *cards: str | None) -> Scenario:
        s = self.state
        for cid in s["offer"]:
            if cid is not None:
                s["deck"].insert(0, cid)
        s["offer"] = [None] * len(s["offer"])
        for space, cid in enumerate(cards):
            if cid is not None:
                self._pull_card(cid)
                s["offer"][space] = cid
        return self

    def ships(self, *ships: tuple[str, list] | str | None, sailed: bool = True) -> Scenario:
        """The four ship spaces: an id, (id, goods per space) or None."""
        s = self.state
        c = comp()
        for ship in s["ships"]:
            if ship is not None:
                s["ship_stack"].insert(0, ship["id"])
        s["ships"] = []
        for entry in ships:
            if entry is None:
                s["ships"].append(None)
                continue
            sid, goods = (entry, None) if isinstance(entry, str) else entry
            for key in ("ship_stack", "ship_aside", "ship_box"):
                if sid in s[key]:
                    s[key].remove(sid)
            s["ships"].append({"id": sid, "goods": list(goods) if goods else [None] * len(c.ships[sid].spaces)})
        s["sailed"] = sailed
        return self

    def demand(self, *tiles: str) -> Scenario:
        """Make exactly these demand tiles active (in this order)."""
        s = self.state
        c = comp()
        for tile in s["demand"]:
            s["demand_stacks"][c.demand_tiles[tile["id"]].city].append(tile["id"])
        s["demand"] = []
        for tile_id in tiles:
            s["demand_stacks"][c.demand_tiles[tile_id].city].remove(tile_id)
            s["demand"].append(
                {
                    "id": tile_id,
                    "statues": [None] * len(c.demand_statue_spaces),
                    "mosaics": [None] * len(c.demand_mosaic_spaces),
                }
            )
        return self

    def tile(self, tile_id: str) -> dict:
        return next(t for t in self.state["demand"] if t["id"] == tile_id)

    # -- playing -----------------------------------------------------------------------

    def start(self, colour: str) -> Scenario:
        """Begin ``colour``'s turn (its move step)."""
        s = self.state
        s["pending"] = [{"do": "start_turn", "seat": self.seat(colour)}]
        steps.settle(s)
        return self

    def at(self, colour: str, alcove: str, moved: list[str] | None = None) -> Scenario:
        """Begin ``colour``'s turn as if it had just moved into ``alcove``
        (goods already gained): straight to resolving the alcove."""
        s = self.state
        seat = self.seat(colour)
        s["pending"] = [{"do": "start_turn", "seat": seat}]
        steps.settle(s)
        s["pending"] = [{"do": "arrive", "seat": seat, "alcove": alcove, "passed": moved or [alcove]}]
        steps.settle(s)
        return self

    def play(self, colour: str, action: str) -> Scenario:
        self.state = GAME.play(self.state, self.seat(colour), action)
        return self

    def done(self, colour: str) -> Scenario:
        """End the alcove: ``done``, unless nothing was left to do and the
        sunset already began by itself."""
        if "done" in self.legal(colour):
            self.play(colour, "done")
        return self

    def legal(self, colour: str) -> list[str]:
        return GAME.legal(self.state, self.seat(colour))

    def to_move(self) -> list[str]:
        return [self.state["seats"][s]["colour"] for s in GAME.to_move(self.state)]

    def copy(self) -> dict:
        return clone(self.state)


@pytest.fixture
def scenario():
    """``scenario(players=4, seed=1)`` builds a ``Scenario``."""
    return Scenario
