// Sarg's square without a network: the server's taps (scoring/entry/sarg.py), here, drawn as
// the server draws them.
(function () {
  "use strict";

  var O = window.SarcoOffline;
  if (!O) return;
  var words = O.words;

  function cellInputs(form) {
    return Array.prototype.slice.call(form.querySelectorAll('input[type=hidden][name^="cell-"]'));
  }

  function nextEmpty(cells, cursor) {
    for (var step = 1; step <= 9; step++) {
      if (!cells[(cursor + step) % 9].value) return (cursor + step) % 9;
    }
    return cursor;
  }

  function gridPick(form, pick) {
    var cells = cellInputs(form);
    var cursorInput = form.querySelector("input[name=cursor]");
    var rank = form.querySelector(".sarg-grid input[name=rank]");
    var parts = pick.split(":");
    if (cells.length !== 9 || !cursorInput || !rank) return false;
    var cursor = Number(cursorInput.value) || 0;
    if (parts[0] === "cell") {
      cursor = Number(parts[1]) || 0;
      rank.value = "";
    } else if (parts[0] === "rank") {
      rank.value = parts[1];
    } else if ((parts[0] === "suit" && rank.value) || parts[0] === "joker") {
      cells[cursor].value = parts[0] === "joker" ? "JK" : rank.value + parts[1];
      rank.value = "";
      cursor = nextEmpty(cells, cursor);
    } else if (parts[0] === "clear") {
      cells[cursor].value = "";
      rank.value = "";
    } else {
      return false;
    }
    cursorInput.value = String(cursor);
    form.dataset.touched = "1";
    drawGrid(form);
    return true;
  }

  // The cards the rounds of this deck took already (the server's sheet and kept entries).
  function usedCards(form) {
    var used = {};
    var sheet = O.sheetForTotals();
    var number = Number(O.field(O.fieldsOf(form), "round") || O.field(O.fieldsOf(form), "adding")) || 1;
    var first = number - ((number - 1) % 6);
    ((sheet && sheet.rounds) || []).forEach(function (round, i) {
      if (!round.grid || i + 1 === number || i + 1 < first || i + 1 >= first + 6) return;
      round.grid.forEach(function (row) {
        row.forEach(function (card) { used[card] = (used[card] || 0) + 1; });
      });
    });
    return used;
  }

  function drawGrid(form) {
    var cells = cellInputs(form).map(function (input) { return input.value; });
    var cursor = Number(form.querySelector("input[name=cursor]").value) || 0;
    var rank = form.querySelector(".sarg-grid input[name=rank]").value;
    var used = usedCards(form);
    cells.forEach(function (card) { if (card) used[card] = (used[card] || 0) + 1; });
    function free(card) { return (used[card] || 0) < (card === "JK" ? 2 : 1); }
    function letter(rank) {  // as printed on the reader's cards (D for Dame in German)
      return form.querySelector('button[value="rank:' + rank + '"]').textContent.trim();
    }
    function text(card) {
      if (card === "JK") return form.querySelector('button[value="joker"]').textContent.trim();
      var suitButton = form.querySelector('button[value="suit:' + card.slice(-1) + '"]');
      return letter(card.slice(0, -1)) + suitButton.textContent.trim();
    }
    form.querySelectorAll("button[data-cell]").forEach(function (button) {
      var i = Number(button.dataset.cell);
      var card = cells[i];
      button.textContent = card ? text(card) : "·";
      button.classList.toggle("cell-current", i === cursor);
      button.classList.toggle("cell-empty", !card);
      button.classList.toggle("red", Boolean(card) && "HD".indexOf(card.slice(-1)) !== -1);
      button.setAttribute("aria-pressed", String(i === cursor));
      button.setAttribute("aria-label",
        button.getAttribute("aria-label").replace(/:[^:]*$/, ": " + (card ? text(card) : "")));
    });
    var suits = ["S", "H", "D", "C"];
    form.querySelectorAll('button[value^="rank:"]').forEach(function (button) {
      var r = button.value.slice(5);
      button.classList.toggle("pick-selected", r === rank);
      button.setAttribute("aria-pressed", String(r === rank));
      button.disabled = !suits.some(function (s) { return free(r + s); });
      // While a suit is awaited, a key that is also a suit's (German D: Dame or diamonds)
      // is the suit's, as the server draws it.
      button.dataset.keys = button.dataset.keys || button.getAttribute("aria-keyshortcuts");
      button.setAttribute("aria-keyshortcuts", button.dataset.keys.split(" ").filter(function (key) {
        return !rank || key === r || suits.indexOf(key) === -1;
      }).join(" "));
    });
    form.querySelectorAll('button[value^="suit:"]').forEach(function (button) {
      button.disabled = !rank || !free(rank + button.value.slice(5));
    });
    form.querySelector('button[value="joker"]').disabled = !free("JK");
    var lines = form.querySelectorAll(".line-row, .line-col");
    var rule = window.SarcoProvisional && SarcoProvisional.rule("sarg");  // provisional-sarg.js
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8]].forEach(function (line, i) {
      var cards = line.map(function (at) { return cells[at]; });
      lines[i].textContent = cards.every(Boolean) && rule
        ? String(rule.lineValue(cards, i < 3 ? "row" : "column")) : "";
      lines[i].classList.remove("credited-line");
    });
    // The hint and the square's name, in the words the server draws them with.
    var placed = cells.filter(Boolean).length;
    var hint = form.querySelector(".card-picker > p.muted:not(.keys-hint)");
    if (hint) {
      hint.textContent = (rank ? O.say(words.suitOf, { rank: letter(rank) }) : words.tapCell) +
        " " + O.say(words.placed, { placed: placed });
    }
    var square = form.querySelector(".sarg-grid .square");
    if (square) square.setAttribute("aria-label", O.say(words.squarePlaced, { placed: placed }));
    var credit = form.querySelector("#round-credit");
    if (credit) credit.textContent = "";
  }

  O.cellInputs = cellInputs;
  O.drawGrid = drawGrid;
  O.gridPick = gridPick;
})();
