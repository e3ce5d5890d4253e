"""The browser view: the only package that touches the DOM (loaded by the page, not by tests).

One module per concern of the page, each owning its elements and listeners;
`app` wires them to the session, which decides everything they show.
"""
