"""Placeholder until the sarkophag engine lands (replaced wholesale by its implementation)."""


class _Pending:
    name = "sarkophag"
    min_players = 0
    max_players = 0

    def new_game(self, *args, **kwargs):
        raise NotImplementedError("The sarkophag engine is not built yet.")


ENGINE = _Pending()
