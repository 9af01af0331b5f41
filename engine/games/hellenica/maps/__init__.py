"""Built maps: the 58 map tiles, the Buildable Map and the Random Buildable Map.

- ``tiles``: the tile set and the calm-Zeus side of the board (data/hellenica/tiles.toml).
- ``placement``: the Buildable Map's placement rules G to K, each refusal naming its rule.
- ``assemble``: a finished layout of tiles as the ``board.Map`` every rule uses.
- ``random_map``: the Solitaire/Random Buildable Map, built by the rules alone.
- ``hooks``: the few calls the shared set-up, snapshot and board modules make.

A layout is a plain dict ``{location: [tile, turns]}`` (``turns`` = clockwise
rotations, 0 = printed with the name at the top), stored in ``state["tiles"]``.
"""
