"""`make audit` (.ci/audit.py): fails on a known vulnerability, never for lack of network."""

import importlib.util
import subprocess
from pathlib import Path
from unittest import mock

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("audit", ROOT / ".ci" / "audit.py")
audit = importlib.util.module_from_spec(spec)
spec.loader.exec_module(audit)

CLEAN = {"name": "django", "version": "5.2.19", "vulns": []}
VULNERABLE = {
    "name": "django",
    "version": "5.2.0",
    "vulns": [{"id": "PYSEC-0000-1", "fix_versions": ["5.2.1"]}],
}
UNKNOWN = {"name": "tqdm", "skip_reason": "Dependency not found on PyPI"}


def pip_audit_answers(stdout: str, stderr: str = "") -> mock._patch:
    done = subprocess.CompletedProcess([], 1, stdout=stdout, stderr=stderr)
    return mock.patch.object(audit, "run_pip_audit", return_value=done)


def test_a_known_vulnerability_fails(capsys):
    assert audit.verdict({"dependencies": [VULNERABLE, CLEAN]}) == 1
    assert "PYSEC-0000-1 (fixed in 5.2.1)" in capsys.readouterr().out


def test_no_known_vulnerability_passes():
    assert audit.verdict({"dependencies": [CLEAN, UNKNOWN]}) == 0


def test_a_database_that_knows_no_package_skips(capsys):
    assert audit.verdict({"dependencies": [UNKNOWN, {**UNKNOWN, "name": "sarco"}]}) == 0
    assert "SKIPPED" in capsys.readouterr().out


def test_an_unreachable_database_skips(capsys, monkeypatch):
    monkeypatch.delenv("AUDIT_REQUIRED", raising=False)
    with pip_audit_answers("", "requests.exceptions.ConnectionError: no route"):
        assert audit.main() == 0
    assert "SKIPPED" in capsys.readouterr().out


def test_audit_required_fails_without_the_database(monkeypatch):
    monkeypatch.setenv("AUDIT_REQUIRED", "true")
    with pip_audit_answers("", "ConnectionError"):
        assert audit.main() == 1


@pytest.mark.parametrize("target", ["audit:"])
def test_the_makefile_has_the_target_and_ci_runs_it(target):
    assert target in (ROOT / "Makefile").read_text()
    assert "make audit" in (ROOT / ".ci" / "run").read_text()
