"""Placeholder until the sarcophagus engine lands (replaced wholesale by its implementation)."""


class _Pending:
    name = "sarcophagus"
    min_players = 0
    max_players = 0

    def new_game(self, *args, **kwargs):
        raise NotImplementedError("The sarcophagus engine is not built yet.")


ENGINE = _Pending()
