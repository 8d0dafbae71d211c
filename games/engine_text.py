"""The engines' words now live in ``sarco.engine_text``, where scoring reaches them too.

Only ``games/options.py`` still imports them from here; it goes with the game registry.
"""

from sarco.engine_text import refusal, say

__all__ = ["refusal", "say"]
