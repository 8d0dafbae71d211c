"""``--database-tests-only`` keeps exactly the tests that touch the database: the PostgreSQL
pass repeats those, and every other test has already run in the SQLite pass."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = "tests/suite/samples.py"


def collected(*args: str) -> set[str]:
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         *args, SAMPLES],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    return {line.rsplit("::", 1)[1] for line in result.stdout.splitlines() if "::" in line}


def test_the_database_tests_only_option_keeps_the_tests_that_touch_the_database():
    everything = collected()
    database = collected("--database-tests-only")
    assert len(everything) == 8
    assert database == {name for name in everything if "db" in name}
