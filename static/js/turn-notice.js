// Your turn, while the table's page is open: when the turn comes to you while the tab is
// hidden, a browser notification (only once the player allowed it with the button:
// permission is never asked on load). The tab title ("▶ Your turn · Sarg") is play.js's,
// from the banner's data-title: one script owns it. Fed by the status
// fragment the socket already sends: #table-status has the class "turn-mine" when the viewer
// is to act. Also keeps the log's "new since you looked" marks (drawn by the page) through
// the socket's first push of the same version, which redraws the log without them.
(function () {
  "use strict";

  var box = null;        // #turn-notice: the words, and the button
  var wasMine = null;    // the turn as last seen (null before the first look)
  var looked = null;     // {version, count, words}: the log's marks as the page drew them

  function status() { return document.getElementById("table-status"); }
  function mine() {
    var s = status();
    return !!(s && s.classList.contains("turn-mine"));
  }
  function canNotify() { return "Notification" in window; }

  function notify() {
    if (!canNotify() || Notification.permission !== "granted" || !document.hidden) return;
    try {
      var notice = new Notification(box.dataset.noticeTitle, {
        body: box.dataset.noticeBody,
        tag: "sarco-turn-" + (box.dataset.table || ""),
        icon: box.dataset.icon || undefined
      });
      notice.onclick = function () { window.focus(); if (notice.close) notice.close(); };
    } catch (error) { /* a browser that only notifies from a service worker: the title says it */ }
  }

  function showButton() {
    var button = box && box.querySelector("[data-allow-notifications]");
    if (!button) return;
    box.hidden = !(canNotify() && Notification.permission === "default");
  }

  function keepLookedMarks() {
    if (!looked) return;
    var list = document.querySelector("#event-log ol.events");
    if (!list || list.dataset.version !== looked.version) { looked = null; return; }
    if (list.querySelector(".new-since-looked")) return;
    var log = document.getElementById("event-log");
    if (log && looked.open) log.open = true;  // as the page drew it, for the news to be seen
    looked.open = false;  // once: from now on the player opens and closes it
    var items = list.querySelectorAll("li");
    for (var i = 0; i < items.length && i < looked.count; i++) {
      var words = document.createElement("span");
      words.className = "visually-hidden";
      words.setAttribute("data-unsaid", "");  // a mark, not the event: announce.js skips it
      words.textContent = looked.words;
      items[i].classList.add("new-since-looked");
      items[i].appendChild(document.createTextNode(" "));
      items[i].appendChild(words);
    }
  }

  function update() {
    keepLookedMarks();
    if (!box) return;
    var isMine = mine();
    if (wasMine === false && isMine) notify();
    wasMine = isMine;
  }

  function start() {
    box = document.getElementById("turn-notice");
    var marked = document.querySelectorAll("#event-log li.new-since-looked");
    var list = document.querySelector("#event-log ol.events");
    if (marked.length && list) {
      var words = marked[0].querySelector(".visually-hidden");
      looked = {
        version: list.dataset.version,
        count: marked.length,
        open: document.getElementById("event-log").open,
        words: words ? words.textContent : ""
      };
    }
    if (box) showButton();
    update();
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-allow-notifications]");
    if (!button || !canNotify()) return;
    // Asked only here, after the player's click: browsers refuse (and should) a prompt on load.
    Promise.resolve(Notification.requestPermission()).then(showButton, showButton);
  });
  // After play.js's own listeners on the same events (this script loads after it), so the
  // title set here is the last word.
  document.addEventListener("htmx:wsAfterMessage", update);
  document.addEventListener("htmx:afterSettle", update);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
