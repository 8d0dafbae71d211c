// The scorekeeper without a network: the outbox. Every entry saved without a network is kept
// in IndexedDB ("not yet sent") and sent once the network is back, each with its own key,
// which the server applies once, so an entry whose answer was lost is never counted twice. A
// fresh CSRF token is fetched before sending; an entry the server refuses (403, a conflict, a
// refusal) is never dropped: the page says why and the person decides.
//
// This file starts window.SarcoOffline, which the other offline-*.js files share (loaded
// after it, in the order of templates/scoring/_offline_scripts.html; offline-boot.js last):
// the state box (#offline-status, whose data attributes hold the translated words) and the
// state of the network.
(function () {
  "use strict";

  var box = document.getElementById("offline-status");
  if (!box) return;  // pages without the scorekeeper's state
  var words = box.dataset;
  var FORM = "form.entry-form";
  var DB_NAME = "sarco-offline";
  var STORE = "outbox";
  var O = window.SarcoOffline = {
    box: box,
    words: words,
    FORM: FORM,
    LAST_SYNC: "sarco-last-sync",
    ZERO_ID: "00000000-0000-0000-0000-000000000000",
    lostNetwork: false,  // a request failed although the browser says it is online
    sending: false,
    keptItems: [],  // the outbox as last read, for what is drawn at once
    redrawing: null  // a redraw on its way: an entry used again waits for it
  };

  // --- the outbox in IndexedDB -----------------------------------------------------------

  function withStore(mode, work) {
    return new Promise(function (resolve, reject) {
      var opening = indexedDB.open(DB_NAME, 1);
      opening.onupgradeneeded = function () {
        opening.result.createObjectStore(STORE, { keyPath: "key" });
      };
      opening.onerror = function () { reject(opening.error); };
      opening.onsuccess = function () {
        var db = opening.result;
        var tx = db.transaction(STORE, mode);
        var result = work(tx.objectStore(STORE));
        tx.oncomplete = function () { db.close(); resolve(result && result.result); };
        tx.onerror = function () { db.close(); reject(tx.error); };
      };
    });
  }

  function allEntries() {
    return withStore("readonly", function (store) { return store.getAll(); })
      .then(function (items) {
        return (items || []).sort(function (a, b) { return a.created - b.created; });
      });
  }

  function keep(item) { return withStore("readwrite", function (s) { s.put(item); }); }
  function forget(key) { return withStore("readwrite", function (s) { s.delete(key); }); }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 15) | 64;
    b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); });
    return [h.slice(0, 4), h.slice(4, 6), h.slice(6, 8), h.slice(8, 10), h.slice(10)]
      .map(function (part) { return part.join(""); }).join("-");
  }

  function say(template, values) {
    return String(template).replace(/\{(\w+)\}/g, function (_, name) { return values[name]; });
  }

  function offline() { return !navigator.onLine || O.lostNetwork; }

  function fieldsOf(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      // The page's CSRF token may be stale by then: a fresh one goes in the header instead.
      if (["action", "pick", "csrfmiddlewaretoken"].indexOf(name) === -1) {
        fields.push([name, String(value)]);
      }
    });
    fields.push(["action", "save"]);
    return fields;
  }

  function field(fields, name) {
    for (var i = 0; i < fields.length; i++) if (fields[i][0] === name) return fields[i][1];
    return "";
  }

  // --- sending what was kept -------------------------------------------------------------

  function freshToken() {
    return fetch(box.dataset.tokenUrl, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (!response.ok) throw new Error("token");
        return response.json();
      })
      .then(function (data) { return data.token; });
  }

  function sendOne(item, token) {
    var body = new URLSearchParams();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    return fetch(item.url, {
      method: "POST",
      credentials: "same-origin",
      cache: "no-store",
      headers: { "X-CSRFToken": token, "Accept": "application/json" },
      body: body
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        return { code: response.status, data: data };
      });
    });
  }

  // One by one, in the order entered; a 403 stops the run (the person must act first).
  function sendAll(items, token) {
    var applied = [];
    var run = Promise.resolve();
    var stopped = false;
    items.forEach(function (item) {
      run = run.then(function () {
        if (stopped) return null;
        return sendOne(item, token).then(function (answer) {
          var status = answer.data.status;
          if (answer.code === 200 && status === "applied") {
            applied.push(item);
            if (item.kind === "sheet") item.url = answer.data.url;
            return forget(item.key);
          }
          if (answer.code === 403) stopped = true;
          if (answer.code >= 500) { stopped = true; return null; }
          item.state = answer.code === 403 ? "blocked" : (status || "refused");
          item.message = answer.code === 403 ? words.blocked : (answer.data.message || "");
          return keep(item);
        });
      });
    });
    return run.then(function () { return applied; });
  }

  function sendKept() {
    if (O.sending || offline()) return Promise.resolve();
    return allEntries().then(function (items) {
      var waiting = items.filter(function (item) { return item.state === "waiting"; });
      if (!waiting.length) return null;
      O.sending = true;
      O.show();
      return freshToken()
        .then(function (token) { return sendAll(waiting, token); })
        .then(function (applied) {
          if (applied.length) {
            localStorage.setItem(O.LAST_SYNC, String(Date.now()));
            var mine = applied.some(function (item) { return item.sheet === box.dataset.sheet; });
            var started = O.offlineSheetId();
            if (started && mine) {  // the sheet has its place on the server: go there
              window.location.replace(box.dataset.syncPattern.replace(O.ZERO_ID, started)
                .replace(/sync\/$/, ""));
            } else if (mine) { O.note(""); redraw(); }
          }
        })
        .catch(function () { O.lostNetwork = !navigator.onLine || O.lostNetwork; });
    }).catch(function () {}).then(function () {
      O.sending = false;
      return O.show();
    });
  }

  // The sheet as the server has it now: its live part always, the form only if untouched.
  function redraw() {
    if (!box.dataset.sheet || !window.htmx) return;
    var form = document.querySelector(FORM);
    var target = form && !form.dataset.touched ? "#sheet-body" : "#sheet-live";
    if (!document.querySelector(target)) return;
    O.redrawing = htmx.ajax("GET", window.location.pathname, { target: target, select: target, swap: "outerHTML" })
      .catch(function () {})
      .then(function () { O.redrawing = null; });
  }

  O.allEntries = allEntries;
  O.field = field;
  O.fieldsOf = fieldsOf;
  O.forget = forget;
  O.freshToken = freshToken;
  O.keep = keep;
  O.newKey = newKey;
  O.offline = offline;
  O.redraw = redraw;
  O.say = say;
  O.sendKept = sendKept;
})();
