// Sacrifice's provisional totals (S9: 10 per trophy won, sacrificed cards by rank, A 15), for
// static/js/provisional.js: the arithmetic of scoring/calculators/sacrifice.py.
(function (root) {
  "use strict";

  var P = root.SarcoProvisional || require("./provisional.js");
  var sum = P.sum, perSeat = P.perSeat, listsPerSeat = P.listsPerSeat;

  function isTrophy(c) { return /^(JK|[JQK][SHDC])$/.test(c); }
  function points(c) {
    if (isTrophy(c)) return 0;
    var rank = c.slice(0, -1);
    return rank === "A" ? 15 : Number(rank);
  }

  function totals(sheet) {
    return perSeat(sheet.players, function (i, name) {
      var won = ((sheet.trophies || {})[name] || []).slice();
      var gone = (sheet.sacrificed || {})[name] || [];
      var listed = won.slice();
      gone.filter(isTrophy).forEach(function (c) {  // a trophy sacrificed was won first
        var at = listed.indexOf(c);
        if (at === -1) won.push(c); else listed.splice(at, 1);
      });
      return 10 * won.length + sum(gone.map(points));
    });
  }

  function entry(fields, names) {
    return {
      trophies: listsPerSeat(fields, names, "trophies-"),
      sacrificed: listsPerSeat(fields, names, "sacrificed-")
    };
  }

  P.register("sacrifice", { totals: totals, entry: entry });
})(this);
