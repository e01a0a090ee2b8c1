// What Material's script builds after a page loads, made reachable: each page, once
// Material has built it (its `document$`), and again when the window changes size.
// - A table wider than the page (Material wraps each one in .md-typeset__scrollwrap) can
//   take the keyboard's focus, so it scrolls with the arrow keys (WCAG 2.1.1).
// - A code block's copy button sits in a `nav` of its own: one unnamed navigation
//   landmark per code block. It is a button, not a way around the site: no landmark.
(function () {
  "use strict";

  function reach() {
    document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (wrap) {
      if (wrap.scrollWidth > wrap.clientWidth) {
        wrap.tabIndex = 0;
      } else {
        wrap.removeAttribute("tabindex");
      }
    });
    document.querySelectorAll("nav.md-code__nav").forEach(function (nav) {
      nav.setAttribute("role", "none");
    });
  }

  if (typeof document$ !== "undefined") {
    document$.subscribe(reach);
  } else {
    document.addEventListener("DOMContentLoaded", reach);
  }
  window.addEventListener("resize", reach);
})();
