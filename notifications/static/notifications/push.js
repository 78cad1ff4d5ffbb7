// Turning browser notifications on and off on the mail settings page. Everything it says comes
// from the page (data-* attributes, in the reader's language); the server keeps one subscription
// per browser (POST data-subscribe / data-unsubscribe, with the page's CSRF token).
"use strict";

(function () {
  const button = document.getElementById("push-toggle");
  const status = document.getElementById("push-status");
  if (!button || !status) {
    return;
  }
  const say = (key) => {
    status.textContent = button.dataset[key] || "";
  };
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    say("unsupported");
    return;
  }
  const csrf = () => {
    const input = document.querySelector("#push input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  };
  const post = (url, body) =>
    fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
      body: JSON.stringify(body),
    }).then((response) => {
      if (!response.ok) {
        throw new Error(String(response.status));
      }
    });
  const keyBytes = (base64) => {
    const padded = (base64 + "===".slice((base64.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  };
  const show = (subscription) => {
    button.hidden = false;
    button.textContent = subscription ? button.dataset.off : button.dataset.on;
    button.dataset.subscribed = subscription ? "1" : "";
    if (Notification.permission === "denied") {
      say("denied");
    } else {
      say(subscription ? "stateOn" : "stateOff");
    }
  };
  const registration = navigator.serviceWorker.register(button.dataset.worker);
  registration
    .then((reg) => reg.pushManager.getSubscription())
    .then(show)
    .catch(() => say("failed"));

  button.addEventListener("click", () => {
    button.disabled = true;
    registration
      .then((reg) =>
        reg.pushManager.getSubscription().then((current) => {
          if (current) {
            return post(button.dataset.unsubscribe, { endpoint: current.endpoint })
              .then(() => current.unsubscribe())
              .then(() => null);
          }
          return reg.pushManager
            .subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(button.dataset.key) })
            .then((subscription) => post(button.dataset.subscribe, subscription.toJSON()).then(() => subscription));
        })
      )
      .then(show)
      .catch(() => say(Notification.permission === "denied" ? "denied" : "failed"))
      .finally(() => {
        button.disabled = false;
      });
  });
})();
