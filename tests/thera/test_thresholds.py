"""Every favored threshold at every amount of favor, from tokens alone and
from tokens plus drachma spent ("You may spend drachma to gain additional
temporary favor equal to the amount of drachma you have spent").

The expected numbers are written out from the rulebook's sentences here,
not read from the data files, so a wrong number in roles.toml fails."""

import pytest

from engine.games.thera.phase import favored_gains

FAVOR = range(0, 13)

RULEBOOK = {
    # "Take two water"; "For every two (2) favor ... an additional water";
    # "If there are five (5) or more favor ... the Roman envoy".
    "priest": lambda f: {"water": 2 + f // 2, "envoy": int(f >= 5)},
    # "four (4) or more ... an additional luxury"; "six (6) or more ... construct
    # a luxury"; "For every three (3) favor ... a drachma".
    "noble": lambda f: {"may_pick": int(f >= 4), "luxury": int(f >= 6), "drachma": f // 3},
    # "For every three (3) favor ... activate twice".
    "worker": lambda f: {"doubles": f // 3},
    # "For every two (2) ... move it an additional time"; "For every four (4)
    # ... a free road"; "three (3) or more ... one", "six (6) ... one", "nine
    # (9) ... two" bonus recognition.
    "planner": lambda f: {"extra": f // 2, "free_roads": f // 4, "bonus": (f >= 3) + (f >= 6) + 2 * (f >= 9)},
    # "five (5) or more ... an additional Industry or Luxury building"; "For
    # every three (3) favor ... a free road".
    "builder": lambda f: {"either": int(f >= 5), "free_roads": f // 3},
    # "For every two (2) favor ... one free drachma"; "For every three (3)
    # favor, you may trade once".
    "trader": lambda f: {"drachma": f // 2, "extra_trades": f // 3},
}


def play_favored(kit, role, tokens, spend):
    state = kit.new(3, seed=20)
    state["drachma"] = [20, 20, 20]
    state["pool"] = ["odeon", "shrine", "mosaic", "cellar", "fresco", "altar"]
    after = kit.choose(state, 0, role, tokens=tokens, spend=spend)
    allow = after["phase"]["allow"][0] if after["phase"] else {}
    gains = {
        "water": allow.get("water", 0),
        "envoy": allow.get("envoy", 0),
        "may_pick": allow.get("may_pick", 0),
        "luxury": allow.get("luxury", 0),
        "doubles": allow.get("doubles", 0),
        "free_roads": allow.get("free_roads", 0),
        "either": allow.get("either", 0),
        "extra_trades": allow.get("extra_trades", 0),
        "extra": after["phase"]["extra"][0] if after["phase"] else 0,
        "bonus": after["bonus"][0],
        "drachma": after["drachma"][0] - (20 - spend),
    }
    return gains, after


@pytest.mark.parametrize("role", sorted(RULEBOOK))
def test_every_threshold_from_tokens(kit, role):
    for favor in FAVOR:
        gains, _ = play_favored(kit, role, favor, 0)
        expected = RULEBOOK[role](favor)
        assert {k: gains[k] for k in expected} == expected, (role, favor)


@pytest.mark.parametrize("role", sorted(RULEBOOK))
def test_drachma_spent_count_as_favor(kit, role):
    for tokens, spend in ((0, 6), (2, 3), (4, 5), (1, 8)):
        gains, after = play_favored(kit, role, tokens, spend)
        expected = RULEBOOK[role](tokens + spend)
        assert {k: gains[k] for k in expected} == expected, (role, tokens, spend)


@pytest.mark.parametrize("role", sorted(RULEBOOK))
def test_other_players_get_only_the_normal_action(kit, role):
    """ "Every player, including yourself, performs the normal action/s for the
    role. You are the favored player and receive additional special actions"."""
    _, after = play_favored(kit, role, 9, 3)
    normal = RULEBOOK[role](0)
    for seat in (1, 2):
        allow = after["phase"]["allow"][seat] if after["phase"] else {}
        for key in ("envoy", "may_pick", "doubles", "free_roads", "either", "extra_trades"):
            assert allow.get(key, 0) == normal.get(key, 0), (role, seat, key)
        assert after["bonus"][seat] == 0
        if after["phase"]:
            assert after["phase"]["extra"][seat] == 0


GAIN_NAMES = {  # favored_gains name -> (RULEBOOK key, offset of the normal action)
    "extra water": ("water", 2),
    "envoy": ("envoy", 0),
    "extra pick": ("may_pick", 0),
    "luxury build": ("luxury", 0),
    "double activation": ("doubles", 0),
    "extra move": ("extra", 0),
    "recognition": ("bonus", 0),
    "extra building": ("either", 0),
    "extra trade": ("extra_trades", 0),
    "free road": ("free_roads", 0),
    "drachma": ("drachma", 0),
}


@pytest.mark.parametrize("role", sorted(RULEBOOK))
def test_the_words_for_a_role_choice_match_the_rules(role):
    """The role list says what the favor buys ("favored: 2 extra water, the
    envoy"); those figures are the rulebook's too."""
    for favor in FAVOR:
        expected = RULEBOOK[role](favor)
        for name, count in favored_gains(role, favor).items():
            key, offset = GAIN_NAMES[name]
            assert count == expected[key] - offset, (role, favor, name)


def test_the_role_list_spells_out_the_favor(kit):
    state = kit.new(3, seed=20)
    state["drachma"][0] = 9
    assert kit.game.label(state, 0, "choose priest +2").endswith("5 favor (favored: 2 extra water, the envoy)")
    assert kit.game.label(state, 0, "choose planner +6").endswith(
        "(favored: 4 extra moves, 2 free roads, 4 recognition)"
    )
