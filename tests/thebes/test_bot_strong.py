"""The strong bot: a plan of digs by year, congress cards as a set,
majorities counted both ways, two actions looked at ahead."""

from __future__ import annotations

from collections import Counter

from engine.games.thebes import GAME
from engine.games.thebes.bot import Greedy
from engine.games.thebes.bot_strong import STRONG_WEIGHTS, Strong, determinized
from engine.games.thebes.components import CARD_BY_ID, SITES
from engine.games.thebes.notation import Dig, notation, parse


def test_the_plan_digs_a_site_once_a_year(kit):
    """Rulebook: "After the search: ... Flip your permission on its crossed
    face (invalid permission)." and "When a player's pawn exceeds week 52,
    that player flips all his search permissions on their valid side." With
    only Egypt worth digging, the plan holds one Egypt dig per year left
    (1901, 1902, 1903), and one fewer once this year's permit is used."""
    state = kit.to_act(kit.new(2), 0, place="warsaw", year=1901, week=1)
    bot = Strong(state, 0)
    gains = {site: 10.0 if site == "egypt" else 0.0 for site in SITES}
    assert bot._plan_value(gains, state.players[0].permits) == 30.0
    used = dict(state.players[0].permits, egypt=False)
    assert bot._plan_value(gains, used) == 20.0


def test_a_permit_costs_little_when_the_year_is_nearly_over(kit):
    """Rulebook: "When a player's pawn exceeds week 52, that player flips all
    his search permissions on their valid side." A permit unused by week 50
    comes back in two weeks anyway, so using it then costs a fraction of what
    it costs in week 1."""
    early = kit.to_act(kit.new(2), 0, place="warsaw", year=1902, week=1)
    for card in kit.cards("specialized", "egypt", 2):
        kit.give(early, 0, card)
    late = kit.round_trip(early)
    kit.to_act(late, 0, week=50)
    early_cost = Strong(early, 0)._permit_cost("egypt")
    late_cost = Strong(late, 0)._permit_cost("egypt")
    assert early_cost > 0
    assert late_cost < 0.2 * early_cost


def test_congress_cards_are_valued_as_a_set(kit):
    """Rulebook: "0 to 28 points depending on the number of Congress cards of
    the player" (1, 3, 6, 10, 15, 21, 28). Early on, with every congress card
    still to come, the first is worth more than its single point; in the
    last weeks, when no more can be collected, exactly its one step."""
    congress = kit.card("congress")
    early = kit.to_act(kit.new(2), 0, place="warsaw", year=1901, week=1)
    assert Strong(early, 0).card_value(congress) > 2 * Greedy(early, 0).card_value(congress)
    late = kit.to_act(kit.new(2), 0, place="warsaw", year=1903, week=50)
    assert Strong(late, 0).card_value(congress) == 1.0


def test_a_majority_counts_what_the_other_player_loses(kit):
    """Rulebook: "5 points to a player having the majority in specialized
    knowledge of a colour (closed books), or 3 points if several players have
    the majority." Drawing level with a rival's single Greece book gains 3
    points and takes 2 from the rival: the strong bot counts both, the greedy
    bot only the 3."""
    state = kit.to_act(kit.new(2), 0, place="warsaw", year=1903, week=40)
    greece = kit.cards("specialized", "greece", 1)
    kit.give(state, 1, greece[0])
    weight = STRONG_WEIGHTS.majority_weight
    assert Strong(state, 0)._majority_gain("greece", 1) == weight * (3 + 2)
    assert Greedy(state, 0)._majority_gain("greece", 1) == Greedy(state, 0).weights.majority_weight * 3


def test_the_look_ahead_deals_the_hidden_cards_afresh(kit):
    """The bot must not see the order of the draw pile ("Separate the
    remaining researcher cards into 3 piles"): its copy holds the same cards
    in the same piles' places, everything on the table unchanged, in another
    order for each seed, and the real state is untouched."""
    state = GAME.new(3, {}, 5)
    before = GAME.dump(state)
    copies = [determinized(state, seed) for seed in (1, 2)]
    assert GAME.dump(state) == before
    for copy in copies:
        kit.round_trip(copy)  # every card and token still in exactly one place
        assert copy.display == state.display and copy.exhibitions == state.exhibitions
        assert copy.bags == state.bags and GAME.dump(copy)["players"] == before["players"]
        assert Counter(copy.deck + copy.reserve) == Counter(state.deck + state.reserve)
        assert [c in CARD_BY_ID for c in copy.deck].count(False) == [c in CARD_BY_ID for c in state.deck].count(False)
    assert copies[0].deck != copies[1].deck
    assert copies[0].rng.state != state.rng.state


