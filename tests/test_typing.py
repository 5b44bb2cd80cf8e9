"""The package passes the type checker: `mypy` with the settings in pyproject.toml (`[tool.mypy]`)
over `game/`, in a subprocess, as a developer runs it (`python -m mypy`).

mypy comes with the test extras (`pip install -e ".[test]"`); without it the test says so and
skips, except under CI=true, where it is required.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_package_passes_the_type_checker(tmp_path: Path) -> None:
    if importlib.util.find_spec("mypy") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("mypy is not installed: .ci/run installs the test extras, which include it")
        pytest.skip("mypy is not installed: pip install -e .[test]")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache")],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert "Success: no issues found" in result.stdout
