"""``--database-tests-only`` keeps exactly the tests that touch the database: the PostgreSQL
pass repeats those, and every other test has already run in the SQLite pass."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = "tests/suite/samples.py"


def pytest_run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def collected(*args: str) -> set[str]:
    result = pytest_run("--collect-only", *args, SAMPLES)
    assert result.returncode == 0, result.stdout + result.stderr
    return {line.rsplit("::", 1)[1] for line in result.stdout.splitlines() if "::" in line}


def test_the_database_tests_only_option_keeps_the_tests_that_touch_the_database():
    everything = collected()
    database = collected("--database-tests-only")
    assert len(everything) == 9
    assert database == {name for name in everything if "db" in name}


def test_the_examples_cap_lowers_every_property_tests_number_of_examples():
    sample = f"{SAMPLES}::test_property_of_fifty_examples"
    assert pytest_run(sample).returncode == 1
    capped = pytest_run("--examples-cap", "5", sample)
    assert capped.returncode == 0, capped.stdout + capped.stderr
