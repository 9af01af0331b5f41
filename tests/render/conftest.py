"""Every test here draws with the shipped fonts only, unless it asks for the
system's (so results do not depend on what a machine has installed)."""

import pytest

from render import common


@pytest.fixture(autouse=True)
def shipped_fonts_only(monkeypatch):
    monkeypatch.setattr(common, "use_system_fonts", False)
    common.forget_fonts()
    yield
    common.forget_fonts()
