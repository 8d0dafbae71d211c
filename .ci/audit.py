"""`make audit`: the installed (pinned) dependencies checked for known vulnerabilities.

Runs pip-audit on the virtualenv made from pyproject.toml's pins, against AUDIT_SERVICE
(pypi by default, or osv). Exit status:
  0  no known vulnerability, or the vulnerability database could not be reached or knew none
     of the packages (a run without network, or behind a mirror): it says SKIPPED and why;
     AUDIT_REQUIRED=true turns that into a failure;
  1  a known vulnerability in a pinned package (each one listed with its fix version).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

PROJECT = "sarco"  # our own package: never on PyPI, so never audited
BIN = Path(sys.executable).parent


def run_pip_audit(service: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(BIN / "pip-audit"), "-s", service, "-f", "json", "--progress-spinner", "off"],
        capture_output=True,
        text=True,
        timeout=600,
    )


def skipped(reason: str) -> int:
    print(f"SKIPPED: the vulnerability audit ({reason}).")
    if os.environ.get("AUDIT_REQUIRED", "").lower() in {"1", "true", "yes"}:
        print("FAILED: AUDIT_REQUIRED is set.")
        return 1
    return 0


def verdict(report: dict) -> int:
    dependencies = [dep for dep in report.get("dependencies", []) if dep["name"] != PROJECT]
    audited = [dep for dep in dependencies if "skip_reason" not in dep]
    if not audited:
        return skipped("the database knew none of the packages; is it reachable?")
    vulnerable = [dep for dep in audited if dep.get("vulns")]
    for dep in vulnerable:
        for vuln in dep["vulns"]:
            fixes = ", ".join(vuln.get("fix_versions", [])) or "no fix yet"
            print(f"{dep['name']} {dep['version']}: {vuln['id']} (fixed in {fixes})")
    unknown = len(dependencies) - len(audited)
    if unknown:
        print(f"note: {unknown} of {len(dependencies)} packages unknown to the database")
    if vulnerable:
        print(f"FAILED: {len(vulnerable)} pinned packages have known vulnerabilities.")
        return 1
    print(f"OK: no known vulnerability in {len(audited)} packages.")
    return 0


def main() -> int:
    service = os.environ.get("AUDIT_SERVICE", "pypi")
    try:
        result = run_pip_audit(service)
    except subprocess.TimeoutExpired:
        return skipped(f"{service} did not answer in time")
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError:
        last = (result.stderr.strip().splitlines() or ["no output"])[-1]
        return skipped(f"{service} could not be reached: {last[:200]}")
    return verdict(report)


if __name__ == "__main__":
    sys.exit(main())
