"""Views copy their fixed parts by hand for speed: each copy must equal a
full deep copy (``engine.core.clone``) and share nothing with the original,
so a change to a view never reaches the next one."""

from __future__ import annotations

import random

from engine.core import clone
from engine.games.thebes import view as thebes_view
from engine.games.thebes.bags import bag_summary, initial_bag
from engine.games.thebes.components import SITES
from engine.games.thera import views as thera_views


def test_theras_map_copy_is_a_deep_copy_of_the_map():
    copied = thera_views._map_view()
    assert copied == clone(thera_views.MAP)
    copied["locations"][0]["name"] = "changed"
    copied["roads"].append("changed")
    assert thera_views._map_view() == clone(thera_views.MAP) != copied


def test_thebes_bag_copy_is_a_deep_copy_of_the_bag_summary():
    rng = random.Random(5)
    for site in SITES:
        bag = initial_bag(site)
        while bag:
            copied = thebes_view._bag_view(bag)
            assert copied == clone(bag_summary(bag))
            copied["artefacts"]["99"] = 1
            assert thebes_view._bag_view(bag) == bag_summary(bag)
            bag = bag[: -rng.randint(1, 3)]
