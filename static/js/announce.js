// The site-wide polite live region (#announce in base.html) reads out what a swap brings in.
// A live region that is itself swapped in is not reliably announced, so after any htmx swap
// (a response, an out-of-band fragment, a websocket push) the text of the new content's
// role="status" elements and data-announce elements (the attribute's value if it has one,
// else the element's text: a saved round, "your turn") is copied into #announce, which stays
// in the page. Errors use role="alert" instead (announced when inserted) and are not copied.
// From a script: window.sarcoAnnounce("text"). Never moves the focus.
//
// One clear sentence per change, never repeated:
//   - every text is a sentence (a full stop is added when it ends without one), and the texts
//     of one change are read together, once; a log's events are each said, even the same
//     words twice within one change (two happenings), and in order;
//   - an element with an id and data-announce-changes (the table's banner, a prompt) is read
//     only when its text differs from the last one it had (a move that leaves "Your turn" as
//     it was says nothing new), and a later text of the same change replaces an earlier one;
//     it is followed even while it has no data-announce, so it is said again once it returns;
//     with data-version, an older version arriving late is not read;
//   - a list marked data-announce-log (the table's "What happened", newest first) reads out
//     the events it did not have before, oldest first and before everything else; its
//     data-events counts the lines the log has ever had, so the new ones are the newest
//     (count now - count before), even when a full log's new line makes it read word for word
//     as before (the same words again); a list without it is compared by its words;
//   - the connection (#connection[data-state]) is said only when it drops, is lost, or comes
//     back after a drop: not on every page load.
(function () {
  var queued = [];
  var pending = null;
  var lastText = {};
  var lastVersion = {};
  var logSeen = null;
  var logVersion = -1;
  var logCount = null;

  function sentence(text) {
    text = (text || "").replace(/\s+/g, " ").trim();
    return text && !/[.!?…]$/.test(text) ? text + "." : text;
  }

  // Texts from the swaps of one change (several elements may settle) are read together.
  // A log's event is never merged with another: the same words twice in a moment are two
  // happenings (a second coin on the tile of the first, pushed a few ms after it); any other
  // text already waiting with the same words is said once.
  function announce(text, source, first) {
    var region = document.getElementById("announce");
    text = sentence(text);
    if (!region || !text) return;
    if (source) queued = queued.filter(function (item) { return item.source !== source; });
    if (first) queued = queued.filter(function (item) { return item.first || item.text !== text; });
    else if (queued.some(function (item) { return item.text === text; })) return;
    var item = { text: text, source: source, first: first };
    var at = first ? queued.filter(function (q) { return q.first; }).length : queued.length;
    queued.splice(at, 0, item);
    clearTimeout(pending);
    region.textContent = ""; // emptied first, so the same words said twice are read twice
    pending = setTimeout(function () {
      region.textContent = queued.map(function (q) { return q.text; }).join(" ");
      queued = [];
    }, 100);
  }

  function versionOf(el) {
    var number = parseInt(el.dataset.version, 10);
    return isNaN(number) ? null : number;
  }

  // The lines a log has ever had (data-events), or null when it does not say.
  function countOf(list) {
    var number = parseInt(list.dataset.events, 10);
    return isNaN(number) ? null : number;
  }

  // An element read only when its text changed since the last one with its id.
  function changed(el) {
    var text = sentence(el.dataset.announce || el.textContent);
    var version = versionOf(el);
    if (version !== null && version < (lastVersion[el.id] || 0)) return;
    if (version !== null) lastVersion[el.id] = version;
    var before = lastText[el.id];
    lastText[el.id] = text;
    if (text !== before && el.hasAttribute("data-announce")) announce(text, el.id, false);
  }

  // A line's own words: a mark on it such as "(new since you looked)" ([data-unsaid]) is
  // not part of the event, or the same event would read as new once the mark is gone.
  function lineText(li) {
    if (!li.querySelector("[data-unsaid]")) return li.textContent;
    var copy = li.cloneNode(true);
    copy.querySelectorAll("[data-unsaid]").forEach(function (mark) { mark.remove(); });
    return copy.textContent;
  }

  function logEvents(list) {
    return Array.prototype.map.call(list.querySelectorAll("li"), function (li) {
      return sentence(lineText(li));
    }).reverse();
  }

  // Without counts: the events at the end of the new list that the old one did not end with.
  function fresh(old, now) {
    for (var j = Math.min(old.length, now.length); j > 0; j--) {
      if (old.slice(old.length - j).join("\n") === now.slice(0, j).join("\n")) return now.slice(j);
    }
    return now;
  }

  function log(list) {
    var version = versionOf(list);
    if (version !== null && version < logVersion) return;
    if (version !== null) logVersion = version;
    var now = logEvents(list);
    var count = countOf(list);
    var news;
    if (count !== null && logCount !== null) {
      news = now.slice(Math.max(0, now.length - Math.max(0, count - logCount)));
    } else {
      news = fresh(logSeen || [], now);
    }
    news.forEach(function (text) { announce(text, null, true); });
    logSeen = now;
    logCount = count;
  }

  // Only elements a swap brought in: htmx also fires its swap events on older elements (the
  // old target, the websocket's element), whose messages were read out already.
  var WANTED = "[data-announce], [role=status], [data-announce-changes], [data-announce-log]";
  var seen = new WeakSet();
  document.querySelectorAll(WANTED).forEach(function (el) {
    seen.add(el);
    if (el.hasAttribute("data-announce-log")) {
      logSeen = logEvents(el);
      logVersion = versionOf(el) || -1;
      logCount = countOf(el);
    } else if (el.id && el.hasAttribute("data-announce-changes")) {
      lastText[el.id] = sentence(el.dataset.announce || el.textContent);
      lastVersion[el.id] = versionOf(el) || 0;
    }
  });

  function fromSwap(event) {
    var root = event.target;
    if (!root || !root.querySelectorAll) return;
    var found = Array.prototype.slice.call(root.querySelectorAll(WANTED));
    if (root.matches(WANTED)) found.unshift(root);
    found.forEach(function (el) {
      if (seen.has(el) || !el.isConnected) return;
      seen.add(el);
      if (el.hasAttribute("data-announce-log")) log(el);
      else if (el.id && el.hasAttribute("data-announce-changes")) changed(el);
      else if (el.matches("[data-announce], [role=status]")) announce(el.dataset.announce || el.textContent);
    });
  }

  // The connection: news when it drops or is lost, and when it is back after a drop.
  function watchConnection() {
    var connection = document.getElementById("connection");
    if (!connection || !window.MutationObserver) return;
    var dropped = false;
    var wasOpen = false;
    var say = function (selector) {
      var part = connection.querySelector(selector);
      if (part) announce(part.textContent, "connection", false);
    };
    new MutationObserver(function () {
      var state = connection.dataset.state;
      if (state === "open") {
        if (dropped) say(".connection-live");
        dropped = false;
        wasOpen = true;
      } else if (state === "away" && wasOpen && !dropped) {
        dropped = true;
        say(".connection-away");
      } else if (state === "closed") {
        say(".connection-closed");
      }
    }).observe(connection, { attributes: true, attributeFilter: ["data-state"] });
  }

  window.sarcoAnnounce = announce;
  document.addEventListener("htmx:afterSwap", fromSwap);
  document.addEventListener("htmx:oobAfterSwap", fromSwap);
  // A push, however its fragments were swapped: what they brought and no swap event named.
  document.addEventListener("htmx:wsAfterMessage", fromSwap);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watchConnection);
  else watchConnection();
})();
