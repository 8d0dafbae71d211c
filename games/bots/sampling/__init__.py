"""Per-game plug-ins of the search bot: ``games.bots.sampling.<game>.SEARCH`` is a
``games.bots.search.GameSearch`` (what a seat knows, how to draw full states from it, the
playout policy, horizon and rewards). See ``games/bots/search.py``.
"""
