/// The layout, the pages every domain shares, and the style sheet.
///
/// Phone first: one column, touch targets at least 44 px, text readable at 360 px without zooming; the menu is a tab
/// bar at the bottom of a phone's screen (one row: the role's most used pages and "More", a `<details>` that opens
/// without a script) and a row in the header of a wide one. Colours are variables, dark when the system is. No
/// JavaScript is needed for any page.
package enum PageTemplates {
    package static let common: [String: String] = [
        "layout": layout, "error": error, "login": login, "account": account,
    ]

    static let layout = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
        <meta name="color-scheme" content="light dark">
        {{#refresh}}<meta http-equiv="refresh" content="{{refresh}}">{{/refresh}}
        <title>{{title}} · Logbook</title>
        <meta name="theme-color" content="#0b5cad">
        <link rel="stylesheet" href="/static/app.css">
        <link rel="manifest" href="/manifest.webmanifest">
        <link rel="icon" href="/static/icon.svg" type="image/svg+xml">
        <link rel="apple-touch-icon" href="/static/icon-192.png">
        <script src="/static/offline.js" defer></script>
        </head>
        <body{{#user}} class="with-menu" data-user="{{name}}"{{/user}}>
        <header class="bar">
          <a class="brand" href="/">Logbook</a>
          {{#user}}
          <span class="who" id="signed-in">{{name}}</span>
          <nav class="menu" id="menu" aria-label="Menu">
            {{#tabs}}<a href="{{href}}"{{#current}} aria-current="page"{{/current}}>{{label}}</a>
            {{/tabs}}
            {{#hasMore}}<details class="more" id="more">
              <summary{{#moreCurrent}} class="current"{{/moreCurrent}}>More</summary>
              <div class="sheet">
                {{#more}}<a href="{{href}}"{{#current}} aria-current="page"{{/current}}>{{label}}</a>
                {{/more}}
                {{#links}}<a class="external" href="{{href}}" rel="noopener noreferrer" target="_blank">{{label}}</a>
                {{/links}}
              </div>
            </details>{{/hasMore}}
          </nav>
          {{/user}}
        </header>
        <main>
        <h1>{{title}}</h1>
        {{#user}}<section id="outbox" class="card outbox" hidden aria-live="polite"></section>{{/user}}
        {{{content}}}
        </main>
        {{#user}}
        <footer>
          <form method="post" action="/logout">
            <input type="hidden" name="csrf" value="{{csrf}}">
            <button class="link" type="submit">Log out</button>
          </form>
        </footer>
        {{/user}}
        </body>
        </html>
        """

    static let error = """
        <section class="card">
          <p class="big">{{status}}</p>
          <p id="error-message">{{message}}</p>
          {{#notFound}}<p>The page or entry does not exist, or it is not yours to see.</p>{{/notFound}}
          <p><a class="button" href="/">Back to the start</a></p>
        </section>
        """

    static let login = """
        <form class="card" method="post" action="/login">
          <input type="hidden" name="csrf" value="{{loginCSRF}}">
          <input type="hidden" name="next" value="{{next}}">
          {{#message}}<p class="problem" role="alert">{{message}}</p>{{/message}}
          <label for="name">User</label>
          <input id="name" name="name" autocomplete="username" required value="{{name}}">
          <label for="password">Password</label>
          <input id="password" name="password" type="password" autocomplete="current-password" required>
          <button type="submit">Log in</button>
        </form>
        """

    static let account = """
        <section class="card">
          <p>Signed in as <strong>{{name}}</strong> ({{role}}){{#vehicles}} · {{.}}{{/vehicles}}</p>
        </section>
        <form class="card" method="post" action="/account/password">
          <input type="hidden" name="csrf" value="{{csrf}}">
          {{#message}}<p class="{{kind}}" role="status">{{message}}</p>{{/message}}
          <label for="current">Current password</label>
          <input id="current" name="current" type="password" autocomplete="current-password" required>
          <label for="new">New password (at least 8 characters)</label>
          <input id="new" name="new" type="password" autocomplete="new-password" required minlength="8">
          <button type="submit">Change password</button>
        </form>
        """

    package static let stylesheet = """
        :root { color-scheme: light dark; --ink: #1b1f23; --muted: #5b6570; --line: #d7dce1; --accent: #0b5cad;
          --bg: #f5f7f9; --surface: #fff; --sunken: #eef2f5; --on-accent: #fff; --shadow: rgba(0, 0, 0, .2);
          --business: #0b6e4f; --private: #8a4b08; --commute: #4b3f9e; --problem: #a4161a;
          --note: #fff6b3; --note-line: #e0c200; --alert: #ffd6dc;
          --warn-ink: #7a4a00; --warn-line: #b26a00; --warn-bg: #fff4d6; }
        @media (prefers-color-scheme: dark) {
          :root { --ink: #e7eaee; --muted: #a3adb8; --line: #3b434c; --accent: #7cb8ff; --bg: #111417;
            --surface: #1b1f24; --sunken: #242a31; --on-accent: #0d1620; --shadow: rgba(0, 0, 0, .6);
            --business: #5fd3a0; --private: #f2a65a; --commute: #b3a6ff; --problem: #ff7b7b;
            --note: #3a3412; --note-line: #a08a00; --alert: #5a1f29;
            --warn-ink: #ffd28a; --warn-line: #d08a2a; --warn-bg: #3a2a10; }
        }
        * { box-sizing: border-box; }
        html { scroll-padding-bottom: calc(72px + env(safe-area-inset-bottom)); }
        body { margin: 0; font: 17px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
          color: var(--ink); background: var(--bg); }
        a { color: var(--accent); }
        .bar { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 4px 12px;
          background: var(--surface); border-bottom: 1px solid var(--line); }
        .brand { font-weight: 700; color: var(--ink); text-decoration: none; min-height: 44px;
          display: inline-flex; align-items: center; }
        .who { color: var(--muted); font-size: .9rem; min-width: 0; overflow: hidden; text-overflow: ellipsis;
          white-space: nowrap; }
        nav { display: flex; flex-wrap: wrap; gap: 4px; }
        nav a { display: inline-flex; align-items: center; min-height: 44px; padding: 0 10px;
          color: var(--accent); text-decoration: none; border-radius: 8px; }
        nav a:hover { background: var(--bg); }
        nav.menu { position: fixed; left: 0; right: 0; bottom: 0; z-index: 1000; flex-wrap: nowrap; gap: 0;
          background: var(--surface); border-top: 1px solid var(--line); box-shadow: 0 -2px 8px var(--shadow);
          padding: 0 env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left); }
        nav.menu > a, nav.menu > details { flex: 1 1 0; min-width: 0; }
        nav.menu > a, nav.menu summary { display: flex; align-items: center; justify-content: center; min-height: 56px;
          padding: 0 4px; border-radius: 0; font-size: .85rem; font-weight: 600; color: var(--muted);
          text-decoration: none; text-align: center; white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
          cursor: pointer; }
        nav.menu summary { list-style: none; }
        nav.menu summary::-webkit-details-marker { display: none; }
        nav.menu summary::after { content: "▴"; margin-left: 4px; }
        nav.menu details[open] summary::after { content: "▾"; }
        nav.menu > a[aria-current=page], nav.menu summary.current, nav.menu details[open] summary {
          color: var(--accent); box-shadow: inset 0 3px 0 var(--accent); }
        nav.menu .sheet { position: fixed; left: 8px; right: 8px; bottom: calc(64px + env(safe-area-inset-bottom));
          max-height: calc(100vh - 96px); overflow-y: auto; padding: 4px; background: var(--surface);
          border: 1px solid var(--line); border-radius: 12px; box-shadow: 0 8px 24px var(--shadow); }
        nav.menu .sheet a { display: flex; min-height: 48px; padding: 0 12px; }
        nav.menu .sheet a[aria-current=page] { font-weight: 700; background: var(--bg);
          box-shadow: inset 3px 0 0 var(--accent); }
        body.with-menu { padding-bottom: calc(64px + env(safe-area-inset-bottom)); }
        @media (min-width: 760px) {
          .bar { position: sticky; top: 0; z-index: 1000; justify-content: flex-start; }
          .who { order: 3; margin-left: auto; }
          nav.menu { position: static; flex: 0 1 auto; gap: 4px; padding: 0; background: none; border: 0;
            box-shadow: none; }
          nav.menu > a, nav.menu > details { flex: 0 0 auto; }
          nav.menu > details { position: relative; }
          nav.menu > a, nav.menu summary { min-height: 44px; padding: 0 10px; border-radius: 8px; font-size: 1rem;
            font-weight: 400; color: var(--accent); }
          nav.menu > a[aria-current=page], nav.menu summary.current, nav.menu details[open] summary {
            font-weight: 700; box-shadow: inset 0 -3px 0 var(--accent); }
          nav.menu .sheet { position: absolute; left: auto; right: 0; top: 100%; bottom: auto; min-width: 220px; }
          nav.menu summary::after { content: "▾"; }
          nav.menu details[open] summary::after { content: "▴"; }
          body.with-menu { padding-bottom: 0; }
          html { scroll-padding-bottom: 0; scroll-padding-top: 64px; }
        }
        main { max-width: 760px; margin: 0 auto; padding: 12px; }
        h1 { font-size: 1.5rem; margin: 8px 0 12px; }
        h2 { font-size: 1.15rem; margin: 16px 0 8px; }
        .card { background: var(--surface); border: 1px solid var(--line); border-radius: 12px; padding: 12px;
          margin: 0 0 12px; }
        label { display: block; margin: 10px 0 4px; color: var(--muted); }
        input, select, textarea { width: 100%; min-height: 44px; font: inherit; padding: 8px 10px;
          border: 1px solid var(--line); border-radius: 8px; color: var(--ink); background: var(--surface); }
        button, .button { display: inline-flex; align-items: center; justify-content: center; min-height: 44px;
          min-width: 44px; padding: 0 16px; margin-top: 12px; font: inherit; font-weight: 600; color: var(--on-accent);
          background: var(--accent); border: 0; border-radius: 8px; text-decoration: none; cursor: pointer; }
        button.link { background: none; color: var(--accent); padding: 0 8px; font-weight: 400; }
        .choices { display: flex; gap: 8px; flex-wrap: wrap; }
        .choices button { flex: 1 1 0; margin-top: 8px; background: var(--surface); color: var(--ink);
          border: 2px solid var(--line); }
        .choices button.chosen.business, .choices button.business:hover { border-color: var(--business); }
        .choices button.chosen { font-weight: 700; }
        .choices button.chosen.business { background: var(--business); color: var(--on-accent); }
        .choices button.chosen.private { background: var(--private); color: var(--on-accent); border-color: var(--private); }
        .choices button.chosen.commute { background: var(--commute); color: var(--on-accent); border-color: var(--commute); }
        .trip-head { display: flex; justify-content: space-between; gap: 8px; flex-wrap: wrap; }
        .trip-head a { font-weight: 600; color: var(--ink); }
        .muted { color: var(--muted); }
        .tag { display: inline-block; padding: 0 8px; border-radius: 999px; font-size: .85rem;
          border: 1px solid var(--line); }
        .tag.unclassified { border-color: var(--problem); color: var(--problem); }
        .tag.business { border-color: var(--business); color: var(--business); }
        .tag.private { border-color: var(--private); color: var(--private); }
        .tag.commute { border-color: var(--commute); color: var(--commute); }
        .problem { color: var(--problem); font-weight: 600; }
        .ok { color: var(--business); font-weight: 600; }
        .big { font-size: 3rem; font-weight: 700; margin: 0; }
        .periods { display: flex; gap: 8px; flex-wrap: wrap; margin-bottom: 12px; }
        .periods a { display: inline-flex; align-items: center; min-height: 44px; padding: 0 12px;
          border: 1px solid var(--line); border-radius: 999px; background: var(--surface); color: var(--ink);
          text-decoration: none; }
        .periods a.current { background: var(--accent); color: var(--on-accent); border-color: var(--accent); }
        .actions { display: flex; gap: 8px; flex-wrap: wrap; margin-bottom: 12px; }
        .actions a { display: inline-flex; align-items: center; min-height: 44px; padding: 0 12px;
          border-radius: 8px; background: var(--surface); border: 1px solid var(--accent); color: var(--accent);
          text-decoration: none; font-weight: 600; }
        .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 0 8px; }
        .pair > div { min-width: 0; }
        button.secondary { background: var(--surface); color: var(--accent); border: 1px solid var(--line); }
        .report-row { display: flex; flex-wrap: wrap; align-items: center; gap: 0 8px; }
        .report-row span { flex: 1 1 100%; font-weight: 600; margin-top: 8px; }
        .report-row .button.secondary { margin-left: 0; margin-top: 4px; }
        .row-actions { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
        .row-actions .button, .row-actions button { margin-top: 0; }
        #clear-regular { margin: 0 0 4px; }
        .facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0; }
        .facts dt { color: var(--muted); }
        .facts dd { margin: 0; }
        svg.route { display: block; width: 100%; height: auto; max-height: 440px; background: var(--sunken); border-radius: 8px; }
        svg.route polyline { fill: none; stroke: var(--accent); stroke-width: 3; stroke-linejoin: round;
          vector-effect: non-scaling-stroke; }
        svg.route circle.start { fill: var(--business); }
        svg.route circle.end { fill: var(--problem); }
        .route-view { position: relative; }
        .route-map { position: absolute; inset: 0; z-index: 0; border-radius: 8px; opacity: 0; pointer-events: none; }
        .route-view.map-shown .route-map { opacity: 1; pointer-events: auto; }
        .route-map.leaflet-container .leaflet-bar a { width: 44px; height: 44px; line-height: 44px; }
        .route-map.leaflet-container .leaflet-control-attribution { font-size: 12px; color: #333; }
        .route-map.leaflet-container .leaflet-control-attribution a { color: #0b5cad; }
        .speedometer { text-align: center; }
        .speedometer .value { font-size: 5rem; font-weight: 800; line-height: 1; }
        table { width: 100%; border-collapse: collapse; }
        th, td { text-align: left; padding: 8px 4px; border-bottom: 1px solid var(--line); vertical-align: top; }
        td:last-child, td.wrap { overflow-wrap: anywhere; }
        .button.secondary { background: var(--surface); color: var(--accent); border: 1px solid var(--line); margin-left: 8px; }
        button.danger { background: var(--problem); }
        .field-error { margin: 4px 0 0; }
        input[aria-invalid=true] { border-color: var(--problem); }
        .tag.open { border-color: var(--business); color: var(--business); }
        .tag.submitted { border-color: var(--commute); color: var(--commute); }
        .tag.locked { border-color: var(--problem); color: var(--problem); }
        .days { padding: 0 12px; }
        .day { padding: 8px 0; border-bottom: 1px solid var(--line); }
        .day:last-child { border-bottom: 0; }
        .day.empty { color: var(--muted); padding: 4px 0; }
        .day-head { display: flex; justify-content: space-between; gap: 8px; font-weight: 600; }
        .day.empty .day-head { font-weight: 400; }
        a.shift { display: flex; flex-wrap: wrap; align-items: center; gap: 2px 12px; min-height: 44px;
          margin: 4px 0; padding: 6px 10px; border: 1px solid var(--line); border-radius: 8px; color: var(--ink);
          text-decoration: none; background: var(--bg); }
        a.shift .times { font-weight: 700; }
        a.shift .message { flex-basis: 100%; overflow-wrap: anywhere; }
        .clock h2 { margin-top: 0; }
        #links button.link { white-space: nowrap; }
        .clock .choices form { flex: 1 1 0; }
        .clock .choices button { width: 100%; }
        #period-actions form { display: inline-block; margin-right: 8px; }
        nav a.external::after { content: " ↗"; }
        [hidden] { display: none !important; }
        code.wrap, dd.wrap { overflow-wrap: anywhere; word-break: break-all; }
        .app { margin: 12px 0; }
        .app code { display: block; margin-top: 2px; }
        td.actions { overflow-wrap: normal; white-space: nowrap; }
        figure.qr { margin: 12px 0; text-align: center; }
        figure.qr svg { width: 100%; max-width: 280px; height: auto; }
        .recorder .choices button { flex: 1 1 0; min-height: 64px; font-size: 1.3rem; }
        .recorder .reading { font-size: 2rem; font-weight: 700; margin: 0; }
        .outbox { border-color: var(--accent); }
        .outbox h2 { margin-top: 0; }
        .outbox-list { list-style: none; margin: 0; padding: 0; }
        .outbox-entry { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; padding: 6px 0;
          border-bottom: 1px solid var(--line); }
        .outbox-entry > span:first-child { flex: 1 1 100%; }
        .outbox-entry .button, .outbox-entry button { margin-top: 0; margin-left: 0; }
        footer { max-width: 760px; margin: 0 auto; padding: 0 12px 24px; }
        @media (min-width: 900px) { main, footer { max-width: 960px; } }
        """
}
