// The table's clock (templates/games/_clock.html): a visible countdown for each running
// clock, from the deadline the server sent, re-read on every swap of #table-clock. The
// browser's own clock may be off: each rendering carries the server's time (data-now), and
// the largest gap seen (a rendering kept and sent again later is older, never newer) is the
// best guess of the server's time here. Screen readers hear the words the server wrote
// (data-clock-words) in #clock-say only when the turn changes, and once when a live clock
// has 10 seconds left; the countdown itself is hidden from them.
(function () {
  "use strict";
  var offset = null;  // server time minus this browser's time, in ms
  var turn = null;  // the running clocks as last seen ("" for none)
  var tenSaid = {};

  function box() { return document.getElementById("table-clock"); }

  function say(text) {
    var region = document.getElementById("clock-say");
    if (!region || !text) return;
    region.textContent = "";
    setTimeout(function () { region.textContent = text; }, 50);
  }

  function two(n) { return (n < 10 ? "0" : "") + n; }

  function liveText(seconds) {
    return Math.floor(seconds / 60) + ":" + two(seconds % 60);
  }

  function dailyText(seconds, format) {
    var minutes = Math.floor(seconds / 60);
    var hours = Math.floor(minutes / 60);
    var days = Math.floor(hours / 24);
    var clock = two(hours % 24) + ":" + two(minutes % 60);
    if (!days) return clock;
    return (format || "%(days)d d %(clock)s").replace("%(days)d", days).replace("%(clock)s", clock);
  }

  function sync() {
    var el = box();
    if (!el || !el.dataset.now) return;
    var seen = Number(el.dataset.now) - Date.now();
    offset = offset === null ? seen : Math.max(offset, seen);
    var seats = Array.prototype.map.call(
      el.querySelectorAll("[data-clock-seat]"),
      function (seat) { return seat.dataset.clockSeat + "@" + seat.dataset.deadline; }
    ).join(" ");
    var status = document.getElementById("table-status");
    var now = (status ? status.dataset.version : "") + "|" + seats.replace(/@\d*/g, "");
    if (turn !== null && now !== turn && seats) {
      var words = Array.prototype.map.call(
        el.querySelectorAll("[data-clock-words]"), function (w) { return w.textContent; }
      ).join(" ");
      say(words);
    }
    turn = now;
    tick();
  }

  function tick() {
    var el = box();
    if (!el || offset === null) return;
    var live = el.classList.contains("clock-live");
    var serverNow = Date.now() + offset;
    el.querySelectorAll("[data-clock-seat]").forEach(function (seat) {
      var deadline = Number(seat.dataset.deadline);
      if (!deadline) return;
      var left = Math.max(0, Math.ceil((deadline - serverNow) / 1000));
      var bank = Math.min(Number(seat.dataset.bank) || 0, left);
      var time = seat.querySelector("[data-clock-time]");
      var bankEl = seat.querySelector("[data-clock-bank]");
      if (time) time.textContent = live ? liveText(left - bank) : dailyText(left, el.dataset.dayFormat);
      if (bankEl) bankEl.textContent = liveText(bank);
      seat.classList.toggle("clock-low", live && left <= 10);
      seat.classList.toggle("clock-in-bank", live && left - bank <= 0 && bank > 0);
      var key = turn + "#" + seat.dataset.clockSeat;
      if (live && left <= 10 && left > 0 && !tenSaid[key]) {
        tenSaid[key] = true;
        say(seat.dataset.tenLeft);
      }
    });
  }

  document.addEventListener("DOMContentLoaded", sync);
  document.addEventListener("htmx:wsAfterMessage", sync);
  document.addEventListener("htmx:afterSettle", sync);
  setInterval(tick, 250);
  if (document.readyState !== "loading") sync();
})();
