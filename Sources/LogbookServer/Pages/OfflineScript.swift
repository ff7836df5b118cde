/// The pages' offline queue (`/static/offline.js`, issue 29 §3). What people enter on the road without network —
/// shifts and the clock, roofing lines and quantities, checklist marks and to-dos, trips added by hand and trip
/// classifications — is kept in the browser's IndexedDB with a fresh idempotency key, listed on every page as
/// "waiting to send", and sent in the order it was entered when the network returns (the `online` event, each page
/// load, every 20 s). The server applies each key once (`IdempotencyMiddleware`), so a send whose answer was lost is
/// sent again safely. A change the server's rules refuse stays in the list with the server's own words until the user
/// dismisses it. Entries are the signed-in user's: they are sent only in a session of the same user, with that
/// session's CSRF token (`/session.json`). Online, the forms post as always (no script needed).
///
/// It also registers the service worker (`/sw.js`) and forgets the pages it cached when another user signs in or
/// this one logs out.
enum OfflineScript {
    static let source = #"""
        "use strict";
        (function () {
          const DB_NAME = "logbook-offline", STORE = "queue", PAGES = "logbook-pages";
          // The forms whose changes may wait for the network, by the address they post to.
          // The forms whose changes may wait for the network, by the address they post to, with the fields that
          // say which change it is in the waiting list.
          const QUEUED = [
            [/^\/hours\/shifts\/new$/, "New shift", ["date", "start", "end"]],
            [/^\/hours\/shifts\/\d+$/, "Shift change", ["date", "start", "end"]],
            [/^\/hours\/clock\/(start|pause|resume|stop)$/, "Clock", ["at"]],
            [/^\/roofing\/projects\/[^/]+\/lines$/, "Roofing line", ["pos", "quantity"]],
            [/^\/roofing\/projects\/[^/]+\/lines\/\d+$/, "Quantity", ["quantity"]],
            [/^\/roofing\/projects\/[^/]+\/hours$/, "Roofing hours", []],
            [/^\/checklists\/shifts\/\d+\/mark$/, "Checklist mark", ["path", "state"]],
            [/^\/checklists\/shifts\/\d+\/todos(\/\d+)?$/, "To-do", ["task"]],
            [/^\/trips\/new$/, "Trip added by hand", ["date", "distance", "purpose"]],
            [/^\/trips\/\d+$/, "Trip classification", ["category", "purpose"]],
          ];
          // The signed-in user of this page; the offline page (no session) shows the last one's entries.
          const pageUser = document.body ? document.body.dataset.user || "" : "";
          const user = pageUser || localStorage.getItem("logbook.user") || "";
          let flushing = false;

          function queued(path) {
            for (const [pattern, label, shown] of QUEUED) if (pattern.test(path)) return { label, shown };
            return null;
          }

          function newKey() {
            if (crypto.randomUUID) return crypto.randomUUID();
            const bytes = crypto.getRandomValues(new Uint8Array(16));
            return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
          }

          function database() {
            return new Promise((resolve, reject) => {
              const request = indexedDB.open(DB_NAME, 1);
              request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
              request.onsuccess = () => resolve(request.result);
              request.onerror = () => reject(request.error);
            });
          }

          async function transaction(mode, work) {
            const db = await database();
            return new Promise((resolve, reject) => {
              const tx = db.transaction(STORE, mode);
              const result = work(tx.objectStore(STORE));
              tx.oncomplete = () => { db.close(); resolve(result && "result" in result ? result.result : undefined); };
              tx.onerror = () => { db.close(); reject(tx.error); };
            });
          }

          const entries = async () =>
            ((await transaction("readonly", (store) => store.getAll())) || []).sort((a, b) => a.order - b.order);
          const save = (entry) => transaction("readwrite", (store) => store.put(entry));
          const remove = (key) => transaction("readwrite", (store) => store.delete(key));

          function clockTime(date) {
            return String(date.getHours()).padStart(2, "0") + ":" + String(date.getMinutes()).padStart(2, "0");
          }

          // Offline, a queued form's change is kept on the phone instead of being posted.
          document.addEventListener("submit", async (event) => {
            const form = event.target;
            if (!(form instanceof HTMLFormElement) || (form.method || "").toLowerCase() !== "post") return;
            const url = new URL(form.action, location.href);
            if (url.origin !== location.origin) return;
            if (url.pathname === "/logout") { forgetPages(); return; }
            if (navigator.onLine || form.enctype === "multipart/form-data") return;
            const kind = queued(url.pathname);
            if (!kind) return;
            event.preventDefault();
            const now = new Date();
            const fields = [];
            for (const [name, value] of new FormData(form, event.submitter || undefined)) {
              if (typeof value === "string" && name !== "csrf") fields.push([name, value]);
            }
            // The clock's buttons mean "now": the time of the tap, not of the send.
            if (/^\/hours\/clock\//.test(url.pathname) && !fields.some(([name]) => name === "at")) {
              fields.push(["at", clockTime(now)]);
            }
            const action = /^\/hours\/clock\/(\w+)/.exec(url.pathname);
            const values = kind.shown.map((name) => (fields.find(([field]) => field === name) || [])[1])
              .filter((value) => value && value.trim().length > 0);
            const label = (action ? kind.label + " " + action[1] : kind.label) + (values.length ? ": " + values.join(", ") : "");
            await save({
              key: newKey(), url: url.pathname + url.search, label,
              fields, page: location.pathname + location.search, user, created: now.toISOString(),
              order: now.getTime() + Math.random(), state: "waiting", message: "",
            });
            await render("Saved on this phone: it is sent when the network is back.");
          }, true);

          function refusal(html, status) {
            const page = new DOMParser().parseFromString(html, "text/html");
            const words = Array.from(page.querySelectorAll("main [role=alert], main .field-error, #error-message"))
              .map((node) => node.textContent.trim()).filter((text) => text.length > 0);
            return words.length > 0 ? Array.from(new Set(words)).join(" · ") : "refused by the server (" + status + ")";
          }

          async function session() {
            const answer = await fetch("/session.json", {
              credentials: "same-origin", redirect: "manual", headers: { Accept: "application/json" },
            });
            if (answer.type === "opaqueredirect" || !answer.ok) return null;
            return answer.json();
          }

          async function flush() {
            if (flushing || !navigator.onLine) return;
            flushing = true;
            let sent = 0, note = "";
            try {
              const waiting = (await entries()).filter((entry) => entry.state === "waiting");
              if (waiting.length === 0) return;
              const current = await session();
              if (!current) { note = "Sign in to send what is waiting."; return; }
              for (const entry of waiting) {
                if (entry.user !== current.user) { note = "Some entries wait for " + entry.user + " to sign in."; continue; }
                const body = new URLSearchParams(entry.fields);
                body.set("csrf", current.csrf);
                body.set("idempotency_key", entry.key);
                let answer;
                try {
                  answer = await fetch(entry.url, { method: "POST", body, credentials: "same-origin" });
                } catch (error) {
                  break; // no network after all: everything stays waiting
                }
                if (answer.redirected && new URL(answer.url).pathname === "/login") { note = "Sign in to send what is waiting."; break; }
                if (answer.ok) {
                  await remove(entry.key);
                  sent += 1;
                } else if (answer.status >= 400 && answer.status < 500 && answer.status !== 408 && answer.status !== 429) {
                  entry.state = "refused";
                  entry.message = refusal(await answer.text(), answer.status);
                  await save(entry);
                } else {
                  break; // the server is busy or failing: try again later, in the same order
                }
              }
            } catch (error) {
              note = "Could not send yet: " + error.message;
            } finally {
              flushing = false;
              if (sent > 0) note = sent === 1 ? "1 change sent." : sent + " changes sent.";
              await render(note, sent > 0);
            }
          }

          async function render(note, reloadOffer) {
            const box = document.getElementById("outbox");
            if (!box) return;
            const list = (await entries()).filter((entry) => entry.user === user);
            box.replaceChildren();
            box.hidden = list.length === 0 && !note;
            if (box.hidden) return;
            const waiting = list.filter((entry) => entry.state === "waiting").length;
            const refused = list.length - waiting;
            const head = document.createElement("h2");
            head.textContent = waiting > 0 ? "Waiting to send: " + waiting : refused > 0 ? "Refused by the server: " + refused : "Sent";
            if (waiting > 0 || list.length > 0) box.append(head);
            if (note) {
              const line = document.createElement("p");
              line.className = "muted";
              line.id = "outbox-note";
              line.textContent = note;
              box.append(line);
            }
            const items = document.createElement("ul");
            items.className = "outbox-list";
            for (const entry of list) {
              const item = document.createElement("li");
              item.className = "outbox-entry " + entry.state;
              item.dataset.key = entry.key;
              const what = document.createElement("span");
              what.textContent = entry.label + " · " + new Date(entry.created).toLocaleString();
              const state = document.createElement("span");
              state.className = entry.state === "refused" ? "problem" : "tag";
              state.textContent = entry.state === "refused" ? "Refused: " + entry.message : "waiting to send";
              item.append(what, state);
              if (entry.state === "refused") {
                const open = document.createElement("a");
                open.href = entry.page;
                open.className = "button secondary";
                open.textContent = "Open";
                const dismiss = document.createElement("button");
                dismiss.type = "button";
                dismiss.className = "secondary";
                dismiss.textContent = "Dismiss";
                dismiss.addEventListener("click", async () => { await remove(entry.key); await render(); });
                item.append(open, dismiss);
              }
              items.append(item);
            }
            if (list.length > 0) box.append(items);
            if (waiting > 0 && navigator.onLine) {
              const send = document.createElement("button");
              send.type = "button";
              send.id = "outbox-send";
              send.textContent = "Send now";
              send.addEventListener("click", flush);
              box.append(send);
            }
            if (reloadOffer) {
              const reload = document.createElement("a");
              reload.href = location.href;
              reload.className = "button secondary";
              reload.id = "outbox-reload";
              reload.textContent = "Show the page as the server has it";
              box.append(reload);
            }
          }

          function forgetPages() {
            if ("caches" in window) caches.delete(PAGES);
          }

          // Another user's pages are not kept for this one.
          if (pageUser && localStorage.getItem("logbook.user") !== pageUser) {
            forgetPages();
            localStorage.setItem("logbook.user", pageUser);
          }
          if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
          window.addEventListener("online", flush);
          window.addEventListener("offline", () => render());
          setInterval(flush, 20000);
          render().then(flush);
        })();
        """#

    /// The service worker: the pages' shell (style sheet, this script, icons, manifest and the offline page) cached
    /// at install; pages network-first, each page opened kept (at most `pageLimit`) so that it opens, with its forms,
    /// without network; the offline page for the rest. Nothing from `/api/`, `/ingest/` or `/session.json` is cached;
    /// posts always go to the network. `version` changes with the shell, so a new server's shell replaces the old.
    static func serviceWorker(version: String) -> String {
        #"""
        "use strict";
        const SHELL = "logbook-shell-\#(version)", PAGES = "logbook-pages", PAGE_LIMIT = 40;
        const SHELL_FILES = ["/static/app.css", "/static/offline.js", "/offline", "/manifest.webmanifest",
          "/static/icon.svg", "/static/icon-192.png", "/static/icon-512.png"];

