/* swisslearn publish: the language switch and the « why not him? » field.
   No request is made: every answer is in the page (#why-data). */
(function () {
  "use strict";
  var root = document.documentElement;
  var KEY = "swisslearn-publish-lang";
  var LANGS = ["fr", "en"];

  function carry(lang) {
    // Links between the pages carry the language (file:// may keep no storage).
    var links = document.querySelectorAll("a[href]");
    for (var i = 0; i < links.length; i++) {
      var href = links[i].getAttribute("href");
      if (/^[a-z]+:/i.test(href) || href.charAt(0) === "#") { continue; }
      var hash = "";
      var at = href.indexOf("#");
      if (at >= 0) { hash = href.slice(at); href = href.slice(0, at); }
      href = href.replace(/\?lang=[a-z]+$/, "");
      links[i].setAttribute("href", href + "?lang=" + lang + hash);
    }
  }

  function show(lang) {
    if (LANGS.indexOf(lang) < 0) { return; }
    root.setAttribute("data-lang", lang);
    root.setAttribute("lang", lang);
    try { window.localStorage.setItem(KEY, lang); } catch (e) { /* storage refused */ }
    carry(lang);
  }

  var asked = /[?&]lang=([a-z]+)/.exec(window.location.search);
  var saved = null;
  try { saved = window.localStorage.getItem(KEY); } catch (e) { saved = null; }
  show(asked ? asked[1] : (saved || root.getAttribute("data-lang")));

  document.addEventListener("click", function (event) {
    var target = event.target.closest ? event.target.closest("[data-switch],[data-print]") : null;
    if (!target) { return; }
    if (target.hasAttribute("data-print")) { window.print(); return; }
    var now = root.getAttribute("data-lang");
    show(LANGS[(LANGS.indexOf(now) + 1) % LANGS.length]);
  });

  var data = document.getElementById("why-data");
  var pick = document.getElementById("why-pick");
  var out = document.getElementById("why-answer");
  if (data && pick && out) {
    var answers = JSON.parse(data.textContent);
    var answer = function () {
      while (out.firstChild) { out.removeChild(out.firstChild); }
      var said = answers[pick.value];
      if (!said) { return; }
      for (var i = 0; i < LANGS.length; i++) {
        var span = document.createElement("span");
        span.className = "l-" + LANGS[i];
        span.lang = LANGS[i];
        span.textContent = said[LANGS[i]];   // text, never markup
        out.appendChild(span);
      }
    };
    pick.addEventListener("change", answer);
    answer();
  }
}());
