// The entry forms kept on the phone (Cache API), drawn by the server while it had the network:
// the blank form of each entry mode of an open sheet, for switching mode offline, and the
// forms of a new sheet for each number of players, for sheets started offline.
(function () {
  "use strict";

  var O = window.SarcoOffline;
  if (!O) return;
  var box = O.box;
  var words = O.words;
  var FORM = O.FORM;

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
    if (!form || !window.caches || O.offline() || form.dataset.offlineSheet ||
        O.field(O.fieldsOf(form), "round") || form.dataset.touched) return;
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
        body.append("seen", O.field(O.fieldsOf(form), "seen"));
        body.append("adding", O.field(O.fieldsOf(form), "adding"));
        body.append("mode", modeOf(form));
        body.append("pick", "mode:" + mode);
        fetch(form.getAttribute("action"), {
          method: "POST", credentials: "same-origin", cache: "no-store", body: body,
          headers: { "HX-Request": "true", "X-CSRFToken": token ? token.value : "", "X-Sarco-Keep": "1" }
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
    var round = O.field(O.fieldsOf(form), "round");
    if (!window.caches || round) { O.note(words.modeNeedsNetwork); return; }
    var adding = O.field(O.fieldsOf(form), "adding");
    var seen = O.field(O.fieldsOf(form), "seen");
    var started = form.dataset.offlineSheet && O.startedSheet();
    var kept = started ? keptNewForm(started.names.length, mode).then(function (html) {
      return html && O.drawnFor(started, html);
    }) : caches.open(FORMS).then(function (cache) { return cache.match(formKey(mode)); })
      .then(function (response) { return response ? response.text() : null; })
      .then(function (html) {
        var holder = document.createElement("div");
        holder.innerHTML = html || "";
        return holder.querySelector("#entry");
      });
    kept.then(function (section) {
        var fresh = section && section.querySelector(FORM);
        if (!fresh) { O.note(words.modeNeedsNetwork); return; }
        var was = fresh.querySelector("input[name=adding]").value;
        O.renumber(section, was, adding);
        fresh.querySelector("input[name=adding]").value = adding;
        fresh.querySelector("input[name=seen]").value = seen;
        var key = fresh.querySelector("input[name=key]");
        if (key) key.value = O.newKey();  // each entry its own key, whatever form it came from
        form.closest("#entry").replaceWith(section);
        if (window.htmx && !started) htmx.process(section);
        O.prepare(section);
        if (section.querySelector(".sarg-grid")) O.drawGrid(section.querySelector(FORM));
        O.previewOffline(section.querySelector(FORM));
        var pressed = section.querySelector('button[value="mode:' + mode + '"]');
        if (pressed) pressed.focus();
        O.note("");
      });
  }

  // Each game entered once at the end keeps its form for every number of players, drawn by
  // the server with placeholders for the names (scoring.views.offline.offline_entry_form).
  function endFormKey(seats) {
    return box.dataset.offlineForm.replace(/\/0\/$/, "/" + seats + "/");
  }

  // The entry modes of the page's game, the first drawn first (scoring/entry/), as the
  // game's own part of the page says them (templates/scoring/<game>/_offline_game.html).
  var MODES = box.dataset.entryModes ? box.dataset.entryModes.split(" ") : [""];

  function newFormKey(seats, mode) {
    return endFormKey(seats) + (mode ? "?mode=" + mode : "");
  }

  function keepNewForms() {
    if (!box.dataset.offlineForm || !window.caches || O.offline() || O.offlineSheetId()) return;
    var range = box.dataset.seats.split("-").map(Number);
    caches.open(FORMS).then(function (cache) {
      for (var seats = range[0]; seats <= range[1]; seats++) {
        MODES.forEach(function (mode) {
          keepForm(cache, newFormKey(seats, mode));
        });
      }
    });
  }

  function keepForm(cache, url) {
    fetch(url, {  // a keep, not a visit: the messages wait for the next page seen
      credentials: "same-origin", cache: "no-store", headers: { "X-Sarco-Keep": "1" }
    }).then(function (response) {
      if (response.ok && !response.redirected) return cache.put(url, response);
    }).catch(function () {});
  }

  function keptNewForm(seats, mode) {
    if (!window.caches || !box.dataset.offlineForm) return Promise.resolve(null);
    if (mode === undefined) mode = MODES[0];
    return caches.open(FORMS).then(function (cache) { return cache.match(newFormKey(seats, mode)); })
      .then(function (kept) { return kept ? kept.text() : null; })
      .catch(function () { return null; });
  }

  O.keepModeForms = keepModeForms;
  O.keepNewForms = keepNewForms;
  O.keptNewForm = keptNewForm;
  O.switchMode = switchMode;
})();
