// Sarg: drag a card of the hand onto an open cell, as well as pick it and then press the cell.
// Pick-then-cell stays as it is (the hand's radios .pick-input, and per open cell one button
// per card, button.cell-move[data-pick], in the coffin's one move form); this only adds a pointer
// gesture on top of it. A drop on an open cell presses that cell's existing button for the
// dragged card, so the move posted is the same legal move dict, with the same version, through
// the same htmx form; a drop anywhere else posts nothing.
//
// Mouse and pen: press a card and move it a few pixels. Touch: touch and hold a card briefly,
// then move it; a finger that moves at once scrolls the page as before, and a plain tap picks
// the card as before. Cards can be dragged only while the board is this player's to move
// (.sarg-can-move, the only time the hand has radios). The board is replaced on every move by
// out-of-band swaps, so everything is bound by delegation on the document, and a drag is called
// off when the table moves to another version under it.
(function () {
  "use strict";

  var THRESHOLD = 6; // px a mouse or pen moves before a press becomes a drag
  var HOLD_MS = 350; // how long a finger rests on a card before it may drag it
  var TOUCH_SLOP = 10; // px a finger may wander during the hold (more: it scrolls)
  var EDGE = 48; // px from the window's top or bottom edge where a drag scrolls the page

  document.documentElement.classList.add("sarg-drag-on");

  var press = null; // a press on a card that may become a drag
  var drag = null; // the drag under way
  var swallowClick = false;
  var scrolling = 0;

  function boardVersion() {
    var status = document.getElementById("table-status");
    return status ? status.dataset.version : "";
  }

  function cardOf(target) {
    if (!target || !target.closest) return null;
    var label = target.closest("#table-board .sarg-can-move .card-pick");
    if (!label) return null;
    var input = label.querySelector(".pick-input");
    return input && !input.disabled && /^\d+$/.test(input.value) ? label : null;
  }

  function pickOf(label) {
    return label.querySelector(".pick-input").value;
  }

  // The open cell under the point that takes this card: its button for it, or null.
  function buttonAt(x, y, pick) {
    var el = document.elementFromPoint(x, y);
    var cell = el && el.closest ? el.closest("#table-board .sarg-can-move .coffin-cell") : null;
    if (!cell) return null;
    return cell.querySelector('button.cell-move[data-pick="' + pick + '"]');
  }

  function clearMarks() {
    document.querySelectorAll(".cell-drop, .cell-drop-over, .card-dragged, .sarg-dragging")
      .forEach(function (el) {
        el.classList.remove("cell-drop", "cell-drop-over", "card-dragged", "sarg-dragging");
      });
  }

  // The hand's card ``pick`` on the board as it is now (a swap may have drawn it anew), while
  // the board is still at ``version``; null once the table has moved on.
  function sameCard(pick, version) {
    var root = document.querySelector("#table-board .sarg-can-move");
    if (!root || boardVersion() !== version) return null;
    var label = null;
    root.querySelectorAll(".card-pick").forEach(function (el) {
      if (pickOf(el) === pick) label = el;
    });
    return label;
  }

  // Marks the board as it is now (it may have been swapped since the last move of the pointer).
  function mark() {
    var label = sameCard(drag.pick, drag.version);
    if (!label) { cancel(); return; }
    var root = label.closest(".sarg-can-move");
    root.classList.add("sarg-dragging");
    label.classList.add("card-dragged");
    var over = buttonAt(drag.x, drag.y, drag.pick);
    root.querySelectorAll('button.cell-move[data-pick="' + drag.pick + '"]')
      .forEach(function (button) {
        var cell = button.closest(".coffin-cell");
        cell.classList.add("cell-drop");
        cell.classList.toggle("cell-drop-over", button === over);
      });
  }

  function startDrag(event) {
    var label = press.label;
    var card = label.querySelector(".card");
    var box = card.getBoundingClientRect();
    var ghost = card.cloneNode(true);
    ghost.removeAttribute("data-card");
    ghost.setAttribute("aria-hidden", "true");
    ghost.classList.add("sarg-drag-ghost");
    ghost.style.width = box.width + "px";
    ghost.style.height = box.height + "px";
    document.body.appendChild(ghost);
    drag = {
      pick: pickOf(label),
      card: card.dataset.card,
      version: press.version,
      pointerId: press.pointerId,
      touch: press.touch,
      ghost: ghost,
      dx: press.x - box.left,
      dy: press.y - box.top,
      x: event.clientX,
      y: event.clientY,
    };
    press = null;
    // The press focused the card's radio; a drag is no pick, and with the focus left there the
    // swap after the move would hand it on (focus-keeper.js) and scroll the page to it.
    if (label.contains(document.activeElement)) document.activeElement.blur();
    document.documentElement.classList.add("sarg-drag-active");
    move(drag.x, drag.y);
  }

  function move(x, y) {
    drag.x = x;
    drag.y = y;
    drag.ghost.style.transform = "translate(" + (x - drag.dx) + "px, " + (y - drag.dy) + "px) rotate(-4deg)";
    mark();
    if (drag) autoScroll();
  }

  // Near the top or bottom edge the page scrolls, so a cell out of sight can be reached.
  function autoScroll() {
    if (scrolling) return;
    function step() {
      scrolling = 0;
      if (!drag) return;
      var speed = 0;
      if (drag.y < EDGE) speed = -Math.ceil((EDGE - drag.y) / 4);
      else if (drag.y > window.innerHeight - EDGE) speed = Math.ceil((drag.y - window.innerHeight + EDGE) / 4);
      if (!speed) return;
      window.scrollBy(0, speed);
      mark();
      if (drag) scrolling = window.requestAnimationFrame(step);
    }
    scrolling = window.requestAnimationFrame(step);
  }

  function endDrag() {
    if (scrolling) window.cancelAnimationFrame(scrolling);
    scrolling = 0;
    if (drag && drag.ghost.parentNode) drag.ghost.parentNode.removeChild(drag.ghost);
    drag = null;
    document.documentElement.classList.remove("sarg-drag-active");
    clearMarks();
  }

  // Called off before the pointer came up (Escape, the table moved on): its click, when it comes
  // up, is not a pick either.
  var calledOff = null;
  function cancel() {
    if (drag) calledOff = drag.pointerId;
    endDrag();
  }

  function drop(x, y) {
    var pick = drag.pick;
    var card = drag.card;
    var version = drag.version;
    endDrag();
    if (boardVersion() !== version) return;
    var button = buttonAt(x, y, pick);
    if (!button || !button.form || button.disabled) return;
    // The same card still (the hand's order at this version), the same version on the form.
    var input = button.closest(".sarg").querySelector(".pick-" + pick);
    var face = input && input.parentNode.querySelector(".card");
    var posted = button.form.querySelector("input[name=version]");
    if (!face || face.dataset.card !== card || !posted || posted.value !== version) return;
    // A click, not requestSubmit: htmx sends the pressed button's move from its click.
    button.click();
  }

  function clearPress() {
    if (press && press.timer) window.clearTimeout(press.timer);
    press = null;
  }

  document.addEventListener("pointerdown", function (event) {
    calledOff = null;
    if (drag || press || !event.isPrimary) return;
    if (event.pointerType !== "touch" && event.button !== 0) return;
    var label = cardOf(event.target);
    if (!label) return;
    press = {
      label: label,
      pick: pickOf(label),
      pointerId: event.pointerId,
      touch: event.pointerType === "touch",
      version: boardVersion(),
      x: event.clientX,
      y: event.clientY,
      held: false,
      timer: 0,
    };
    if (press.touch) {
      var held = press;
      press.timer = window.setTimeout(function () {
        if (press === held) {
          held.held = true;
          held.label.classList.add("card-held");
        }
      }, HOLD_MS);
    }
  });

  document.addEventListener("pointermove", function (event) {
    if (drag) {
      if (event.pointerId === drag.pointerId) move(event.clientX, event.clientY);
      return;
    }
    if (!press || event.pointerId !== press.pointerId) return;
    var far = Math.hypot(event.clientX - press.x, event.clientY - press.y);
    if (press.touch && !press.held) {
      if (far > TOUCH_SLOP) clearPress(); // a swipe: the page scrolls
      return;
    }
    if (far >= THRESHOLD || press.held) {
      press.label.classList.remove("card-held");
      startDrag(event);
    }
  });

  function swallowNextClick() {
    // The click that may follow (on the card, if the pointer came back there) is not a pick.
    swallowClick = true;
    window.setTimeout(function () { swallowClick = false; }, 0);
  }

  document.addEventListener("pointerup", function (event) {
    if (drag && event.pointerId === drag.pointerId) {
      drop(event.clientX, event.clientY); // first: its own click on the button must go through
      swallowNextClick();
      return;
    }
    if (calledOff === event.pointerId) {
      calledOff = null;
      swallowNextClick();
      return;
    }
    if (press && event.pointerId === press.pointerId) {
      press.label.classList.remove("card-held");
      clearPress(); // a tap or click: the radio picks the card as before
    }
  });

  document.addEventListener("pointercancel", function (event) {
    if (drag && event.pointerId === drag.pointerId) cancel();
    if (press && event.pointerId === press.pointerId) {
      press.label.classList.remove("card-held");
      clearPress();
    }
  });

  document.addEventListener("click", function (event) {
    if (!swallowClick) return;
    swallowClick = false;
    if (event.target.closest && event.target.closest("#table-board")) {
      event.preventDefault();
      event.stopPropagation();
    }
  }, true);

  // While a finger drags a card the page must not scroll under it: touchmove is cancelled,
  // but only for touches that began on a card of the hand (bound there, so other touches stay
  // passive and scroll smoothly).
  function onTouchMove(event) {
    if (drag && drag.touch) event.preventDefault();
    else if (press && press.touch && press.held) event.preventDefault();
  }
  function bindTouch() {
    document.querySelectorAll("#table-board .sarg-can-move .card-pick:not([data-drag])")
      .forEach(function (label) {
        label.dataset.drag = "1";
        label.addEventListener("touchmove", onTouchMove, { passive: false });
      });
  }

  // A long press must not open the browser's menu for the card, nor drag it natively.
  document.addEventListener("contextmenu", function (event) {
    if ((press && press.touch) || drag) {
      if (cardOf(event.target)) event.preventDefault();
    }
  });
  document.addEventListener("dragstart", function (event) {
    if (cardOf(event.target)) event.preventDefault();
  });

  document.addEventListener("keydown", function (event) {
    if (drag && event.key === "Escape") { event.preventDefault(); cancel(); }
  });
  window.addEventListener("blur", function () { if (drag) cancel(); clearPress(); });

  // After a swap (the move's answer, the socket's push): bind the new cards, and mark the new
  // board if a drag is still under way (or call it off, if the table moved on).
  function afterSwap() {
    bindTouch();
    if (press && !press.label.isConnected) keepPress();
    if (drag) mark();
  }

  // The board drawn anew under a resting finger or a held mouse button (a push of the same
  // version: someone came back, the socket caught up): the press goes on with the same card
  // of the new hand. The table moved on: the press is over.
  function keepPress() {
    var again = sameCard(press.pick, press.version);
    if (!again) { clearPress(); return; }
    if (press.held) again.classList.add("card-held");
    press.label = again;
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", bindTouch);
  else bindTouch();
  document.addEventListener("htmx:afterSwap", afterSwap);
  document.addEventListener("htmx:oobAfterSwap", afterSwap);
  document.addEventListener("htmx:afterSettle", afterSwap);
  document.addEventListener("htmx:wsAfterMessage", afterSwap);
})();
