// What the scorekeeper shows of its offline state (#offline-status): online / offline /
// sending, how many entries wait and when the phone last synced, and the entries of this
// sheet not yet sent, each with what the person can do about a refused one.
(function () {
  "use strict";

  var O = window.SarcoOffline;
  if (!O) return;
  var box = O.box;
  var words = O.words;
  var FORM = O.FORM;

  function note(text) {
    var element = document.getElementById("offline-note");
    element.textContent = text;
    element.hidden = !text;
  }

  function show() {
    var state = O.offline() ? "offline" : (O.sending ? "sending" : "online");
    box.dataset.state = state;
    document.getElementById("offline-state").textContent = words[state];
    var last = Number(localStorage.getItem(O.LAST_SYNC));
    document.getElementById("offline-last").textContent = last
      ? O.say(words.lastSync, { time: new Date(last).toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }) })
      : words.never;
    return O.allEntries().then(function (items) {
      var count = items.length;
      document.getElementById("offline-waiting").textContent = count === 0 ? ""
        : (count === 1 ? words.waitingOne : O.say(words.waitingMany, { count: count }));
      var here = items.filter(function (item) { return item.sheet && item.sheet === box.dataset.sheet; });
      O.keptItems = items;
      listEntries(here);
      O.showProvisional(here);
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
          if (window.confirm(words.discardQuestion)) O.forget(item.key).then(show);
        }));
        li.append(message, actions);
      }
      list.append(li);
    });
  }

  function labelOf(item) {
    if (item.kind === "sheet") return O.say(words.sheetKept, { players: item.names.join(", ") });
    if (item.change) return O.say(words.change, { number: item.number });
    if (item.number) return O.say(words.round, { number: item.number });
    return words.end;
  }

  function sendAgain(item) {
    item.state = "waiting";
    item.message = "";
    O.keep(item).then(O.sendKept);
  }

  // The kept entry goes back into the form (as the round the form is at now), to be saved.
  function useAgain(item) {
    if (O.redrawing) { O.redrawing.then(function () { useAgain(item); }); return; }
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
    O.forget(item.key).then(function () {
      note(words.reused);
      show();
      form.dataset.touched = "1";
      if (!O.offline() && window.htmx) htmx.trigger(form, "change");
    });
  }

  // Said until the site runs from the home screen, where iOS keeps its data.
  function iosNote() {
    var installed = window.navigator.standalone ||
      window.matchMedia("(display-mode: standalone)").matches;
    if (installed) document.getElementById("offline-ios").hidden = true;
  }

  O.iosNote = iosNote;
  O.note = note;
  O.show = show;
})();
