"""The test backends empty the database between transactional tests as Django's do."""

import pytest
from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command

from scoring.organisers import GROUP_NAME, PERMISSIONS

pytestmark = pytest.mark.django_db(transaction=True)


def flush() -> None:
    call_command("flush", interactive=False, verbosity=0)


def test_a_flush_empties_the_tables_and_keeps_content_types_and_permissions():
    User.objects.create_user("left-behind")
    Group.objects.create(name="A club of its own")
    permissions, types = Permission.objects.count(), ContentType.objects.count()
    flush()
    assert not User.objects.exists()
    assert not Group.objects.filter(name="A club of its own").exists()
    assert (Permission.objects.count(), ContentType.objects.count()) == (permissions, types)


def test_after_a_flush_the_organisers_group_has_exactly_its_permissions():
    Group.objects.filter(name=GROUP_NAME).delete()
    flush()
    group = Group.objects.get(name=GROUP_NAME)
    got = {(p.content_type.app_label, p.codename) for p in group.permissions.all()}
    assert got == set(PERMISSIONS)
