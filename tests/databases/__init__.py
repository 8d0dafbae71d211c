"""The test run's database backends: Django's own, emptied faster between transactional tests.

Django empties every table after each `TransactionTestCase` (and `transaction=True` test),
then sends `post_migrate`, whose receivers make the content types and permissions again,
the same rows as before. That was a quarter of a second a test on PostgreSQL and most of the
PostgreSQL pass's teardowns (some 160 s). Two things change, nothing a test can see:

- **Content types and permissions stay** (`KEPT`): rows Django derives from the models,
  which `post_migrate` would make again just the same; it now finds them there. No test makes
  rows of its own in them.
- **On PostgreSQL, DELETE instead of TRUNCATE**: a `TRUNCATE` of tables holding a test's few
  rows makes each table a new file (about 250 ms for all), a `DELETE` of each takes 15-50 ms;
  and `TRUNCATE` locks every table outright, so a live server's work still querying at the
  test's end could deadlock with it, where `DELETE` takes row locks only. The DELETEs run in
  the flush's own transaction with `session_replication_role = replica`, which leaves out
  the foreign-key triggers, so the order of the tables does not matter (as for `TRUNCATE
  ... CASCADE`). That needs a superuser, which the test server's `postgres` role is; for any
  other role, or when the sequences are reset too, Django's own `TRUNCATE` runs.

`tests/settings.py` puts these backends in place of Django's.
"""

KEPT = frozenset({"django_content_type", "auth_permission"})


def emptied(tables) -> list[str]:
    """The tables a flush empties: all but the ones `post_migrate` would fill again alike."""
    return [table for table in tables if table not in KEPT]
