"""Today's Thebes engine and bots, loaded from git for comparisons.

``load_baseline()`` extracts ``engine/games/thebes`` and ``data/thebes`` as
they were at ``BASELINE_REVISION`` (``git archive``) into a temporary folder
and imports them as the package ``thebes_at_9079169``, so the old bot can be
matched against the new one and old figures measured again, without a
committed copy of old code. The old code reads its own data files.

Positions cross between the two engines through ``dump``/``load`` (the JSON
form is the same), and actions as notation.
"""

from __future__ import annotations

import importlib
import io
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parent.parent
BASELINE_REVISION = "9079169"
"""The revision whose ``greedy`` bot was the strongest Thebes bot (issue 19.4)."""
PACKAGE = f"thebes_at_{BASELINE_REVISION}"


def load_baseline() -> ModuleType:
    """The old ``engine.games.thebes`` package (its ``GAME``, ``bot``, ...)."""
    if PACKAGE in sys.modules:
        return sys.modules[PACKAGE]
    archive = subprocess.run(
        ["git", "archive", "--format=tar", BASELINE_REVISION, "engine/games/thebes", "data/thebes"],
        cwd=REPO,
        check=True,
        capture_output=True,
    ).stdout
    root = Path(tempfile.mkdtemp(prefix="thebes-baseline-"))
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(root, filter="data")
    package = root / PACKAGE
    (root / "engine" / "games" / "thebes").rename(package)
    (package / "_data.py").write_text(
        "import tomllib\n"
        f"DATA = {str(root / 'data' / 'thebes')!r}\n"
        "def load_toml(game, filename):\n"
        "    with open(f'{DATA}/{filename}', 'rb') as handle:\n"
        "        return tomllib.load(handle)\n"
    )
    for module in package.glob("*.py"):
        text = module.read_text().replace("engine.games.thebes", PACKAGE)
        text = text.replace("from engine.core import load_toml", f"from {PACKAGE}._data import load_toml")
        module.write_text(text)
    sys.path.insert(0, str(root))
    return importlib.import_module(PACKAGE)