        self.addEventListener("install", (event) => {
          event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
        });

        self.addEventListener("activate", (event) => {
          event.waitUntil(caches.keys()
            .then((names) => Promise.all(names
              .filter((name) => name.startsWith("logbook-shell-") && name !== SHELL)
              .map((name) => caches.delete(name))))
            .then(() => self.clients.claim()));
        });

        async function keepPage(request, response) {
          const cache = await caches.open(PAGES);
          await cache.put(request, response);
          const keys = await cache.keys();
          for (const old of keys.slice(0, Math.max(0, keys.length - PAGE_LIMIT))) await cache.delete(old);
        }

        async function page(request) {
          try {
            const response = await fetch(request);
            const type = response.headers.get("Content-Type") || "";
            // The login's page holds a one-time token and nothing to read offline: never kept.
            if (response.ok && !response.redirected && type.startsWith("text/html") && new URL(request.url).pathname !== "/login") {
              await keepPage(request, response.clone());
            }
            return response;
          } catch (error) {
            return (await caches.match(request, { cacheName: PAGES, ignoreSearch: false }))
              || (await caches.match("/offline", { cacheName: SHELL }))
              || Response.error();
          }
        }

        async function shell(request) {
          const cached = await caches.match(request, { cacheName: SHELL });
          if (cached) return cached;
          return fetch(request);
        }

        self.addEventListener("fetch", (event) => {
          const request = event.request;
          const url = new URL(request.url);
          if (request.method !== "GET" || url.origin !== self.location.origin) return;
          if (/^\/(api|ingest)\//.test(url.pathname) || url.pathname === "/session.json" || url.pathname === "/sw.js") return;
          if (SHELL_FILES.includes(url.pathname)) { event.respondWith(shell(request)); return; }
          if (request.mode === "navigate") event.respondWith(page(request));
        });

        self.addEventListener("message", (event) => {
          if (event.data === "logout") event.waitUntil(caches.delete(PAGES));
        });
        """#
    }
}
