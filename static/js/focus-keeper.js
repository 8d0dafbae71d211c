// Keyboard use survives htmx swaps. When a swap (a response, an out-of-band fragment, a
// websocket push) replaces the element that had the focus, the browser drops the focus to
// <body> and a keyboard user starts again from the top of the page. This script puts it back:
//
//   1. on the control's declared next target, when the person pressed that control (a move
//      arriving from another seat or a bot never moves the focus):
//      data-focus-after="<selectors>" on the control just used, comma-separated and tried in that order (a suit button in the Sarg picker:
//      data-focus-after=".cell-current.cell-empty, #save-entry"). A match that is not
//      focusable hands the focus to its first enabled control, or, holding none (a heading,
//      a message), takes it itself;
//   2. else on the same control in the new content, found by data-focus-key, id, name+value
//      (buttons, checkboxes, radios), name (fields) or href (links), in that order; if it is
//      now disabled, the next enabled control after it (else before it);
//   3. else, for a control with no key of its own (a drawer's summary, a form's button), on
//      the first usable control in its nearest ancestor that has one (an id, a data-focus-key):
//      the drawer's summary again, "Give the seat back" in the same seat;
//   4. else on the page's next useful control: data-focus-home="<selectors>" on an ancestor
//      of the swapped region (the table: the hand, the first move, else the banner);
//   5. else on the swapped region itself (by its id).
//
// Nothing happens when the focus was outside the swapped part, so a live update from another
// device never steals it. Give controls without a stable name/value/id a data-focus-key.
(function () {
  var FOCUSABLE =
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]";
  var PRESS_LASTS = 10000; // ms: a refusal that swaps nothing must not linger
  var remembered = null;
  var sent = null;
  var aborted = false;
  var pressed = null;

  function keyOf(el) {
    if (el.dataset && el.dataset.focusKey) return { attr: "data-focus-key", value: el.dataset.focusKey };
    if (el.id) return { id: el.id };
    var name = el.getAttribute("name");
    if (name && el.hasAttribute("value") && /^(BUTTON|INPUT)$/.test(el.tagName) &&
        !/^(text|number|search|email|password|tel|url)$/.test(el.type || "")) {
      return { name: name, value: el.getAttribute("value") };
    }
    if (name) return { name: name };
    if (el.getAttribute("href")) return { href: el.getAttribute("href") };
    return null;
  }

  function selectorFor(key) {
    var q = function (s) { return '"' + String(s).replace(/["\\]/g, "\\$&") + '"'; };
    if (key.id) return "#" + CSS.escape(key.id);
    if (key.attr) return "[" + key.attr + "=" + q(key.value) + "]";
    if (key.value !== undefined) return "[name=" + q(key.name) + "][value=" + q(key.value) + "]";
    if (key.name) return "[name=" + q(key.name) + "]";
    return "[href=" + q(key.href) + "]";
  }

  function usable(el) {
    return el && el.isConnected && !el.disabled && !el.closest("[hidden], [inert]") &&
      el.getClientRects().length > 0;
  }

  function focusable(el) {
    if (!el) return null;
    if (el.matches(FOCUSABLE) && usable(el)) return el;
    var inside = el.querySelectorAll(FOCUSABLE);
    for (var i = 0; i < inside.length; i++) if (usable(inside[i])) return inside[i];
    return null;
  }

  function neighbour(el) {
    var all = Array.prototype.slice.call(document.querySelectorAll(FOCUSABLE));
    var at = all.indexOf(el);
    for (var i = at + 1; i < all.length; i++) if (usable(all[i])) return all[i];
    for (var j = at - 1; j >= 0; j--) if (usable(all[j])) return all[j];
    return null;
  }

  // The declared next targets, tried selector by selector; an element that cannot take the
  // focus and holds nothing that can (a heading, a message) is made focusable for it.
  function declared(selectors) {
    var list = selectors ? selectors.split(",") : [];
    for (var i = 0; i < list.length; i++) {
      var el = document.querySelector(list[i].trim());
      if (!el || !el.getClientRects().length) continue;
      var next = focusable(el);
      if (!next && !el.querySelector(FOCUSABLE)) {
        el.setAttribute("tabindex", "-1");
        next = el;
      }
      if (next) return next;
    }
    return null;
  }

  function same(was) {
    var el = was.key && document.querySelector(selectorFor(was.key));
    if (!el) return null;
    return usable(el) ? el : neighbour(el);
  }

  // Last resort: the swapped region itself, never <body>.
  function region(was) {
    var el = was.region && document.getElementById(was.region);
    if (!el) return null;
    if (!el.matches(FOCUSABLE)) el.setAttribute("tabindex", "-1");
    return el;
  }

  // The control the person pressed (a click, Enter or Space on it, a form's submit): only
  // its swap moves the focus on, however the answer comes (a response, a socket push).
  function notePress(event) {
    var el = event.type === "submit" ? event.submitter || document.activeElement : event.target;
    el = el && el.closest ? el.closest("[data-focus-after]") : null;
    pressed = el ? { element: el, at: Date.now() } : pressed;
  }

  function pressedNow(element) {
    return pressed && pressed.element === element && Date.now() - pressed.at < PRESS_LASTS;
  }

  // The nearest ancestor inside the swapped region with a key of its own.
  function nearKey(element, region) {
    for (var el = element.parentElement; el && el !== region; el = el.parentElement) {
      if (el.id || (el.dataset && el.dataset.focusKey)) return keyOf(el);
    }
    return null;
  }

  function nearby(was) {
    var el = was.near && document.querySelector(selectorFor(was.near));
    return el ? focusable(el) : null;
  }

  // The page's next useful control, never a container.
  function home(was) {
    var el = was.region && document.getElementById(was.region);
    var owner = el && el.closest("[data-focus-home]");
    return owner ? declared(owner.dataset.focusHome) : null;
  }

  function snapshot(element, region) {
    var own = pressedNow(element);
    var key = keyOf(element);
    return {
      own: own,
      element: element,
      key: key,
      near: key ? null : nearKey(element, region),
      after: own && element.dataset ? element.dataset.focusAfter : null,
      region: region && region.id,
      start: element.selectionStart,
      end: element.selectionEnd,
    };
  }

  function lost() {
    var active = document.activeElement;
    return !active || active === document.body;
  }

  // hx-disabled-elt disables the control during the request, which already drops its focus:
  // so the control is also noted when a request leaves.
  function noteRequest() {
    aborted = false;
    sent = lost() ? null : document.activeElement;
  }

  // A request replaced by a newer one (hx-sync) is aborted by a change event, and a field's
  // change fires once the focus has left it, on its way to the control the person chose.
  function noteAbort() {
    aborted = true;
  }

  // A control that lost its focus while its move was on its way (disabled for a request or a
  // socket message) is still where the person was.
  function remember(event) {
    var active = lost() ? sent || (pressed && pressed.element) : document.activeElement;
    var swapped = event.detail && event.detail.target;
    if (!active || !swapped || !swapped.contains(active)) return;
    remembered = snapshot(active, swapped);
  }

  // No swap took the control away (hx-swap="none", a refusal): give it its focus back;
  // not after an abort, when pulling it back would put what is typed next in the old field.
  function requestDone(event) {
    if (event.detail && event.detail.failed) pressed = null; // refused: nothing to move on from
    if (!aborted && sent && lost() && usable(sent)) sent.focus();
    aborted = false;
    sent = null;
  }

  function restore() {
    if (!remembered || remembered.element.isConnected) return; // not swapped away (yet)
    var was = remembered;
    remembered = null;
    if (was.own) pressed = null; // its swap came: later ones are not the person's doing
    var active = document.activeElement;
    var placed = active && active !== document.body;
    // Focus that is somewhere else now is the person's own doing: leave it. Only htmx's own
    // put-back (the same control, by id) may still give way to a declared next target.
    if (placed && JSON.stringify(keyOf(active)) !== JSON.stringify(was.key)) return;
    var next = declared(was.after) || (placed ? active : same(was) || nearby(was) || home(was) || region(was));
    if (!next) return;
    if (next !== active) {
      if (!next.matches(FOCUSABLE)) next.setAttribute("tabindex", "-1"); // a region, by its id
      next.focus();
    }
    if (was.start != null && next.setSelectionRange && next.type === was.element.type) {
      try { next.setSelectionRange(was.start, was.end); } catch (e) { /* not a text field */ }
    } else if (next.type === "number" && was.element.type === "number") {
      // A number field hides where its caret was. It was focused with nothing typed since
      // the request left (entry-form.js drops the answer otherwise), mostly by Tab, which
      // selects the value: select it again, or the next digits land in front of the old ones.
      next.select();
    }
  }

  document.addEventListener("click", notePress, true);
  document.addEventListener("submit", notePress, true);
  document.addEventListener("htmx:beforeRequest", noteRequest);
  // Captured: htmx's own listener on the element aborts (and ends) the request at once.
  document.addEventListener("htmx:abort", noteAbort, true);
  document.addEventListener("htmx:afterRequest", requestDone);
  document.addEventListener("htmx:beforeSwap", remember);
  document.addEventListener("htmx:oobBeforeSwap", remember);
  document.addEventListener("htmx:afterSwap", restore);
  document.addEventListener("htmx:oobAfterSwap", restore);
  document.addEventListener("htmx:afterSettle", restore);
  document.addEventListener("htmx:wsAfterMessage", restore); // a push, however it swapped
})();
