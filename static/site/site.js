// The site's one script, beside htmx: what the pages would otherwise say in inline script or
// hx-on/trigger-filter attributes, which the Content-Security-Policy refuses (no 'unsafe-inline',
// no 'unsafe-eval'). Every page works without it; it only makes the htmx pages kinder.
"use strict";

// Polls ([data-poll]) ask only while the page is in sight: a tab in the background stays quiet.
document.addEventListener("htmx:beforeRequest", (event) => {
  const elt = event.detail.elt;
  const triggered = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
  if (elt.hasAttribute("data-poll") && !triggered && document.visibilityState !== "visible") {
    event.preventDefault();
  }
});

// A tab shown again polls at once (it was quiet while hidden), rather than at the next tick.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && window.htmx) {
    window.htmx.trigger(document.body, "page-shown");
  }
});

// A refused request's answer (4xx) is a message the server puts right after the element that
// asked (games/refusals.py). When that element asks again, its earlier message goes; when the
// answer never came or was a server error (htmx swaps neither), the same kind of message says so.
function refusalAfter(elt) {
  const next = elt.nextElementSibling;
  return next && next.classList.contains("refusal") ? next : null;
}
document.addEventListener("htmx:beforeRequest", (event) => {
  const earlier = refusalAfter(event.detail.elt);
  if (earlier && !event.defaultPrevented) earlier.remove();
});
function showFailed(event) {
  const elt = event.detail.elt;
  if (!elt || !elt.isConnected || elt.hasAttribute("data-poll") || refusalAfter(elt)) return;
  const note = document.createElement("p");
  note.className = "notice error refusal";
  note.setAttribute("role", "alert");
  note.textContent = document.body.dataset.failedWords || "";
  elt.after(note);
}
document.addEventListener("htmx:responseError", showFailed);
document.addEventListener("htmx:sendError", showFailed);

// A form marked [data-reset-on-success] is emptied once its post went through (the chat).
document.addEventListener("htmx:afterRequest", (event) => {
  const elt = event.detail.elt;
  if (event.detail.successful && elt.matches("form[data-reset-on-success]")) {
    elt.reset();
  }
});

// After a move the whole #table is swapped, and the button that had the focus is gone: a keyboard
// or screen-reader player would be thrown back to the top of the page. When the focus was in the
// table, it goes to the new prompt (or stays on the element of the same id, as htmx keeps it).
let focusWasInTable = false;
document.addEventListener("htmx:beforeSwap", (event) => {
  const target = event.detail.target;
  if (event.detail.shouldSwap && target && target.id === "table") {
    focusWasInTable = target.contains(document.activeElement);
  }
});
document.addEventListener("htmx:afterSettle", () => {
  if (!focusWasInTable) return;
  focusWasInTable = false;
  const table = document.getElementById("table");
  if (!table || table.contains(document.activeElement)) return;
  const prompt = document.getElementById("prompt") || table;
  prompt.focus();
});

// The create-game form shows the options of the game chosen in its select ([data-shows-options]):
// the other games' fieldsets ([data-options-for]) are hidden (the server hides them at first).
function showChosenOptions(select) {
  for (const fieldset of select.form.querySelectorAll("fieldset[data-options-for]")) {
    fieldset.hidden = fieldset.dataset.optionsFor !== select.value;
  }
}
document.addEventListener("change", (event) => {
  if (event.target.matches("select[data-shows-options]")) showChosenOptions(event.target);
});
// A page the browser restores (back) may keep another choice than the server rendered.
window.addEventListener("pageshow", () => {
  document.querySelectorAll("select[data-shows-options]").forEach(showChosenOptions);
});
