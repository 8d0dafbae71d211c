// The site-wide polite live region (#announce in base.html) reads out what a swap brings in.
// A live region that is itself swapped in is not reliably announced, so after any htmx swap the
// text of the new content's role="status" elements and data-announce elements (the attribute's
// value if it has one, else the element's text: a saved round, "your turn", a live update) is
// copied into #announce, which stays in the page. Errors use role="alert" instead (announced
// when inserted) and are not copied. From a script: window.sarcoAnnounce("text").
// Never moves the focus.
(function () {
  var queued = [];
  var pending = null;

  // Texts from the swaps of one response (several elements may settle) are read together, once.
  function announce(text) {
    var region = document.getElementById("announce");
    text = (text || "").replace(/\s+/g, " ").trim();
    if (!region || !text) return;
    if (queued.indexOf(text) === -1) queued.push(text);
    clearTimeout(pending);
    region.textContent = ""; // emptied first, so the same words said twice are read twice
    pending = setTimeout(function () {
      region.textContent = queued.join(" ");
      queued = [];
    }, 100);
  }

  // Only elements a swap brought in: htmx also fires its swap events on older elements (the
  // old target, the websocket's element), whose messages were read out already.
  var WANTED = "[data-announce], [role=status]";
  var seen = new WeakSet();
  document.querySelectorAll(WANTED).forEach(function (el) { seen.add(el); });

  function fromSwap(event) {
    var root = event.target;
    if (!root || !root.querySelectorAll) return;
    var found = Array.prototype.slice.call(root.querySelectorAll(WANTED));
    if (root.matches(WANTED)) found.unshift(root);
    found.forEach(function (el) {
      if (seen.has(el) || !el.isConnected) return;
      seen.add(el);
      announce(el.dataset.announce || el.textContent);
    });
  }

  window.sarcoAnnounce = announce;
  document.addEventListener("htmx:afterSwap", fromSwap);
  document.addEventListener("htmx:oobAfterSwap", fromSwap);
})();
