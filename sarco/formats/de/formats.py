"""German dates: 23. Nov 2026, 23. Nov 2026, 19:30 (numbers: 1.234,5 from Django's defaults)."""

DATE_FORMAT = "j. M Y"
DATETIME_FORMAT = "j. M Y, H:i"
YEAR_MONTH_FORMAT = "M Y"
