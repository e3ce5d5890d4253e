"""What the package says of itself: its command named up front, metadata, the readme's links."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
README = (ROOT / "README.md").read_text()


def test_the_readme_first_screen_says_how_to_install_the_command() -> None:
    """The README's first screen (its first 25 lines) names the installed command, as
    [project.scripts] names it, and how pipx or pip installs it."""
    first = "\n".join(README.splitlines()[:25])
    (command,) = PROJECT["scripts"]
    assert f"`{command}`" in first
    assert "`pipx install .`" in first and "`pip install .`" in first


def test_the_readme_pictures_resolve_wherever_the_repository_is() -> None:
    """No address of the repository is known, so the readme links no picture absolutely:
    each is a file of the repository, there wherever it is cloned or browsed."""
    assert PROJECT["readme"] == {"file": "README.md", "content-type": "text/markdown"}
    pictures = re.findall(r"!\[[^\]]+\]\(([^)\s]+)\)", README)
    assert pictures
    for picture in pictures:
        assert (ROOT / picture).is_file(), f"README.md shows {picture}, which is not a file"


def test_the_classifiers_match_the_metadata() -> None:
    """The classifiers name the Pythons requires-python allows, and no License classifier
    beside the license expression (setuptools refuses both)."""
    classifiers: list[str] = PROJECT["classifiers"]
    assert PROJECT["requires-python"] == ">=3.11" and PROJECT["license"] == "MIT"
    versions = [c.rsplit(" ", 1)[1] for c in classifiers if re.search(r"Python :: 3\.\d+$", c)]
    assert versions and all(int(v.split(".")[1]) >= 11 for v in versions)
    assert not [c for c in classifiers if c.startswith("License ::")]
    assert "Topic :: Games/Entertainment :: Puzzle Games" in classifiers
