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

  // The table's socket address says which rendering the page was drawn with (?shown=...):
  // the server answers a socket opened on a page that is still current with a word, not the
  // whole table again. That holds for the page as loaded only, so a socket opened again
  // (after a drop, the page swapped since) asks for the table as it stands.
  if (window.htmx && htmx.createWebSocket) {
    var createSocket = htmx.createWebSocket;
    var opened = {};
    htmx.createWebSocket = function (url) {
      var address = opened[url] ? url.replace(/[?&]shown=[^&]*/, "") : url;
      opened[url] = true;
      return createSocket(address);
    };
  }

  function setConnection(state) {
    var el = document.getElementById("connection");
    if (el) el.dataset.state = state;
  }

  // "live" once the page is current: the server sends the page as it stands right after
  // the socket opens, so the first message after an open, not the open, makes it live.
  var syncing = false;
  document.addEventListener("htmx:wsConnecting", function () { setConnection("away"); });
  document.addEventListener("htmx:wsOpen", function (event) {
    syncing = true;
    socket = event.detail.socketWrapper;
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    answered();
    if (syncing) {
      syncing = false;
      setConnection("open");
      if (connectionError) clearError();
    }
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

  // A refused move or action: its message in place, and read out (role=alert). A move's
  // refusal comes from the server, on the socket or in play:move's 4xx answer, as
  // #move-error itself (data-refusal="stale|forbidden|illegal") with the table as it now
  // stands. It stays until the table moves on to another version; a connection error only
  // until the page is live again.
  var errorAt = null;
  var connectionError = false;
  function errorBox() { return document.getElementById("move-error"); }
  function showError(text, aboutConnection) {
    var box = errorBox();
    if (!box) return;
    box.removeAttribute("data-refusal");
    box.textContent = text;
    box.hidden = false;
    errorAt = boardVersion();
    connectionError = !!aboutConnection;
  }
  function clearError() {
    var box = errorBox();
    if (box) { box.hidden = true; box.textContent = ""; box.removeAttribute("data-refusal"); }
    errorAt = null;
    connectionError = false;
  }
  function refusalArrived() {
    // The server's refusal was just swapped in: it counts from the version it came with.
    var box = errorBox();
    if (box && !box.hidden && box.textContent && errorAt === null) errorAt = boardVersion();
  }
  var refusedNow = false;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    refusedNow = !!(xhr && xhr.status >= 400 && /data-refusal=/.test(xhr.responseText || ""));
    if (refusedNow) {
      // A refusal with the board: swap it (its out-of-band parts), not an error to log.
      event.detail.shouldSwap = true;
      event.detail.isError = false;
      clearError();
    }
  });
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    var text = xhr && xhr.responseText ? xhr.responseText : "";
    if (/^\s*</.test(text)) {
      text = new DOMParser().parseFromString(text, "text/html").body.textContent || "";
    }
    showError(text.trim() || document.documentElement.dataset.refused || "The move was refused.");
  });
  document.addEventListener("htmx:sendError", function () {
    var away = document.querySelector(".connection-away");
    showError(away ? away.textContent : "Offline", true);
  });
  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    if (/^\s*<[^>]*data-refusal=/.test(event.detail.message || "")) clearError();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful && !refusedNow) clearError();
    refusedNow = false;
  });

  // Moves: each move's form carries both hx-post and ws-send. On submit one of them goes:
  // the socket while the page is live, else the POST. A move sent on the socket that brings
  // no answer within SOCKET_ANSWER_MS (a socket dead without knowing it) is posted instead
  // and the socket opened again: the version the move carries lets it apply once at most,
  // the second copy being refused as stale with the table as it stands.
  var SOCKET_ANSWER_MS = 4000;
  var socket = null;  // the ws extension's socket wrapper
  var pending = null;  // a move sent on the socket, not answered yet
  var lastUrl = null;  // play:move's address, for a move whose form was swapped away
  function live() {
    var el = document.getElementById("connection");
    return !!(el && el.dataset.state === "open" && socket);
  }
  function isMoveForm(el) {
    return el && el.tagName === "FORM" && el.hasAttribute("ws-send");
  }
  // A form swapped in a moment ago that htmx has not taken over yet (a quick click right
  // after a swap) would go as the browser's own post, without the CSRF token the fragments
  // leave out: it is posted from here instead, with the button pressed.
  var takenOver = new WeakSet();
  document.addEventListener("htmx:afterProcessNode", function (event) {
    if (isMoveForm(event.target)) takenOver.add(event.target);
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!isMoveForm(form)) return;
    if (!takenOver.has(form)) {
      event.preventDefault();
      event.stopPropagation();
      if (pending) return;
      var values = {};
      new FormData(form, event.submitter || null).forEach(function (value, name) {
        if (name !== "csrfmiddlewaretoken") values[name] = value;
      });
      post(form, values);
      return;
    }
    form.dataset.route = pending ? "none" : (live() ? "socket" : "post");
  }, true);
  document.addEventListener("htmx:confirm", function (event) {
    var form = event.detail.elt;  // never two copies of one move
    if (isMoveForm(form) && form.dataset.route !== "post") event.preventDefault();
  });
  document.addEventListener("htmx:wsConfigSend", function (event) {
    var form = event.target;
    var values = Object.assign({}, event.detail.parameters);
    delete values.HEADERS;
    if (!isMoveForm(form) || form.dataset.route !== "socket") {
      event.preventDefault();
      // htmx handles an event once per element: ws-send took the submit, so the post goes
      // from here (with the form's hx-sync and hx-disabled-elt, as hx-post would).
      if (isMoveForm(form) && form.dataset.route === "post") post(form, values);
      return;
    }
    pending = { values: values, form: form };
    lastUrl = form.getAttribute("hx-post");
    // Further moves wait for the answer (a double click); the buttons keep their focus, so
    // focus-keeper.js puts it back after the swap (a disabled button would drop it).
    pending.timer = setTimeout(postInstead, SOCKET_ANSWER_MS);
  });
  function answered() {
    if (!pending) return;
    clearTimeout(pending.timer);
    pending = null;
  }
  function postInstead() {
    var move = pending;
    pending = null;
    if (!move) return;
    if (socket && socket.queue) {  // still waiting for the socket to open: not twice
      for (var i = socket.queue.length - 1; i >= 0; i--) {
        if (socket.queue[i].sendElt === move.form) socket.queue.splice(i, 1);
      }
    }
    setConnection("away");
    if (socket) socket.reconnect();
    post(move.form.isConnected ? move.form : null, move.values);
  }
  function post(form, values) {
    if (form) form.dataset.route = "post";
    var url = form ? form.getAttribute("hx-post") : lastUrl;
    htmx.ajax("POST", url, {
      source: form || document.getElementById("table-board") || document.body,
      values: values, swap: "none"
    });
  }

  // After the socket or a move swapped the table: the tab title follows the banner. (Focus
  // is kept by static/js/focus-keeper.js; the banner is read out by static/js/announce.js.)
  // A drawer with an id on the board or in the actions (a last trick, the rounds, "What
  // happened") stays open across swaps.
  var openDrawers = {};
  document.addEventListener("toggle", function (event) {
    var el = event.target;
    if (el.tagName === "DETAILS" && el.id && el.closest("#table-board, #table-actions")) openDrawers[el.id] = el.open;
  }, true);
  // The log drawn open by the page (what is new since you looked) stays open, as if the
  // player had opened it, until they close it: the page's socket may send no frame to
  // redraw it (the page is current), and the next move's frame draws it closed.
  document.addEventListener("DOMContentLoaded", function () {
    var log = document.querySelector("#event-log[open]");
    if (log) openDrawers[log.id] = true;
  });
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
    if (errorAt !== null && errorAt !== boardVersion()) clearError();
    else refusalArrived();
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
