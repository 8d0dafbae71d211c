// Sacrifice: pick the cards to sacrifice, then confirm. The board renders the winner's cards
// of this hand as checkboxes in a move form (form[data-sacrifice-picker]) whose data-moves holds
// that player's own legal moves, [{"sacrifice": [...]}, ...]. This script keeps the live line
// ("2 cards picked: 7♥, Q♠ (+7 to your score)") and the "Sacrifice these" button in step with
// the picks: the button is enabled only when the picked cards, compared as a multiset, are one
// legal move's, and the form then posts that move's own dict (its canonical card order) through
// the usual htmx move form. Without this script the page offers the full list of choices
// (details.sf-all-choices); the root class sf-picker-on swaps the two in CSS, so a websocket
// push or a move's answer shows the picker at once, without a flash of the list. Picks that
// a swap at the same version would lose are put back by play.js (with a "change" event).
(function () {
  "use strict";

  document.documentElement.classList.add("sf-picker-on");

  function multisetKey(cards) {
    return cards.slice().sort().join(" ");
  }

  function parse(text, fallback) {
    try { return JSON.parse(text); } catch (e) { return fallback; }
  }

  function setUp(form) {
    if (form.dataset.ready) return;
    form.dataset.ready = "1";
    var legal = {};
    parse(form.dataset.moves, []).forEach(function (move) {
      if (move && Array.isArray(move.sacrifice)) legal[multisetKey(move.sacrifice)] = move;
    });
    var texts = parse(form.dataset.texts, {});
    var limit = Number(form.dataset.limit) || 0;
    var spare = form.dataset.spare === undefined ? null : Number(form.dataset.spare);
    var boxes = Array.prototype.slice.call(form.querySelectorAll(".sf-pick-input"));
    var move = form.querySelector("input[name=move]");
    var button = form.querySelector("button[type=submit]");
    var line = form.querySelector(".sf-picked-text");
    var warning = form.querySelector(".sf-picked-warning");

    function picked() {
      return boxes.filter(function (box) { return box.checked; });
    }

    function update() {
      var chosen = picked();
      var cards = chosen.map(function (box) { return box.value; });
      var found = chosen.length ? legal[multisetKey(cards)] : null;
      move.value = found ? JSON.stringify(found) : "";
      button.disabled = !found;
      if (!chosen.length) {
        line.textContent = texts.none || "";
      } else {
        var points = chosen.reduce(function (sum, box) { return sum + Number(box.dataset.points || 0); }, 0);
        var template = (texts.picked || [])[chosen.length - 1] || "";
        line.textContent = template
          .replace("{cards}", chosen.map(function (box) { return box.dataset.text; }).join(", "))
          .replace("{points}", String(points));
      }
      var note = "";
      if (limit && chosen.length > limit) note = texts.too_many || "";
      else if (spare !== null && chosen.length > spare) note = texts.loses || "";
      warning.textContent = note;
    }

    form.addEventListener("change", function (event) {
      var box = event.target;
      // One card at most: picking another swaps it in, as a player lifts one card for another.
      if (limit === 1 && box.checked) {
        boxes.forEach(function (other) { if (other !== box) other.checked = false; });
      }
      update();
    });
    // Never post a pick that is not a legal move (the disabled button already prevents it).
    form.addEventListener("htmx:confirm", function (event) {
      if (!move.value) event.preventDefault();
    });
    // htmx enables the button again when a refused request ends (hx-disabled-elt), whatever
    // was picked meanwhile: the button follows the pick again.
    form.addEventListener("htmx:afterRequest", update);
    update();
  }

  function setUpAll() {
    document.querySelectorAll("form[data-sacrifice-picker]:not([data-ready])").forEach(setUp);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUpAll);
  else setUpAll();
  document.addEventListener("htmx:load", setUpAll);
  document.addEventListener("htmx:afterSettle", setUpAll);
  document.addEventListener("htmx:oobAfterSwap", setUpAll);
  document.addEventListener("htmx:wsAfterMessage", setUpAll);
})();
