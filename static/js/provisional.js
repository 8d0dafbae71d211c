// Provisional totals on the phone, for entries kept without a network. The server's
// computation (scoring.calculators, with the rules of games.engines) is the one that counts;
// this is the same arithmetic, table-driven, for sheets the server has already checked plus
// the phone's kept entries, so it checks nothing and refuses nothing. A browser test runs it
// and the Python calculators over the same sheets so the two cannot drift apart.
//
// SarcoProvisional.totals(sheet) takes a sheet in the format of docs/scorekeeper.md and gives
// {name: total}; SarcoProvisional.entry(game, fields, names) turns an entry form's fields
// ([[name, value], ...]) into that sheet format's round or end-of-game entry.
(function (root) {
  "use strict";

  function sum(list) { return list.reduce(function (a, b) { return a + b; }, 0); }
  function zeroes(names) {
    var out = {};
    names.forEach(function (name) { out[name] = 0; });
    return out;
  }

  // --- Sarkophag (ruling K1: heads per card; K6: the head limit) ----------------------------
  var HEADS = [0];
  var HEADS_BY_COUNT = {
    0: [1, 2, 14, 16, 24, 26, 34, 36, 44, 46, 59, 60],
    2: [4, 12, 18, 22, 28, 32, 38, 42, 48, 56, 58],
    3: [6, 8, 10, 20, 30, 40, 50, 52, 54],
    5: [15, 25, 35, 45]
  };
  for (var card = 1; card <= 60; card++) HEADS[card] = card % 2;
  Object.keys(HEADS_BY_COUNT).forEach(function (count) {
    HEADS_BY_COUNT[count].forEach(function (c) { HEADS[c] = Number(count); });
  });

  function sarkophag(sheet) {
    var totals = zeroes(sheet.players);
    (sheet.rounds || []).forEach(function (round) {
      sheet.players.forEach(function (name) {
        totals[name] += round.heads ? Number(round.heads[name] || 0)
          : sum(((round.cards || {})[name] || []).map(function (c) { return HEADS[c] || 0; }));
      });
    });
    return totals;
  }

  // --- Sarg (G4 line values, G5 the tie rule, G6 the end bonus) -----------------------------
  var RANK_VALUE = { A: 1, J: 0, Q: 0, K: 0 };
  function cardValue(cardName, axis) {
    var rank = cardName.slice(0, -1);
    if (rank === (axis === "row" ? "Q" : "K")) return 10;
    return rank in RANK_VALUE ? RANK_VALUE[rank] : Number(rank);
  }
  function isRed(cardName) { return "HD".indexOf(cardName.slice(-1)) !== -1; }

  function lineValue(cards, axis) {
    if (cards.indexOf("JK") !== -1) return 0;  // a vampire zeroes its line
    var suits = cards.map(function (c) { return c.slice(-1); });
    var multiplier = 1;
    if (suits[0] === suits[1] && suits[1] === suits[2]) multiplier = 5;
    else if (isRed(cards[0]) === isRed(cards[1]) && isRed(cards[1]) === isRed(cards[2])) multiplier = 3;
    else if (suits[0] === suits[1] || suits[0] === suits[2] || suits[1] === suits[2]) multiplier = 2;
    return sum(cards.map(function (c) { return cardValue(c, axis); })) * multiplier;
  }

  function bestFirst(values) {
    return [0, 1, 2].sort(function (a, b) { return values[b] - values[a] || a - b; })
      .map(function (i) { return values[i]; });
  }

  function squareScore(grid) {
    var rows = grid.map(function (row) { return lineValue(row, "row"); });
    var columns = [0, 1, 2].map(function (c) {
      return lineValue(grid.map(function (row) { return row[c]; }), "column");
    });
    rows = bestFirst(rows);
    columns = bestFirst(columns);
    var level = 0;
    while (level < 2 && rows[level] === columns[level]) level++;
    return { queen: rows[level], king: columns[level] };
  }

  function sarg(sheet) {
    var queen = sheet.roles.queen;
    var king = sheet.roles.king;
    var scores = (sheet.rounds || []).map(function (round) {
      return round.grid ? squareScore(round.grid) : { queen: round.queen, king: round.king };
    });
    var q = sum(scores.map(function (s) { return s.queen; }));
    var k = sum(scores.map(function (s) { return s.king; }));
    var finished = sheet.to_1000 ? Math.max(q, k) >= 1000 : scores.length === 6;
    var totals = {};
    if (finished && q !== k) {
      if (q > k) q += q - k; else k += k - q;
    } else if (finished) {
      var bestQ = Math.max.apply(null, scores.map(function (s) { return s.queen; }));
      var bestK = Math.max.apply(null, scores.map(function (s) { return s.king; }));
      if (bestQ > bestK) q += bestQ; else if (bestK > bestQ) k += bestK;
    }
    totals[queen] = q;
    totals[king] = k;
    return totals;
  }

  // --- Sarcophagus (P6 traps and gods, P9 fame and sets) -----------------------------------
  var TILE_SUITS = ["sun", "moon", "crown", "arms"];
  var TILE_VALUES = ["null", "ace", "2", "3", "4", "5"];
  var SET_BONUS = [0, 0, 1, 2, 4];

  function tileId(name) {
    var parts = name.split("-");
    return TILE_SUITS.indexOf(parts[1]) * 6 + TILE_VALUES.indexOf(parts[0]);
  }
  function isNumber(tile) { return tile % 6 >= 2; }

  function fame(tiles) {
    var counts = [0, 0, 0, 0];
    var total = 0;
    tiles.forEach(function (t) {
      if (isNumber(t)) { total += t % 6; counts[Math.floor(t / 6)] += 1; }
    });
    return total + sum(counts.map(function (c) { return SET_BONUS[c]; }));
  }

  function cheapest(tiles) {
    var base = fame(tiles);
    var best = null;
    tiles.forEach(function (t, i) {
      if (!isNumber(t)) return;
      var key = [base - fame(tiles.slice(0, i).concat(tiles.slice(i + 1))), t % 6, Math.floor(t / 6)];
      if (!best || key[0] < best[0] || (key[0] === best[0] && (key[1] < best[1] ||
          (key[1] === best[1] && key[2] < best[2])))) best = key;
    });
    return best && best[2] * 6 + best[1];
  }

  // What the player keeps once the claimed sarcophagus tiles are revealed: each trap takes a
  // number tile (the player's choice, else the cheapest) unless a god is held.
  function kept(held, buried, choices) {
    var tiles = held.concat(buried).map(tileId);
    var protectedByGod = tiles.some(function (t) { return t % 6 === 1; });
    var taken = 0;
    buried.map(tileId).forEach(function (trap) {
      if (trap % 6 !== 0 || protectedByGod || !tiles.some(isNumber)) return;
      var choice = taken < choices.length ? tileId(choices[taken]) : cheapest(tiles);
      tiles.splice(tiles.indexOf(choice), 1);
      taken += 1;
    });
    return tiles;
  }

  function sarcophagus(sheet) {
    var totals = {};
    sheet.players.forEach(function (name) {
      var held = (sheet.tiles || {})[name] || [];
      var buried = (sheet.sarcophagus || {})[name] || [];
      var choice = (sheet.discard || {})[name] || [];
      totals[name] = fame(kept(held, buried, typeof choice === "string" ? [choice] : choice));
    });
    return totals;
  }

  // --- Sacrifice (S9: 10 per trophy won, sacrificed cards by rank, A 15) -------------------
  function isTrophy(c) { return /^(JK|[JQK][SHDC])$/.test(c); }
  function sacrificePoints(c) {
    if (isTrophy(c)) return 0;
    var rank = c.slice(0, -1);
    return rank === "A" ? 15 : Number(rank);
  }

  function sacrifice(sheet) {
    var totals = {};
    sheet.players.forEach(function (name) {
      var won = ((sheet.trophies || {})[name] || []).slice();
      var gone = (sheet.sacrificed || {})[name] || [];
      var listed = won.slice();
      gone.filter(isTrophy).forEach(function (c) {  // a trophy sacrificed was won first
        var at = listed.indexOf(c);
        if (at === -1) won.push(c); else listed.splice(at, 1);
      });
      totals[name] = 10 * won.length + sum(gone.map(sacrificePoints));
    });
    return totals;
  }

  var GAMES = { sarkophag: sarkophag, sarg: sarg, sarcophagus: sarcophagus, sacrifice: sacrifice };

  function totals(sheet) { return GAMES[sheet.game](sheet); }

  // --- an entry form's fields in the sheet format ------------------------------------------
  function all(fields, name) {
    return fields.filter(function (pair) { return pair[0] === name; })
      .map(function (pair) { return pair[1]; });
  }
  function one(fields, name) { return all(fields, name)[0] || ""; }
  function perSeat(names, make) {
    var out = {};
    names.forEach(function (name, i) { out[name] = make(i); });
    return out;
  }

  var ENTRIES = {
    sarkophag: function (fields, names) {
      if (one(fields, "mode") === "cards") {
        return { cards: perSeat(names, function (i) { return all(fields, "cards-" + i).map(Number); }) };
      }
      return { heads: perSeat(names, function (i) { return Number(one(fields, "heads-" + i)) || 0; }) };
    },
    sarg: function (fields) {
      if (one(fields, "mode") === "typed") {
        return { queen: Number(one(fields, "queen")) || 0, king: Number(one(fields, "king")) || 0 };
      }
      var cells = [0, 1, 2, 3, 4, 5, 6, 7, 8].map(function (i) { return one(fields, "cell-" + i); });
      if (cells.indexOf("") !== -1) return null;
      return { grid: [cells.slice(0, 3), cells.slice(3, 6), cells.slice(6, 9)] };
    },
    sarcophagus: function (fields, names) {
      return {
        tiles: perSeat(names, function (i) { return all(fields, "held-" + i); }),
        sarcophagus: perSeat(names, function (i) { return all(fields, "sarc-" + i); }),
        discard: perSeat(names, function (i) { return all(fields, "discard-" + i).filter(Boolean); })
      };
    },
    sacrifice: function (fields, names) {
      return {
        trophies: perSeat(names, function (i) { return all(fields, "trophies-" + i); }),
        sacrificed: perSeat(names, function (i) { return all(fields, "sacrificed-" + i); })
      };
    }
  };

  function entry(game, fields, names) { return ENTRIES[game](fields, names); }

  var api = { totals: totals, entry: entry, lineValue: lineValue };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.SarcoProvisional = api;
})(this);
