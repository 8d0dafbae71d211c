"""English dates as the club writes them: 23 Nov 2026, 23 Nov 2026, 19:30.

Day before month everywhere, also in the short formats the admin uses (Django's own English
ones are American: 11/23/2026), so a British reader never meets 03/01 for the first of March,
and an American one meets no number order to guess. Typed dates read day first too."""

DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y, H:i"
SHORT_DATE_FORMAT = "j M Y"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
YEAR_MONTH_FORMAT = "M Y"
MONTH_DAY_FORMAT = "j F"
DATE_INPUT_FORMATS = ["%Y-%m-%d", "%d/%m/%Y", "%d/%m/%y", "%d %b %Y", "%d %B %Y"]
DATETIME_INPUT_FORMATS = [
    "%Y-%m-%d %H:%M:%S",
    "%Y-%m-%d %H:%M:%S.%f",
    "%Y-%m-%d %H:%M",
    "%d/%m/%Y %H:%M:%S",
    "%d/%m/%Y %H:%M",
    "%d/%m/%y %H:%M",
]
