"""The one module that turns the view's trees into the page's changes.

`Patcher.show` takes the roots a view returned (game/page/tree.py) and writes, through
the elements of game/page/dom.py, only what differs from what the page holds: a
property or attribute against what was last written or what the page reported (a
slider the player moved reports its value), classes and children against the last
tree shown. Children are made again whole when they changed: the lists the view owns
are short (a summary's figures, a table of records).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.page.channel import page
from game.page.dom import Element, create
from game.page.tree import Node


class Patcher:
    """What the view last showed of each root, and the writes that take the page to the next.

    A tree may hold only some of the page's roots (the clock's each second), and two roots
    may stand for one element (the body's classes come from several parts): classes and
    children are remembered per element and per class, so each part changes only its own.
    """

    def __init__(self) -> None:
        self.classes: dict[str, dict[str, bool]] = {}
        """Each element's classes as last shown, by its reference."""
        self.children: dict[str, tuple[Node, ...]] = {}
        """Each element's children as last shown, where the view owns them."""

    def show(self, tree: Iterable[Node]) -> None:
        """Bring the page's elements to what *tree*'s roots say; leave the rest alone."""
        for node in tree:
            ref = node.ref
            element = Element(ref)
            for name, value in node.props:
                if page.recall(ref, name) != value:
                    setattr(element, name, value)
            for name, text in node.attrs:
                if page.recall(ref, "@" + name) != text:
                    if text is None:
                        element.removeAttribute(name)
                    else:
                        element.setAttribute(name, text)
            shown = self.classes.setdefault(ref, {})
            for name, on in node.classes:
                if shown.get(name) != on:
                    element.classList.toggle(name, on)
                    shown[name] = on
            if node.children is not None and self.children.get(ref) != node.children:
                element.replaceChildren()
                for child in node.children:
                    element.append(made(child))
                self.children[ref] = node.children


def made(node: Node) -> Element:
    """Make the element *node* describes, with its children, to be appended to the page."""
    element = create(node.tag)
    for name, value in node.props:
        setattr(element, name, value)
    for name, text in node.attrs:
        if text is not None:
            element.setAttribute(name, text)
    on = [name for name, wanted in node.classes if wanted]
    if on:
        element.classList.add(*on)
    for child in node.children or ():
        element.append(made(child))
    return element
