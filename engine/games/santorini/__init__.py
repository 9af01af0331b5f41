"""Santorini — move a worker, then build; first up onto a level-3 tower wins.

Notation (lower case; squares ``a1``..``e5``, file a-e, rank 1-5):

- ``place c3`` — put a worker on an empty square during set-up. The start
  player places both workers, then the next player.
- ``move b2 c3`` — move your worker from b2 to a neighbouring square c3: not
  onto a worker or a dome, up at most one level, down any number.
- ``build d4`` — with the worker you moved, build on a neighbouring
  unoccupied square: the next block, or a dome on top of level 3.
- ``dome d4`` and ``pass`` — only where a god power allows an explicit dome
  or offers an optional step.

You win by moving up onto level 3. You lose if you cannot move and then
build.
"""

from engine.games.santorini.game import GAME, Santorini

__all__ = ["GAME", "Santorini"]
