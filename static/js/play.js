// Online play: the table's connection state, refusals shown in place, the tab title,
// the invite link's copy button, replay keys. Everything else is htmx and its ws extension.
(function () {
  "use strict";

  // Reconnect quickly after a drop or a server restart (full jitter, at most ~8 s).
  if (window.htmx) {
    htmx.config.wsReconnectDelay = function (retry) {
      return Math.min(500 * Math.pow(2, retry), 8000) * (0.5 + Math.random() / 2);
    };
  }
  var RETRIED_BY_HTMX = [1006, 1011, 1012, 1013];

  function setConnection(state) {
    var el = document.getElementById("connection");
    if (el) el.dataset.state = state;
  }

  // "live" once the page is current: the server sends the page as it stands right after
  // the socket opens, so the first message after an open, not the open, makes it live.
  var syncing = false;
  document.addEventListener("htmx:wsConnecting", function () { setConnection("away"); });
  document.addEventListener("htmx:wsOpen", function () { syncing = true; });
  document.addEventListener("htmx:wsAfterMessage", function () {
    if (syncing) { syncing = false; setConnection("open"); }
  });
  document.addEventListener("htmx:wsClose", function (event) {
    var code = event.detail && event.detail.event ? event.detail.event.code : 1006;
    if (code >= 4000) { setConnection("closed"); return; }  // the server refused us
    setConnection("away");
    if (RETRIED_BY_HTMX.indexOf(code) < 0 && event.detail.socketWrapper) {
      // A clean close (e.g. a server going down politely): htmx would not retry by itself.
      setTimeout(function () { event.detail.socketWrapper.reconnect(); }, 1000);
    }
  });
  window.addEventListener("online", function () { setConnection("away"); });

  // A refused move or action: its message in place, and read out (role=alert).
  // It stays until a request succeeds or the table moves on to another version.
  var errorAt = null;
  function showError(text) {
    var box = document.getElementById("move-error");
    if (!box) return;
    box.textContent = text;
    box.hidden = false;
    errorAt = boardVersion();
  }
  function clearError() {
    var box = document.getElementById("move-error");
    if (box) { box.hidden = true; box.textContent = ""; }
  }
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    var text = xhr && xhr.responseText ? xhr.responseText : "";
    if (/^\s*</.test(text)) {
      text = new DOMParser().parseFromString(text, "text/html").body.textContent || "";
    }
    showError(text.trim() || document.documentElement.dataset.refused || "The move was refused.");
  });
  document.addEventListener("htmx:sendError", function () {
    showError(document.getElementById("connection") ?
      document.querySelector(".connection-away").textContent : "Offline");
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful) clearError();
  });

  // After the socket or a move swapped the table: the tab title follows the banner. (Focus
  // is kept by static/js/focus-keeper.js; the banner is read out by static/js/announce.js.)
  // A drawer with an id on the board or in the actions (a last trick, the rounds, "What
  // happened") stays open across swaps.
  var openDrawers = {};
  document.addEventListener("toggle", function (event) {
    var el = event.target;
    if (el.tagName === "DETAILS" && el.id && el.closest("#table-board, #table-actions")) openDrawers[el.id] = el.open;
  }, true);
  function reopenDrawers() {
    Object.keys(openDrawers).forEach(function (id) {
      var el = document.getElementById(id);
      if (el && openDrawers[id] && !el.open) el.open = true;
    });
  }

  // Picks (the board's radios, and Sacrifice's cards to sacrifice, checkboxes) made at one
  // version survive a swap that brings the same version again: the move's answer and the
  // socket's push of it may arrive one after the other. A pick put back is announced with a
  // "change" event, so a board script that follows the picks (sacrifice-pick.js) follows it.
  var PICKS = '#table-board input[type="radio"], #table-board input[type="checkbox"]';
  var picked = null;
  function boardVersion() {
    var status = document.getElementById("table-status");
    return status ? status.dataset.version : "";
  }
  function pickKey(el) {
    return el.id || el.name + "=" + el.value;
  }
  document.addEventListener("change", function (event) {
    var el = event.target;
    if ((el.type === "radio" || el.type === "checkbox") && el.closest("#table-board")) {
      var keys = [];
      document.querySelectorAll(PICKS).forEach(function (box) {
        if (box.checked) keys.push(pickKey(box));
      });
      picked = { keys: keys, version: boardVersion() };
    }
  });
  function repick() {
    if (!picked || picked.version !== boardVersion()) return;
    var put = [];
    document.querySelectorAll(PICKS).forEach(function (el) {
      var wanted = picked.keys.indexOf(pickKey(el)) !== -1;
      if (el.checked === wanted || (el.type === "radio" && !wanted)) return;
      el.checked = wanted;
      put.push(el);
    });
    // Announced once all are back (the listener above records the picks as they then stand).
    put.forEach(function (el) { el.dispatchEvent(new Event("change", { bubbles: true })); });
  }

  function afterTableSwap() {
    if (errorAt !== null && errorAt !== boardVersion()) { clearError(); errorAt = null; }
    reopenDrawers();
    repick();
    var status = document.getElementById("table-status");
    if (status && status.dataset.title) document.title = status.dataset.title + " · sarco";
    absolutiseInvite();
  }
  document.addEventListener("htmx:wsAfterMessage", afterTableSwap);
  document.addEventListener("htmx:afterSettle", afterTableSwap);

  // The invite link as a full address, and its copy button.
  function absolutiseInvite() {
    document.querySelectorAll("[data-invite-link]").forEach(function (input) {
      input.value = new URL(input.value, window.location.href).href;
    });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (!button) return;
    var input = document.querySelector(button.dataset.copy);
    if (!input) return;
    var done = function () { button.textContent = button.dataset.copied || "Copied"; };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, function () {
        input.select(); document.execCommand("copy"); done();
      });
    } else {
      input.select(); document.execCommand("copy"); done();
    }
  });

  // Replay: arrow keys step, Home and End jump (not while typing in a field).
  document.addEventListener("keydown", function (event) {
    var nav = document.querySelector("[data-replay]");
    if (!nav || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest("input, textarea, select")) return;
    var link = nav.querySelector('[data-key="' + event.key + '"]');
    if (link && link.getAttribute("aria-disabled") !== "true") {
      event.preventDefault();
      window.location.assign(link.href);
    }
  });

  document.addEventListener("DOMContentLoaded", absolutiseInvite);
})();
