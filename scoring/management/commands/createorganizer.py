"""`manage.py createorganizer USERNAME`: a login for the admin with the Organisers' rights.

Staff (so the admin lets them in), in the Organisers group, never a superuser. An existing
login is made an organiser (its password is set only when one is given). The password is
asked twice at the prompt, or read as one line from standard input with --password-stdin.
"""

from __future__ import annotations

import getpass
import sys

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from scoring.organisers import ensure_group


class Command(BaseCommand):
    help = "Create an organiser (staff in the Organisers group), or make a login one."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--email", default="")
        parser.add_argument(
            "--password-stdin",
            action="store_true",
            help="read the password as one line from standard input instead of prompting",
        )

    def handle(self, *args, username: str, email: str, password_stdin: bool, **options):
        User = get_user_model()
        user = User.objects.filter(username=username).first()
        candidate = user or User(username=username, email=email)
        if user is None:
            try:
                candidate.clean_fields(exclude=["password"])
            except ValidationError as exc:
                raise CommandError(" ".join(exc.messages)) from None
        password = self._password(candidate, password_stdin, required=user is None)
        with transaction.atomic():
            if user is None:
                user = User.objects.create_user(username, email, password)
            elif password:
                user.set_password(password)
            user.is_staff = True
            user.is_active = True
            user.save()
            user.groups.add(ensure_group())
        verb = "is now" if candidate.pk else "was created as"
        self.stdout.write(self.style.SUCCESS(f"{username} {verb} an organiser."))

    def _password(self, user, from_stdin: bool, *, required: bool) -> str:
        if from_stdin:
            password = sys.stdin.readline().rstrip("\r\n")
        elif not sys.stdin.isatty():
            if required:
                raise CommandError("No terminal to ask for a password: use --password-stdin.")
            return ""
        else:
            password = getpass.getpass("Password: ")
            if password != getpass.getpass("Password (again): "):
                raise CommandError("The two passwords differ.")
        if not password:
            if required:
                raise CommandError("A new organiser needs a password.")
            return ""
        try:
            validate_password(password, user)
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from None
        return password
