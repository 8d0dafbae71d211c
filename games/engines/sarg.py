"""Placeholder until the sarg engine lands (replaced wholesale by its implementation)."""


class _Pending:
    name = "sarg"
    min_players = 0
    max_players = 0

    def new_game(self, *args, **kwargs):
        raise NotImplementedError("The sarg engine is not built yet.")


ENGINE = _Pending()
