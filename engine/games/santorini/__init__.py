"""Santorini — move a worker, then build; first up onto a level-3 tower wins.

Notation (lower case; squares ``a1``..``e5``, file a-e, rank 1-5):

- ``place c3`` — put a worker on an empty square during set-up. The start
  player places both workers, then the next player.
- ``move b2 c3`` — move your worker from b2 to a neighbouring square c3: not
  onto a worker or a dome, up at most one level, down any number.
- ``build d4`` — with the worker you moved, build on a neighbouring
  unoccupied square: the next block, or a dome on top of level 3.
- ``pass`` — decline an optional step a god offers (Artemis's second move,
  Demeter's second build, Ares's demolition ...).
- God powers add ``dome d4`` (a dome at any level: Atlas, Selene),
  ``force c3 a1`` (Charon ferries the worker on c3 to a1), ``remove d4``
  (Ares takes a block off d4), and moves into occupied squares (Apollo,
  Minotaur). Zeus builds under himself with ``build <his own square>``.
- Set-up with gods: ``offer apollo`` (the challenger offers one god per
  player), ``choose apollo``, ``first orange`` (the challenger picks the
  start player; also Blue with ``start=choose``).

You win by moving up onto level 3. You lose if you cannot move and then
build (a move after which your worker could not build is never offered, so
you are out when every move is like that); with three players the game goes
on without you, and in 2 vs 2 a team loses together.

Gods (``data/santorini/gods.toml`` has each power's text): the ten simple
gods Apollo, Artemis, Athena, Atlas, Demeter, Hephaestus, Hermes, Minotaur,
Pan, Prometheus; Aphrodite, Ares, Bia, Charon, Chronus, Eros, Hera, Hestia,
Hypnus, Limus, Medusa, Morpheus, Persephone, Poseidon, Selene, Triton, Zeus;
and Graeae, Hades, Harpies, Terpsichore, Urania. Gods that ban each other
(Pan and Hades, Harpies and Hermes or Triton, Hypnus or Limus and
Terpsichore, Aphrodite and Urania) never meet.

Options: ``gods`` = none (default), chosen, draft, random, party, or a list
such as ``artemis,demeter``; ``mode`` = standard, teams (2 vs 2) or agora (4
players); ``start`` = first (default), random (a roll-off) or choose;
``pool`` = all, simple or advanced.
"""

from engine.games.santorini.game import GAME, Santorini

__all__ = ["GAME", "Santorini"]
