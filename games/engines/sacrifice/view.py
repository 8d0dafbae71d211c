"""What one seat of a Sacrifice game may know: the only way game facts reach players.

Public: the market, the trophy in play and those won, every card played to a trick, pile and
hand sizes, altar counts, and purchases once revealed. Private to its owner: the hand, the
discard pile and altar contents (the seed lets players look at their own), the cards chosen
but not yet revealed. Nobody sees a draw pile's order or an opponent's altar values; the altars
are turned over when the game ends, because the final score reveals them anyway.
"""

from __future__ import annotations

from typing import Any

from ..base import Engine
from .cards import HANDS, RULES, final_score
from .state import SacrificeState


def _tricks(s: SacrificeState) -> list[dict[str, Any]]:
    return [
        {
            "cards": [c0, c1],
            "leader": None if lead < 0 else lead,
            "winner": None if win < 0 else win,
            "sudden_death": sudden,
        }
        for c0, c1, lead, win, sudden in s.tricks
    ]


def _trick_track(s: SacrificeState) -> list[list[str]]:
    """Each seat's face-up cards: the tricks it won, ties counting for both (S5)."""
    track: list[list[str]] = [[], []]
    for c0, c1, _lead, win, sudden in s.tricks:
        if sudden:
            continue
        for seat, card in ((0, c0), (1, c1)):
            if win in (seat, -1):
                track[seat].append(card)
    return track


def _committed(s: SacrificeState) -> list[bool]:
    """For decisions taken at once: who has made their secret choice (not what it is)."""
    if s.phase == "buy" and s.simultaneous:
        return list(s.done)
    if s.phase == "trick" and s.leader < 0:
        return [card is not None for card in s.table]
    return [False, False]


def _purchases(s: SacrificeState, seat: int | None) -> list[list[dict[str, Any]]]:
    """Purchases of this hand; secret first-hand ones only to their owner until revealed."""
    secret = s.phase == "buy" and s.simultaneous
    return [
        []
        if secret and owner != seat
        else [{"card": card, "spend": [a, b]} for card, a, b in s.purchases[owner]]
        for owner in (0, 1)
    ]


def build_view(engine: Engine, s: SacrificeState, seat: int | None) -> dict[str, Any]:
    rules = RULES[s.trophy]
    over = s.phase == "over"
    view: dict[str, Any] = {
        "game": engine.name,
        "seat": seat,
        "players": 2,
        "to_act": engine.to_act(s),
        "is_over": over,
        "scores": engine.scores(s),
        "winners": engine.winners(s),
        "events": [{**e, "seats": list(e["seats"])} for e in s.events],
        "events_total": s.events_total,
        "phase": s.phase,
        "hand_number": s.hand_no,
        "hands": HANDS,
        "trophies_left": len(s.trophies),
        "trophy": s.trophy,
        "trophy_rules": {
            "tricks": rules.tricks,
            "trump": rules.trump,
            "lowest_wins": rules.lowest,
        },
        "market": sorted(s.market, key=lambda c: (len(c), c)),
        "won": [list(s.won[0]), list(s.won[1])],
        "secret_buying": s.simultaneous,
        "buy_order": list(s.buy_order),
        "done_buying": list(s.done),
        "purchases": _purchases(s, seat),
        "committed": _committed(s),
        "leader": None if s.leader < 0 else s.leader,
        "sudden_death": s.sudden,
        "trick_counts": list(s.counts),
        "tricks_to_play": rules.tricks,
        "tricks": _tricks(s),
        "trick_track": _trick_track(s),
        "table": [None if s.leader < 0 else card for card in s.table],
        "hand_winner": None if s.hand_winner < 0 else s.hand_winner,
        "sacrifice_limit": s.limit,
        "piles": [
            {
                "draw": len(s.draw[p]),
                "discard": len(s.discard[p]),
                "hand": len(s.hand[p]),
                "played": len(s.played[p]),
                "altar": len(s.altar[p]),
                "cards": s.pool(p),
            }
            for p in (0, 1)
        ],
        "lost_by_cards": None if s.loser_by_cards < 0 else s.loser_by_cards,
        "altars": [list(s.altar[0]), list(s.altar[1])] if over else None,
    }
    if seat is not None:
        view["hand"] = list(s.spendable(seat))
        view["played"] = list(s.played[seat])
        view["discard"] = list(s.discard[seat])
        view["altar"] = list(s.altar[seat])
        view["my_score"] = final_score(len(s.won[seat]), list(s.altar[seat]))
    return view
