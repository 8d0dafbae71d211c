"""Online play's pages: the lobby, a table, its replay (the move view is ``move.py``)."""
