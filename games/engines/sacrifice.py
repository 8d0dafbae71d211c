"""Placeholder until the sacrifice engine lands (replaced wholesale by its implementation)."""


class _Pending:
    name = "sacrifice"
    min_players = 0
    max_players = 0

    def new_game(self, *args, **kwargs):
        raise NotImplementedError("The sacrifice engine is not built yet.")


ENGINE = _Pending()
