"""German as well as English: the browser's language is honoured, the menu's switcher keeps a
choice in a cookie, and every page reads German throughout (the catalogue itself:
test_catalogue.py)."""

import pytest
from django.conf import settings
from django.urls import reverse

from .test_catalogue import PO_FILE, SIE

pytestmark = pytest.mark.django_db


def test_accept_language_de_gives_german(client):
    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="de">' in page
    assert "Anmelden" in page


def test_accept_language_en_gives_english(client):
    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="en">' in page
    assert "Log in" in page


def test_menu_offers_the_other_language(client):
    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert reverse("set_language") in page
    assert 'name="language" value="de"' in page
    assert 'name="language" value="en"' not in page


def test_switchers_choice_sticks(client):
    response = client.post(
        reverse("set_language"),
        {"language": "de", "next": reverse("home")},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 302
    assert response.headers["Location"] == reverse("home")
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="de">' in page


def test_switcher_ignores_a_foreign_next(client):
    response = client.post(
        reverse("set_language"), {"language": "de", "next": "https://evil.example/"}
    )
    assert response.headers["Location"] == "/"


def english_texts(shortest: int = 14) -> list[str]:
    """The catalogue's English sentences and phrases that differ in German (placeholders
    cut out): none of them may be left on a page served in German."""
    import re

    import polib

    from sarco.catalog import GAMES

    titles = {game.title for game in GAMES}  # names, the same in both languages
    texts = set()
    for entry in polib.pofile(str(PO_FILE)):
        if entry.msgid_plural:
            continue
        for part in re.split(r"%\(\w+\)[sdr]|<[^>]+>|%%", entry.msgid):
            part = part.strip(" .,:;()·")
            if len(part) >= shortest and part not in entry.msgstr and part not in titles:
                texts.add(part)
    return sorted(texts)


@pytest.fixture
def german_pages(client):
    """The main pages, as a logged-in club member sees them: one sheet of each game, the
    lobby, a running table, the leaderboard and a player page."""
    from sarco.catalog import GAMES
    from scoring import sheets
    from tests.games.helpers import sarg_table
    from tests.scoring.sheet_helpers import players, sarkophag_sheet, user

    keeper = user()
    anna, ben, clara = players("Anna", "Ben", "Clara")
    sheet_urls = [
        reverse("sheet", args=[sarkophag_sheet(keeper, limit=60).public_id]),
        reverse(
            "sheet",
            args=[
                sheets.create_session(
                    "sarg", keeper, [anna, ben], roles={"queen": "Anna", "king": "Ben"}
                ).public_id
            ],
        ),
        reverse("sheet", args=[sheets.create_session("sacrifice", keeper, [anna, ben]).public_id]),
        reverse(
            "sheet",
            args=[sheets.create_session("sarcophagus", keeper, [anna, ben, clara]).public_id],
        ),
    ]
    table = sarg_table(host=keeper)
    anonymous = [reverse("home"), reverse("login"), reverse("signup")]
    member = [
        reverse("home"),
        reverse("scorekeeper"),
        *[reverse("scorekeeper-new", args=[game.slug]) for game in GAMES],
        reverse("scorekeeper-results"),
        *sheet_urls,
        reverse("play:lobby"),
        reverse("play:table", args=[table.public_id]),
        reverse("leaderboard:index"),
        reverse("leaderboard:game", args=["sarg"]),
        reverse("leaderboard:player", args=[anna.pk]),
    ]
    return keeper, anonymous, member


def german(client, url: str) -> str:
    import html

    response = client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200, url
    return html.unescape(response.content.decode())


def test_main_pages_are_german(client, german_pages):
    keeper, anonymous, member = german_pages
    english = english_texts()
    pages = {url: german(client, url) for url in anonymous}
    client.force_login(keeper)
    pages |= {url + " (member)": german(client, url) for url in member}
    assert all('<html lang="de">' in page for page in pages.values())
    left = {url: [text for text in english if text in page] for url, page in pages.items()}
    assert not {url: texts for url, texts in left.items() if texts}, "English left on German pages"
    assert "Spielstand" in pages[reverse("home") + " (member)"]
    assert (
        "Mumienköpfe"
        in pages[member[member.index(reverse("scorekeeper-results")) + 1] + " (member)"]
    )


def test_account_page_has_the_switcher(client):
    from tests.scoring.sheet_helpers import user

    client.force_login(user())
    page = client.get(reverse("account"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Dein Konto" in page
    assert 'name="language" value="en"' in page
    assert f'name="next" value="{reverse("account")}"' in page


def test_account_page_needs_a_login(client):
    response = client.get(reverse("account"))
    assert response.status_code == 302
    assert response.headers["Location"].startswith(reverse("login"))


def started_table(game: str, host):
    """A running table of ``game`` with people at every seat (``host`` at seat 0)."""
    from games import tables
    from games.engines import get_engine
    from tests.games.helpers import user

    table = tables.open_table(game, host, seats=get_engine(game).min_players)
    for _ in range(1, get_engine(game).min_players):
        tables.take_seat(table, user())
    return tables.start(table, host)


@pytest.fixture
def every_page(client):
    """Every kind of page: each game's sheet and running table (all four boards), a finished
    table's replay, the lobby, the leaderboards, a player page, the account page, and the
    organisers' admin (index, changelists, a session's and a table's change and organise
    pages, the audit trail)."""
    from sarco.catalog import GAMES
    from scoring import organising, sheets
    from tests.games.helpers import play_out, sarg_table
    from tests.scoring.organiser_helpers import finished_sarg, organiser
    from tests.scoring.sheet_helpers import players, user

    keeper = user()
    anna, ben, clara = players("Anna", "Ben", "Clara")
    sessions = {
        "sarkophag": sheets.create_session("sarkophag", keeper, [anna, ben, clara]),
        "sarg": sheets.create_session(
            "sarg", keeper, [anna, ben], roles={"queen": "Anna", "king": "Ben"}
        ),
        "sacrifice": sheets.create_session("sacrifice", keeper, [anna, ben]),
        "sarcophagus": sheets.create_session("sarcophagus", keeper, [anna, ben, clara]),
    }
    boards = {game.slug: started_table(game.slug, keeper) for game in GAMES}
    finished = play_out(sarg_table(host=keeper))
    boss = organiser()
    done = finished_sarg(owner=boss)
    organising.void(done, by=boss, reason="Test")
    member = [
        *[reverse("sheet", args=[s.public_id]) for s in sessions.values()],
        *[reverse("play:table", args=[t.public_id]) for t in boards.values()],
        reverse("play:replay", args=[finished.public_id]),
        reverse("play:lobby"),
        reverse("leaderboard:index"),
        *[reverse("leaderboard:game", args=[game.slug]) for game in GAMES],
        reverse("leaderboard:player", args=[anna.pk]),
        reverse("account"),
        reverse("scorekeeper-import"),
    ]
    admin = [
        reverse("admin:index"),
        reverse("admin:scoring_playsession_changelist"),
        reverse("admin:scoring_playsession_change", args=[done.pk]),
        reverse("admin:scoring_playsession_correct", args=[done.pk]),
        reverse("admin:scoring_playsession_restore", args=[done.pk]),
        reverse("admin:scoring_auditentry_changelist"),
        reverse("admin:scoring_player_changelist"),
        reverse("admin:scoring_player_change", args=[anna.pk]),
        reverse("admin:scoring_player_rename", args=[anna.pk]),
        reverse("admin:scoring_season_changelist"),
        reverse("admin:games_table_changelist"),
        reverse("admin:games_table_change", args=[boards["sarg"].pk]),
        reverse("admin:games_table_abandon", args=[boards["sarg"].pk]),
    ]
    return keeper, boss, member, admin


def readable_text(page: str) -> str:
    """What a person reads or hears of a page: its text and the attributes screen readers
    say (aria-label, title, alt, placeholder), without scripts, styles and anything marked
    as another language (the switcher's "Language: English")."""
    from html.parser import HTMLParser

    class Reader(HTMLParser):
        VOID = {
            "area",
            "base",
            "br",
            "col",
            "embed",
            "hr",
            "img",
            "input",
            "link",
            "meta",
            "source",
        }

        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.parts: list[str] = []
            self.skipping: list[str] = []  # open elements whose content is not German text

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            foreign = attrs.get("lang") not in (None, "de") or tag in ("script", "style")
            if not self.skipping and not foreign:
                said = ("aria-label", "title", "alt", "placeholder")
                self.parts += [attrs[name] or "" for name in said if name in attrs]
            if tag not in self.VOID and (self.skipping or foreign):
                self.skipping.append(tag)

        def handle_endtag(self, tag):
            if self.skipping and self.skipping[-1] == tag:
                self.skipping.pop()

        def handle_data(self, data):
            if not self.skipping:
                self.parts.append(data)

    reader = Reader()
    reader.feed(page)
    return " ".join(" ".join(reader.parts).split())


def english_left(page: str, english: list[str]) -> list[str]:
    text = readable_text(page)
    return [phrase for phrase in english if phrase in text]


def test_every_page_is_german(client, every_page):
    keeper, boss, member, admin = every_page
    english = english_texts(shortest=8)
    client.force_login(keeper)
    pages = {url: german(client, url) for url in member}
    client.force_login(boss)
    pages |= {url: german(client, url) for url in admin}
    assert all('<html lang="de"' in page for page in pages.values())
    left = {url: english_left(page, english) for url, page in pages.items()}
    assert not {url: texts for url, texts in left.items() if texts}, "English left on German pages"


def test_german_numbers_and_dates(client, every_page):
    """Ratings with a decimal comma, dates as Germans write them, charts' coordinates plain."""
    import re

    keeper, _boss, member, _admin = every_page
    client.force_login(keeper)
    player_page = next(url for url in member if url.startswith("/players/"))
    page = german(client, reverse("leaderboard:index"))
    assert re.search(r"\d,\d", page)
    assert not re.search(r"\d\.\d", re.sub(r"<[^>]*>", "", page))
    page = german(client, player_page)
    assert not re.search(r'(?:cx|cy|y1|y2|y)="-?\d+,\d', page), "a German comma in SVG geometry"
    page = german(client, reverse("account"))
    assert re.search(r"\d{1,2}\. \w{3,4}\.? \d{4}", page), "a German date (23. Nov 2026)"


def test_big_scores_are_grouped_as_the_reader_writes_them(client):
    """Sarg played to 1000: a German sheet shows 1.400, an English one 1,400."""
    from scoring import sheets
    from tests.scoring.sheet_helpers import players, user

    keeper = user()
    anna, ben = players("Anna", "Ben")
    session = sheets.create_session(
        "sarg", keeper, [anna, ben], {"to_1000": True}, {"queen": "Anna", "king": "Ben"}
    )
    for _ in range(7):
        sheets.apply_edit(session.public_id, keeper, "add", entry={"queen": 150, "king": 100})
    client.force_login(keeper)
    url = reverse("sheet", args=[session.public_id])
    assert "1.050" in german(client, url)
    assert "1,050" in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_an_engines_refusal_reaches_a_german_player_in_german(client):
    """The engine says it in English (its message id); the move view says it in German."""
    import json

    from tests.games.helpers import acting_user, sarg_table

    table = sarg_table()
    player, position = acting_user(table)
    client.force_login(player)
    card = table.state().hands[position][0]
    response = client.post(
        reverse("play:move", args=[table.public_id]),
        {"version": "0", "move": json.dumps({"card": card, "cell": [0, 0]})},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 422
    refusal = response.content.decode().split("</p>")[0]
    assert 'data-refusal="illegal"' in refusal
    assert refusal.endswith(
        ">Dieses Feld grenzt an keine Karte; leg neben eine Karte, nicht schräg."
    )


def test_the_admin_tells_a_member_who_they_are_with_du(client):
    from tests.scoring.sheet_helpers import user

    client.force_login(user())
    page = german(client, reverse("admin:login"))
    assert "Du bist als" in page and "Sie sind" not in page


def django_english_texts(shortest: int = 14) -> list[str]:
    """Django's own English phrases that its German catalogues (or ours) say otherwise."""
    import re
    from pathlib import Path

    import django
    import polib
    from django.utils import translation

    texts = set()
    root = Path(django.__file__).parent
    for app in ("conf", "contrib/admin", "contrib/auth", "contrib/contenttypes"):
        for entry in polib.pofile(str(root / app / "locale/de/LC_MESSAGES/django.po")):
            if entry.obsolete or entry.msgid_plural or entry.msgctxt:
                continue
            with translation.override("de"):
                german = translation.gettext(entry.msgid)
            for part in re.split(r"%\(\w+\)[sdr]|<[^>]+>|%%|\{[^}]*\}", entry.msgid):
                part = part.strip(" .,:;()·")
                if len(part) >= shortest and part not in german:
                    texts.add(part)
    return sorted(texts)


@pytest.fixture
def finished_pages(client):
    """Pages that show what only a finished or voided game shows: the Sarg end bonus, a
    Sarcophagus set bonus, a voided sheet, and the organiser's view of a session."""
    from scoring import organising, sheet_import
    from tests.scoring.organiser_helpers import finished_sarg, organiser

    boss = organiser()
    sarg = finished_sarg(owner=boss)
    voided = finished_sarg(owner=boss, names=("Clara", "Dora"))
    organising.void(voided, by=boss, reason="Test")
    tiles = {"Ron": ["5-sun", "4-sun", "3-sun"], "Amy": ["2-moon"]}
    fame = sheet_import.import_sheet(
        {"game": "sarcophagus", "players": ["Ron", "Amy"], "tiles": tiles}, None, finish=True
    )
    pages = [
        reverse("sheet", args=[sarg.public_id]),
        reverse("sheet", args=[voided.public_id]),
        reverse("sheet", args=[fame.public_id]),
        reverse("scorekeeper-results"),
        reverse("leaderboard:player", args=[sarg.seats.get(position=0).player_id]),
        reverse("admin:scoring_playsession_change", args=[sarg.pk]),
        reverse("admin:scoring_playsession_correct", args=[sarg.pk]) + "?round=1",
    ]
    return boss, pages


def test_finished_and_voided_games_leave_no_english_keys_or_sie(client, finished_pages):
    """No English phrase (ours or Django's), no raw key ("queen", "sun") and no formal "Sie"
    on the German pages of finished games, for the club and for an organiser."""
    import re

    boss, urls = finished_pages
    english = english_texts(shortest=8) + django_english_texts()
    client.force_login(boss)
    texts = {url: readable_text(german(client, url)) for url in urls}
    keys = r"\b(queen|king|sun|moon|crown|arms|rows|columns)\b"
    words = {url: re.sub(r'"[^"]*"', "", text) for url, text in texts.items()}  # not JSON data
    left = {
        url: [phrase for phrase in english if phrase in text]
        + re.findall(keys, words[url])
        + re.findall(SIE, text)
        for url, text in texts.items()
    }
    assert not {url: found for url, found in left.items() if found}
