// The scorekeeper without a network. Registers the service worker (static/js/service-worker.js,
// served from the site root), and on a sheet keeps every entry saved without a network in
// IndexedDB ("not yet sent"), then sends each once when the network is back: on load, when
// the browser says it is online, and when the page becomes visible again (Safari has no
// Background Sync). Each entry carries its own key, which the server applies once, so an
// entry whose answer was lost is never counted twice. A fresh CSRF token is fetched before
// sending; an entry the server refuses (403, a conflict, a refusal) is never dropped: the
// page says why and the person decides. The words shown are in #offline-status, translated.
(function () {
  "use strict";

  var DB_NAME = "sarco-offline";
  var STORE = "outbox";
  var LAST_SYNC = "sarco-last-sync";
  var FORM = "form.entry-form";
  var box = document.getElementById("offline-status");
  var words = box ? box.dataset : {};
  var lostNetwork = false;  // a request failed although the browser says it is online
  var sending = false;

  registerWorker();

  function registerWorker() {
    var meta = document.querySelector('meta[name="sarco-worker"]');
    if (!meta || !("serviceWorker" in navigator)) return;
    var controlled = Boolean(navigator.serviceWorker.controller);
    navigator.serviceWorker.register(meta.content, { scope: "/" }).catch(function () {});
    if (!controlled) {  // this page did not pass through the worker: ask it to keep a copy
      navigator.serviceWorker.ready.then(function (registration) {
        registration.active.postMessage({ type: "keep", url: window.location.href });
      });
    }
  }

  if (!box) return;  // pages without the scorekeeper's state only register the worker

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

  function offline() { return !navigator.onLine || lostNetwork; }

  // --- the entry form: a key per entry, kept when there is no network -----------------------

  function prepare(root) {
    var forms = root.matches && root.matches(FORM) ? [root] : root.querySelectorAll(FORM);
    Array.prototype.forEach.call(forms, function (form) {
      if (!form.querySelector("input[name=key]")) {
        var key = document.createElement("input");
        key.type = "hidden";
        key.name = "key";
        key.value = newKey();
        form.appendChild(key);
      }
    });
  }

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

  // What the person typed, in words, to recognise the entry in the list.
  function summaryOf(form) {
    var parts = [];
    var square = form.querySelectorAll(".sarg-grid button[data-cell]");
    if (square.length === 9) {  // the square, row by row
      for (var row = 0; row < 9; row += 3) {
        parts.push(Array.prototype.slice.call(square, row, row + 3)
          .map(function (cell) { return cell.textContent.trim(); }).join(" "));
      }
      return parts.join(" / ");
    }
    form.querySelectorAll(".entry-player, .typed-scores .field").forEach(function (row) {
      var name = row.querySelector(".entry-name, label");
      var values = [];
      row.querySelectorAll("input").forEach(function (input) {
        if (input.type === "number" && input.value !== "") values.push(input.value);
        if ((input.type === "checkbox" || input.type === "radio") && input.checked) {
          var label = input.closest("label");
          values.push((label ? label.textContent : input.value).trim());
        }
      });
      if (name) parts.push(name.textContent.trim() + ": " + (values.join(" ") || "–"));
    });
    return parts.join(" · ");
  }

  function labelOf(item) {
    if (item.kind === "sheet") return say(words.sheetKept, { players: item.names.join(", ") });
    if (item.change) return say(words.change, { number: item.number });
    if (item.number) return say(words.round, { number: item.number });
    return words.end;
  }

  function keepEntry(form, fields) {
    var adding = field(fields, "adding");
    var round = field(fields, "round");
    var item = {
      key: field(fields, "key"),
      sheet: box.dataset.sheet,
      url: box.dataset.syncUrl,
      fields: fields,
      number: Number(round || adding) || null,
      change: Boolean(round),
      summary: summaryOf(form),
      created: Date.now(),
      state: "waiting",
      message: ""
    };
    keptItems = keptItems.concat([item]);
    nextEntry(form, item);  // at once: what is typed next belongs to the next entry
    note(words.queued);
    return keep(item).then(show);
  }

  // The form moves on to the next round by itself: nothing was computed, so it only clears.
  function nextEntry(form, item) {
    var adding = form.querySelector("input[name=adding]");
    if (adding && !item.change) {
      var next = String(item.number + 1);
      adding.value = next;
      renumber(document, item.number, next);
    }
    cellInputs(form).forEach(function (input) { input.value = ""; });
    form.querySelectorAll("input").forEach(function (input) {
      if (input.type === "checkbox" || input.type === "radio") input.checked = false;
      else if (input.type === "number") input.value = /^heads-/.test(input.name) ? "0" : "";
    });
    form.querySelectorAll(".entry-computed, .round-credit, .computed-line, .field-error")
      .forEach(function (element) { element.textContent = ""; });
    form.querySelector("input[name=key]").value = newKey();
    delete form.dataset.touched;
    if (form.querySelector(".sarg-grid")) {
      form.querySelector("input[name=cursor]").value = "0";
      form.querySelector(".sarg-grid input[name=rank]").value = "";
      drawGrid(form);
    }
  }

  // Without a network a stepper counts on the phone, Sarg's square takes its cards here and
  // a mode switch draws the form kept for that mode; anything else says it needs the network.
  function pickOffline(form, pick) {
    var step = /^step:(\d+):(-?\d+)$/.exec(pick);
    var input = step && form.querySelector('input[name="heads-' + step[1] + '"]');
    if (input) {
      input.value = String(Math.max(0, (Number(input.value) || 0) + Number(step[2])));
      form.dataset.touched = "1";
      previewOffline(form);
      return;
    }
    if (/^mode:/.test(pick)) { switchMode(form, pick.slice(5)); return; }
    if (gridPick(form, pick)) return;
    note(words.needsNetwork);
  }

  // --- provisional totals: the server's sheet plus the entries kept here ------------------

  var keptItems = [];  // the outbox as last read, for what is drawn at once

  // The sheet as the server had it when the page was drawn (in #sheet-live, kept fresh by
  // the live updates), or, for a sheet started on this phone, its players and options.
  function serverSheet() {
    var data = document.getElementById("offline-sheet");
    if (data) {
      try { return JSON.parse(data.textContent); } catch (error) { return null; }
    }
    var started = startedSheet();
    if (!started) return null;
    var sheet = { game: started.game, players: started.names.slice(), rounds: [] };
    if (started.game === "sarg") sheet.roles = { queen: started.names[0], king: started.names[1] };
    if (field(started.fields, "limit")) sheet.limit = Number(field(started.fields, "limit"));
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
    keptItems.forEach(function (item) {
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
  }

  // The form's own figures without the server: Sarkophag's heads this round and running
  // totals, provisional like the others; in other games the figures the server drew for
  // what was ticked before are cleared, as they no longer hold.
  function previewOffline(form) {
    form.querySelectorAll(".computed-line, #round-credit").forEach(function (element) {
      element.textContent = "";
    });
    var rows = form.querySelectorAll(".entry-player .entry-computed");
    var sheet = sheetForTotals();
    var fields = fieldsOf(form);
    var entry = sheet && sheet.game === "sarkophag" &&
      SarcoProvisional.entry(sheet.game, fields, sheet.players);
    if (!entry) {
      rows.forEach(function (element) { element.textContent = ""; });
      return;
    }
    var credited = SarcoProvisional.totals({ game: sheet.game, players: sheet.players, rounds: [entry] });
    var number = Number(field(fields, "round") || field(fields, "adding")) || sheet.rounds.length + 1;
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
      if (form && (offline() || form.dataset.offlineSheet)) previewOffline(form);
    });
  });

  // --- Sarg's square without a network: the server's taps (scoring/entry/sarg.py), here --

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
    var sheet = sheetForTotals();
    var number = Number(field(fieldsOf(form), "round") || field(fieldsOf(form), "adding")) || 1;
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
    function text(card) {
      if (card === "JK") return form.querySelector('button[value="joker"]').textContent.trim();
      var rankButton = form.querySelector('button[value="rank:' + card.slice(0, -1) + '"]');
      var suitButton = form.querySelector('button[value="suit:' + card.slice(-1) + '"]');
      return rankButton.textContent.trim() + suitButton.textContent.trim();
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
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8]].forEach(function (line, i) {
      var cards = line.map(function (at) { return cells[at]; });
      lines[i].textContent = cards.every(Boolean) && window.SarcoProvisional
        ? String(SarcoProvisional.lineValue(cards, i < 3 ? "row" : "column")) : "";
      lines[i].classList.remove("credited-line");
    });
    var placed = cells.filter(Boolean).length;
    form.querySelectorAll(".card-picker > p.muted:not(.keys-hint)").forEach(function (p) {
      p.textContent = p.textContent.replace(/\b\d\b(?=\s\S+\s9\b)/, String(placed));
    });
    var credit = form.querySelector("#round-credit");
    if (credit) credit.textContent = "";
  }

  // --- switching the entry mode without a network: the form kept for each mode ---------
  // While online, the blank form of each mode is fetched once per page (the server draws it)
  // and kept in the Cache API; offline, a mode button swaps in that form, renumbered.

  var FORMS = "scorekeeper-forms";

  function formKey(mode) {
    return box.dataset.syncUrl + "form/" + encodeURIComponent(mode);
  }

  function modeOf(form) {
    var input = form.querySelector("input[name=mode]");
    return input ? input.value : "";
  }

  function keepModeForms() {
    var form = document.querySelector(FORM);
    if (!form || !window.caches || offline() || form.dataset.offlineSheet ||
        field(fieldsOf(form), "round") || form.dataset.touched) return;
    var section = form.closest("#entry");
    var modes = Array.prototype.map.call(
      form.querySelectorAll('button[name=pick][value^="mode:"]'),
      function (button) { return button.value.slice(5); });
    if (!section || !modes.length) return;
    var token = form.querySelector("input[name=csrfmiddlewaretoken]");
    caches.open(FORMS).then(function (cache) {
      forgetOldForms(cache);
      cache.put(formKey(modeOf(form)), new Response(section.outerHTML));
      modes.filter(function (mode) { return mode !== modeOf(form); }).forEach(function (mode) {
        var body = new URLSearchParams();
        body.append("seen", field(fieldsOf(form), "seen"));
        body.append("adding", field(fieldsOf(form), "adding"));
        body.append("mode", modeOf(form));
        body.append("pick", "mode:" + mode);
        fetch(form.getAttribute("action"), {
          method: "POST", credentials: "same-origin", cache: "no-store", body: body,
          headers: { "HX-Request": "true", "X-CSRFToken": token ? token.value : "" }
        }).then(function (response) {
          if (response.ok) return response.text().then(function (html) {
            return cache.put(formKey(mode), new Response(html));
          });
        }).catch(function () {});
      });
    }).catch(function () {});
  }

  // The forms of the sheets opened last are kept; older ones go (keys come oldest first).
  var KEPT_SHEET_FORMS = 40;

  function forgetOldForms(cache) {
    cache.keys().then(function (requests) {
      var sheetForms = requests.filter(function (request) { return /\/sync\/form\//.test(request.url); });
      sheetForms.slice(0, Math.max(0, sheetForms.length - KEPT_SHEET_FORMS))
        .forEach(function (request) { cache.delete(request); });
    });
  }

  function switchMode(form, mode) {
    var round = field(fieldsOf(form), "round");
    if (!window.caches || round) { note(words.modeNeedsNetwork); return; }
    var adding = field(fieldsOf(form), "adding");
    var seen = field(fieldsOf(form), "seen");
    var started = form.dataset.offlineSheet && startedSheet();
    var kept = started ? keptNewForm(started.names.length, mode).then(function (html) {
      return html && drawnFor(started, html);
    }) : caches.open(FORMS).then(function (cache) { return cache.match(formKey(mode)); })
      .then(function (response) { return response ? response.text() : null; })
      .then(function (html) {
        var holder = document.createElement("div");
        holder.innerHTML = html || "";
        return holder.querySelector("#entry");
      });
    kept.then(function (section) {
        var fresh = section && section.querySelector(FORM);
        if (!fresh) { note(words.modeNeedsNetwork); return; }
        var was = fresh.querySelector("input[name=adding]").value;
        renumber(section, was, adding);
        fresh.querySelector("input[name=adding]").value = adding;
        fresh.querySelector("input[name=seen]").value = seen;
        var key = fresh.querySelector("input[name=key]");
        if (key) key.value = newKey();  // each entry its own key, whatever form it came from
        form.closest("#entry").replaceWith(section);
        if (window.htmx && !started) htmx.process(section);
        prepare(section);
        if (section.querySelector(".sarg-grid")) drawGrid(section.querySelector(FORM));
        previewOffline(section.querySelector(FORM));
        var pressed = section.querySelector('button[value="mode:' + mode + '"]');
        if (pressed) pressed.focus();
        note("");
      });
  }

  // A form drawn for round `from` now enters round `to`: its title and Save say so.
  function renumber(root, from, to) {
    if (String(from) === String(to)) return;
    ["#entry-title", "#save-entry"].forEach(function (selector) {
      var element = root.querySelector(selector);
      if (element) {
        element.textContent = element.textContent.replace(new RegExp("\\b" + from + "\\b"), to);
      }
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches(FORM)) return;
    var submitter = event.submitter;
    var pick = submitter && submitter.name === "pick" ? submitter.value : null;
    if (!offline() && !form.dataset.offlineSheet) {
      // Kept aside until the answer comes: if the network fails on the way, it is kept.
      form.savedFields = pick ? null : fieldsOf(form);
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    if (pick) pickOffline(form, pick);
    else keepEntry(form, fieldsOf(form));
  }, true);

  // Taps and ticks redraw from the server; without a network they would only fail.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (offline() && elt.closest && elt.closest(FORM + ", #new-sheet")) event.preventDefault();
  });

  document.addEventListener("htmx:sendError", function (event) {
    var form = event.detail.elt;
    var config = event.detail.requestConfig;
    var trigger = config && config.triggeringEvent;
    lostNetwork = true;
    show();
    if (form && form.matches && form.matches(FORM) && form.savedFields &&
        trigger && trigger.type === "submit") {
      var fields = form.savedFields;
      form.savedFields = null;
      keepEntry(form, fields);
    } else if (!form || !form.matches || !form.matches(FORM)) {
      note(words.needsNetwork);  // undo, finish, a new sheet's picker...: nothing happened
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status > 0) {
      if (lostNetwork) { lostNetwork = false; sendKept(); }
      var form = event.detail.elt;
      if (form && form.savedFields && event.detail.successful) {
        localStorage.setItem(LAST_SYNC, String(Date.now()));
        show();
      }
      if (form) form.savedFields = null;
    }
  });

  document.addEventListener("htmx:load", function (event) { prepare(event.detail.elt); });

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
    if (sending || offline()) return Promise.resolve();
    return allEntries().then(function (items) {
      var waiting = items.filter(function (item) { return item.state === "waiting"; });
      if (!waiting.length) return null;
      sending = true;
      show();
      return freshToken()
        .then(function (token) { return sendAll(waiting, token); })
        .then(function (applied) {
          if (applied.length) {
            localStorage.setItem(LAST_SYNC, String(Date.now()));
            var mine = applied.some(function (item) { return item.sheet === box.dataset.sheet; });
            var started = offlineSheetId();
            if (started && mine) {  // the sheet has its place on the server: go there
              window.location.replace(box.dataset.syncPattern.replace(ZERO_ID, started)
                .replace(/sync\/$/, ""));
            } else if (mine) { note(""); redraw(); }
          }
        })
        .catch(function () { lostNetwork = !navigator.onLine || lostNetwork; });
    }).catch(function () {}).then(function () {
      sending = false;
      return show();
    });
  }

  // The sheet as the server has it now: its live part always, the form only if untouched.
  var redrawing = null;  // a redraw on its way: an entry used again waits for it

  function redraw() {
    if (!box.dataset.sheet || !window.htmx) return;
    var form = document.querySelector(FORM);
    var target = form && !form.dataset.touched ? "#sheet-body" : "#sheet-live";
    if (!document.querySelector(target)) return;
    redrawing = htmx.ajax("GET", window.location.pathname, { target: target, select: target, swap: "outerHTML" })
      .catch(function () {})
      .then(function () { redrawing = null; });
  }

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest(FORM);
    if (form) form.dataset.touched = "1";
  });

  // --- what the page shows --------------------------------------------------------------

  function note(text) {
    var element = document.getElementById("offline-note");
    element.textContent = text;
    element.hidden = !text;
  }

  function show() {
    var state = offline() ? "offline" : (sending ? "sending" : "online");
    box.dataset.state = state;
    document.getElementById("offline-state").textContent = words[state];
    var last = Number(localStorage.getItem(LAST_SYNC));
    document.getElementById("offline-last").textContent = last
      ? say(words.lastSync, { time: new Date(last).toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }) })
      : words.never;
    return allEntries().then(function (items) {
      var count = items.length;
      document.getElementById("offline-waiting").textContent = count === 0 ? ""
        : (count === 1 ? words.waitingOne : say(words.waitingMany, { count: count }));
      var here = items.filter(function (item) { return item.sheet && item.sheet === box.dataset.sheet; });
      keptItems = items;
      listEntries(here);
      showProvisional(here);
    }).catch(function () {});
  }

  function button(text, className, action) {
    var element = document.createElement("button");
    element.type = "button";
    element.className = "button button-small " + className;
    element.textContent = text;
    element.addEventListener("click", action);
    return element;
  }

  function listEntries(items) {
    var list = document.getElementById("offline-outbox");
    document.getElementById("offline-outbox-wrap").hidden = items.length === 0;
    list.textContent = "";
    items.forEach(function (item) {
      var li = document.createElement("li");
      li.dataset.state = item.state;
      li.dataset.key = item.key;
      var head = document.createElement("p");
      head.className = "outbox-label";
      head.textContent = labelOf(item) + " · " + words.unsent;
      var summary = document.createElement("p");
      summary.className = "outbox-summary small";
      summary.textContent = item.summary;
      li.append(head);
      if (item.summary) li.append(summary);
      if (item.state !== "waiting") {
        var message = document.createElement("p");
        message.className = "outbox-message";
        message.setAttribute("role", "alert");
        message.textContent = item.message;
        var actions = document.createElement("div");
        actions.className = "outbox-actions";
        if ((item.state === "conflict" || item.state === "refused") && item.kind !== "sheet") {
          actions.append(button(words.useAgain, "outbox-reuse", function () { useAgain(item); }));
        } else {
          actions.append(button(words.sendAgain, "outbox-retry", function () { sendAgain(item); }));
        }
        actions.append(button(words.discard, "button-secondary outbox-discard", function () {
          if (window.confirm(words.discardQuestion)) forget(item.key).then(show);
        }));
        li.append(message, actions);
      }
      list.append(li);
    });
  }

  function sendAgain(item) {
    item.state = "waiting";
    item.message = "";
    keep(item).then(sendKept);
  }

  // The kept entry goes back into the form (as the round the form is at now), to be saved.
  function useAgain(item) {
    if (redrawing) { redrawing.then(function () { useAgain(item); }); return; }
    var form = document.querySelector(FORM);
    if (!form) return;
    form.dataset.touched = "1";  // no redraw may wipe it from now on
    form.querySelectorAll("input[type=checkbox], input[type=radio]").forEach(function (input) {
      input.checked = false;
    });
    item.fields.forEach(function (pair) {
      if (["key", "seen", "round", "adding", "action", "csrfmiddlewaretoken"].indexOf(pair[0]) !== -1) return;
      form.querySelectorAll('[name="' + pair[0] + '"]').forEach(function (input) {
        if (input.type === "checkbox" || input.type === "radio") {
          if (input.value === pair[1]) input.checked = true;
        } else if (input.type !== "hidden" || /^(mode|cell-\d|cursor|rank)$/.test(pair[0])) {
          input.value = pair[1];
        }
      });
    });
    forget(item.key).then(function () {
      note(words.reused);
      show();
      form.dataset.touched = "1";
      if (!offline() && window.htmx) htmx.trigger(form, "change");
    });
  }

  // Said until the site runs from the home screen, where iOS keeps its data.
  // --- a sheet started without a network (Sarkophag and Sarg: rounds typed as numbers) ---

  var ZERO_ID = "00000000-0000-0000-0000-000000000000";
  var ROUND_GAMES = ["sarkophag", "sarg"];

  function offlineSheetId() {
    var id = new URLSearchParams(window.location.search).get("offline");
    return box.dataset.game && id && /^[0-9a-f-]{36}$/.test(id) ? id : null;
  }

  // Seat order is the order ticked: the server's picker keeps it online, this list offline.
  var ticked = [];
  function tickedPlayers(form) {
    var checked = Array.prototype.filter.call(
      form.querySelectorAll("input[name=players]"), function (input) { return input.checked; });
    var order = ticked.filter(function (id) {
      return checked.some(function (input) { return input.value === id; });
    });
    checked.forEach(function (input) {
      if (order.indexOf(input.value) === -1) order.unshift(input.value);  // ticked online
    });
    var club = order.map(function (id) {
      var input = form.querySelector('input[name=players][value="' + id + '"]:checked');
      var text = input.closest("label").textContent.trim();
      return { id: id, name: text.replace(/^\d+\.\s*/, "").replace(/\s*·.*$/, "") };
    });
    var guests = Array.prototype.filter.call(
      form.querySelectorAll("input[name=guests]"), function (input) { return input.checked; })
      .map(function (input) { return { guest: input.value, name: input.value }; });
    return club.concat(guests);
  }

  document.addEventListener("change", function (event) {
    var input = event.target;
    if (input.name !== "players" || !input.closest("#new-sheet")) return;
    ticked = ticked.filter(function (id) { return id !== input.value; });
    if (input.checked) ticked.push(input.value);
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.id !== "new-sheet" || !offline()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!event.submitter || event.submitter.value !== "start") { note(words.needsNetwork); return; }
    var players = tickedPlayers(form);
    if (!players.length) { note(words.pickPlayers); return; }
    if (ROUND_GAMES.indexOf(box.dataset.game) !== -1) { startOffline(form, players); return; }
    keptNewForm(players.length).then(function (html) {
      if (html) startOffline(form, players);
      else note(words.startNeedsNetwork);
    });
  }, true);

  // A guest is added on the phone: seated after the club players, as the server seats them.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest('#new-sheet button[value="add-guest"]');
    if (!button || !offline()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    var input = document.getElementById("new-guest");
    var name = input.value.trim().replace(/\s+/g, " ").slice(0, 40);
    if (!name) return;
    var label = element("label", { "class": "chip chip-on" });
    var tick = element("input", { type: "checkbox", name: "guests", value: name });
    tick.checked = true;
    label.append(tick, element("span", {}, say(words.guestName, { name: name })));
    document.querySelector("#player-picker .matches").prepend(label);
    ticked.push("guest:" + name);
    input.value = "";
  }, true);

  // Each game entered once at the end keeps its form for every number of players, drawn by
  // the server with placeholders for the names (scoring.views.offline.offline_entry_form).
  function endFormKey(seats) {
    return box.dataset.offlineForm.replace(/\/0\/$/, "/" + seats + "/");
  }

  // The entry modes of each game, the first drawn first (scoring/entry/).
  var MODES = { sarkophag: ["heads", "cards"], sarg: ["grid", "typed"] };

  function newFormKey(seats, mode) {
    return endFormKey(seats) + (mode ? "?mode=" + mode : "");
  }

  function keepNewForms() {
    if (!box.dataset.offlineForm || !window.caches || offline() || offlineSheetId()) return;
    var range = box.dataset.seats.split("-").map(Number);
    caches.open(FORMS).then(function (cache) {
      for (var seats = range[0]; seats <= range[1]; seats++) {
        (MODES[box.dataset.game] || [""]).forEach(function (mode) {
          keepForm(cache, newFormKey(seats, mode));
        });
      }
    });
  }

  function keepForm(cache, url) {
    fetch(url, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
      if (response.ok && !response.redirected) return cache.put(url, response);
    }).catch(function () {});
  }

  function keptNewForm(seats, mode) {
    if (!window.caches || !box.dataset.offlineForm) return Promise.resolve(null);
    if (mode === undefined) mode = (MODES[box.dataset.game] || [""])[0];
    return caches.open(FORMS).then(function (cache) { return cache.match(newFormKey(seats, mode)); })
      .then(function (kept) { return kept ? kept.text() : null; })
      .catch(function () { return null; });
  }

  function escaped(text) {
    var holder = document.createElement("div");
    holder.textContent = text;
    return holder.innerHTML.replace(/"/g, "&quot;");
  }

  function startOffline(form, players) {
    var id = newKey();
    var fields = [["public_id", id]];
    players.forEach(function (p) { fields.push(p.guest ? ["guests", p.guest] : ["players", p.id]); });
    ["limit", "swap"].forEach(function (name) {
      var input = form.querySelector('[name="' + name + '"]');
      if (input && (input.type !== "checkbox" || input.checked) && input.value) {
        fields.push([name, input.type === "checkbox" ? "on" : input.value]);
      }
    });
    var names = players.map(function (p) { return p.name; });
    var swapped = fields.some(function (pair) { return pair[0] === "swap"; });
    var item = {
      key: id, kind: "sheet", sheet: id, url: box.dataset.newSyncUrl, fields: fields,
      game: box.dataset.game, names: swapped && names.length === 2 ? names.slice().reverse() : names,
      number: null, summary: "", created: Date.now(), state: "waiting", message: ""
    };
    keep(item).then(function () {
      window.location.assign(window.location.pathname + "?offline=" + id);
    });
  }

  function element(tag, attributes, text) {
    var made = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { made.setAttribute(name, attributes[name]); });
    if (text !== undefined) made.textContent = text;
    return made;
  }

  function numberField(name, id, label, rowClass) {
    var row = element("li", { "class": rowClass });
    var head = element("div", { "class": "entry-player-head" });
    head.append(element("label", { "class": "entry-name", "for": id }, label));
    row.append(head, element("input", {
      type: "number", inputmode: "numeric", min: "0", id: id, name: name,
      value: name.indexOf("heads-") === 0 ? "0" : ""
    }));
    return row;
  }

  // The sheet is drawn here from what the phone kept: its players, then a form for the
  // next round whose saves are kept like any other entry.
  function showOfflineSheet(id) {
    return allEntries().then(function (items) {
      var sheet = items.filter(function (item) { return item.key === id && item.kind === "sheet"; })[0];
      if (!sheet) return;
      var rounds = items.filter(function (item) { return item.sheet === id && item.kind !== "sheet"; });
      box.dataset.sheet = id;
      box.dataset.syncUrl = box.dataset.syncPattern.replace(ZERO_ID, id);
      var start = document.getElementById("new-sheet");
      if (start) start.hidden = true;
      document.querySelectorAll("main > .muted").forEach(function (p) { p.hidden = true; });
      var next = rounds.reduce(function (most, item) { return Math.max(most, item.number || 0); }, 0) + 1;
      return keptNewForm(sheet.names.length).then(function (html) {
        if (html || ROUND_GAMES.indexOf(sheet.game) === -1) return showServerForm(sheet, html, next);
        return showTypedForm(sheet, next);
      });
    });
  }

  function startedSheet() {
    return keptItems.filter(function (item) {
      return item.kind === "sheet" && item.key === box.dataset.sheet;
    })[0];
  }

  // A form for rounds typed as numbers, drawn here: the new-sheet page kept none.
  function showTypedForm(sheet, next) {
    var section = element("section", { "class": "entry", id: "entry", "aria-labelledby": "entry-title" });
    section.append(element("p", { "class": "offline-note", id: "offline-started" }, words.startedOffline));
    section.append(element("h2", { id: "entry-title" }, say(words.round, { number: next })));
    var form = element("form", { "class": "entry-form", "data-offline-sheet": sheet.key, novalidate: "" });
    var hidden = { mode: sheet.game === "sarg" ? "typed" : "heads", seen: "0", round: "", adding: String(next) };
    Object.keys(hidden).forEach(function (name) {
      form.append(element("input", { type: "hidden", name: name, value: hidden[name] }));
    });
    var list = element("ul", { "class": "entry-players", role: "list" });
    if (sheet.game === "sarg") {
      list.append(numberField("queen", "queen-score", say(words.queenScores, { name: sheet.names[0] }), "entry-player"));
      list.append(numberField("king", "king-score", say(words.kingScores, { name: sheet.names[1] }), "entry-player"));
    } else {
      sheet.names.forEach(function (name, i) {
        list.append(numberField("heads-" + i, "heads-" + i, say(words.headsFor, { name: name }), "entry-player"));
      });
    }
    form.append(list);
    var actions = element("div", { "class": "entry-actions" });
    actions.append(element("button", {
      "class": "button button-big", type: "submit", name: "action", value: "save", id: "save-entry"
    }, say(words.saveRound, { number: next })));
    form.append(actions);
    section.append(form);
    box.after(section);
    var title = document.querySelector("main h1");
    if (title) title.textContent = words.gameTitle;
    prepare(section);
    return show();
  }

  // The form the server drew for this many players (scoring.views.offline), with their
  // names: kept on the phone like any entry (never sent to htmx or the placeholder sheet).
  function drawnFor(sheet, html) {
    sheet.names.forEach(function (name, i) {
      html = html.split("SEAT" + i + "PLAYER").join(escaped(name));
    });
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var section = holder.querySelector("#entry");
    var form = section && section.querySelector(FORM);
    if (!form) return null;
    ["hx-post", "hx-trigger", "hx-target", "hx-swap", "hx-sync", "hx-disabled-elt", "action"]
      .forEach(function (name) { form.removeAttribute(name); });
    form.dataset.offlineSheet = sheet.key;
    return section;
  }

  function showServerForm(sheet, html, next) {
    var section = drawnFor(sheet, html || "");
    if (!section) { note(words.startNeedsNetwork); return show(); }
    var adding = section.querySelector("input[name=adding]");
    if (adding) {
      renumber(section, adding.value, next);
      adding.value = String(next);
    }
    box.after(section);  // the note before it stays when a mode swaps the form
    section.before(element("p", { "class": "offline-note", id: "offline-started" }, words.startedOffline));
    var title = document.querySelector("main h1");
    if (title) title.textContent = words.gameTitle;
    prepare(section);
    return show().then(function () {
      if (section.querySelector(".sarg-grid")) drawGrid(section.querySelector(FORM));
    });
  }

  // The scorekeeper's start page asks the worker to keep each game's new-sheet page.
  function keepNewSheetPages() {
    if (!navigator.serviceWorker) return;
    navigator.serviceWorker.ready.then(function (registration) {
      document.querySelectorAll("a.game-pick").forEach(function (link) {
        registration.active.postMessage({ type: "keep", url: link.href });
      });
    });
  }

  function iosNote() {
    var installed = window.navigator.standalone ||
      window.matchMedia("(display-mode: standalone)").matches;
    if (installed) document.getElementById("offline-ios").hidden = true;
  }

  window.addEventListener("online", function () {
    lostNetwork = false;
    show();
    sendKept().then(redraw);
  });
  window.addEventListener("offline", show);
  // A network that failed while the browser said "online" (a Wi-Fi without internet) gives
  // no event when it comes back: ask the server now and then.
  window.setInterval(function () {
    if (!lostNetwork || !navigator.onLine) return;
    freshToken().then(function () {
      lostNetwork = false;
      show();
      sendKept().then(redraw);
    }).catch(function () {});
  }, 20000);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") sendKept();
  });

  prepare(document);
  window.setTimeout(function () { keepModeForms(); keepNewForms(); }, 1000);  // after the page's own requests
  iosNote();
  keepNewSheetPages();
  if (offlineSheetId()) showOfflineSheet(offlineSheetId()).then(sendKept);
  else { show(); sendKept(); }
})();
