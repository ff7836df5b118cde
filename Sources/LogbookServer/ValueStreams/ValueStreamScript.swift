/// The map page's script (`/static/vsm.js`, served as a file: the pages' policy runs no inline script): drag a
/// sticker card by its handle (⠿) to another place in its lane or into another lane; the cards make room as it
/// moves, a lane scrolls when the card nears its edge, and on release the move is posted to the page's own move
/// route (`POST /vsm/maps/NAME/stickers/ID/move` with `to` and `section`, the CSRF token) as a form, so the answer
/// (the map, or a refusal said on it) is the page's. Pointer events serve mouse, pen and touch alike; Escape, or a
/// cancelled touch, puts the card back. Without the script the handles stay hidden and ‹ › move cards as before.
enum ValueStreamScript {
    static let source = #"""
        "use strict";
        (function () {
          const timeline = document.getElementById("timeline");
          if (!timeline || !timeline.dataset.drag) return;
          const base = timeline.dataset.drag, csrf = timeline.dataset.csrf;
          let drag = null;

          const steps = (track) => Array.from(track.querySelectorAll(":scope > .vsm-step"));
          const trackAt = (x, y) => {
            const hit = document.elementFromPoint(x, y);
            const lane = hit && hit.closest(".vsm-lane");
            return lane && timeline.contains(lane) ? lane.querySelector(".vsm-track") : null;
          };

          function place(x, y) {
            const track = trackAt(x, y);
            if (!track) return;
            const others = steps(track).filter((s) => s !== drag.step);
            const before = others.find((s) => {
              const r = s.getBoundingClientRect();
              return x < r.left + r.width / 2;
            }) || null;
            if (drag.step.parentNode !== track || drag.step.nextElementSibling !== before) {
              track.insertBefore(drag.step, before);
            }
            drag.track = track;
          }

          function follow(x, y) {
            drag.x = x;
            drag.y = y;
            drag.ghost.style.left = (x - drag.offsetX) + "px";
            drag.ghost.style.top = (y - drag.offsetY) + "px";
            place(x, y);
          }

          // Near a lane's edge the lane scrolls; near the window's top or bottom the page does.
          function scroll() {
            if (!drag) return;
            const track = drag.track, r = track.getBoundingClientRect(), edge = 40;
            if (drag.x < r.left + edge) track.scrollLeft -= 8;
            else if (drag.x > r.right - edge) track.scrollLeft += 8;
            if (drag.y < 60) window.scrollBy(0, -8);
            else if (drag.y > window.innerHeight - 60) window.scrollBy(0, 8);
            place(drag.x, drag.y);
            drag.frame = requestAnimationFrame(scroll);
          }

          function start(event) {
            if (drag || (event.pointerType === "mouse" && event.button !== 0)) return;
            const handle = event.currentTarget, step = handle.closest(".vsm-step");
            const card = step.querySelector(".vsm-card");
            event.preventDefault();
            // The timeline holds the pointer: the card itself moves in the page as it is dragged.
            timeline.setPointerCapture(event.pointerId);
            const r = card.getBoundingClientRect();
            const ghost = card.cloneNode(true);
            ghost.removeAttribute("href");
            ghost.classList.add("vsm-ghost");
            ghost.setAttribute("aria-hidden", "true");
            document.body.appendChild(ghost);
            drag = {
              step, ghost, pointer: event.pointerId, track: step.parentNode,
              from: { track: step.parentNode, next: step.nextElementSibling },
              offsetX: Math.min(event.clientX - r.left, r.width), offsetY: Math.min(event.clientY - r.top, 40),
              x: event.clientX, y: event.clientY, frame: 0,
            };
            step.classList.add("vsm-dragging");
            document.body.classList.add("vsm-drag-active");
            follow(event.clientX, event.clientY);
            drag.frame = requestAnimationFrame(scroll);
          }

          function finish(commit) {
            if (!drag) return;
            const d = drag;
            drag = null;
            cancelAnimationFrame(d.frame);
            d.ghost.remove();
            d.step.classList.remove("vsm-dragging");
            document.body.classList.remove("vsm-drag-active");
            try { timeline.releasePointerCapture(d.pointer); } catch (e) { /* already released */ }
            const moved = d.step.parentNode !== d.from.track || d.step.nextElementSibling !== d.from.next;
            if (!commit || !moved) {
              d.from.track.insertBefore(d.step, d.from.next);
              return;
            }
            const track = d.step.parentNode;
            const form = document.createElement("form");
            form.method = "post";
            form.action = base + encodeURIComponent(d.step.dataset.sticker) + "/move";
            const fields = { csrf, to: String(steps(track).indexOf(d.step) + 1), section: track.dataset.section };
            for (const [name, value] of Object.entries(fields)) {
              const input = document.createElement("input");
              input.type = "hidden";
              input.name = name;
              input.value = value;
              form.appendChild(input);
            }
            document.body.appendChild(form);
            d.step.setAttribute("aria-busy", "true");
            form.submit();
          }

          for (const handle of timeline.querySelectorAll(".vsm-drag")) {
            handle.hidden = false;
            handle.addEventListener("pointerdown", start);
            handle.addEventListener("click", (event) => event.preventDefault());
          }
          timeline.addEventListener("pointermove", (event) => {
            if (drag && event.pointerId === drag.pointer) follow(event.clientX, event.clientY);
          });
          timeline.addEventListener("pointerup", (event) => {
            if (drag && event.pointerId === drag.pointer) {
              follow(event.clientX, event.clientY);
              finish(true);
            }
          });
          timeline.addEventListener("pointercancel", () => finish(false));
          timeline.addEventListener("lostpointercapture", () => finish(false));
          document.addEventListener("keydown", (event) => {
            if (event.key === "Escape") finish(false);
          });
        })();
        """#
}
