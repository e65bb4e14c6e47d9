// Parley's table page, made live (issue 25). The page is complete without this file:
// here the page follows the table's moves (Server-Sent Events carry a digest of the page's
// changing part; when it is new, that part is fetched and swapped in once its images are
// loaded, so nothing flickers), the board zooms in place, and the replay moves without a
// reload.
"use strict";

function whenImagesLoaded(root) {
  const images = Array.from(root.querySelectorAll("img"));
  return Promise.all(images.map((img) => img.complete ? null : new Promise((done) => {
    img.addEventListener("load", done, { once: true });
    img.addEventListener("error", done, { once: true });
  })));
}

function swapIn(target, html) {
  const next = document.createElement("div");
  next.innerHTML = html;
  // the new images load off screen first, so the swap shows a finished page
  next.style.position = "absolute";
  next.style.left = "-10000px";
  next.style.width = target.clientWidth + "px";
  document.body.appendChild(next);
  return whenImagesLoaded(next).then(() => {
    target.replaceChildren(...next.childNodes);
    next.remove();
  });
}

function followTheTable() {
  const live = document.getElementById("live");
  if (!live || !window.EventSource) return;
  let busy = false;
  let wanted = document.body.dataset.tag;
  const source = new EventSource("events");
  const update = () => {
    if (busy || wanted === document.body.dataset.tag) return;
    busy = true;
    const target = wanted;
    fetch("live", { cache: "no-store" })
      .then((r) => r.ok ? r.text() : Promise.reject(r.status))
      .then((html) => swapIn(live, html))
      .then(() => { document.body.dataset.tag = target; })
      .catch(() => { wanted = document.body.dataset.tag; })  // try again at the next event
      .finally(() => { busy = false; update(); });
  };
  // each event carries a digest of the page's changing part: a new one means a change
  source.addEventListener("change", (event) => { wanted = event.data; update(); });
}

function zoomInPlace() {
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a.zoom");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    link.parentElement.classList.toggle("zoomed");
  });
}

function scrubWithoutReload() {
  const box = document.getElementById("replay");
  if (!box) return;
  const show = (step, push) => {
    fetch("replay?part=1&step=" + step, { cache: "no-store" })
      .then((r) => r.ok ? r.text() : Promise.reject(r.status))
      .then((html) => swapIn(box, html))
      .then(() => { if (push) history.pushState({ step }, "", "replay?step=" + step); })
      .catch(() => { location.href = "replay?step=" + step; });
  };
  box.addEventListener("click", (event) => {
    const link = event.target.closest(".steps a");
    if (!link) return;
    event.preventDefault();
    show(new URL(link.href).searchParams.get("step"), true);
  });
  box.addEventListener("change", (event) => {
    if (event.target.id === "step") show(event.target.value, true);
  });
  box.addEventListener("submit", (event) => {
    event.preventDefault();
    show(box.querySelector("#step").value, true);
  });
  window.addEventListener("popstate", () => {
    show(new URL(location.href).searchParams.get("step") || "0", false);
  });
}

followTheTable();
zoomInPlace();
scrubWithoutReload();
