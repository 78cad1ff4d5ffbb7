/* The table page: choosing on the pictures, and what changed since the reader last looked.

   A part of a picture that a click may choose has the class `pic-choice` and one data attribute
   naming it (data-seat="2", data-card="prov-11", data-boat="red", ...; see games/pictures/hooks.py).
   The prompt's controls that it picks carry its key in `data-picks` ("seat:2 card:prov-11"). A
   tap, or Enter or Space on a focused part, selects: the part shows as picked, the radio or menu
   entry it picks is chosen (in a move composed field by field, such as a fight's side and
   weapons, a side's radio is chosen and a weapon's checkbox ticked or unticked), and a bar at the
   foot of the screen says what will be played, with "Play" (focused, so a second Enter plays) and
   "Cancel" (or Escape), which puts back what the taps chose. Nothing is played by one tap alone.
   On a phone, choices the board offers too fold into a list opened on demand. Without this script
   the page works the same through the prompt's forms. No inline script or style anywhere (CSP). */
(function () {
  "use strict";
  var NAMES = ["seat", "card", "boat", "lane", "figure", "player", "island"];

  function keyOf(part) {
    for (var i = 0; i < NAMES.length; i++) {
      var value = part.getAttribute("data-" + NAMES[i]);
      if (value !== null) return NAMES[i] + ":" + value;
    }
    return part.getAttribute("data-part");
  }

  function controlsFor(key) {
    var found = [];
    document.querySelectorAll("[data-picks]").forEach(function (c) {
      if (c.getAttribute("data-picks").split(" ").indexOf(key) >= 0) found.push(c);
    });
    return found;
  }

  function words(control) {
    var label = control.closest("label");
    return ((label || control).textContent || "").trim();
  }

  /* How to put back what taps chose since the bar appeared ("Cancel" does, "Play" forgets). */
  var undo = [];

  function clearMarks() {
    document.querySelectorAll(".pic-picked").forEach(function (c) { c.classList.remove("pic-picked"); });
    document.querySelectorAll(".pic-choice[aria-pressed=true]").forEach(function (p) { p.setAttribute("aria-pressed", "false"); });
    var bar = document.getElementById("pick-confirm");
    if (bar) bar.remove();
  }

  function cancel() {
    while (undo.length) undo.pop()();
    clearMarks();
  }

  /* What "Play" presses for a picked control: a move's own button, else its form's Play. */
  function playButton(control) {
    if (control.tagName === "BUTTON") return control;
    var form = control.closest("form");
    return form && form.querySelector("button[type=submit], button:not([type])");
  }

  /* The page's words for the bar (translated; outside #table, so a move's answer need not repeat them). */
  function wordsFor(name, fallback) {
    var words = document.getElementById("table-words");
    return (words && words.dataset[name]) || fallback;
  }

  function confirmBar(control, said) {
    var table = document.getElementById("table");
    var button = playButton(control);
    if (!table || !button) return;
    var bar = document.createElement("div");
    bar.id = "pick-confirm";
    bar.className = "pick-confirm";
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", said);
    var text = document.createElement("span");
    text.textContent = said;
    var play = document.createElement("button");
    play.type = "button";
    play.textContent = wordsFor("play", "Play");
    play.addEventListener("click", function () { undo = []; clearMarks(); button.click(); });
    var no = document.createElement("button");
    no.type = "button";
    no.className = "secondary";
    no.textContent = wordsFor("cancel", "Cancel");
    no.addEventListener("click", cancel);
    bar.append(text, play, no);
    table.appendChild(bar);
    play.focus({ preventScroll: true });
  }

  /* Choose a control as a tap asks (a checkbox is ticked or unticked), and note how to undo it. */
  function choose(control) {
    if (control.type === "checkbox") {
      control.checked = !control.checked;
      undo.push(function () { control.checked = !control.checked; });
    } else if (control.type === "radio") {
      var form = control.form;
      var was = form && Array.prototype.find.call(form.elements, function (e) {
        return e.type === "radio" && e.name === control.name && e.checked;
      });
      control.checked = true;
      undo.push(function () { if (was) was.checked = true; else control.checked = false; });
    } else if (control.tagName === "OPTION") {
      var menu = control.closest("select");
      var index = menu.selectedIndex;
      control.selected = true;
      undo.push(function () { menu.selectedIndex = index; });
    }
  }

  /* A control shows as picked: its label in the form, and the parts of the picture that pick it. */
  function mark(control) {
    (control.closest("label") || control).classList.add("pic-picked");
    var keys = control.getAttribute("data-picks").split(" ");
    document.querySelectorAll(".pic-choice").forEach(function (p) {
      if (keys.indexOf(keyOf(p)) >= 0) p.setAttribute("aria-pressed", "true");
    });
  }

  function pick(part) {
    var found = controlsFor(keyOf(part));
    if (!found.length) return;
    var first = found[0];
    clearMarks();
    choose(first);
    var form = first.closest("form");
    if (form && form.hasAttribute("data-compose")) {
      /* a move composed field by field (a fight's side and weapons): the bar says all chosen so far */
      var chosen = [];
      form.querySelectorAll("input:checked").forEach(function (c) {
        chosen.push(words(c));
        if (c.hasAttribute("data-picks")) mark(c);
      });
      if (chosen.length) confirmBar(first, chosen.join(" · "));
      return;
    }
    found.forEach(mark);
    part.setAttribute("aria-pressed", "true");
    confirmBar(first, found.map(words).join(" / "));
  }

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && document.getElementById("pick-confirm")) cancel();
  });

  /* This browser's memory of the table (localStorage): a full or refused store changes nothing. */
  function store(key, value) {
    try {
      if (window.localStorage) localStorage.setItem(key, value);
    } catch (full) { /* the page works the same, it only forgets */ }
  }

  function recall(key) {
    try {
      return JSON.parse(localStorage.getItem(key) || "null");
    } catch (unreadable) {
      return null;
    }
  }

  /* On a phone the choices the board offers too fold away (the board is the way to choose there),
     unless this reader opened the list last time: their choice is remembered. */
  var PHONE = "(max-width: 40rem)";
  var LIST_KEY = "choices-as-list";

  function onPhone() {
    return Boolean(window.matchMedia && window.matchMedia(PHONE).matches);
  }

  function foldChoices(root) {
    if (!onPhone()) return;
    var open = window.localStorage && localStorage.getItem(LIST_KEY) === "open";
    root.querySelectorAll("details.on-picture:not([data-folds])").forEach(function (list) {
      list.setAttribute("data-folds", "");
      list.open = open;
      list.addEventListener("toggle", function () {
        if (list.dataset.opened) return;  /* opened by "Play" with nothing chosen, not by the reader */
        store(LIST_KEY, list.open ? "open" : "folded");
      });
    });
  }

  /* "Play" with nothing chosen opens a folded list, so the browser can point at what is missing. */
  document.addEventListener("invalid", function (event) {
    var list = event.target.closest && event.target.closest("details.on-picture");
    if (list && !list.open) {
      list.dataset.opened = "1";
      list.open = true;
    }
  }, true);

  /* On a phone the sections below the board (the log, the table talk, seats, your assistant, the
     first-game tips) fold and unfold by their heading, and each stays as this reader left it. */
  function foldSections(root) {
    if (!onPhone()) return;
    var found = Array.prototype.slice.call(root.querySelectorAll("[data-fold]"));
    if (root.matches && root.matches("[data-fold]")) found.push(root);
    found.forEach(function (section) {
      var heading = section.querySelector("h2");
      if (!heading || heading.querySelector(".fold-toggle")) return;
      var key = "fold:" + section.getAttribute("data-fold");
      var toggle = document.createElement("button");
      toggle.type = "button";
      toggle.className = "fold-toggle";
      while (heading.firstChild) toggle.appendChild(heading.firstChild);
      heading.appendChild(toggle);
      function show(folded) {
        section.classList.toggle("folded", folded);
        toggle.setAttribute("aria-expanded", folded ? "false" : "true");
      }
      show(window.localStorage && localStorage.getItem(key) === "folded");
      toggle.addEventListener("click", function () {
        var folded = !section.classList.contains("folded");
        show(folded);
        store(key, folded ? "folded" : "open");
      });
    });
  }

  function prepare(root) {
    foldSections(root);
    if (root === document || root.id === "table") undo = [];  /* a new table: nothing to put back */
    foldChoices(root);
    root.querySelectorAll(".pic-choice").forEach(function (part) {
      var found = controlsFor(keyOf(part));
      if (!found.length) {
        part.classList.remove("pic-choice");
        return;
      }
      part.setAttribute("tabindex", "0");
      part.setAttribute("role", "button");
      /* a picture with buttons in it is a group of them, no longer one image (axe: nested-interactive) */
      var board = part.closest("svg[role=img]");
      if (board) board.setAttribute("role", "group");
      /* a toggle: pressed while picked; its words are the choice's own, and a press moves to "Play" */
      part.setAttribute("aria-pressed", "false");
      var said = found.map(words).join(" / ");
      part.setAttribute("aria-label", said.trim());
    });
  }

  /* A page loaded afresh marks what changed since this browser last showed the table: it asks for
     the table again with those marks. Once that table is in (or none was needed), <html> gets
     `data-table-ready`, which the browser tests wait for before they act. */
  function remember() {
    var table = document.getElementById("table");
    if (table && table.dataset.game && window.localStorage) {
      var key = "seen-moves:" + table.dataset.game;
      var seen = parseInt(localStorage.getItem(key) || "", 10);
      var now = parseInt(table.dataset.moves || "0", 10);
      store(key, String(now));
      if (!remember.done && seen >= 0 && seen < now && window.htmx) {
        remember.done = remember.pending = true;
        var query = new URLSearchParams(location.search);  /* an invite token stays */
        query.set("since", String(seen));
        htmx.ajax("GET", location.pathname + "?" + query.toString(), { target: "#table", swap: "outerHTML" })
          .finally(function () { remember.pending = false; ready(); });
      }
      remember.done = true;
    }
    if (!remember.pending) ready();
  }

  function ready() {
    document.documentElement.setAttribute("data-table-ready", "");
  }

  document.addEventListener("click", function (event) {
    var part = event.target.closest && event.target.closest(".pic-choice");
    if (part) {
      event.preventDefault();
      pick(part);
    }
  });
  document.addEventListener("keydown", function (event) {
    var part = event.target;
    if ((event.key === "Enter" || event.key === " ") && part.classList && part.classList.contains("pic-choice")) {
      event.preventDefault();
      pick(part);
    }
  });
  /* Moments: what moved on the board since this browser last showed it (a character changing seats,
     a boat moving a row, a figure changing boats, a card played) slides there from where it was,
     and what is new fades in; nothing moves for a reader who asks for reduced motion. Where parts
     were is kept per game, as a share of the board's width, so a phone and a desk agree. */
  var PARTS = "[data-seat],[data-boat],[data-figure],[data-card]";
  var KEEP_BOARDS = 30;
  var from = null;  /* where the parts were before the table now swapped in */

  function board() {
    return document.querySelector("#table svg.pic-board");
  }

  function positions() {
    var svg = board();
    var box = svg && svg.getBoundingClientRect();
    if (!box || !box.width) return null;
    var at = {};
    svg.querySelectorAll(PARTS).forEach(function (part) {
      var r = part.getBoundingClientRect();
      if (r.width || r.height) at[keyOf(part)] = [(r.left - box.left) / box.width, (r.top - box.top) / box.width];
    });
    return at;
  }

  function placesKey() {
    var table = document.getElementById("table");
    return table && table.dataset.game ? "board-at:" + table.dataset.game : null;
  }

  function keepPlaces() {
    var key = placesKey();
    var at = positions();
    if (!key || !at || !window.localStorage) return;
    store(key, JSON.stringify({ moves: document.getElementById("table").dataset.moves, at: at, t: Date.now() }));
    var names = [];  /* the boards of the last KEEP_BOARDS games only */
    for (var i = 0; i < localStorage.length; i++) {
      var name = localStorage.key(i);
      if (name && name.indexOf("board-at:") === 0) names.push(name);
    }
    if (names.length <= KEEP_BOARDS) return;
    names
      .map(function (n) { return [(recall(n) || {}).t || 0, n]; })
      .sort(function (a, b) { return b[0] - a[0]; })
      .slice(KEEP_BOARDS)
      .forEach(function (old) { localStorage.removeItem(old[1]); });
  }

  function slide(before) {
    var svg = board();
    if (!svg || !before || !svg.animate || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    var units = svg.viewBox.baseVal.width || svg.getBoundingClientRect().width;
    var now = positions() || {};
    var moved = new Map();
    svg.querySelectorAll(PARTS).forEach(function (part) {
      var key = keyOf(part);
      if (!now[key]) return;
      if (!before[key]) {
        if (part.matches(".pic-changed, .pic-changed *")) {
          part.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 600, easing: "ease-out" });
        }
        return;
      }
      var dx = (before[key][0] - now[key][0]) * units;
      var dy = (before[key][1] - now[key][1]) * units;
      moved.set(part, [dx, dy]);
      var outer = part.parentElement && part.parentElement.closest(PARTS);
      var carried = (outer && moved.get(outer)) || [0, 0];  /* a figure in a boat moves with it */
      dx -= carried[0];
      dy -= carried[1];
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
      part.animate(
        [{ translate: dx + "px " + dy + "px" }, { translate: "0px 0px" }],
        { duration: 900, easing: "ease-in-out" }
      );
    });
  }

  /* A swapped-in table folds at once, before the browser paints it (htmx:load comes ~20 ms later). */
  document.addEventListener("htmx:afterSwap", function () {
    foldChoices(document);
    foldSections(document);
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "table" && !from) from = positions();
  });

  document.addEventListener("htmx:load", function (event) {
    prepare(event.detail.elt);
    if (event.detail.elt.id === "table") {
      slide(from);
      from = null;
      keepPlaces();
    }
    remember();
  });
  document.addEventListener("DOMContentLoaded", function () {
    var key = placesKey();
    var kept = key && window.localStorage && recall(key);
    var table = document.getElementById("table");
    if (kept && table && parseInt(kept.moves, 10) < parseInt(table.dataset.moves, 10)) from = kept.at;
    prepare(document);
    remember();
    if (!remember.pending) {  /* else the table marked with what changed slides when it swaps in */
      slide(from);
      from = null;
      keepPlaces();
    }
  });
})();
