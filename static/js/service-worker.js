// The site's service worker, served from the root by sarco.offline.service_worker, which puts
// `SARCO` (version, files to keep, offline page) in front of this file.
//
// What it keeps: static files (kept on first use, and a list fetched at install), and the
// scorekeeper's full pages (each time one loads with the network, so a phone that opened a
// sheet can reload it without one). What it never keeps: anything but a GET, htmx fragments
// (HX-Request), answers marked no-store, and pages outside the scorekeeper. Without the
// network those pages get the offline page ("needs the network"), never a browser error.
/* global SARCO */
"use strict";

var STATIC_CACHE = "sarco-static-" + SARCO.version;
var PAGE_CACHE = "sarco-pages-" + SARCO.version;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC_CACHE).then(function (cache) {
      // One by one: a file that fails must not stop the worker from installing.
      return Promise.all(
        SARCO.kept.map(function (url) {
          return fetch(url, { credentials: "same-origin", cache: "no-cache", headers: KEEPING.headers })
            .then(function (response) {
              if (keepable(response)) return cache.put(url, response);
            })
            .catch(function () {});
        })
      );
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  // A new version drops the old caches; pages are kept from the version before, so a
  // deploy does not lose the sheets a phone opened.
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.map(function (name) {
        if (name === STATIC_CACHE || name === PAGE_CACHE) return null;
        if (name.indexOf("sarco-pages-") === 0) return carryPages(name);
        if (name.indexOf("sarco-") === 0) return caches.delete(name);
        return null;
      }));
    }).then(function () { return self.clients.claim(); })
  );
});

function carryPages(oldName) {
  return caches.open(oldName).then(function (old) {
    return old.keys().then(function (requests) {
      return caches.open(PAGE_CACHE).then(function (pages) {
        return Promise.all(requests.map(function (request) {
          return old.match(request).then(function (response) {
            return response && pages.put(request, response);
          });
        }));
      });
    });
  }).then(function () { return caches.delete(oldName); });
}

function keepable(response) {
  if (!response || !response.ok || response.type !== "basic" || response.redirected) {
    return false;
  }
  var control = response.headers.get("Cache-Control") || "";
  return control.indexOf("no-store") === -1;
}

function inScorekeeper(url) {
  return url.pathname.indexOf(SARCO.scorekeeper) === 0;
}

// A page loaded before this worker controlled it (the very first visit) is kept on request.
// The copy is fetched as a keep, not a visit (X-Sarco-Keep): it leaves Django's messages
// ("The sheet was deleted.") for the page the person sees next.
var KEEPING = { credentials: "same-origin", headers: { "X-Sarco-Keep": "1" } };
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "posted") { postedAt = Date.now(); return; }
  if (data.type !== "keep" || typeof data.url !== "string") return;
  var url = new URL(data.url, self.location.origin);
  if (url.origin !== self.location.origin || !inScorekeeper(url)) return;
  event.waitUntil(fetch(url.href, KEEPING).then(function (response) {
    if (!keepable(response)) return null;
    return caches.open(PAGE_CACHE).then(function (cache) { return cache.put(url.href, response); });
  }).catch(function () {}));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.headers.get("HX-Request")) return;  // fragments: always the network
  if (url.pathname.indexOf(SARCO.static) === 0) {
    event.respondWith(staticFile(request));
  } else if (request.mode === "navigate") {
    event.respondWith(inScorekeeper(url) ? keptPage(request) : networkPage(request));
  } else if (SARCO.kept.indexOf(url.pathname) !== -1) {
    event.respondWith(keptPage(request));  // the manifest
  }
});

// Static file names carry their content's hash in production: a kept copy is the file.
function staticFile(request) {
  return caches.match(request, { ignoreVary: true }).then(function (kept) {
    return kept || fetch(request).then(function (response) {
      if (keepable(response)) {
        var copy = response.clone();
        caches.open(STATIC_CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    });
  });
}

// The network first (a page is always as fresh as it can be), a kept copy without it, or
// when the network has not answered within a few seconds (a Wi-Fi without internet). Not
// the last, right after a page posted a form (offline-worker.js): the post's answer proved
// the network, and the page it leads to carries what the post did, once (Django's
// messages: a kept copy shown instead would lose "The sheet was deleted." for good).
var SLOW_NETWORK_MS = 4000;
var POSTED_WITHIN_MS = 30000;
var postedAt = 0;

function keptPage(request) {
  var network = fetch(request).then(function (response) {
    if (keepable(response)) {
      var copy = response.clone();
      caches.open(PAGE_CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  });
  return new Promise(function (resolve) {
    network.then(resolve, function () {
      keptCopy(request.url).then(function (page) { resolve(page || offlinePage()); });
    });
    if (Date.now() - postedAt < POSTED_WITHIN_MS) return;
    setTimeout(function () {
      keptCopy(request.url).then(function (page) { if (page) resolve(page); });
    }, SLOW_NETWORK_MS);
  });
}

// By URL, with or without its query (`?round=`, `?offline=`): any copy of that page.
function keptCopy(url) {
  var bare = url.split("#")[0];
  return caches.match(bare, { ignoreVary: true }).then(function (page) {
    return page || caches.match(bare, { ignoreVary: true, ignoreSearch: true });
  });
}

function networkPage(request) {
  return fetch(request).catch(offlinePage);
}

function offlinePage() {
  return caches.match(SARCO.offline, { ignoreVary: true }).then(function (page) {
    return page || new Response("Offline", {
      status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" }
    });
  });
}
