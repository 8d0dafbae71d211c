"""Sacrifice's log in words: each event of ``engine.view`` as a sentence, cards named in words
by ``scoring.faces`` (the log is read aloud, and "7♥" reads as a digit and a symbol)."""

from __future__ import annotations

from typing import Any

from sarco.drawing_language import gettext as _
from sarco.drawing_language import ngettext
from scoring.faces import card_face

from ..common import named


def log_texts(view: dict[str, Any], names: list[str]) -> list[str]:
    """Every event as a sentence; a finished game ends on its final scores, whichever way it
    ended (the engine's own closing line is English only, so it is replaced)."""
    texts = [event_text(event, names) for event in view["events"] if event["kind"] != "end"]
    if view["is_over"]:
        texts.append(final_scores(view["scores"], names))
    return texts


def final_scores(scores: list[int], names: list[str]) -> str:
    return _("Final scores: %(scores)s.") % {
        "scores": ", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=True))
    }


def event_text(event: dict[str, Any], names: list[str]) -> str:
    kind = event["kind"]
    who = names[event["seats"][0]] if event["seats"] else ""
    if kind == "trophy":
        return _("Hand %(hand)s: the trophy is %(card)s.") % {
            "hand": event["hand"],
            "card": card_face(event["trophy"])["name"],
        }
    if kind == "buy" and "card" in event:
        return _("%(name)s spends %(a)s and %(b)s on %(card)s.") % {
            "name": who,
            "a": card_face(event["spend"][0])["name"],
            "b": card_face(event["spend"][1])["name"],
            "card": card_face(event["card"])["name"],
        }
    if kind == "buy":
        return _("%(name)s buys nothing.") % {"name": who}
    if kind == "trick" and event["winner"] is None:
        return _("%(a)s and %(b)s tie.") % {
            "a": card_face(event["cards"][0])["name"],
            "b": card_face(event["cards"][1])["name"],
        }
    if kind == "trick":
        winner = event["winner"]
        return _("%(name)s takes it with %(mine)s against %(theirs)s.") % {
            "name": names[winner],
            "mine": card_face(event["cards"][winner])["name"],
            "theirs": card_face(event["cards"][1 - winner])["name"],
        }
    if kind == "lead":
        return _("%(name)s leads %(card)s.") % {
            "name": who,
            "card": card_face(event["card"])["name"],
        }
    if kind == "hand":
        a, b = event["tricks"][event["seats"][0]], event["tricks"][1 - event["seats"][0]]
        if a == b:
            return _("%(name)s wins the hand in sudden death and takes %(card)s.") % {
                "name": who,
                "card": card_face(event["trophy"])["name"],
            }
        return _("%(name)s wins the hand (%(a)s to %(b)s) and takes %(card)s.") % {
            "name": who,
            "a": a,
            "b": b,
            "card": card_face(event["trophy"])["name"],
        }
    if kind == "sacrifice":
        return ngettext(
            "%(name)s sacrifices %(n)s card.", "%(name)s sacrifices %(n)s cards.", event["count"]
        ) % {"name": who, "n": event["count"]}
    if kind == "sudden_death":
        return _("The tricks are level: sudden death.")
    if kind == "contest":
        keeper, other = event["seats"]
        return _(
            "Both chose %(card)s: a coin toss gives it to %(keeper)s, %(other)s gets %(spare)s."
        ) % {
            "card": card_face(event["card"])["name"],
            "keeper": names[keeper],
            "other": names[other],
            "spare": card_face(event["spare"])["name"],
        }
    if kind == "reshuffle":
        return _("%(name)s shuffles their cards into a new draw pile.") % {"name": who}
    if kind == "lost":
        return _("%(name)s has fewer than 7 cards left and loses.") % {"name": who}
    return named(event.get("text", ""), names)
