"""Test configuration: make `helpers` importable and keep hypothesis reproducible in CI."""

import os
import sys
from pathlib import Path

from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=150)
settings.register_profile("dev", deadline=None, max_examples=150)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
