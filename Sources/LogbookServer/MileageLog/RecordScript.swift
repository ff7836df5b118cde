/// The script of "Record a trip": the Geolocation API's positions, posted one by one to `/ingest/osmand` with the
/// page's device token (a form body, speeds in m/s, times in milliseconds), exactly as an app would. Positions wait
/// in `localStorage` while there is no network (or the server refuses for a while) and go in order when it is back;
/// a reload goes on recording. The screen is kept on (Wake Lock) where the browser can.
enum RecordScript {
    static let source = #"""
        "use strict";
        (function () {
          const box = document.getElementById("recorder");
          if (!box) return;
          const KEY = "logbook.recording";
          const csrf = box.dataset.csrf;
          const $ = (id) => document.getElementById(id);
          const vehicle = $("record-vehicle"), startButton = $("record-start"), stopButton = $("record-stop");
          let state = null;
          try { state = JSON.parse(localStorage.getItem(KEY) || "null"); } catch (e) { state = null; }
          let watch = null, ticker = null, wakeLock = null, sending = false;

          function save() { localStorage.setItem(KEY, JSON.stringify(state)); }
          function say(text) { $("record-status").textContent = text; }

          function render() {
            const recording = state && !state.stopped;
            startButton.hidden = !!recording;
            stopButton.hidden = !recording;
            vehicle.disabled = !!recording;
            if (!state) return;
            if (state.vehicle) vehicle.value = state.vehicle;
            const seconds = Math.max(0, Math.round(((state.stopped || Date.now()) - state.started) / 1000));
            const h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
            $("record-time").textContent =
              (h ? h + ":" + String(m).padStart(2, "0") : String(m)) + ":" + String(s).padStart(2, "0");
            $("record-distance").textContent = (state.distance / 1000).toFixed(2) + " km";
            $("record-sent").textContent =
              state.sent + " sent" + (state.queue.length ? " · " + state.queue.length + " waiting" : "");
          }

          // Metres between two positions on a sphere of the Earth's mean radius: the page's estimate only.
          function metres(a, b) {
            const r = 6371008.8, rad = Math.PI / 180;
            const dLat = (b.lat - a.lat) * rad, dLon = (b.lon - a.lon) * rad;
            const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
            return 2 * r * Math.asin(Math.min(1, Math.sqrt(h)));
          }

          function onPosition(position) {
            if (!state || state.stopped) return;
            const c = position.coords;
            const point = { t: position.timestamp, lat: c.latitude, lon: c.longitude, acc: c.accuracy,
                            spd: c.speed, hdg: c.heading, alt: c.altitude };
            if (state.last && point.t <= state.last.t) return;
            if (c.accuracy <= 50) {
              if (state.last) {
                const d = metres(state.last, point);
                if (d > Math.max(5, c.accuracy / 2)) { state.distance += d; state.last = point; }
              } else {
                state.last = point;
              }
            }
            state.queue.push(point);
            save();
            say("Recording " + state.vehicle + ".");
            render();
            send();
          }

          function onError(error) {
            say(error.code === 1 ? "The browser may not give this page positions: allow location for this site."
                                 : "No position yet: " + error.message);
          }

          async function send() {
            if (sending || !state || !state.queue.length) return;
            sending = true;
            try {
              while (state.queue.length) {
                const p = state.queue[0];
                const body = new URLSearchParams({ id: state.token, lat: p.lat, lon: p.lon, timestamp: p.t });
                if (p.acc != null) body.set("accuracy", p.acc);
                if (p.spd != null && p.spd >= 0) body.set("speed", p.spd);
                if (p.hdg != null && !Number.isNaN(p.hdg)) body.set("bearing", p.hdg);
                if (p.alt != null) body.set("altitude", p.alt);
                const answer = await fetch("/ingest/osmand", { method: "POST", body: body });
                if (answer.ok || answer.status === 400) {
                  // 400: the server will never take this one (it says which field); the others go on.
                  state.queue.shift();
                  if (answer.ok) state.sent += 1;
                  save();
                } else {
                  if (answer.status === 401) say("The server no longer takes this recording's positions.");
                  break;
                }
              }
            } catch (e) {
              say("No network: " + state.queue.length + " positions wait on this phone.");
            } finally {
              sending = false;
              render();
            }
          }

          function follow() {
            if (!("geolocation" in navigator)) { say("This browser cannot give positions."); return; }
            watch = navigator.geolocation.watchPosition(onPosition, onError,
              { enableHighAccuracy: true, maximumAge: 0, timeout: 60000 });
            ticker = setInterval(render, 1000);
            if (navigator.wakeLock) navigator.wakeLock.request("screen").then((l) => { wakeLock = l; }, () => {});
            render();
          }

          async function start() {
            say("Starting…");
            startButton.disabled = true;
            try {
              const answer = await fetch("/record/start", {
                method: "POST", credentials: "same-origin",
                body: new URLSearchParams({ csrf: csrf, vehicle: vehicle.value }) });
              const json = await answer.json().catch(() => ({}));
              if (!answer.ok) {
                say((json.error && json.error.message) || "The recording could not start.");
                return;
              }
              state = { token: json.token, device: json.device, vehicle: json.vehicle, started: Date.now(),
                        stopped: null, distance: 0, last: null, queue: [], sent: 0 };
              save();
              say("Waiting for the first position…");
              follow();
            } catch (e) {
              say("No network: the recording needs the server to start.");
            } finally {
              startButton.disabled = false;
            }
          }

          function stop() {
            if (watch !== null) navigator.geolocation.clearWatch(watch);
            watch = null;
            if (ticker !== null) clearInterval(ticker);
            ticker = null;
            if (wakeLock) wakeLock.release().catch(() => {});
            wakeLock = null;
            if (!state) return;
            state.stopped = Date.now();
            save();
            say("Stopped. The trip is in Trips once the server has seen the car stand for five minutes.");
            render();
            send();
          }

          startButton.addEventListener("click", start);
          stopButton.addEventListener("click", stop);
          window.addEventListener("online", send);
          setInterval(send, 10000);
          if (state && !state.stopped) { say("Recording " + state.vehicle + "."); follow(); send(); }
          else { render(); send(); }
        })();
        """#
}
