"""Project tooling: vendoring the pinned runtime and serving the folder."""
