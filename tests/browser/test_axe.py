"""tests/browser/axe.py beyond test_accessibility.py's checks of the helper: a second run on
the same page (axe already in it) finds the same, advice (the rules it leaves out) does not
fail, and an excluded part is not looked at."""

import pytest

from tests.browser.axe import (
    COLOUR_RULES,
    assert_accessible,
    assert_accessible_everywhere,
    violations,
)

pytestmark = [pytest.mark.browser]

PAGE = """<!doctype html><html lang="en"><head><title>A page</title></head>
<body><main><h1>A page</h1>{body}</main></body></html>"""
FAINT = '<p id="faint" style="color:#ccc;background:#fff">Hard to read</p>'
# Advice only: a heading level skipped (heading-order) and text outside any landmark (region).
ADVICE = PAGE.replace("<main>", "<div>").replace("</main>", "</div>").format(body="<h4>Skip</h4>")


@pytest.fixture
def page(browser):
    return browser.new_context().new_page()


def test_a_second_run_on_the_same_page_finds_the_same(page):
    page.set_content(PAGE.format(body=FAINT))
    first = [v["id"] for v in violations(page)]
    assert first == [v["id"] for v in violations(page)] == ["color-contrast"]
    with pytest.raises(AssertionError, match="color-contrast"):
        assert_accessible_everywhere(page, "faint text")


def test_advice_does_not_fail(page):
    page.set_content(ADVICE)
    assert_accessible(page, "advice only")


def test_an_excluded_part_is_not_looked_at(page):
    page.set_content(PAGE.format(body=FAINT))
    assert_accessible(page, "faint text left out", exclude=["#faint"])


DARK_ONLY = """<style>@media (prefers-color-scheme: dark) {
    #dim { color: #333; background: #222; } }</style><p id="dim">Dim in the dark</p>"""


def test_in_dark_the_colour_rules_still_run(page):
    page.set_content(PAGE.format(body=DARK_ONLY))
    assert_accessible(page, "light")
    with pytest.raises(AssertionError, match="color-contrast") as failure:
        assert_accessible_everywhere(page, "dim in the dark")
    assert "light" not in str(failure.value)


def test_only_runs_the_rules_named(page):
    page.set_content(PAGE.format(body='<img src="x.png">' + FAINT))
    assert {v["id"] for v in violations(page)} == {"image-alt", "color-contrast"}
    assert [v["id"] for v in violations(page, only=COLOUR_RULES)] == ["color-contrast"]
