// Registers the site's service worker (static/js/service-worker.js, served from the site root
// by sarco.offline.service_worker) on every page, so a phone keeps the scorekeeper for when
// the network is gone. The scorekeeper's own offline work is in the other offline-*.js files.
(function () {
  "use strict";

  var meta = document.querySelector('meta[name="sarco-worker"]');
  if (!meta || !("serviceWorker" in navigator)) return;
  var controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.register(meta.content, { scope: "/" }).catch(function () {});
  if (!controlled) {  // this page did not pass through the worker: ask it to keep a copy
    navigator.serviceWorker.ready.then(function (registration) {
      registration.active.postMessage({ type: "keep", url: window.location.href });
    });
  }
})();
