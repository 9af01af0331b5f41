"""The medium bot's army bound by the sea (engine/games/hellenica/bot_march.py
``sea_bound``), its Triremes put to sea as bridges (``planner.fleet``) and
spread towards Sea Power (``bot_reach.spare_ships``).

Troy's corner of Asia has no way on foot to any other city: Abydos lies
behind a mountain side and Lydia touches only the sea. In the match losses
the bot's army sat there for ten turns."""

from __future__ import annotations

from engine.games.hellenica import GAME, bot_march, bot_reach, planner
from engine.games.hellenica.state import new_upgrade
from tests.hellenica.test_bot import _until

TROY_SEED, TROY_SEAT = 3, 2
"""A four-player game whose seat 2 has Troy for its Home City."""


def _unit(owner: int, kind: str, n: int = 1) -> dict:
    return {"owner": owner, "kind": kind, "elite": False, "used": 0, "moved": False, "n": n}


def _troy(units: dict[str, list[dict]]) -> dict:
    """Every seat owns its Home City; only ``units`` stand on the map."""
    state = GAME.new(4, {"homes": "random"}, TROY_SEED)
    for seat, player in enumerate(state["seats"]):
        state["cities"][player["city"]]["owner"] = seat
    assert state["seats"][TROY_SEAT]["city"] == "troy"
    state["units"] = units
    return state


def _with_docks(state: dict) -> dict:
    state["cities"]["troy"]["slots"][0] = new_upgrade("docks", "active")
    return state


def test_troy_has_no_way_on_foot_to_a_city_to_take():
    """Land units move "to any adjacent Areas" across a clearing; mountain
    sides are impassable ("Units may not move across a mountain side")."""
    state = _troy({})
    walkable = bot_march.on_foot(state, TROY_SEAT)
    assert "troy" not in walkable and "lydia" not in walkable
    assert "thrace" in walkable  # beyond the mountains, Thrace walks to Byzantium


def test_docks_and_triremes_are_worth_most_to_an_army_bound_by_the_sea():
    """ "Docks produce Triremes during a Train Action" and "Each Trireme may
    Transport up to 2 Hoplites and/or Cavalry": for an army that cannot walk
    anywhere they are its whole future; for one that can, nothing extra."""
    bound = _troy({"troy": [_unit(TROY_SEAT, "hoplite", 2)]})
    assert bot_march.sea_bound(bound, TROY_SEAT) == 0.0  # nothing to carry it yet
    docks = _with_docks(_troy({"troy": [_unit(TROY_SEAT, "hoplite", 2)]}))
    assert bot_march.sea_bound(docks, TROY_SEAT) == bot_march.SEA_BOUND_DOCKS
    ship = _with_docks(_troy({"troy": [_unit(TROY_SEAT, "hoplite", 2), _unit(TROY_SEAT, "trireme")]}))
    assert bot_march.sea_bound(ship, TROY_SEAT) == bot_march.SEA_BOUND_DOCKS + bot_march.SEA_BOUND_SHIPS[0]
    walking = _with_docks(_troy({"thrace": [_unit(TROY_SEAT, "hoplite", 2)]}))
    assert bot_march.sea_bound(walking, TROY_SEAT) == 0.0
    assert planner.value(docks, TROY_SEAT) > planner.value(bound, TROY_SEAT)


def test_a_trireme_put_to_sea_keeps_its_worth():
    """A Trireme at sea is a bridge: "Land units Supplied for Movement may
    use Triremes as transports". Its worth to the stranded army must not fall
    when it leaves port (the plans kept it in port, so the army never
    crossed); at sea it also brings the cities across within reach."""
    army = [_unit(TROY_SEAT, "hoplite", 2)]
    in_port = _with_docks(_troy({"troy": army + [_unit(TROY_SEAT, "trireme")]}))
    at_sea = _with_docks(_troy({"troy": army, "eastern-aegean": [_unit(TROY_SEAT, "trireme")]}))
    assert bot_reach.fleet(at_sea, TROY_SEAT) == bot_reach.fleet(in_port, TROY_SEAT) > 0.0
    assert bot_march.sea_bound(at_sea, TROY_SEAT) == bot_march.sea_bound(in_port, TROY_SEAT)
    assert bot_reach.reach(at_sea, TROY_SEAT) > bot_reach.reach(in_port, TROY_SEAT)
    assert planner.value(at_sea, TROY_SEAT) > planner.value(in_port, TROY_SEAT)


