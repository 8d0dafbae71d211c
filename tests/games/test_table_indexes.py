"""What a move writes touches as few index entries as it can: on PostgreSQL an update that
changes no indexed column stays on its page (a HOT update) and writes no index at all."""

import pytest
from django.db import connection
from django.db.models import Q

from games.models import Table, TableMove

# What every move changes of its table's row (whose turn, the status and the session change
# only with a bot's turn, at the end, or never): ``tables._play``, ``move_writes``.
EVERY_MOVE = {"version", "state_json", "last_move_at", "to_act"}


def condition_fields(condition: Q | None) -> set[str]:
    if condition is None:
        return set()
    fields = set()
    for child in condition.children:
        if isinstance(child, Q):
            fields |= condition_fields(child)
        else:
            fields.add(child[0].split("__")[0])
    return fields


def test_no_index_of_the_table_covers_what_every_move_writes():
    indexed = {field.name for field in Table._meta.fields if field.db_index or field.unique}
    for index in Table._meta.indexes:
        indexed |= {name.lstrip("-") for name in index.fields}
        indexed |= condition_fields(index.condition)
    for constraint in Table._meta.constraints:
        indexed |= set(getattr(constraint, "fields", ()))
        indexed |= condition_fields(getattr(constraint, "condition", None))
    assert not indexed & EVERY_MOVE


@pytest.mark.django_db
def test_a_moves_row_goes_into_its_key_and_one_index():
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, TableMove._meta.db_table)
    keys = [about for about in found.values() if about["primary_key"]]
    indexes = [
        tuple(about["columns"])
        for about in found.values()
        if (about["index"] or about["unique"]) and not about["primary_key"]
    ]
    assert len(keys) == 1
    assert indexes == [("table_id", "number")], found
