"""Built maps: the 58 map tiles, the Buildable Map, the Solitaire/Random
Buildable Map and the Explorable Map.

- ``tiles``: the tile set and the calm-Zeus side of the board (data/hellenica/tiles.toml).
- ``placement``: the placement rules (G to K, and an exploration's entry side), each refusal naming its rule.
- ``assemble``: a layout of tiles as the ``board.Map`` every rule uses (open hexes, Empty Areas, mines).
- ``random_map``: the Solitaire/Random Buildable Map, built by the rules alone.
- ``building``: building the map at set-up (homes, Mt. Olympus and Delphi, the serpentine, rules I and L).
- ``explore``: the Explorable Map (exploring Empty Areas, its World Event, Creature and Invocation rules).
- ``hooks``: the few calls the shared set-up, snapshot and view modules make.

A layout is a plain dict ``{location: [tile, turns]}`` (``turns`` = clockwise
rotations, 0 = printed with the name at the top), stored in ``state["tiles"]``
in the order the tiles were laid.
"""
