"""The real-window smoke test needs xvfb-run: without it a developer's test run skips that test
with a one-line reason, while under CI=true it stays required and fails."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_frozen_smoke import xvfb_verdict

ROOT = Path(__file__).resolve().parents[1]
TEST = "tests/test_frozen_smoke.py::test_demo_real_window_under_xvfb"


def test_the_verdict_by_machine() -> None:
    assert xvfb_verdict("/usr/bin/xvfb-run", {}) == ("run", "/usr/bin/xvfb-run")
    assert xvfb_verdict("/usr/bin/xvfb-run", {"CI": "true"}) == ("run", "/usr/bin/xvfb-run")
    verdict, why = xvfb_verdict(None, {})
    assert verdict == "skip" and "install xvfb to run it" in why and "\n" not in why
    assert xvfb_verdict(None, {"CI": "false"})[0] == "skip"
    for ci in ("true", "TRUE", "1"):
        verdict, why = xvfb_verdict(None, {"CI": ci})
        assert verdict == "fail" and "xvfb" in why


def _run_without_xvfb(tmp_path: Path, ci: str | None) -> subprocess.CompletedProcess[str]:
    """The real-window test, run by pytest on a PATH where there is no xvfb-run."""
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "MOTHER_LODE_EXE")}
    empty = tmp_path / "bin"
    empty.mkdir()
    env["PATH"] = str(empty)
    if ci is not None:
        env["CI"] = ci
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", TEST],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Xvfb run is for Linux only")
def test_without_xvfb_the_real_window_test_skips_with_its_reason(tmp_path: Path) -> None:
    result = _run_without_xvfb(tmp_path, None)
    out = result.stdout + result.stderr
    assert result.returncode == 0, out
    assert "1 skipped" in out and "install xvfb to run it" in out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Xvfb run is for Linux only")
def test_under_ci_the_real_window_test_is_required(tmp_path: Path) -> None:
    result = _run_without_xvfb(tmp_path, "true")
    out = result.stdout + result.stderr
    assert result.returncode == 1, out
    assert "1 failed" in out and "CI=true needs the real-window test" in out
