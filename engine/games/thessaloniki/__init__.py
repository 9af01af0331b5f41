"""Thessaloniki — merchants of the Tetrarchy: move a worker round seven
alcoves, gain goods, act, and let the sun set. 2 to 4 players.

Seats play Red (meat), Green (olive), Yellow (grain) and Purple (grape) in
that order; colours nobody plays still have workers on the board.

A turn: 1. move one worker 1 or 2 alcoves clockwise (3 for 1 denarius; a
Merchant costs 1 denarius, the Patrician is free), pushing a worker on if
the alcove is full; 2. gain a raw good for every worker there; 3. spend the
alcove's visible ⚡ (+1 for your Statue there, +1 bought once per turn for a
denarius) on its actions or on taking contracts, and take its bonus;
4. the sunset. The end comes when two of these happened: the denarii above
the denarius space ran out, a 7th demand tile arrived, the Festival card or
the Festival ship was drawn — then the round is finished and one more is
played before the final scoring.

Notation (lower case; `legal` lists what you can do now):

- Set-up: ``family f3`` — take a family card (last player first).
- Move: ``move patrician forum``, ``move merchant port legatio`` (the
  Merchant standing in the Port), ``... with salt`` (C58), ``stay`` (C24).
- Alcove actions, 1 ⚡ each:
  ``gain mosaic`` / ``gain statue``;
  ``mosaic <where>`` / ``statue <where>`` — where is an alcove, ``entrance``,
  ``storage``, ``offer`` or a demand tile such as ``rome2``; add
  ``with salt`` (or ``with <good>``) to choose what pays;
  ``refine each`` · ``refine all grain`` · ``refine grain olive meat``;
  ``fulfill c12`` (add ``with grain olive salt`` when there is a choice of
  payment) · ``sell 2 wine ship2`` (ship1 is next to the stack, ship4 the
  rightmost, the only one taking raw goods) · ``take c12``.
- Any time in the alcove: ``buy`` (1 ⚡ for 1 denarius; ``buy with salt``
  with C56), ``bonus`` (the alcove bonus), ``bonus forum`` (a mosaic bonus),
  ``ability`` (a family ability you trigger), ``done`` (end your actions;
  the sunset follows).
- Effects that ask: ``gain 2 grain``, ``gain flour oil``, ``spend 3 oil``,
  ``legacy laurel``, ``swap ship1 ship3``, ``shift wine ship1 ship2``,
  ``demand rome statue``, ``replace salt ship2``, ``protect grain olive``
  (the Tax), ``pass`` to forfeit.
- The Port's sell window: after the active player's first ⚡ in the Port,
  each other player in turn order may ``sell ...`` or ``pass``. At the
  Tax, ``pass`` keeps the Mosaics under the raw goods you hold most of.
  Both are reaction windows: the table keeps them open as long as its
  settings say, then passes for whoever has not answered; they close as
  soon as everyone in them has answered.

Goods: raw grain, meat, olive, grape; refined flour, cured, oil, wine; salt.
Costs name raw goods (raw, refined or Salt will do), refined goods (only
that refined good) or ``any``. Raw goods are spent before refined goods of
their colour (never worth more).

Final scoring: ships left in the offer go to their majority; per city,
your ships up to your limit times your statues' values there; legacy sets;
statues on the contract offer; storage mosaics; salt and refined goods in
threes; denarii. Ties: most ships, then most fulfilled contracts.

Our readings where the rulebook is silent or lost its icons (the cards,
ships, tiles and board spaces are our own design, see data/thessaloniki):
a sailing ship's tie goes to the active player only if their colour is
among the tied; "the rightmost ship" is the ship in space 4, so raw goods
sell nowhere before the first Sail; bonuses that need no choice are taken
on arrival; when nothing is left to do in an alcove the sunset follows by
itself; a Statue on a demand tile takes its best free space; one Mosaic and
one Statue per player in each alcove; no hand limit. Every worker space is
used at every player count (the colours nobody plays keep their workers);
the spaces "only for 3-player or 4-player games" are Mosaic and Statue
spaces. The Port's sunset is Sail, then Tax; the Legatio's is Sail only, as
the rulebook's Port and Legatio sections and examples show. The final
scoring example's storage Mosaics follow the rule's table (3 VP for 2),
not the example's 2.
"""

from engine.games.thessaloniki.game import GAME, Thessaloniki

__all__ = ["GAME", "Thessaloniki"]
