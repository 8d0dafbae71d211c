// Sarkophag's provisional totals (ruling K1: heads per card; K6: the head limit), for
// static/js/provisional.js: the arithmetic of scoring/calculators/sarkophag.py.
(function (root) {
  "use strict";

  var P = root.SarcoProvisional || require("./provisional.js");
  var sum = P.sum, one = P.one, all = P.all, perSeat = P.perSeat;

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

  function totals(sheet) {
    var out = perSeat(sheet.players, function () { return 0; });
    (sheet.rounds || []).forEach(function (round) {
      sheet.players.forEach(function (name) {
        out[name] += round.heads ? Number(round.heads[name] || 0)
          : sum(((round.cards || {})[name] || []).map(function (c) { return HEADS[c] || 0; }));
      });
    });
    return out;
  }

  function entry(fields, names) {
    if (one(fields, "mode") === "cards") {
      return { cards: perSeat(names, function (i) { return all(fields, "cards-" + i).map(Number); }) };
    }
    return { heads: perSeat(names, function (i) { return Number(one(fields, "heads-" + i)) || 0; }) };
  }

  P.register("sarkophag", { totals: totals, entry: entry });
})(this);
