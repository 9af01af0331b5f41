"""Step-by-step menus over a seat's legal actions (pure logic, no Discord).

Discord shows at most 25 entries in a select menu and 5 buttons in a row, so
a seat with more choices than that narrows them step by step: first the kind
of action, then its target, then its amount. The steps come from each
action's menu path (``Game.menu_path``: ``("Dig", "Crete", "3 weeks")``)::

    tree = build_menu([(action, label, path), ...])
    level = menu_level(tree, trail)      # what to show after the clicks in ``trail``
    node_at(tree, trail + (index,))      # where a click on entry ``index`` leads

A *trail* is the tuple of entry indices clicked so far (``()`` is the top).
The tree is rebuilt from the legal actions on every click, so the same
actions always give the same tree and a trail means the same entries for as
long as the game has not moved on.

How the tree is shaped, bottom-up at every step:

- actions are grouped on their paths' steps, in the game's order;
- a step with a single entry is merged into its parent ("Dig › Crete");
- a step with more than ``MENU_LIMIT`` entries is split into ranges
  ("Athens – Megara"), never dropping an action;
- a step whose sub-steps together still fit one menu shows them directly
  ("Buy › Slot 1", "Dig › Crete"…): one click fewer.

The leaves are the actions; a leaf's entry carries the finished action in
words (its label) so a player sees what they are about to play.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

MENU_LIMIT = 25
"""Entries of one select menu (Discord's limit)."""
BUTTON_LIMIT = 5
"""Buttons of one row; a step with at most this many short entries shows buttons."""
OPTION_TEXT_LIMIT = 100
"""A select option's label and description (Discord's limits)."""
BUTTON_TEXT_LIMIT = 80
"""A button's label (Discord's limit)."""
SHORT_BUTTON = 40
"""Longer entries read better as a select menu's options than as buttons."""
JOIN = " › "
RANGE = " – "
TOP_HEADING = "Your choices"
TRAIL_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
"""One character per click in a trail's text form (``MENU_LIMIT`` fits)."""


class MenuMoved(LookupError):
    """A trail that leads nowhere in the tree: the choices changed since the
    menu was drawn (or the trail was forged)."""


@dataclass(frozen=True)
class MenuNode:
    """One entry of a menu: a step further (``children``) or an action."""

    title: str
    order: int
    """Position in the game's list of the first action beneath this entry."""
    children: tuple[MenuNode, ...] = ()
    action: str | None = None
    label: str = ""
    """The finished action in words (leaves only)."""

    @property
    def is_action(self) -> bool:
        return self.action is not None

    def actions(self) -> Iterator[MenuNode]:
        """Every action beneath this entry, in the game's order."""
        if self.is_action:
            yield self
        for child in self.children:
            yield from child.actions()


@dataclass(frozen=True)
class Entry:
    """One entry of a menu as shown: its index in the step, its text and,
    for actions, the action and its finished wording."""

    index: int
    text: str
    description: str
    action: str | None


@dataclass(frozen=True)
class Level:
    """What one step of the menus shows."""

    heading: str
    """Where the player is ("Dig › Crete"), or ``TOP_HEADING``."""
    entries: tuple[Entry, ...]
    style: Literal["buttons", "select"]
    can_go_back: bool
    trail: tuple[int, ...] = field(default=())


# ---------------------------------------------------------------------------
# Building the tree


@dataclass
class _Step:
    """A step of the raw grouping: the actions that end here and the steps
    further, both in the game's order."""

    order: int
    ends: list[tuple[int, str, str]] = field(default_factory=list)
    further: dict[str, _Step] = field(default_factory=dict)


def build_menu(choices: Iterable[tuple[str, str, Sequence[str]]]) -> MenuNode:
    """The menu tree of ``(action, label, path)`` choices (in the game's
    order). Every action is reachable, every step has at most ``MENU_LIMIT``
    entries, and the top is never itself an action (it may hold one)."""
    top = _Step(order=0)
    for order, (action, label, path) in enumerate(choices):
        steps = [str(step).strip() or "…" for step in path] or [action]
        step = top
        for word in steps[:-1]:
            step = step.further.setdefault(word, _Step(order=order))
        last = step.further.setdefault(steps[-1], _Step(order=order))
        last.ends.append((order, action, label or action))
    heading, children = "", _children(top)
    # The only kind of step there is becomes the heading; a single action
    # stays an entry, to be clicked.
    while len(children) == 1 and not children[0].is_action:
        heading, children = _joined(heading, children[0].title), list(children[0].children)
    return MenuNode(title=heading, order=0, children=_shape(children))


def _children(step: _Step) -> list[MenuNode]:
    """A raw step's entries, in the game's order."""
    nodes = [_node(title, further) for title, further in step.further.items()]
    return sorted(nodes, key=lambda node: node.order)


def _node(title: str, step: _Step) -> MenuNode:
    below = _children(step)
    if len(step.ends) == 1 and not below:
        order, action, label = step.ends[0]
        return MenuNode(title=title, order=order, action=action, label=label)
    # Several actions share this path, or one ends where others go further:
    # each gets an entry of its own, named by its wording.
    ends = [
        MenuNode(title=_distinct_title(label, action, step.ends), order=order, action=action, label=label)
        for order, action, label in step.ends
    ]
    children = sorted(ends + below, key=lambda node: node.order)
    return MenuNode(title=title, order=step.order, children=_shape(children))


def _distinct_title(label: str, action: str, ends: list[tuple[int, str, str]]) -> str:
    same = sum(1 for _, _, other in ends if other == label)
    return label if same == 1 else f"{label} ({action})"


def _shape(children: list[MenuNode]) -> tuple[MenuNode, ...]:
    """One step's entries made to fit: single-entry steps merged into their
    entry, too many entries split into ranges, sub-steps that fit lifted."""
    children = [_merge_single(child) for child in children]
    if len(children) > MENU_LIMIT:
        return tuple(_split(children))
    return tuple(_lift(children))


def _merge_single(node: MenuNode) -> MenuNode:
    while not node.is_action and len(node.children) == 1:
        only = node.children[0]
        node = MenuNode(
            title=_joined(node.title, only.title),
            order=node.order,
            children=only.children,
            action=only.action,
            label=only.label,
        )
    return node


def _lift(children: list[MenuNode]) -> list[MenuNode]:
    """Show the entries of the sub-steps in this step while they all fit."""
    while any(not child.is_action for child in children):
        lifted = [grandchild for child in children for grandchild in _opened(child)]
        if len(lifted) > MENU_LIMIT:
            break
        children = lifted
    return children


def _opened(node: MenuNode) -> list[MenuNode]:
    if node.is_action:
        return [node]
    return [
        MenuNode(
            title=_joined(node.title, child.title),
            order=child.order,
            children=child.children,
            action=child.action,
            label=child.label,
        )
        for child in node.children
    ]


def _split(children: list[MenuNode]) -> list[MenuNode]:
    """Even ranges of consecutive entries, at most ``MENU_LIMIT`` each (and
    ranges of ranges when there are more than ``MENU_LIMIT`` squared)."""
    while len(children) > MENU_LIMIT:
        count = -(-len(children) // MENU_LIMIT)
        size = -(-len(children) // count)
        children = [_range(children[start : start + size]) for start in range(0, len(children), size)]
    return children


def _range(chunk: list[MenuNode]) -> MenuNode:
    if len(chunk) == 1:  # a range of one would be a wasted click
        return chunk[0]
    half = (OPTION_TEXT_LIMIT - len(RANGE)) // 2
    title = f"{shorten(chunk[0].title, half)}{RANGE}{shorten(chunk[-1].title, half)}"
    return MenuNode(title=title, order=chunk[0].order, children=tuple(chunk))


def _joined(head: str, tail: str) -> str:
    return f"{head}{JOIN}{tail}" if head else tail


# ---------------------------------------------------------------------------
# Reading the tree


def node_at(root: MenuNode, trail: Sequence[int]) -> MenuNode:
    """The entry reached by clicking ``trail`` from the top."""
    node = root
    for index in trail:
        if node.is_action or not 0 <= index < len(node.children):
            raise MenuMoved(f"no entry {index} at this step")
        node = node.children[index]
    return node


def menu_level(root: MenuNode, trail: Sequence[int] = ()) -> Level:
    """The step shown after the clicks in ``trail`` (which must lead to a
    step, not an action)."""
    trail = tuple(trail)
    node = node_at(root, trail)
    if node.is_action:
        raise MenuMoved("that entry is an action, not a step")
    heading = JOIN.join(_titles(root, trail)) or TOP_HEADING
    texts = [child.title for child in node.children]
    buttons = len(texts) <= BUTTON_LIMIT and all(len(text) <= SHORT_BUTTON for text in texts)
    limit = BUTTON_TEXT_LIMIT if buttons else OPTION_TEXT_LIMIT
    entries = tuple(
        Entry(index=index, text=shorten(child.title, limit), description=_description(child), action=child.action)
        for index, child in enumerate(node.children)
    )
    return Level(
        heading=heading, entries=entries, style="buttons" if buttons else "select", can_go_back=bool(trail), trail=trail
    )


def _titles(root: MenuNode, trail: tuple[int, ...]) -> list[str]:
    titles, node = [root.title] if root.title else [], root
    for index in trail:
        node = node.children[index]
        titles.append(node.title)
    return titles


def _description(node: MenuNode) -> str:
    if node.is_action:
        return shorten(node.label, OPTION_TEXT_LIMIT)
    count = sum(1 for _ in node.actions())
    return f"{count} choices"


def trail_of(root: MenuNode, action: str) -> tuple[int, ...]:
    """The clicks that lead to ``action`` (its number of clicks is the length)."""
    found = _trail_of(root, action)
    if found is None:
        raise MenuMoved(f"{action!r} is not in this menu")
    return found


def _trail_of(node: MenuNode, action: str) -> tuple[int, ...] | None:
    for index, child in enumerate(node.children):
        if child.action == action:
            return (index,)
        if not child.is_action:
            below = _trail_of(child, action)
            if below is not None:
                return (index,) + below
    return None


def steps(root: MenuNode) -> Iterator[tuple[tuple[int, ...], MenuNode]]:
    """Every step of the tree (entries that lead further) with its trail."""
    stack: list[tuple[tuple[int, ...], MenuNode]] = [((), root)]
    while stack:
        trail, node = stack.pop()
        yield trail, node
        stack.extend(
            (trail + (index,), child)
            for index, child in reversed(list(enumerate(node.children)))
            if not child.is_action
        )


# ---------------------------------------------------------------------------
# Text helpers


def shorten(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with "…" where it was cut."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def encode_trail(trail: Sequence[int]) -> str:
    """A trail as a few characters (for a component's custom id)."""
    return "".join(TRAIL_DIGITS[index] for index in trail)


def decode_trail(text: str) -> tuple[int, ...]:
    """The trail ``encode_trail`` wrote; ``MenuMoved`` for anything else."""
    try:
        return tuple(TRAIL_DIGITS.index(char) for char in text)
    except ValueError:
        raise MenuMoved(f"{text!r} is not a trail") from None


# ---------------------------------------------------------------------------
# Checking a tree


@dataclass(frozen=True)
class Audit:
    """How a tree serves a list of actions: the clicks each takes (an
    unreachable action is missing), the widest step and what breaks a limit."""

    clicks: dict[str, int]
    widest: int
    problems: tuple[str, ...]


def audit(root: MenuNode, actions: Sequence[str]) -> Audit:
    """Every action reachable by clicks, every step within ``MENU_LIMIT``,
    every text within Discord's limits, and nothing offered that is not an
    action: the guarantees the front end relies on."""
    clicks: dict[str, int] = {}
    widest, problems = 0, []
    for trail, node in steps(root):
        widest = max(widest, len(node.children))
        if not node.children:
            problems.append(f"step {trail} is empty")
            continue
        if len(node.children) > MENU_LIMIT:
            problems.append(f"step {trail} has {len(node.children)} entries")
        level = menu_level(root, trail)
        limit = BUTTON_TEXT_LIMIT if level.style == "buttons" else OPTION_TEXT_LIMIT
        problems.extend(
            f"entry {entry.text!r} is too long"
            for entry in level.entries
            if len(entry.text) > limit or len(entry.description) > OPTION_TEXT_LIMIT
        )
        for child in node.children:
            if child.is_action:
                if child.action in clicks:
                    problems.append(f"{child.action!r} is offered twice")
                clicks[child.action] = len(trail) + 1  # type: ignore[index]
    wanted = set(actions)
    problems.extend(f"{action!r} cannot be reached" for action in actions if action not in clicks)
    problems.extend(f"{action!r} is offered but not legal" for action in clicks if action not in wanted)
    return Audit(clicks=clicks, widest=widest, problems=tuple(problems))
