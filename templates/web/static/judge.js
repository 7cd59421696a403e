// Only adds to pages that work without it: the deadline's live countdown
// (in the reader's own time zone) and the arrow keys to step through phases.
"use strict";

function countdownText(ms) {
  if (ms <= 0) return "(due now)";
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400), h = Math.floor(s % 86400 / 3600);
  const m = Math.floor(s % 3600 / 60), sec = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return "(in " + (d ? d + "d " : "") + two(h) + ":" + two(m) + ":" + two(sec) + ")";
}

function startCountdowns() {
  for (const el of document.querySelectorAll("time.deadline")) {
    const when = new Date(el.getAttribute("datetime"));
    if (isNaN(when)) continue;
    el.title = el.textContent;
    el.textContent = when.toLocaleString(undefined, {
      weekday: "long", day: "numeric", month: "long", year: "numeric",
      hour: "2-digit", minute: "2-digit", timeZoneName: "short",
    });
    let out = el.parentElement.querySelector(".countdown");
    if (!out) {
      out = document.createElement("span");
      out.className = "countdown";
      el.after(" ", out);
    }
    const tick = () => { out.textContent = countdownText(when - Date.now()); };
    tick();
    setInterval(tick, 1000);
  }
}

function stepKeys() {
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const rel = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
    const link = rel && document.querySelector("a[rel=" + rel + "]");
    if (link) window.location.href = link.href;
  });
}

document.addEventListener("DOMContentLoaded", () => { startCountdowns(); stepKeys(); });
