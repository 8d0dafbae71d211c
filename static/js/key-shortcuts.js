// One-key shortcuts inside a component, so a keyboard needs no long Tab walks: while the focus
// is inside an element marked data-shortcuts, a key press without modifiers presses the
// enabled button in that element whose aria-keyshortcuts lists the key (case-insensitive,
// alternatives space-separated: aria-keyshortcuts="0 T"). The button gets the focus first, so
// focus-keeper.js moves on from it (its data-focus-after) after the swap. Typing into a field
// is never taken over, and outside such components single keys do nothing (WCAG 2.1.4).
(function () {
  function matches(el, key) {
    var keys = (el.getAttribute("aria-keyshortcuts") || "").toUpperCase().split(/\s+/);
    return keys.indexOf(key) !== -1;
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    var here = event.target;
    if (!here.closest || here.closest("input:not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable]")) return;
    var scope = here.closest("[data-shortcuts]");
    if (!scope) return;
    var key = event.key.toUpperCase();
    var buttons = scope.querySelectorAll("[aria-keyshortcuts]");
    for (var i = 0; i < buttons.length; i++) {
      if (!buttons[i].disabled && matches(buttons[i], key)) {
        event.preventDefault();
        buttons[i].focus();
        buttons[i].click();
        return;
      }
    }
  });
})();
