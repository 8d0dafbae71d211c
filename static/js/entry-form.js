// Live entry forms recompute on every change by swapping in the server's rendering of the
// form. If the player kept typing while that request was under way, its answer describes an
// older form: swapping it in would wipe what they typed. Such an answer is dropped and the
// form is recomputed with what it holds now. htmx has no setting for this, hence this file.
(function () {
  var LIVE = "form.entry-form, form[data-entry-form]";  // the sheet's, the admin's correction

  function snapshot(form) {
    return new URLSearchParams(new FormData(form)).toString();
  }

  // A press on one of the form's buttons (Save, a stepper, a mode) ends in that button's
  // submit, which sends every field. A tap on Save is also what takes the focus from the
  // field just typed in, and that field's change starts a recompute: begun, it disabled Save
  // under the finger (the tap did nothing); answered before the release, it replaced the
  // button the finger was on (the tap landed nowhere). So while a button is pressed the
  // form's recomputes wait; a press that ends without a submit recomputes then. On a touch
  // screen the focus moves (and the click comes) only after the finger is lifted, hence the
  // wait for the click rather than for the release.
  var pressed = null;
  var RELEASE_MS = 600;

  function recompute(event) {
    var config = event.detail.requestConfig;
    var trigger = config && config.triggeringEvent;
    return Boolean(trigger && trigger.type === "change" && config.elt === pressed);
  }

  function release(form, wait) {
    window.setTimeout(function () {
      if (pressed !== form) return;
      pressed = null;
      var held = form.dataset.held;
      delete form.dataset.held;
      if (held && document.contains(form) && !busy(form)) htmx.trigger(form, "change");
    }, wait);
  }

  document.addEventListener("pointerdown", function (event) {
    var button = event.target.closest && event.target.closest("button");
    var form = button && button.form;
    pressed = form && form.matches(LIVE) ? form : null;
  }, true);
  document.addEventListener("pointerup", function () { if (pressed) release(pressed, RELEASE_MS); }, true);
  document.addEventListener("pointercancel", function () { if (pressed) release(pressed, 0); }, true);
  document.addEventListener("click", function () { if (pressed) release(pressed, 0); });  // after its submit

  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches(LIVE)) return;
    if (recompute(event)) {
      event.preventDefault();
      form.dataset.held = "1";
      return;
    }
    form.dataset.sent = snapshot(form);
  });

  // htmx sends the value of the form's focused button with any of its requests: a recompute
  // made while Save has the focus (after a press that slid off it) would save. A change is
  // never a button's.
  document.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt;
    var trigger = event.detail.triggeringEvent;
    var button = document.activeElement;
    if (!form.matches || !form.matches(LIVE) || !trigger || trigger.type !== "change") return;
    if (button && button.tagName === "BUTTON" && button.form === form && button.name) {
      event.detail.parameters.delete(button.name);
    }
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var config = event.detail.requestConfig;
    var form = config && config.elt;
    var trigger = config && config.triggeringEvent;
    if (!form || !form.matches || !form.matches(LIVE) || !trigger) return;
    if (trigger.type !== "change") return;  // a tap on Save or a stepper always swaps
    if (recompute(event)) {
      event.detail.shouldSwap = false;
      form.dataset.held = "1";
    } else if (form.dataset.sent !== snapshot(form)) {
      event.detail.shouldSwap = false;
      htmx.trigger(form, "change");
    }
  });

  // A round saved on another device arrives over the sheet's websocket with the sheet's
  // state (#sheet-state: its version, round count and whether the game is over). A form for
  // a new round that is now saved would only be refused: fetch the form for the next round
  // instead (none once the game is over: the server answers with the closed #entry). A
  // closed form opens again when an undo makes the game go on. An offer to restore an undone
  // entry goes once the sheet has moved on: it would only be refused; but not while its
  // own restore is under way: that restore's push can come before its answer, which needs
  // the offer on the page to land.
  function fetchEntry(element, url) {
    element.dataset.following = "1";
    htmx.ajax("GET", url, { target: "#entry", swap: "outerHTML" });
  }

  // A part of the sheet with a request in flight (a save from the entry form, an undo asked
  // in the sheet's actions) is left alone by pushes: its answer draws the whole sheet body,
  // at least as fresh. Replaced meanwhile, the element the answer belongs to would be gone
  // from the page and htmx could not place the answer ("Invalid re-target #sheet-body"): the
  // note, the next round's form and the offer to restore an undone round were lost.
  function busy(element) {
    return Boolean(element && (element.classList.contains("htmx-request") ||
      element.querySelector(".htmx-request")));
  }

  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    if (busy(event.detail.target)) event.detail.shouldSwap = false;
  });

  function follow() {
    var state = document.getElementById("sheet-state");
    if (!state) return;
    var offer = document.getElementById("restore-undone");
    if (offer && !busy(offer) && offer.dataset.version !== state.dataset.version) offer.remove();
    var closed = document.querySelector("#entry[data-closed]");
    if (closed && state.dataset.over === "false" && !closed.dataset.following) {
      fetchEntry(closed, closed.dataset.url);
      return;
    }
    var form = document.querySelector("form.entry-form");
    var adding = form && form.querySelector("input[name=adding]");
    if (!adding || form.dataset.following || busy(form)) return;
    if (Number(adding.value) <= Number(state.dataset.rounds)) {
      fetchEntry(form, form.getAttribute("hx-post"));
    }
  }

  document.addEventListener("htmx:wsAfterMessage", follow);
  document.addEventListener("htmx:oobAfterSwap", follow);
})();
