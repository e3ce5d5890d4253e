"""The one module that turns the view's trees into the page's changes.

`Patcher.show` takes the roots a view returned (game/page/tree.py) and writes, through
the elements of game/page/dom.py, only what differs from what the page holds. A root's
properties and attributes are compared with what was last written or what the page
reported (a slider the player moved reports its value); its classes with the last tree.
The children a view owns are compared place by place with the last ones: a child of the
same tag is patched where it differs (an attribute it no longer has is removed), new
ones are made and appended, and those past the end removed, so a list that grows or
marks its current item sends only that.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.page.channel import page
from game.page.commands import CloseDialog, Command, Copy, Focus, OpenDialog, ScrollTo
from game.page.dom import Element, create
from game.page.tree import Node, Value


class Patcher:
    """What the view last showed of each element, and the writes that take it to the next.

    A tree may hold only some of the page's roots (the clock's each second), and two roots
    may stand for one element (the body's classes come from several parts): classes and
    children are remembered per element and per class, so each part changes only its own.
    """

    def __init__(self) -> None:
        self.classes: dict[str, dict[str, bool]] = {}
        """Each root's classes as last shown, by its reference."""
        self.children: dict[str, list[tuple[Element, Node]]] = {}
        """The children each element was last shown with, where the view owns them: the
        element made for each, and the node it was made from."""
        self.groups: dict[str, tuple[Node, ...]] = {}
        """Each group's roots as last shown, by the group's reference."""

    def show(self, tree: Iterable[Node]) -> None:
        """Bring the page's elements to what *tree*'s roots say; leave the rest alone."""
        for node in tree:
            ref = node.ref
            if ref.startswith("&"):
                self.show_group(ref, node.children or ())
                continue
            element = Element(ref)
            for name, value in node.props:
                if not holds(ref, name, value):
                    setattr(element, name, value)
            for name, text in node.attrs:
                if not holds(ref, "@" + name, text):
                    write_attr(element, name, text)
            shown = self.classes.setdefault(ref, {})
            for name, on in node.classes:
                if shown.get(name) != on:
                    element.classList.toggle(name, on)
                    shown[name] = on
            if node.children is not None:
                self.show_children(element, node.children)

    def show_group(self, name: str, roots: tuple[Node, ...]) -> None:
        """Bring group *name*'s roots to *roots*, each patched against its last node.

        Those that left the group are cleared of what it gave them; an unchanged group
        (the same tuple) writes nothing.
        """
        last = self.groups.get(name, ())
        if roots is last:
            return
        before = {node.ref: node for node in last}
        now = {node.ref for node in roots}
        for node in roots:
            self.patch_made(Element(node.ref), before.get(node.ref, Node(node.tag)), node)
        for node in last:
            if node.ref not in now:
                self.patch_made(Element(node.ref), node, Node(node.tag))
        self.groups[name] = roots

    def forget_group(self, name: str) -> None:
        """Forget what group *name* showed: its elements were made again without it."""
        self.groups.pop(name, None)

    def run(self, commands: Iterable[Command]) -> None:
        """Carry out *commands*, in order, on the page as it now shows."""
        for command in commands:
            if isinstance(command, Focus):
                Element("#" + command.id).focus()
            elif isinstance(command, OpenDialog):
                Element("#" + command.id).showModal()
            elif isinstance(command, CloseDialog):
                Element("#" + command.id).close()
            elif isinstance(command, ScrollTo):
                Element(command.ref).scrollIntoView({"block": "nearest"})
            elif isinstance(command, Copy):
                page.op("clipboard", command.text)
            else:
                page.op("download", command.name, command.text, command.kind)

    def show_children(self, parent: Element, children: tuple[Node, ...]) -> None:
        """Bring *parent*'s children to *children*, place by place (see the module's words)."""
        last = self.children.get(parent.ref)
        if last is None:
            parent.replaceChildren()
            last = []
        kept: list[tuple[Element, Node]] = []
        for place, node in enumerate(children):
            if place < len(last) and last[place][1].tag == node.tag:
                element, before = last[place]
                self.patch_made(element, before, node)
            else:
                if place < len(last):
                    self.remove(last[place:])
                    last = last[:place]
                element = self.make(node)
                parent.append(element)
            kept.append((element, node))
        self.remove(last[len(children) :])
        self.children[parent.ref] = kept

    def remove(self, made: list[tuple[Element, Node]]) -> None:
        """Remove the elements of *made* from the page, and forget them and what they hold."""
        for element, _ in made:
            element.remove()
            self.forget(element)

    def forget(self, element: Element) -> None:
        """Forget the children made inside *element*, at any depth."""
        for child, _ in self.children.pop(element.ref, []):
            self.forget(child)

    def patch_made(self, element: Element, before: Node, node: Node) -> None:
        """Write what differs between the element made from *before* and *node*."""
        if before == node:
            return
        old_props, new_props = dict(before.props), dict(node.props)
        for name, value in node.props:
            if old_props.get(name) != value:
                setattr(element, name, value)
        for name, value in old_props.items():
            if name not in new_props:
                setattr(element, name, cleared(value))
        old_attrs, new_attrs = dict(before.attrs), dict(node.attrs)
        for name, text in node.attrs:
            if old_attrs.get(name) != text:
                write_attr(element, name, text)
        for name in old_attrs.keys() - new_attrs.keys():
            element.removeAttribute(name)
        old_styles, new_styles = dict(before.styles), dict(node.styles)
        for name in old_styles.keys() | new_styles.keys():
            style = new_styles.get(name)
            if old_styles.get(name) != style:
                if style is None:
                    element.style.removeProperty(name)
                else:
                    element.style.setProperty(name, style)
        old_classes, new_classes = dict(before.classes), dict(node.classes)
        for name in old_classes.keys() | new_classes.keys():
            on = new_classes.get(name, False)
            if old_classes.get(name, False) != on:
                element.classList.toggle(name, on)
        if node.children is not None or before.children is not None:
            self.show_children(element, node.children or ())

    def make(self, node: Node) -> Element:
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
        for name, style in node.styles:
            if style is not None:
                element.style.setProperty(name, style)
        made = [(self.make(child), child) for child in node.children or ()]
        for child, _ in made:
            element.append(child)
        if node.children is not None:
            self.children[element.ref] = made
        return element


def holds(ref: str, name: str, value: Value | None) -> bool:
    """Tell whether the page's element *ref* is known to hold *value* as *name*."""
    return page.knows(ref, name) and page.recall(ref, name) == value


def write_attr(element: Element, name: str, text: str | None) -> None:
    """Set attribute *name* of *element* to *text*, or remove it when *text* is None."""
    if text is None:
        element.removeAttribute(name)
    else:
        element.setAttribute(name, text)


def cleared(value: Value) -> Value:
    """Return what a property holds once the view no longer sets it: empty, off or 0."""
    if isinstance(value, bool):
        return False
    return 0 if isinstance(value, int) else ""
