// Starts the scorekeeper's offline work once the other offline-*.js files are loaded: sends
// what was kept when the page loads, when the browser says it is online and when the page
// becomes visible again (Safari has no Background Sync), and keeps the forms for later.
(function () {
  "use strict";

  var O = window.SarcoOffline;
  if (!O) return;

  window.addEventListener("online", function () {
    O.lostNetwork = false;
    O.show();
    O.sendKept().then(O.redraw);
  });
  window.addEventListener("offline", O.show);
  // A network that failed while the browser said "online" (a Wi-Fi without internet) gives
  // no event when it comes back: ask the server now and then.
  window.setInterval(function () {
    if (!O.lostNetwork || !navigator.onLine) return;
    O.freshToken().then(function () {
      O.lostNetwork = false;
      O.show();
      O.sendKept().then(O.redraw);
    }).catch(function () {});
  }, 20000);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") O.sendKept();
  });

  O.prepare(document);
  window.setTimeout(function () { O.keepModeForms(); O.keepNewForms(); }, 1000);  // after the page's own requests
  O.iosNote();
  O.keepNewSheetPages();
  if (O.offlineSheetId()) O.showOfflineSheet(O.offlineSheetId()).then(O.sendKept);
  else { O.show(); O.sendKept(); }
})();
