"""SQLite: the event loop's own connection for the write of a move played there."""
