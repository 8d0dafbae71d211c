// Provisional totals on the phone, for entries kept without a network. The server's
// computation (scoring.calculators, with the rules of games.engines) is the one that counts;
// this is the same arithmetic for sheets the server has already checked plus the phone's kept
// entries, so it checks nothing and refuses nothing. A browser test runs it and the Python
// calculators over the same sheets so the two cannot drift apart.
//
// Each game's rule is its own script, static/js/provisional-<game>.js, loaded after this one
// by the game's part of the page (templates/scoring/<game>/_provisional.html), which calls
// SarcoProvisional.register(game, {totals: function (sheet), entry: function (fields, names)}).
// A game without one has no provisional totals: the phone waits for the server's.
//
// SarcoProvisional.totals(sheet) takes a sheet in the format of docs/scorekeeper.md and gives
// {name: total}; SarcoProvisional.entry(game, fields, names) turns an entry form's fields
// ([[name, value], ...]) into that sheet format's round or end-of-game entry. Both give null
// for a game with no rule on this page.
(function (root) {
  "use strict";

  var RULES = {};

  function register(game, rule) { RULES[game] = rule; }
  function rule(game) { return Object.prototype.hasOwnProperty.call(RULES, game) ? RULES[game] : null; }

  function totals(sheet) {
    var own = rule(sheet.game);
    return own ? own.totals(sheet) : null;
  }

  function entry(game, fields, names) {
    var own = rule(game);
    return own ? own.entry(fields, names) : null;
  }

  // --- what the games' rules share -----------------------------------------------------------
  function sum(list) { return list.reduce(function (a, b) { return a + b; }, 0); }

  // An entry form's fields: every value of ``name``, the first; a value per seat, by index
  // and name.
  function all(fields, name) {
    return fields.filter(function (pair) { return pair[0] === name; })
      .map(function (pair) { return pair[1]; });
  }
  function one(fields, name) { return all(fields, name)[0] || ""; }
  function perSeat(names, make) {
    var out = {};
    names.forEach(function (name, i) { out[name] = make(i, name); });
    return out;
  }
  // Each seat's values of the fields ``prefix + seat`` (the cards or tiles ticked for it).
  function listsPerSeat(fields, names, prefix) {
    return perSeat(names, function (i) { return all(fields, prefix + i); });
  }

  var api = {
    register: register, rule: rule, totals: totals, entry: entry,
    sum: sum, all: all, one: one, perSeat: perSeat, listsPerSeat: listsPerSeat
  };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.SarcoProvisional = api;
})(this);
