// A sheet started without a network: on a kept new-sheet page the players are ticked and the
// sheet is kept in the outbox like an entry; the page then draws its form from what the
// phone kept, and the sheet gets its real place on the server when it is sent.
(function () {
  "use strict";

  var O = window.SarcoOffline;
  if (!O) return;
  var box = O.box;
  var words = O.words;
  var FORM = O.FORM;

  // A game whose sheet starts even without a kept form types its rounds as numbers: its own
  // part of the page names the entry mode that does (templates/scoring/<game>/_offline_game.html).
  var TYPED_MODE = box.dataset.typedMode || "";
  // The roles its first seats take (Sarg's Queen and King), each typing its own score.
  var ROLES = box.dataset.roles ? box.dataset.roles.split(" ") : [];

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
    if (form.id !== "new-sheet" || !O.offline()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!event.submitter || event.submitter.value !== "start") { O.note(words.needsNetwork); return; }
    var players = tickedPlayers(form);
    if (!players.length) { O.note(words.pickPlayers); return; }
    if (TYPED_MODE) { startOffline(form, players); return; }
    O.keptNewForm(players.length).then(function (html) {
      if (html) startOffline(form, players);
      else O.note(words.startNeedsNetwork);
    });
  }, true);

  // A guest is added on the phone: seated after the club players, as the server seats them.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest('#new-sheet button[value="add-guest"]');
    if (!button || !O.offline()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    var input = document.getElementById("new-guest");
    var name = input.value.trim().replace(/\s+/g, " ").slice(0, 40);
    if (!name) return;
    var label = element("label", { "class": "chip chip-on" });
    var tick = element("input", { type: "checkbox", name: "guests", value: name });
    tick.checked = true;
    label.append(tick, element("span", {}, O.say(words.guestName, { name: name })));
    document.querySelector("#player-picker .matches").prepend(label);
    ticked.push("guest:" + name);
    input.value = "";
  }, true);

  function escaped(text) {
    var holder = document.createElement("div");
    holder.textContent = text;
    return holder.innerHTML.replace(/"/g, "&quot;");
  }

  function startOffline(form, players) {
    var id = O.newKey();
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
    O.keep(item).then(function () {
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
    return O.allEntries().then(function (items) {
      var sheet = items.filter(function (item) { return item.key === id && item.kind === "sheet"; })[0];
      if (!sheet) return;
      var rounds = items.filter(function (item) { return item.sheet === id && item.kind !== "sheet"; });
      box.dataset.sheet = id;
      box.dataset.syncUrl = box.dataset.syncPattern.replace(O.ZERO_ID, id);
      var start = document.getElementById("new-sheet");
      if (start) start.hidden = true;
      document.querySelectorAll("main > .muted").forEach(function (p) { p.hidden = true; });
      var next = rounds.reduce(function (most, item) { return Math.max(most, item.number || 0); }, 0) + 1;
      return O.keptNewForm(sheet.names.length).then(function (html) {
        if (html || !TYPED_MODE) return showServerForm(sheet, html, next);
        return showTypedForm(sheet, next);
      });
    });
  }

  function startedSheet() {
    return O.keptItems.filter(function (item) {
      return item.kind === "sheet" && item.key === box.dataset.sheet;
    })[0];
  }

  // A form for rounds typed as numbers, drawn here: the new-sheet page kept none.
  function showTypedForm(sheet, next) {
    var section = element("section", { "class": "entry", id: "entry", "aria-labelledby": "entry-title" });
    section.append(element("p", { "class": "offline-note", id: "offline-started" }, words.startedOffline));
    section.append(element("h2", { id: "entry-title" }, O.say(words.round, { number: next })));
    var form = element("form", { "class": "entry-form", "data-offline-sheet": sheet.key, novalidate: "" });
    var hidden = { mode: TYPED_MODE, seen: "0", round: "", adding: String(next) };
    Object.keys(hidden).forEach(function (name) {
      form.append(element("input", { type: "hidden", name: name, value: hidden[name] }));
    });
    var list = element("ul", { "class": "entry-players", role: "list" });
    if (ROLES.length) {
      ROLES.forEach(function (role, i) {
        var label = O.say(words[role + "Scores"], { name: sheet.names[i] });
        list.append(numberField(role, role + "-score", label, "entry-player"));
      });
    } else {
      sheet.names.forEach(function (name, i) {
        list.append(numberField("heads-" + i, "heads-" + i, O.say(words.headsFor, { name: name }), "entry-player"));
      });
    }
    form.append(list);
    var actions = element("div", { "class": "entry-actions" });
    actions.append(element("button", {
      "class": "button button-big", type: "submit", name: "action", value: "save", id: "save-entry"
    }, O.say(words.saveRound, { number: next })));
    form.append(actions);
    section.append(form);
    box.after(section);
    var title = document.querySelector("main h1");
    if (title) title.textContent = words.gameTitle;
    O.prepare(section);
    return O.show();
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
    if (!section) { O.note(words.startNeedsNetwork); return O.show(); }
    var adding = section.querySelector("input[name=adding]");
    if (adding) {
      O.renumber(section, adding.value, next);
      adding.value = String(next);
    }
    box.after(section);  // the note before it stays when a mode swaps the form
    section.before(element("p", { "class": "offline-note", id: "offline-started" }, words.startedOffline));
    var title = document.querySelector("main h1");
    if (title) title.textContent = words.gameTitle;
    O.prepare(section);
    return O.show().then(function () {
      if (section.querySelector(".sarg-grid")) O.drawGrid(section.querySelector(FORM));
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

  O.drawnFor = drawnFor;
  O.keepNewSheetPages = keepNewSheetPages;
  O.offlineSheetId = offlineSheetId;
  O.showOfflineSheet = showOfflineSheet;
  O.startedSheet = startedSheet;
})();
