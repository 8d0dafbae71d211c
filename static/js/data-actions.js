// Small behaviours asked for by data attributes, since the Content-Security-Policy refuses
// inline handlers (onfocus="...") and htmx's hx-on (which needs eval):
// - data-clear-after-request="#selector" on an htmx element empties that field once its
//   request is answered (the scorekeeper's "Add a guest");
// - data-select-on-focus selects a field's text when it gets focus (the sheet's link).
(function () {
  document.addEventListener("htmx:afterRequest", function (event) {
    var source = event.detail && event.detail.elt;
    var selector = source && source.getAttribute && source.getAttribute("data-clear-after-request");
    if (!selector) return;
    var field = document.querySelector(selector);
    if (field) field.value = "";
  });

  document.addEventListener("focusin", function (event) {
    var field = event.target;
    if (field && field.matches && field.matches("[data-select-on-focus]")) field.select();
  });
})();
