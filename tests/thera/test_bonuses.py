"""Novelty and vista recognition."""

from engine.games.thera.components import COMPONENTS

TRACK = COMPONENTS.novelty_track


def two_builders(kit):
    state = kit.new(2, seed=9, two_player=False)
    for seat in (0, 1):
        kit.clear_island(state, seat)
        state["hands"][seat] = ["shrine", "mosaic"]
        kit.put(state, seat, "b2", stone=3, water=1)
        kit.put(state, seat, "b3", stone=1, cloth=1)
        state["drachma"][seat] = 5
    return state


class TestNovelty:
    """ "If multiple people construct a luxury during the same phase, they all
    earn the full Novelty bonus. The marker is only moved one space down the
    Novelty track, even if more than one of the same Novelty type was built
    that phase.\""""

    def test_everyone_scores_the_full_value_and_the_marker_moves_once(self, kit):
        state = kit.choose(two_builders(kit), 0, "builder", tokens=0)
        state = kit.play(state, (0, "build shrine b2"), (1, "build shrine b2"))
        assert state["bonus"] == [0, 0]  # scored once everyone has finished
        state = kit.everyone_done(state)
        assert state["bonus"] == [TRACK[0], TRACK[0]]
        assert state["novelty"]["temple"] == 1
        assert state["novelty"]["art"] == 0

    def test_each_luxury_scores_and_each_type_moves(self, kit):
        state = kit.choose(two_builders(kit), 0, "builder", tokens=5)  # a second building
        state = kit.play(state, (0, "build shrine b2"), (0, "build mosaic b3"))
        state = kit.everyone_done(state)
        assert state["bonus"][0] == 2 * TRACK[0]
        assert state["novelty"]["temple"] == state["novelty"]["art"] == 1

    def test_later_builders_score_less(self, kit):
        state = kit.choose(two_builders(kit), 0, "builder", tokens=0)
        state = kit.everyone_done(kit.play(state, (0, "build shrine b2")))
        state = kit.choose(state, 1, "builder", tokens=0)
        state = kit.everyone_done(kit.play(state, (1, "build shrine b2")))
        assert state["bonus"] == [TRACK[0], TRACK[1]]

    def test_the_marker_stops_at_the_end(self, kit):
        state = two_builders(kit)
        state["novelty"]["temple"] = len(TRACK) - 1
        state = kit.choose(state, 0, "builder", tokens=0)
        state = kit.everyone_done(kit.play(state, (0, "build shrine b2")))
        assert state["novelty"]["temple"] == len(TRACK) - 1 and state["bonus"][0] == TRACK[-1]


class TestVista:
    """ "When you construct a Luxury building, if it is built on a Vista
    location and the location is connected to your Port, you immediately earn
    bonus Recognition equal to the value of the Vista location.\""""

    def vista_site(self, kit, connected):
        state = two_builders(kit)
        kit.put(state, 0, "d4", stone=3, water=1)
        if connected:
            kit.roads(state, 0, "a2-b2", "b2-c2", "c2-d2", "d2-d3", "d3-d4")
        return state

    def test_connected_vista_scores_at_once(self, kit):
        state = kit.choose(self.vista_site(kit, True), 0, "builder", tokens=0)
        state = kit.play(state, (0, "build shrine d4"))
        assert state["bonus"][0] == COMPONENTS.mat.vistas[kit.loc("d4")]

    def test_unconnected_vista_scores_nothing(self, kit):
        state = kit.choose(self.vista_site(kit, False), 0, "builder", tokens=0)
        state = kit.play(state, (0, "build shrine d4"))
        assert state["bonus"][0] == 0

    def test_industry_on_a_vista_scores_nothing(self, kit):
        state = self.vista_site(kit, True)
        kit.put(state, 0, "d4", stone=2, water=1)
        state = kit.choose(state, 0, "builder", tokens=0)
        state = kit.play(state, (0, "build quarry d4"))
        assert state["bonus"][0] == 0

    def test_the_favored_noble_scores_the_vista_too(self, kit):
        """Noble, six or more favor: "if you built this luxury on a Vista that is
        currently connected to the port, you score the vista recognition bonus\""""
        state = self.vista_site(kit, True)
        state["pool"] = ["odeon", "cellar", "fresco"]
        state = kit.choose(state, 0, "noble", tokens=6)
        state = kit.play(state, (0, "take odeon"), (0, "build shrine d4"))
        assert state["bonus"][0] == COMPONENTS.mat.vistas[kit.loc("d4")]
