class SheetError(ValueError):
    """A score sheet the rules cannot accept. ``field`` says where, for the page to show it."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
