"""The plays-per-month bar chart: one bar a month, heights in proportion, whole-number
gridlines, and nothing to draw without months."""

from scoring.leaderboard.charts import HEIGHT, month_bars
from scoring.leaderboard.stats import MonthCount


def test_no_months_no_chart():
    assert month_bars([]) is None


def test_one_bar_a_month_in_proportion_and_empty_months_flat():
    chart = month_bars([MonthCount(2025, 1, 4), MonthCount(2025, 2, 0), MonthCount(2025, 3, 2)])
    full, empty, half = chart.bars
    assert empty.height == 0
    assert half.height * 2 == full.height
    assert full.y + full.height == half.y + half.height < HEIGHT  # one baseline
    assert full.x < empty.x < half.x


def test_gridlines_are_whole_numbers():
    chart = month_bars([MonthCount(2025, 1, 1)])
    assert [label for _, label in chart.gridlines] == ["0", "1"]
    assert chart.first_label == chart.last_label == "Jan 2025"
