// Provisional totals on the phone: the server's sheet plus the entries kept here, computed
// by static/js/provisional.js. The server's computation, when they arrive, is the one that
// counts.
(function () {
  "use strict";

  var O = window.SarcoOffline;
  if (!O) return;
  var box = O.box;
  var words = O.words;
  var FORM = O.FORM;

  // The sheet as the server had it when the page was drawn (in #sheet-live, kept fresh by
  // the live updates), or, for a sheet started on this phone, its players and options.
  function serverSheet() {
    var data = document.getElementById("offline-sheet");
    if (data) {
      try { return JSON.parse(data.textContent); } catch (error) { return null; }
    }
    var started = O.startedSheet();
    if (!started) return null;
    var sheet = { game: started.game, players: started.names.slice(), rounds: [] };
    var roles = box.dataset.roles ? box.dataset.roles.split(" ") : [];  // the game's own part
    if (roles.length) {
      sheet.roles = {};
      roles.forEach(function (role, i) { sheet.roles[role] = started.names[i]; });
    }
    if (O.field(started.fields, "limit")) sheet.limit = Number(O.field(started.fields, "limit"));
    return sheet;
  }

  // Kept entries waiting to be sent, in the sheet: a change replaces its round, a new round
  // goes after the server's (one another phone saved meanwhile is left out: it will not
  // apply), an end-of-game entry is the sheet's end.
  function sheetForTotals() {
    var sheet = serverSheet();
    if (!sheet || !window.SarcoProvisional) return null;
    var saved = (sheet.rounds || []).length;
    sheet.rounds = (sheet.rounds || []).slice();
    O.keptItems.forEach(function (item) {
      if (item.sheet !== box.dataset.sheet || item.kind === "sheet" || item.state !== "waiting") return;
      var entry = SarcoProvisional.entry(sheet.game, item.fields, sheet.players);
      if (!entry) return;
      if (!item.number) Object.assign(sheet, entry);
      else if (item.change || item.number > saved) sheet.rounds[item.number - 1] = entry;
    });
    sheet.rounds = sheet.rounds.filter(Boolean);
    return sheet;
  }

  function showProvisional(here) {
    var line = document.getElementById("offline-provisional");
    var waiting = here.some(function (item) { return item.state === "waiting" && item.kind !== "sheet"; });
    var sheet = waiting ? sheetForTotals() : null;
    var totals = null;
    try { totals = sheet && SarcoProvisional.totals(sheet); } catch (error) { totals = null; }
    line.hidden = !totals;
    document.getElementById("offline-provisional-totals").textContent = !totals ? ""
      : sheet.players.map(function (name) { return name + " " + totals[name]; }).join(" · ");
    shownTotals = totals;
    markCards();
  }

  // The big total cards show the provisional totals too, each marked so; the server's own
  // figures come back when nothing waits any more, or with its next drawing of the sheet.
  var shownTotals = null;

  function markCards() {
    var lang = document.documentElement.lang;
    document.querySelectorAll("#sheet-live .total").forEach(function (card) {
      var score = card.querySelector(".total-score");
      if (!score) return;
      var name = score.dataset.player;
      var provisional = Boolean(shownTotals) && Object.prototype.hasOwnProperty.call(shownTotals, name);
      var mark = card.querySelector(".total-provisional-mark");
      if (provisional) {
        if (score.dataset.server === undefined) score.dataset.server = score.textContent;
        score.textContent = Number(shownTotals[name]).toLocaleString(lang);
        if (!mark) {
          mark = document.createElement("span");
          mark.className = "total-provisional-mark";
          mark.textContent = words.provisional;
          card.append(mark);
        }
      } else {
        if (score.dataset.server !== undefined) score.textContent = score.dataset.server;
        delete score.dataset.server;
        if (mark) mark.remove();
      }
      card.classList.toggle("total-provisional", provisional);
    });
  }

  // A live update redraws the cards with the server's figures: marked again while entries wait.
  ["htmx:afterSettle", "htmx:oobAfterSwap"].forEach(function (type) {
    document.addEventListener(type, function () {
      if (shownTotals && document.querySelector("#sheet-live .total:not(.total-provisional)")) markCards();
    });
  });

  // The form's own figures without the server: Sarkophag's heads this round and running
  // totals, provisional like the others; in other games the figures the server drew for
  // what was ticked before are cleared, as they no longer hold.
  function previewOffline(form) {
    form.querySelectorAll(".computed-line, #round-credit").forEach(function (element) {
      element.textContent = "";
    });
    var rows = form.querySelectorAll(".entry-player .entry-computed");
    var sheet = sheetForTotals();
    var fields = O.fieldsOf(form);
    var entry = sheet && box.dataset.roundPreview !== undefined &&
      SarcoProvisional.entry(sheet.game, fields, sheet.players);
    if (!entry) {
      rows.forEach(function (element) { element.textContent = ""; });
      return;
    }
    var credited = SarcoProvisional.totals({ game: sheet.game, players: sheet.players, rounds: [entry] });
    var number = Number(O.field(fields, "round") || O.field(fields, "adding")) || sheet.rounds.length + 1;
    sheet.rounds[number - 1] = entry;
    var running = SarcoProvisional.totals({ game: sheet.game, players: sheet.players,
      rounds: sheet.rounds.filter(Boolean) });
    rows.forEach(function (element, i) {
      var name = sheet.players[i];
      element.textContent = "+" + credited[name] + " → " + running[name];
    });
  }

  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var form = event.target.closest && event.target.closest(FORM);
      if (form && (O.offline() || form.dataset.offlineSheet)) previewOffline(form);
    });
  });

  O.previewOffline = previewOffline;
  O.sheetForTotals = sheetForTotals;
  O.showProvisional = showProvisional;
})();
