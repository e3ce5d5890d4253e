"""What the page shows, as plain data: the view returns trees of `Node`s, never writes.

A part of the page is a function of what the app holds that returns nodes; only
`game.page.patcher` compares them with the last ones and sends the page the changes,
as Elm's `view` returns `Html` and its runtime patches the DOM. Tests assert on the
nodes under plain CPython, as `elm-explorations/test` queries a view's `Html`.

A root node stands for an element of the page's skeleton (index.html), named by its
reference: "#id", "body", "?selector" or "@x,y" (a board cell). Its children are the
view's only when it says so (`children` is not None); made nodes (`ref` "") live inside
such a root. A group (`ref` "&name") gathers roots that come and go, such as the marked
cells of the board: a root that leaves the group loses what the group's node gave it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

Value = str | int | bool
"""What a property holds: text, a number or a flag (`hidden`, `checked`)."""


@dataclass(frozen=True, slots=True)
class Node:
    """One element as the view wants it: its attributes, properties, classes and children."""

    tag: str
    """The element's tag name, lower case."""
    ref: str = ""
    """The element of the skeleton it stands for ("#id", "body", "?selector"), or "" when
    the view makes it."""
    attrs: tuple[tuple[str, str | None], ...] = ()
    """Attributes, in order; None removes one."""
    props: tuple[tuple[str, Value], ...] = ()
    """Properties (`textContent`, `value`, `hidden`...), in order."""
    classes: tuple[tuple[str, bool], ...] = ()
    """Classes the view turns on or off; the others are left as they are."""
    styles: tuple[tuple[str, str | None], ...] = ()
    """Inline style properties (custom properties included); None removes one."""
    children: tuple[Node, ...] | None = None
    """The children, when the view owns them; None leaves them to the page."""

    def attr(self, name: str) -> str | None:
        """Return attribute *name*, or None when the node does not set it."""
        return dict(self.attrs).get(name)

    def prop(self, name: str) -> Value | None:
        """Return property *name*, or None when the node does not set it."""
        return dict(self.props).get(name)

    def has_class(self, name: str) -> bool:
        """Tell whether the node turns class *name* on."""
        return dict(self.classes).get(name, False)

    @property
    def text(self) -> str:
        """Return the node's own text and its children's, in order, as the page shows it."""
        own = self.prop("textContent")
        if own is not None:
            return str(own)
        return "".join(child.text for child in self.children or ())

    def walk(self) -> Iterator[Node]:
        """Yield this node and every node below it, depth first."""
        yield self
        for child in self.children or ():
            yield from child.walk()


def h(
    tag: str,
    ref: str = "",
    *,
    text: str | None = None,
    attrs: Mapping[str, str | None] | None = None,
    props: Mapping[str, Value] | None = None,
    classes: Mapping[str, bool] | None = None,
    styles: Mapping[str, str | None] | None = None,
    children: Iterable[Node] | None = None,
) -> Node:
    """Make a node: *text* is its `textContent`, the rest as `Node` names them.

    >>> h("p", text="3BV").text
    '3BV'
    >>> h("div", "#summary", attrs={"data-nf": "true"}).attr("data-nf")
    'true'
    """
    properties = dict(props or {})
    if text is not None:
        properties["textContent"] = text
    return Node(
        tag,
        ref,
        tuple((attrs or {}).items()),
        tuple(properties.items()),
        tuple((classes or {}).items()),
        tuple((styles or {}).items()),
        None if children is None else tuple(children),
    )


def find(tree: Iterable[Node], ref: str) -> Node:
    """Return the root of *tree* that stands for *ref* ("#id", "body", "?selector").

    :raises KeyError: when no root of *tree* stands for it.
    """
    for node in tree:
        if node.ref == ref:
            return node
    raise KeyError(ref)
