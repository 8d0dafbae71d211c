// Sarg's provisional totals (G4 line values, G5 the tie rule, G6 the end bonus), for
// static/js/provisional.js: the arithmetic of scoring/calculators/sarg.py. Its lineValue also
// draws each full line of the square on the phone (static/js/offline-sarg.js).
(function (root) {
  "use strict";

  var P = root.SarcoProvisional || require("./provisional.js");
  var sum = P.sum, one = P.one;

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

  function totals(sheet) {
    var queen = sheet.roles.queen;
    var king = sheet.roles.king;
    var scores = (sheet.rounds || []).map(function (round) {
      return round.grid ? squareScore(round.grid) : { queen: round.queen, king: round.king };
    });
    var q = sum(scores.map(function (s) { return s.queen; }));
    var k = sum(scores.map(function (s) { return s.king; }));
    var finished = sheet.to_1000 ? Math.max(q, k) >= 1000 : scores.length === 6;
    var out = {};
    if (finished && q !== k) {
      if (q > k) q += q - k; else k += k - q;
    } else if (finished) {
      var bestQ = Math.max.apply(null, scores.map(function (s) { return s.queen; }));
      var bestK = Math.max.apply(null, scores.map(function (s) { return s.king; }));
      if (bestQ > bestK) q += bestQ; else if (bestK > bestQ) k += bestK;
    }
    out[queen] = q;
    out[king] = k;
    return out;
  }

  function entry(fields) {
    if (one(fields, "mode") === "typed") {
      return { queen: Number(one(fields, "queen")) || 0, king: Number(one(fields, "king")) || 0 };
    }
    var cells = [0, 1, 2, 3, 4, 5, 6, 7, 8].map(function (i) { return one(fields, "cell-" + i); });
    if (cells.indexOf("") !== -1) return null;
    return { grid: [cells.slice(0, 3), cells.slice(3, 6), cells.slice(6, 9)] };
  }

  P.register("sarg", { totals: totals, entry: entry, lineValue: lineValue });
})(this);