def test_the_planner_weighs_docks_when_the_army_is_bound_by_the_sea():
    """At Troy's first action the Docks are among the actions looked ahead
    at, whatever the quick heuristic ranks first."""
    state = _until(GAME.new(4, {"homes": "random"}, TROY_SEED), TROY_SEAT, "action")
    assert state["seats"][TROY_SEAT]["city"] == "troy"
    state["units"] = {area: stacks for area, stacks in state["units"].items() if area in ("troy", "lydia")}
    legal = GAME.legal(state, TROY_SEAT)
    docks = [a for a in legal if a.startswith("build docks troy")]
    assert docks and bot_march.bound_strength(state, TROY_SEAT) > 0
    frame = planner.current(state)
    candidates = planner._candidates(state, frame, TROY_SEAT, legal)
    assert any(a.startswith("build docks") for a in candidates)
    assert bot_march.fleet_actions(state, TROY_SEAT, legal)[0].startswith("build docks")


def test_a_spare_trireme_counts_by_how_near_it_lies_to_a_sea_of_its_own():
    """Sea Power: "Have Triremes in 4 Sea Areas." "Triremes have no Supply
    Limit", but a Supply moves them one area at a time, and they "may not
    move directly from one Land Area to another Land Area". A fleet piled in
    the Thermaic Gulf, whose only neighbouring sea (the North Aegean) already
    holds one of the seat's Triremes, is two Supply actions from any new
    sea; the same ships in the North Aegean are one from five."""
    piled = _troy({"thermaic-gulf": [_unit(TROY_SEAT, "trireme", 3)], "north-aegean": [_unit(TROY_SEAT, "trireme")]})
    spread = _troy({"thermaic-gulf": [_unit(TROY_SEAT, "trireme")], "north-aegean": [_unit(TROY_SEAT, "trireme", 3)]})
    step = bot_reach.SPARE_SHIP - bot_reach.SPARE_STEP
    assert bot_reach.spare_ships(piled, TROY_SEAT, 2) == 2 * step
    assert bot_reach.spare_ships(spread, TROY_SEAT, 2) == 2 * bot_reach.SPARE_SHIP
    assert bot_reach.spare_ships(spread, TROY_SEAT, 1) == bot_reach.SPARE_SHIP  # only what the card still asks for
    assert planner.progress(spread, TROY_SEAT, "sea-power") > planner.progress(piled, TROY_SEAT, "sea-power")


def test_a_trireme_in_a_port_sails_out_through_its_clearings_only():
    """Triremes "may leave a Land Area from any Clearing" and "may not cross
    mountain sides"; they "may not enter a Land tile containing enemy
    units". Troy's own sea sides are the Eastern Aegean and the Dodecanese
    (clearings): a Trireme there is one Supply from a sea of its own. One in
    Byzantium, whose Propontis the seat holds already, must pass Abydos, and
    not at all while an enemy stands there."""
    port = _troy({"troy": [_unit(TROY_SEAT, "trireme")]})
    assert bot_reach.spare_ships(port, TROY_SEAT, 1) == bot_reach.SPARE_SHIP
    corner = _troy({"propontis": [_unit(TROY_SEAT, "trireme")], "byzantium": [_unit(TROY_SEAT, "trireme")]})
    assert bot_reach.spare_ships(corner, TROY_SEAT, 1) == bot_reach.SPARE_SHIP - 2 * bot_reach.SPARE_STEP
    corner["units"]["abydos"] = [_unit(0, "hoplite")]
    assert bot_reach.spare_ships(corner, TROY_SEAT, 1) == bot_reach.SPARE_LEAST


def test_a_sea_crossing_counts_towards_reach_only_with_a_fleet_to_bridge_it():
    """Sea Transport moves land units "through any number of adjacent Sea
    Areas containing the player's Triremes", and "Docks produce Triremes
    during a Train Action". Lydia touches only the Dodecanese: an army there
    with no Trireme and no Docks to build one is no nearer Miletus than at
    home (a bot marched eight Hoplites there and they stayed to the end)."""
    army = [_unit(TROY_SEAT, "hoplite", 2)]
    assert bot_reach.reach(_troy({"lydia": army}), TROY_SEAT) == 0.0
    assert bot_reach.reach(_with_docks(_troy({"lydia": army})), TROY_SEAT) > 0.0
