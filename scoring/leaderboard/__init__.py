"""The club leaderboard: standings, the overview, player pages (docs/contracts/ratings-api.md).

Pages read stored ratings, events and records (scoring.ratings, scoring.records); nothing
here replays all history per request, except a filtered view (a period or a mode), whose
ratings are replayed over just those events once and cached until the ratings change.
"""
