"""Redis's wire protocol as the pub/sub layer writes it, and where it connects."""

from sarco.redis_connections import command, endpoint_of


def test_a_command_is_an_array_of_bulk_strings():
    assert (
        command(b"PUBLISH", b"g", b"\x00\r\n")
        == b"*3\r\n$7\r\nPUBLISH\r\n$1\r\ng\r\n$3\r\n\x00\r\n\r\n"
    )


def test_where_to_connect_comes_from_the_url():
    assert endpoint_of("redis://127.0.0.1:6379/0") == {"host": "127.0.0.1", "port": 6379, "db": 0}
    assert endpoint_of({"address": "redis://:pw@h:1"})["password"] == "pw"
    assert endpoint_of("unix:///run/redis.sock") == {"path": "/run/redis.sock"}
    assert endpoint_of("rediss://h")["ssl"] is not None
