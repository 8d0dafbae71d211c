// Sarcophagus' provisional totals (P6 traps and gods, P9 fame and sets), for
// static/js/provisional.js: the arithmetic of scoring/calculators/sarcophagus.py.
(function (root) {
  "use strict";

  var P = root.SarcoProvisional || require("./provisional.js");
  var sum = P.sum, all = P.all, perSeat = P.perSeat, listsPerSeat = P.listsPerSeat;

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

  function totals(sheet) {
    return perSeat(sheet.players, function (i, name) {
      var held = (sheet.tiles || {})[name] || [];
      var buried = (sheet.sarcophagus || {})[name] || [];
      var choice = (sheet.discard || {})[name] || [];
      return fame(kept(held, buried, typeof choice === "string" ? [choice] : choice));
    });
  }

  function entry(fields, names) {
    return {
      tiles: listsPerSeat(fields, names, "held-"),
      sarcophagus: listsPerSeat(fields, names, "sarc-"),
      discard: perSeat(names, function (i) { return all(fields, "discard-" + i).filter(Boolean); })
    };
  }

  P.register("sarcophagus", { totals: totals, entry: entry });
})(this);
