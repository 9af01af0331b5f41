"""Thera — rebuild your village on the volcano's rim; choose roles, move
resources along your roads and build luxuries before the Proconsul arrives.

Each turn the current player chooses one of six roles (Priest, Noble,
Worker, Planner, Builder, Trader); everyone performs it, the chooser with
extra favored actions that grow with the favor tokens on the role (spend
drachma for temporary favor). Resources lie on the 21 locations of your
island and must be moved to an empty location before you build there. The
game ends after the last luxury leaves the bag and every other player has
had one more turn. Most recognition wins: buildings, bonus recognition
(novelty, vistas, Planner favor) and 1/4 per drachma left. Ties (the
rulebook is silent; ours): more luxury buildings built, then more resources
left on the island; still tied, the victory is shared.

Where the rulebook is silent (ours): twelve favor tokens start two per role;
the luxury pool starts full; a Noble's normal pick is compulsory while the
pool holds a luxury; a building activates at most twice per Worker phase; in
Two Player Thera a role chosen with no tokens has no second phase. Island
layout, costs, recognition, novelty track, water trade rate, beginner
set-up and starting tiles are in ``data/thera/*.toml``.

Notation (locations a2..f5 as printed on your island; resources water,
stone, lumber, cloth; buildings by short name: quarry, grove, odeon ...):

- ``choose planner`` / ``choose planner +2`` — choose a role, spending 2
  drachma for 2 temporary favor.
- ``done`` (or ``pass``) — finish your part of the phase. Everyone acts at
  once and ends with ``done``, except the Noble, where seats pick in turn
  order. A seat with nothing left to do is finished automatically.
- ``divine`` — Divine Intervention (variant): offered in every phase to a
  player holding a token, as the first step of that phase; then every
  resource may move once.
- ``move water a2 b2`` / ``move 3 stone c2 d2`` — one move: across one
  unbuilt road, or any distance over built roads.
- Priest: ``water c2`` / ``water 2 c2`` (place water), ``spring b3 b4``
  (Spring water next to the Spring on b3), ``envoy`` (favored, 5+ favor),
  ``swap mosaic odeon`` (Customs House: hand for pool).
- Noble: ``take odeon``; favored 6+: ``build odeon e5``.
- Worker: ``work c2`` activates that building once (twice with a favored
  double or a Housing); ``done`` activates every building not yet used.
- Planner: moves, ``free road c2 d2`` (favored), ``crossroads c3``.
- Builder: ``build quarry b2``, ``build odeon e5``, ``road c2 d2`` (pays a
  stone from c2), ``free road c2 d2`` (favored).
- Trader: ``drachma`` (instead of the two trades), ``sell lumber``,
  ``buy stone`` (one lot at the Port, a2).
- Advanced set-up: ``keep 3 17``, ``place quarry b2``, ``put 2 water a2``.

Options: ``advanced``, ``length`` (short, standard, long), ``wheel``
(standard, random or six roles), ``divine`` (tokens per seat, e.g. 0,2),
``two_player`` (Two Player Thera's second phase).
"""

from engine.games.thera.game import GAME, Thera

__all__ = ["GAME", "Thera"]
