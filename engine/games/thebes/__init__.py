"""Thebes — archaeologists race across Europe and the Mediterranean, 1901-1903.

Study in the cities of Europe (researcher cards), dig at the five sites
(Greece, Crete, Egypt, Palestine, Mesopotamia) and show what you find in
exhibitions. Every action costs weeks on the time track, and whoever is
furthest behind acts next (on a shared square, the marker on top: the last
to arrive). The game ends when no one can act before the end of 1903; most
points wins (a tie is a shared win: the rulebook names no tie-break).

Notation (every action travels to its place by the shortest route first;
one week per connection; with a Car a journey of 3+ weeks is 1 week shorter):

- ``buy 3`` — go to the city on the card in display slot 3 (1-4) and buy it
  for the weeks printed on it; the slot is refilled.
- ``replace`` — go to Warsaw and replace the four displayed cards: 1 week,
  +1 for each replacement you already made since another player acted.
- ``dig egypt 7k 12w`` — go to Egypt and dig with 7 knowledge points for 12
  weeks; the time wheel says how many tokens you draw. You need a valid
  permit for the site (or a Special Permission card, then discarded) and at
  least 1 specialized point; general knowledge counts only up to your
  specialized knowledge. Closed books of the site's colour and knowledge
  tokens count for good; 2 assistants give 1 point, 3 give 2; your local
  experts of that colour (2 points per card) and a lone assistant (1 point)
  are discarded when the knowledge you choose needs them. Where either
  would do, say which: ``dig egypt 6k 8w +experts`` or ``... +assistant``.
  Shovels add tokens (2 give 1, 3 give 2); add ``+shovel`` to discard a
  lone shovel for 1 token. The first dig at a site also takes the value-1
  artefact lying there; debris goes back in the bag; knowledge tokens found
  count as books from then on; the permit is crossed until your next year
  begins (a dig that runs into the new year still crosses it for that year).
  The menus offer each dig at the most knowledge the cards it discards
  allow and, for each number of tokens, the fewest weeks that draw it (dig
  step by step: site, knowledge, weeks); any other knowledge or weeks may
  still be typed.
- ``exhibit london-small`` — go to London and hold the small exhibition
  showing on space a, b or c, if your artefacts meet its needs (they are
  kept); 3 weeks for a small one (4 points), 4 for a large one (5 points).
- ``zeppelin`` — before the action: this turn's journey is by Zeppelin
  (0 weeks; the card is discarded if you do travel).

Places: london, paris, berlin, vienna, rome, warsaw, moscow (cities);
greece, crete, egypt, palestine, mesopotamia (sites). Other spellings such
as ``wien`` or ``palestina`` are understood.

Years: passing week 52 starts your next year and makes all your permits
valid again. Two players play 1901-1903 from week 1, three from week 16 of
1901, four 1902-1903. Five start on week 16 of 1902 and six on week 27 of
1902: the rulebook says 2 to 6 players but sets up only four (the box has
four colours), so this set-up for five and six is our extension, in the
rulebook's pattern of shorter games for more players (each seat has its own
colour, time marker, wheel and permits; exhibitions are dealt as for four).
No action may take you past the end of 1903. A player
for whom nothing fits is passed over (and acts again if another player's
move brings an action within reach); the game ends when no one can act.

Scoring: artefacts (1-7 each), exhibitions (4 or 5), congress cards (1, 3,
6, 10, 15, 21, 28 for 1-7 cards; more still 28), and per site 5 points for
the most closed books, knowledge tokens included (3 each when tied).
"""

from engine.games.thebes.game import GAME, Thebes

__all__ = ["GAME", "Thebes"]
