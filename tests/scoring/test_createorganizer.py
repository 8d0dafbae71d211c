"""manage.py createorganizer and the Organisers group: exactly the rights organisers need."""

import io
import sys

import pytest
from django.contrib.auth.models import Group, User
from django.core.management import CommandError, call_command

from scoring.organisers import GROUP_NAME, PERMISSIONS, ensure_group

pytestmark = pytest.mark.django_db


def run(*args, stdin: str):
    out = io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        call_command("createorganizer", *args, stdout=out)
    finally:
        sys.stdin = old
    return out.getvalue()


def test_the_group_exists_after_migrate_with_exactly_its_permissions():
    group = Group.objects.get(name=GROUP_NAME)
    got = {(p.content_type.app_label, p.codename) for p in group.permissions.all()}
    assert got == set(PERMISSIONS)
    assert ("scoring", "view_auditentry") in got
    assert {"add_auditentry", "change_auditentry", "delete_auditentry"}.isdisjoint(
        codename for _app, codename in got
    )
    assert not any(app == "auth" for app, _codename in got)  # no say over logins or groups


def test_ensure_group_is_idempotent():
    first = set(ensure_group().permissions.all())
    assert set(ensure_group().permissions.all()) == first
    assert Group.objects.filter(name=GROUP_NAME).count() == 1


def test_createorganizer_makes_a_staff_organiser_who_is_no_superuser():
    out = run("olga", "--password-stdin", stdin="a-long-password-1\n")
    olga = User.objects.get(username="olga")
    assert olga.is_staff and not olga.is_superuser
    assert olga.groups.filter(name=GROUP_NAME).exists()
    assert olga.check_password("a-long-password-1")
    assert olga.has_perm("scoring.change_playsession")
    assert not olga.has_perm("scoring.change_auditentry")
    assert "olga" in out


def test_createorganizer_refuses_a_weak_password_and_creates_nobody():
    with pytest.raises(CommandError):
        run("olga", "--password-stdin", stdin="123\n")
    assert not User.objects.filter(username="olga").exists()


def test_createorganizer_needs_a_password_for_a_new_login():
    with pytest.raises(CommandError):
        run("olga", "--password-stdin", stdin="\n")
    assert not User.objects.filter(username="olga").exists()


def test_createorganizer_refuses_an_invalid_user_name():
    with pytest.raises(CommandError):
        run("no spaces please!", "--password-stdin", stdin="a-long-password-1\n")


def test_createorganizer_makes_an_existing_member_an_organiser_keeping_the_password():
    User.objects.create_user("mia", password="a-long-password-1")
    run("mia", "--password-stdin", stdin="\n")
    mia = User.objects.get(username="mia")
    assert mia.is_staff and mia.groups.filter(name=GROUP_NAME).exists()
    assert mia.check_password("a-long-password-1")


def test_without_a_terminal_or_stdin_flag_it_says_what_to_do():
    with pytest.raises(CommandError, match="--password-stdin"):
        run("olga", stdin="")
