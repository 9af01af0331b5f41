"""The map tiles and the Buildable Map's placement rules (C, G, H, J, K)."""

from __future__ import annotations

import dataclasses

import pytest

from engine.games.hellenica.maps import placement
from engine.games.hellenica.maps.placement import all_reachable, has_sea_access, legal_turns, refusal
from engine.games.hellenica.maps.tiles import Tile, board, land_tiles, rotated, sea_tiles, tiles


class TestTiles:
    def test_fifty_eight_tiles(self):
        """ "58 Map Tiles": one home city tile per city-state, the Ambracian and
        Icarian Sea tiles, Mt. Olympos, Delphi and the rest."""
        every = tiles()
        assert len(every) == 58
        assert sorted(n for n, t in every.items() if t.is_home) == sorted(board().homes)
        assert sorted(sea_tiles()) == ["ambracian-sea", "icarian-sea"]
        assert every["delphi"].free_temple == "oracle" and every["delphi"].is_city
        assert not every["mt-olympus"].is_city
        assert sum(t.volcano for t in every.values()) >= 2
        assert len(land_tiles()) == 58 - 7 - 2
        assert all(t.settlements == 4 for t in every.values() if t.is_home)

    def test_mines_sit_on_non_city_tiles_and_have_unique_names(self):
        names = [m.name for t in tiles().values() for m in t.mines]
        assert len(names) == len(set(names)) and names
        assert all(not t.is_city for t in tiles().values() if t.mines)

    def test_the_board_has_seven_home_locations_and_islands(self):
        plan = board()
        assert len(plan.homes) == 7 and set(plan.homes.values()) <= set(plan.locations)
        assert plan.homes["corcyra"] in plan.islands
        assert len(plan.islands) >= 5

    def test_rotating_clockwise(self):
        """One clockwise step moves the side that faced E to face SE."""
        assert rotated("cmmmmm", 1)[5] == "c"
        assert rotated("cmmmmm", 1) == "mmmmmc"
        assert rotated("abcdef", 6) == "abcdef" and rotated("abcdef", 2) == "cdefab"


class TestPlacementRules:
    def test_rule_c_home_on_its_start_location(self):
        """ "A Home City must be placed on its corresponding start location, but
        may be oriented in any direction.\""""
        assert refusal({}, "athens", "e4", 0).startswith("Rule C")
        assert legal_turns({}, "athens", "e5")

    def test_rule_g_mountains_meet_mountains(self):
        """ "any mountain sides match up against mountain sides and clearing
        sides match up against clearing sides.\""""
        layout = {"e5": ("athens", 0)}  # Athens' NE side (towards e4) is a clearing
        assert placed_side(layout, "e5", 1) == "c"
        # Thebes turned twice shows its printed mountain (E) on its SW side, towards Athens
        assert rotated(tiles()["thebes"].sides, 2)[4] == "m"
        reason = refusal(layout, "thebes", "e4", 2)
        assert reason.startswith("Rule G") and "Athens (e5)" in reason
        assert refusal(layout, "thebes", "e4", 0) is None

    def test_rule_g_any_side_may_face_the_sea_or_the_edge(self):
        """ "Both mountain and clearing sides may be placed facing into a Sea Area
        or off the Map edge.\""""
        assert len(legal_turns({}, "byzantium", "j1")) == 6

    def test_rule_j_volcanoes_not_adjacent(self):
        """ "Volcano Tiles may not be placed adjacent to each other.\""""
        layout = {"d4": ("thera", next(t for t in range(6) if refusal({}, "thera", "d4", t) is None))}
        reasons = [refusal(layout, "melos", "d5", t) for t in range(6)]
        assert any(r and r.startswith("Rule J") for r in reasons)
        assert all(r and r.startswith(("Rule G", "Rule J")) for r in reasons)

    def test_rule_k_islands_take_only_cities_and_mt_olympus(self):
        """ "Only City Tiles and the Mt. Olympus Tile may be placed on islands.\""""
        assert refusal({}, "thrace", "f3", 0).startswith("Rule K")
        assert legal_turns({}, "mt-olympus", "f3") and legal_turns({}, "argos", "f3")

    def test_rule_h_nothing_inaccessible(self, monkeypatch):
        """ "A Tile may not be placed or orientated in a way which makes itself or
        any other Land or Sea Area inaccessible.\""""
        hermit = Tile(name="hermit", title="Hermit", kind="city", sides="cmmmmm", settlements=1)
        twin = dataclasses.replace(hermit, name="twin", title="Twin")
        wall = dataclasses.replace(hermit, name="wall", title="Wall", sides="mmmmmm")
        every = dict(tiles(), hermit=hermit, twin=twin, wall=wall)
        monkeypatch.setattr(placement, "tiles", lambda: every)
        assert refusal({}, "wall", "f3", 0).startswith("Rule H")  # walled in itself
        # e4's one clearing faces the island f3, still open (a sea if left empty)
        layout = {"e4": ("hermit", 5)}
        assert refusal({}, "hermit", "e4", 5) is None
        # the twin on f3 opens only onto e4: the two would be cut off together
        assert placement.rotated("cmmmmm", 2)[4] == "c"
        reason = refusal(layout, "twin", "f3", 2)
        assert reason.startswith("Rule H") and "cannot be reached" in reason
        assert not all_reachable({**layout, "f3": ("twin", 2)})
        assert all_reachable({"e5": ("athens", 0)})

    def test_taken_locations_and_sea_tiles_are_refused(self):
        assert "already holds Athens" in refusal({"e5": ("athens", 0)}, "argos", "e5", 0)
        assert "Rule M" in refusal({}, "icarian-sea", "d4", 0)
        assert "not a land location" in refusal({}, "argos", "a1", 0)
        assert "not a map tile" in refusal({}, "atlantis", "d4", 0)

    def test_home_sea_access(self):
        """ "AI Players may not place their City-States such that they do not have
        access to at least one Sea Area": Athens (one mountain) reaches a sea in
        every orientation but one at most."""
        assert sum(has_sea_access("athens", "e5", t) for t in range(6)) >= 5


def placed_side(layout, location, direction):
    return placement.placed_sides(layout, location)[direction]


def test_tile_is_a_frozen_record():
    with pytest.raises(dataclasses.FrozenInstanceError):
        tiles()["argos"].settlements = 9  # type: ignore[misc]
