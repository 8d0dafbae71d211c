"""English dates as the club writes them: 23 Nov 2026, 23 Nov 2026, 19:30."""

DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y, H:i"
YEAR_MONTH_FORMAT = "M Y"
