"""The island mat: locations, the roads between them, and how far a resource
can travel.

Rulebook: "Each player has an island mat with 21 locations ... and unbuilt
roads connecting all of the locations." "A location is adjacent to another
location if there is a single road (either built or unbuilt) connecting the
two. A location is connected to another location if there is an unbroken
route of built roads between the two locations."

Locations are small ints (their index in the mat's list) with names such as
``c2``; roads are ints too. A player's built roads are a list of 0/1 flags,
one per road.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any


@dataclass(frozen=True, eq=False)
class Mat:
    """The geometry every player's island shares (from ``island.toml``)."""

    names: tuple[str, ...]
    roads: tuple[tuple[int, int], ...]
    """Each road's two locations, lower index first."""
    port: int
    small_quarry: int
    start: tuple[int, ...]
    vistas: Mapping[int, int]
    """Vista location -> its recognition value."""
    neighbours: tuple[tuple[tuple[int, int], ...], ...]
    """Per location: (neighbouring location, road between) pairs."""

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Mat:
        """The mat from ``island.toml``; raises ``ValueError`` on a broken layout."""
        names = tuple(str(n) for n in data["locations"])
        index = {name: i for i, name in enumerate(names)}
        if len(index) != len(names):
            raise ValueError("island.toml: a location is listed twice")

        def where(name: str) -> int:
            if name not in index:
                raise ValueError(f"island.toml: unknown location {name!r}")
            return index[name]

        roads = []
        for text in data["roads"]:
            a, b = (where(part) for part in str(text).split("-"))
            roads.append((min(a, b), max(a, b)))
        if len(set(roads)) != len(roads):
            raise ValueError("island.toml: a road is listed twice")
        neighbours: list[list[tuple[int, int]]] = [[] for _ in names]
        for road, (a, b) in enumerate(roads):
            neighbours[a].append((b, road))
            neighbours[b].append((a, road))
        mat = cls(
            names=names,
            roads=tuple(roads),
            port=where(data["port"]),
            small_quarry=where(data["small_quarry"]),
            start=tuple(where(n) for n in data["start"]),
            vistas={where(n): int(v) for n, v in data["vistas"].items()},
            neighbours=tuple(tuple(sorted(n)) for n in neighbours),
        )
        if len(mat.connected([1] * len(roads), mat.port)) != len(names):
            raise ValueError("island.toml: every location must be reachable by roads")
        return mat

    # -- names ------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.names)

    def name(self, location: int) -> str:
        return self.names[location]

    def parse(self, text: str) -> int | None:
        """The location a name such as ``c2`` means, or None."""
        try:
            return self.names.index(text.strip().lower())
        except ValueError:
            return None

    def listing(self, locations: Iterable[int]) -> str:
        """Location names in reading order (a..f, 1..5), comma separated."""
        return ", ".join(sorted(self.names[loc] for loc in locations))

    def road_name(self, road: int) -> str:
        """A road as ``c2-d2``."""
        a, b = self.roads[road]
        return f"{self.names[a]}-{self.names[b]}"

    def road_between(self, a: int, b: int) -> int | None:
        """The road joining two locations, or None if they are not adjacent."""
        for other, road in self.neighbours[a]:
            if other == b:
                return road
        return None

    def coordinates(self, location: int) -> tuple[int, int]:
        """(column, row) of a location: ``c2`` is (2, 1)."""
        name = self.names[location]
        return ord(name[0]) - ord("a"), int(name[1:]) - 1

    # -- adjacency and connection -------------------------------------------

    def adjacent(self, location: int) -> list[int]:
        """Locations one road (built or unbuilt) away."""
        return [other for other, _ in self.neighbours[location]]

    def connected(self, built: Sequence[int], start: int) -> set[int]:
        """``start`` and every location connected to it over built roads."""
        seen = {start}
        frontier = [start]
        while frontier:
            here = frontier.pop()
            for other, road in self.neighbours[here]:
                if built[road] and other not in seen:
                    seen.add(other)
                    frontier.append(other)
        return seen

    def one_move(self, built: Sequence[int], start: int) -> list[int]:
        """Where one move can take a resource from ``start``: "to an adjacent
        space (across one unbuilt road)" or "to a connected space (across as
        many built roads as you want)"."""
        return list(_steps(self, tuple(built))[start])

    def moves_needed(self, built: Sequence[int], start: int, goal: int) -> int:
        """The fewest moves that bring a resource from ``start`` to ``goal``."""
        return self.distances(built)[start][goal]

    def distances(self, built: Sequence[int]) -> tuple[tuple[int, ...], ...]:
        """Moves needed between every pair of locations for these roads
        (cached: a mat's roads change rarely)."""
        return _distances(self, tuple(built))

    def vista_connected(self, built: Sequence[int], location: int) -> bool:
        """Whether a vista location is connected to the Port over built roads."""
        return location in self.vistas and location in self.connected(built, self.port)


@lru_cache(maxsize=4096)
def _steps(mat: Mat, built: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per location, every location one move away."""
    result = []
    for start in range(len(mat.names)):
        targets = mat.connected(built, start) | set(mat.adjacent(start))
        targets.discard(start)
        result.append(tuple(sorted(targets)))
    return tuple(result)


@lru_cache(maxsize=4096)
def _distances(mat: Mat, built: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    steps = _steps(mat, built)
    table = []
    for start in range(len(mat.names)):
        distance = [-1] * len(mat.names)
        distance[start] = 0
        layer = [start]
        while layer:
            following = []
            for here in layer:
                for there in steps[here]:
                    if distance[there] < 0:
                        distance[there] = distance[here] + 1
                        following.append(there)
            layer = following
        table.append(tuple(distance))
    return tuple(table)
