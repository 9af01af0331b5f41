"""Hellenica: Story of Greece — build, worship, research and march your
city-state until it satisfies three objectives at the end of a turn.

Each turn: Ethos (choose two secret objectives from four, or pay Favor equal
to the turn to try again next turn), Favorite of the Gods (most Favor leads and
picks Zeus = clockwise or Hera = counter-clockwise), Actions (one each, round
after round, until all pass), Upkeep (Upkeep Invocations, the Creatures act,
sole occupiers conquer cities, cubes come back, then the victory check).

World Events: after every movement a card is revealed and the chaos marker
moves down by its Chaos Number; at the tip the event occurs (the marker goes
back to the player count and on), everyone bids Favor in secret, the highest
bid wins (the Favorite breaks ties), pays, takes the reward and carries out
the event, and the marker moves down by the winning bid (maybe into another
event). Invocations (10 deities, three each): level = Favor cost = Temples
needed, once per turn, in their phase; casting windows let the others answer
(Intervention and Interference resolve first, in reverse). Creatures interdict
their Area, are slain only by Heroes in Duels, and strike at Upkeep. Win with any three of the public Pathos
cards and your own Ethos cards; ties go to most objectives, City Upgrades,
Advancements, Favor, Philosophers, Commerce. Destruction asks for the Home
Cities of 2 other players (1 with 3 or fewer players) owned at the end of two
turns in a row: their owners have a turn to take them back, and Empire asks
for 9 cities with 3 to 5 players, 8 with 2, 6 or 7 (our thresholds; the
rulebook prints none; games begun before them keep the ones they began with).

Notation (names are the board's, lower case: ``athens``, ``mt-olympus``,
``eastern-aegean``; colours are seats: ``green``):

Set-up and phases
  ``home <city>``            choose a Home City (fewer than 7 players)
  ``patron <deity>``         patron of your first temple, from the three dealt
  ``keep 1 3`` / ``discard`` keep Ethos cards 1 and 3 of your hand, or pay to redraw
  ``favorite <colour>``      break a tie for Favorite;  ``zeus`` / ``hera``
Actions (one per round; each spends its cube)
  ``build <upgrade> <city>`` on an empty settlement; ``... over <upgrade>`` to
                             replace one (a temple is ``temple-<deity>``);
                             ``build <upgrade> <mine>``; ``build temple oracle``
                             (Delphi); ``build government <government> <city>``
                             — a new temple then asks ``dedicate <deity>``
  ``train <hoplites|cavalry|triremes|hero> <city>``
  ``research <city>``        then ``convert`` (Commerce -> Philosopher),
                             ``learn <advancement>`` or ``done``;
                             ``research <city> learn <advancement>`` does both
  ``worship <city>``
  ``supply commerce from <city>`` / ``supply <area> from <city>`` (movement)
  ``exchange <action>``      the same action for 3 Commerce, no cube
  ``pass``                   done for the turn (+1 Commerce for one unused cube,
                             +2 for more)
At any time, by anyone (the game does not wait for these)
  ``offer``                  write a trade: ``give commerce``, ``give philosopher``,
                             ``ask commerce``, ``ask philosopher``, then
                             ``offer <colour>`` proposes it (or ``cancel``); the
                             other player ``accept <colour>`` / ``decline
                             <colour>``; ``retract <colour>``
  ``invoke <invocation> [target]``  an Action-phase Invocation (or, during a
                             Movement, a Movement one); targets are colours,
                             areas, cities, creatures or actions
Movement (after ``supply <area>``)
  ``move <n> <unit> <area>`` units: hoplite, elite-hoplite, cavalry,
                             elite-cavalry, trireme, elite-trireme, hero;
                             across a chain of your Triremes if need be (a
                             Hero at sea sails on with its Triremes; one left
                             at sea without them when the Movement ends is lost)
  ``move all <area>``        every unit that can still move, as one group (against
                             an enemy it attacks at once); ends the Movement
                             when nothing is left to do
  ``move 2 hoplite 1 cavalry <area>``  several unit types in one step
  ``attack <area>``          units moved at an enemy-held area wait together
                             until this launches the combat
  ``raid <mine>``            ``done`` ends the movement
Combat
  ``general`` / ``admiral`` / ``roll``; ``destroy <unit>`` (the round's winner);
  ``lose hero`` / ``lose alcibiades`` (a Yellow - with both there: which falls);
  ``fight`` / ``withdraw`` (attacker) / ``withdraw <area>`` (defender)
World Events, Invocations, Creatures
  ``bid <n>``                your secret bid (the log says only that you bid)
  ``award <colour>``         the Favorite breaks a tie
  ``place <creature> <area>``, ``revolt <city>``, ``strike <area>``,
  ``refresh <city>``, ``zeus``/``hera``, ``build ...``/``pass``  the winner's choices
  ``lose <piece> <area>``    a loss you choose (a unit, ``market``,
                             ``temple-athena``, ``government``, a mine)
  ``invoke <invocation> [target]`` / ``pass``  in a casting window; Intervention
                             and Interference name the Invocation's number
                             (``invoke intervention 1``)
  ``first <colour>``         the Favorite orders near-simultaneous Invocations
  ``unleash <creature>``     the Favorite orders the Creatures at Upkeep, one
                             at a time or all at once: ``unleash hydra cetus``
Several steps in one command
  ``<step>, <step>, ...``    your own steps in a row, comma-separated:
                             ``supply megara from athens, move all panactum``,
                             ``build temple athens, dedicate zeus``, ``zeus,
                             worship athens``, ``worship athens, pass`` once
                             the others have passed; exactly those steps one
                             after another, refused as a whole when someone
                             else decides in between or a step but the last
                             reveals dice, a card or bids
Upkeep
  ``government <government> <city>`` after losing your Government City;
  ``temple <deity>`` or ``pass`` on taking Delphi

Advanced rules
  ``forsake <deity>``        Rival Deities: remove your Temples to one of two rivals
  ``place <tile> <location> <turns>``  building the map: lay a tile (your Home
                             City first) on an empty location (``d4``: column
                             letter, row number), turned 0 to 5 times clockwise
                             from its printed orientation
  ``explore <area>``         which Empty Area to explore first
  ``place <tile> <turns>``   lay one of the two tiles you drew on the Empty Area

A casting window stays open as long as the table's ``casting`` reaction window
(a table setting, sized for async play), then the table passes for the players
who have not answered; it closes at once when all have cast or passed.

Options: ``map`` = standard,
buildable (players build it; at random in solitaire), random or explorable;
``patrons`` = dealt or all (All Deities); ``rivals`` (Rival Deities);
``pathos`` = standard or random (Random Pathos); ``epic`` (4 objectives).

AI players: a seat added with ``/game add-bot ai`` is a city-state run by the
rulebook's own AI system (AI cards for production and movement, the AI Board,
grudges, bids by the Yellow die, the shared AI Ethos cards): it never waits,
and its turns appear in the log as ``Orange (AI) ...``. One person and up to
six AI players make a solitaire game.

Component data the rulebook omits (map, advancements, governments beyond
Tyranny, Republic and Democracy, objective requirements, dice faces, deities
and their Invocations, the 52 World Event cards) is our own, in
``data/hellenica``.
"""

from engine.games.hellenica.game import GAME, Hellenica

__all__ = ["GAME", "Hellenica"]
