// The entry form without a network: each form carries its own key, a save is kept in the
// outbox instead of failing, a save whose request fails on the way is kept too, and the form
// moves on to the next round by itself.
(function () {
  "use strict";

  var O = window.SarcoOffline;
  if (!O) return;
  var box = O.box;
  var words = O.words;
  var FORM = O.FORM;

  function prepare(root) {
    var forms = root.matches && root.matches(FORM) ? [root] : root.querySelectorAll(FORM);
    Array.prototype.forEach.call(forms, function (form) {
      if (!form.querySelector("input[name=key]")) {
        var key = document.createElement("input");
        key.type = "hidden";
        key.name = "key";
        key.value = O.newKey();
        form.appendChild(key);
      }
    });
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

  function keepEntry(form, fields) {
    var adding = O.field(fields, "adding");
    var round = O.field(fields, "round");
    var item = {
      key: O.field(fields, "key"),
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
    O.keptItems = O.keptItems.concat([item]);
    nextEntry(form, item);  // at once: what is typed next belongs to the next entry
    O.note(words.queued);
    return O.keep(item).then(O.show);
  }

  // The form moves on to the next round by itself: nothing was computed, so it only clears.
  function nextEntry(form, item) {
    var adding = form.querySelector("input[name=adding]");
    if (adding && !item.change) {
      var next = String(item.number + 1);
      adding.value = next;
      renumber(document, item.number, next);
    }
    O.cellInputs(form).forEach(function (input) { input.value = ""; });
    form.querySelectorAll("input").forEach(function (input) {
      if (input.type === "checkbox" || input.type === "radio") input.checked = false;
      else if (input.type === "number") input.value = /^heads-/.test(input.name) ? "0" : "";
    });
    form.querySelectorAll(".entry-computed, .round-credit, .computed-line, .field-error")
      .forEach(function (element) { element.textContent = ""; });
    form.querySelector("input[name=key]").value = O.newKey();
    delete form.dataset.touched;
    if (form.querySelector(".sarg-grid")) {
      form.querySelector("input[name=cursor]").value = "0";
      form.querySelector(".sarg-grid input[name=rank]").value = "";
      O.drawGrid(form);
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
      O.previewOffline(form);
      return;
    }
    if (/^mode:/.test(pick)) { O.switchMode(form, pick.slice(5)); return; }
    if (O.gridPick(form, pick)) return;
    O.note(words.needsNetwork);
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
    if (!O.offline() && !form.dataset.offlineSheet) {
      // Kept aside until the answer comes: if the network fails on the way, it is kept.
      form.savedFields = pick ? null : O.fieldsOf(form);
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    if (pick) pickOffline(form, pick);
    else keepEntry(form, O.fieldsOf(form));
  }, true);

  // Taps and ticks redraw from the server; without a network they would only fail.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (O.offline() && elt.closest && elt.closest(FORM + ", #new-sheet")) event.preventDefault();
  });

  document.addEventListener("htmx:sendError", function (event) {
    var form = event.detail.elt;
    var config = event.detail.requestConfig;
    var trigger = config && config.triggeringEvent;
    O.lostNetwork = true;
    O.show();
    if (form && form.matches && form.matches(FORM) && form.savedFields &&
        trigger && trigger.type === "submit") {
      var fields = form.savedFields;
      form.savedFields = null;
      keepEntry(form, fields);
    } else if (!form || !form.matches || !form.matches(FORM)) {
      O.note(words.needsNetwork);  // undo, finish, a new sheet's picker...: nothing happened
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status > 0) {
      if (O.lostNetwork) { O.lostNetwork = false; O.sendKept(); }
      var form = event.detail.elt;
      if (form && form.savedFields && event.detail.successful) {
        localStorage.setItem(O.LAST_SYNC, String(Date.now()));
        O.show();
      }
      if (form) form.savedFields = null;
    }
  });

  document.addEventListener("htmx:load", function (event) { prepare(event.detail.elt); });

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest(FORM);
    if (form) form.dataset.touched = "1";
  });

  O.prepare = prepare;
  O.renumber = renumber;
})();