def test_one_journey_serves_two_cards(kit):
    """Rulebook: "1 trip between two adjacent locations counts as 1 week."
    From Warsaw, a Greece book in Berlin (1 week away) has the best points
    per week on its own, and the greedy bot buys it; but London (2 weeks
    away) shows two Greece cards, and the second costs no journey after the
    first: the strong bot goes to London."""
    state = kit.to_act(kit.new(2), 0, place="warsaw", year=1901, week=20)
    for card in kit.cards("specialized", "egypt", 2):
        kit.give(state, 0, card)
    kit.show(state, 1, kit.card("specialized", "greece", 1, "berlin"))
    kit.show(state, 2, kit.card("specialized", "greece", 1, "moscow"))
    kit.show(state, 3, kit.card("specialized", "greece", 2, "london"))
    kit.show(state, 4, kit.card("specialized", "greece", 3, "london"))
    bot = Strong(state, 0)
    assert notation(bot.best()) == GAME.choose(state, 0, "greedy", 1) == "buy 1"
    choice = GAME.choose(state, 0, "strong", 1)
    assert choice in ("buy 3", "buy 4")
    assert bot._plan_rate(parse(choice), False, 1) > bot._plan_rate(parse("buy 1"), False, 1)


def test_each_dig_is_offered_at_one_length_chosen_at_the_margin(kit):
    """Rulebook: "Set the timer to the total number of knowledge used. Choose
    the number of weeks spent searching, then pick in the bag the number of
    tokens shown in red." Of the many lengths of one dig, the strong bot
    compares with other actions only the one whose tokens are worth most
    after ``dig_week_worth`` points a week: one dig per site and choice of
    cards to spend, and no week added that finds less than that."""
    state = kit.to_act(kit.new(2), 0, place="warsaw", year=1901, week=5)
    for card in kit.cards("specialized", "egypt", 2) + kit.cards("general", value=2)[:1]:
        kit.give(state, 0, card)
    bot = Strong(state, 0)
    digs = [a for a in bot.candidates(False) if isinstance(a, Dig)]
    assert len(Greedy(state, 0).candidates(False)) > len(bot.candidates(False))
    keys = [(d.site, d.knowledge, d.shovel, d.spend) for d in digs]
    assert len(keys) == len(set(keys)) and {d.site for d in digs} == {"egypt"}
    (dig,) = digs
    assert dig.knowledge == 8  # 6 closed books (three 2-book cards) and the 2 open ones

    def net(weeks: int) -> float:
        longer = Dig(dig.site, dig.knowledge, weeks)
        return bot._dig_tokens(longer) * bot.worth["egypt"] - STRONG_WEIGHTS.dig_week_worth * weeks

    assert all(net(dig.weeks) >= net(weeks) for weeks in range(1, 13))


def test_with_four_players_every_dig_length_is_compared(kit):
    """Rulebook: "The year marker is placed on the 1902 square for 4 players,
    otherwise on 1901": four players share the bags over two years, and
    there the strong bot compares every length of a dig, as greedy does."""
    state = kit.to_act(kit.new(4), 0, place="warsaw", year=1902, week=5)
    for card in kit.cards("specialized", "egypt", 2):
        kit.give(state, 0, card)
    digs = [a for a in Strong(state, 0).candidates(False) if isinstance(a, Dig)]
    assert digs == [a for a in Greedy(state, 0).candidates(False) if isinstance(a, Dig)]
    assert len({d.weeks for d in digs}) > 1


def test_a_dig_into_the_new_year_uses_next_years_permit(kit):
    """Rulebook: "Flip your permission on its crossed face (invalid
    permission)" after the search, and "When a player's pawn exceeds week 52,
    that player flips all his search permissions on their valid side." The
    time is spent before the search, so a dig that runs past week 52 crosses
    the permit of the new year: late in 1901 a short Egypt dig costs this
    year's nearly spent permit, a long one costs a whole permit of 1902."""
    state = kit.to_act(kit.new(2), 0, place="egypt", year=1901, week=48)
    for card in kit.cards("specialized", "egypt", 2):
        kit.give(state, 0, card)
    bot = Strong(state, 0)
    short, long = Dig("egypt", 4, 3), Dig("egypt", 4, 8)  # to week 51; to week 4 of 1902

    def charge(dig: Dig) -> float:
        found = bot._dig_tokens(dig) * bot.worth["egypt"] + 1  # the value-1 artefact on the untouched site
        return found - bot.dig_value(dig)

    assert abs(charge(short) - bot._permit_cost("egypt")) < 1e-9
    permits = state.players[0].permits
    next_year = bot._plan_value(bot._gains(), permits) - bot._plan_value(bot._gains(), permits, "egypt")
    assert next_year > 0
    assert abs(charge(long) - next_year) < 1e-9
    assert charge(long) > 4 * charge(short)
