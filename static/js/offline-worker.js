// Registers the site's service worker (static/js/service-worker.js, served from the site root
// by sarco.offline.service_worker) on every page, so a phone keeps the scorekeeper for when
// the network is gone, and tells it when a form is posted for a new page. The scorekeeper's
// own offline work is in the other offline-*.js files.
(function () {
  "use strict";

  var meta = document.querySelector('meta[name="sarco-worker"]');
  if (!meta || !("serviceWorker" in navigator)) return;
  var controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.register(meta.content, { scope: "/" }).catch(function () {});
  // A form posted for a new page (not by htmx): its answer shows what the post did ("The
  // sheet was deleted."), so the worker waits for it however slow (service-worker.js, posted).
  window.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || (form.method || "").toLowerCase() !== "post") return;
    var worker = navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ type: "posted" });
  });
  if (!controlled) {  // this page did not pass through the worker: ask it to keep a copy
    navigator.serviceWorker.ready.then(function (registration) {
      registration.active.postMessage({ type: "keep", url: window.location.href });
    });
  }
})();
