"""axe-core in the browser tests: every page a test visits must have no critical or serious
violation, at phone and desktop size, in light and dark.

Use it in any Playwright test once the page shows the state you want checked::

    from tests.browser.axe import assert_accessible, assert_accessible_everywhere

    page.goto(url)
    assert_accessible(page, "lobby")             # this size and scheme only
    assert_accessible_everywhere(page, "lobby")  # phone + desktop, light + dark

or take the `a11y_page` fixture (tests/browser/conftest.py), a phone or a desktop page
(the test runs twice), and check each state in light and dark with
`assert_accessible_in_both_schemes`.

axe-core comes with the pinned axe-playwright-python package (no download).
"""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

from tests.browser.conftest import SCHEMES, SIZES

# Lesser impacts ("moderate", "minor") are advice; these two fail the suite.
FAILING_IMPACTS = frozenset({"critical", "serious"})

_axe = Axe()

# The rules whose answer can change with the colour scheme: the dark scheme changes colours
# only (static/css/sarco.css sets custom properties of colour in it and nothing else, which
# tests/sarco/test_dark_scheme.py holds), so a page already checked whole in light is checked
# in dark for these alone, a run a fraction of the price of a whole one.
COLOUR_RULES = ("color-contrast", "link-in-text-block")


def _rules_in(scheme: str) -> tuple[str, ...] | None:
    """The rules to run in ``scheme``: all of them in the first (light), the colour rules in
    the others."""
    return None if scheme == SCHEMES[0] else COLOUR_RULES


# Whether axe is already in the page: it stays until the page navigates, and sending its
# 570 kB again for each run of assert_accessible_everywhere cost a third of a second.
_LOADED = "() => typeof window.axe !== 'undefined'"

# axe in the page, without the rules that cannot fail the suite: a rule whose own impact and
# every check's impact (axe's metadata, read here, not listed by hand) are known and lesser
# can only find advice ("region", the landmark rules, "heading-order", ...), and skipping them
# makes a run about a sixth cheaper. A rule with an unknown or failing impact still runs.
_RUN = """async ([context, failing, only]) => {
    if (only) {
        const options = {resultTypes: ["violations"], runOnly: {type: "rule", values: only}};
        return (await axe.run(context || document, options)).violations;
    }
    const audit = axe._audit;
    const id = (check) => (typeof check === "string" ? check : check.id);
    const advice = (impact) => typeof impact === "string" && !failing.includes(impact);
    const rules = {};
    for (const rule of audit.rules) {
        const checks = [...rule.any, ...rule.all, ...rule.none].map(id);
        const impacts = [rule.impact, ...checks.map((c) => audit.data.checks[c]?.impact)];
        if (impacts.every(advice)) rules[rule.id] = {enabled: false};
    }
    const results = await axe.run(context || document, {resultTypes: ["violations"], rules});
    return results.violations;
}"""


def violations(
    page, *, exclude: list[str] | None = None, only: tuple[str, ...] | None = None
) -> list[dict]:
    """The critical and serious violations axe finds on the page as it is now (of the rules
    ``only`` names, if given)."""
    context = {"exclude": [[selector] for selector in exclude]} if exclude else None
    if not page.evaluate(_LOADED):
        page.evaluate(_axe.axe_script)
    found = page.evaluate(_RUN, [context, sorted(FAILING_IMPACTS), list(only) if only else None])
    return [v for v in found if v.get("impact") in FAILING_IMPACTS]


def describe(found: list[dict]) -> str:
    """One readable block per rule: id, impact, summary, then each offending element."""
    lines = []
    for violation in found:
        lines.append(f"- {violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"]:
            target = " ".join(str(part) for part in node["target"])
            summary = (node.get("failureSummary") or "").replace("\n", " ").strip()
            lines.append(f"    {target}: {summary}")
    return "\n".join(lines)


def assert_accessible(
    page, name: str, *, exclude: list[str] | None = None, only: tuple[str, ...] | None = None
) -> None:
    """Fail with a readable list when axe finds a critical or serious violation.

    `name` says which page state it was (it is in the failure message); `exclude` takes CSS
    selectors of parts that are not ours (keep it empty unless there is a reason); `only`
    names the rules to run (all of them by default).
    """
    found = violations(page, exclude=exclude, only=only)
    if found:
        scheme = "dark" if _prefers_dark(page) else "light"
        size = page.viewport_size or {}
        where = f"{name} at {size.get('width')}x{size.get('height')}, {scheme}"
        raise AssertionError(f"axe found serious problems on {where}:\n{describe(found)}")


def assert_accessible_everywhere(page, name: str, *, exclude: list[str] | None = None) -> None:
    """The same page state at phone and desktop size, in light and dark (the colour rules
    alone in dark: ``COLOUR_RULES``); puts the page back to its own size and scheme
    afterwards. All failures are reported together."""
    original_size = page.viewport_size
    original_scheme = "dark" if _prefers_dark(page) else "light"
    failures = []
    try:
        for size_name, size in SIZES.items():
            page.set_viewport_size(size)
            for scheme in SCHEMES:
                page.emulate_media(color_scheme=scheme)
                only = _rules_in(scheme)
                try:
                    assert_accessible(page, f"{name} ({size_name})", exclude=exclude, only=only)
                except AssertionError as failure:
                    failures.append(str(failure))
    finally:
        if original_size:
            page.set_viewport_size(original_size)
        page.emulate_media(color_scheme=original_scheme)
    if failures:
        raise AssertionError("\n\n".join(failures))


def assert_accessible_in_both_schemes(page, name: str, shot: str | None = None) -> None:
    """The page as it is, in light and then in dark (the colour rules alone:
    ``COLOUR_RULES``), at its own size; with ``shot``, a
    screenshot of each as ``{shot}-light`` and ``{shot}-dark``. The scheme is switched in the
    page (as the context's ``color_scheme`` sets it), so a test walks its flow once per size
    rather than once per size and scheme. All failures are reported together."""
    from tests.browser.conftest import screenshot

    failures = []
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        settled_colours(page)
        if shot:
            screenshot(page, f"{shot}-{scheme}")
        try:
            assert_accessible(page, name, only=_rules_in(scheme))
        except AssertionError as failure:
            failures.append(str(failure))
    if failures:
        raise AssertionError("\n\n".join(failures))


def settled_colours(page) -> None:
    """Wait for the colour transitions a switch of scheme starts (Django admin's links and
    buttons fade for 0.15 s): axe must measure the colours the page settles on. Transitions
    alone: an animation that never ends (a spinner) must not hold the check up."""
    page.wait_for_function(
        "() => document.getAnimations()"
        ".every((a) => !(a instanceof CSSTransition) || a.playState !== 'running')"
    )


def _prefers_dark(page) -> bool:
    return page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
