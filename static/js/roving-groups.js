// A group of buttons that is one Tab stop (a roving tabindex): Sacrifice's purchases come in
// groups (the two cards spent), and with a Tab stop per button a keyboard had to pass up to
// 24 long-named buttons to reach "Done buying". Mark the group's element data-roving (with
// role="group" and a name): Tab enters the group on its one stop, the arrow keys (and Home,
// End) move within it, round and round, and the stop follows the focus, so Tab comes back to
// the button last used. A swap that redraws a group (a move from any seat) draws it anew, and
// its stop is set again, on the button that holds the focus (focus-keeper.js puts it back)
// or the first. Without this script the buttons are plain buttons, one Tab stop each.
(function () {
  "use strict";

  var NEXT = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

  function items(group) {
    return Array.prototype.filter.call(group.querySelectorAll("button"), function (button) {
      return !button.disabled;
    });
  }

  function stopOn(group, chosen) {
    items(group).forEach(function (button) {
      button.tabIndex = button === chosen ? 0 : -1;
    });
  }

  function setUp(group) {
    var all = items(group);
    if (all.length) stopOn(group, all.indexOf(document.activeElement) >= 0 ? document.activeElement : all[0]);
  }

  function setUpAll() {
    document.querySelectorAll("[data-roving]").forEach(setUp);
  }

  document.addEventListener("keydown", function (event) {
    var group = event.target.closest && event.target.closest("[data-roving]");
    if (!group || event.altKey || event.ctrlKey || event.metaKey) return;
    var all = items(group);
    var at = all.indexOf(event.target);
    if (at < 0) return;
    var next;
    if (event.key in NEXT) next = all[(at + NEXT[event.key] + all.length) % all.length];
    else if (event.key === "Home") next = all[0];
    else if (event.key === "End") next = all[all.length - 1];
    else return;
    event.preventDefault();
    stopOn(group, next);
    next.focus();
  });

  // The stop follows the focus, however it came (a click, focus-keeper.js after a swap).
  document.addEventListener("focusin", function (event) {
    var group = event.target.closest && event.target.closest("[data-roving]");
    if (group && items(group).indexOf(event.target) >= 0) stopOn(group, event.target);
  });

  document.addEventListener("htmx:load", setUpAll);
  document.addEventListener("htmx:afterSettle", setUpAll);
  document.addEventListener("htmx:wsAfterMessage", setUpAll);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUpAll);
  else setUpAll();
})();
