/// Value-stream maps' page templates (mustache; every value is HTML-escaped) and their stylesheet.
///
/// The pages need no script: a map is a set of lanes (its sections), each a horizontally scrolling track of sticker
/// cards (CSS scroll snapping, so a swipe stops on a card), with the lean ladder — waiting before a step on the
/// upper rung, its process time on the lower one — under an overview strip of every sticker as a small icon. An
/// editor's cards carry ‹ › and one-tap kind buttons as forms; where scripts run, `/static/vsm.js` adds a handle
/// to drag a card to another place (`ValueStreamScript`). Sticker colours and fonts come from the map's own small
/// stylesheet (`/vsm/maps/NAME/stickers.css`), as the pages' security policy allows no inline styles.
enum ValueStreamTemplates {
    static let all: [String: String] = [
        "vsm/index": index, "vsm/map": map, "vsm/sticker": sticker, "vsm/search": search,
    ]

    static let searchForm = """
        <form class="card vsm-search" method="get" action="/vsm/search" role="search">
          <label for="vsm-q">Find a map or a sticker</label>
          <div class="vsm-row"><input id="vsm-q" name="q" value="{{query}}" maxlength="200" placeholder="Any case, any accents"><button type="submit">Search</button></div>
        </form>
        """

    static let index = """
        <link rel="stylesheet" href="/static/vsm.css">
        {{#message}}<p class="card problem" role="alert" id="vsm-message">{{message}}</p>{{/message}}
        \(searchForm)
        <section class="card" id="maps">
          <h2>Maps, the last saved first</h2>
          {{#none}}<p class="muted">No maps yet.</p>{{/none}}
          <ul class="vsm-maps">
          {{#maps}}
            <li id="map-{{number}}"><a href="/vsm/maps/{{path}}"><strong>{{name}}</strong>
              <span class="tag">{{state}}</span>{{#futureOf}} <span class="muted">future of {{futureOf}}</span>{{/futureOf}}
              <span class="muted vsm-facts">lead time <span class="vsm-lead">{{lead}}</span> · PCE <span class="vsm-pce">{{pce}}</span> · {{stickers}} stickers · saved {{saved}}</span></a></li>
          {{/maps}}
          </ul>
        </section>
        {{#editor}}
        <form class="card" method="post" action="/vsm/maps" id="create-map">
          <h2>New map</h2>
          <input type="hidden" name="csrf" value="{{csrf}}">
          <label for="new-name">Name</label>
          <input id="new-name" name="name" required maxlength="120">
          <label for="new-description">What it shows</label>
          <input id="new-description" name="description" maxlength="2000">
          <label for="new-future">Future state of</label>
          <select id="new-future" name="future_of"><option value="">— a current state —</option>{{#currents}}<option>{{.}}</option>{{/currents}}</select>
          <button type="submit">Create the map</button>
        </form>
        {{/editor}}
        """

    static let map = """
        <link rel="stylesheet" href="/static/vsm.css">
        <link rel="stylesheet" href="/vsm/maps/{{path}}/stickers.css?v={{stamp}}">
        {{#message}}<p class="card problem" role="alert" id="vsm-message">{{message}}</p>{{/message}}
        <p class="vsm-head"><span class="tag">{{state}}</span>{{#futureOf}} future of <a href="/vsm/maps/{{futureOfPath}}">{{futureOf}}</a>{{/futureOf}} · saved {{saved}} · <a href="/vsm">all maps</a></p>
        {{#description}}<p>{{description}}</p>{{/description}}
        {{#hasOverview}}
        <section class="card vsm-overview" id="overview" aria-labelledby="overview-head">
          <h2 id="overview-head">Overview</h2>
          {{#overview}}
          <div class="vsm-ov-group">
            <span class="vsm-ov-name muted">{{name}}</span>
            <ol class="vsm-ov-icons">{{#icons}}<li><a class="vsm-icon vsm-s{{id}}" id="icon-{{id}}" href="#sticker-{{id}}" title="{{label}}" aria-label="{{label}}">{{id}}</a></li>{{/icons}}{{^icons}}<li class="vsm-ov-empty muted">–</li>{{/icons}}</ol>
          </div>
          {{/overview}}
        </section>
        {{/hasOverview}}
        <section class="card vsm-measures" id="measures" aria-label="Measures">
          <h2>Measures</h2>
          <dl class="facts">
            <dt>Lead time</dt><dd id="measure-lead">{{measures.lead}}</dd>
            <dt>Process time</dt><dd id="measure-process">{{measures.process}}</dd>
            <dt>Waiting</dt><dd id="measure-waiting">{{measures.waiting}}</dd>
            <dt>Value-added</dt><dd id="measure-value">{{measures.valueAdded}}</dd>
            <dt>Non-value-added</dt><dd>{{measures.nonValueAdded}}</dd>
            <dt>PCE</dt><dd id="measure-pce">{{measures.pce}}</dd>
            <dt>Rolled %C&amp;A</dt><dd id="measure-ca">{{measures.rolledCA}}</dd>
            <dt>Takt time</dt><dd id="measure-takt">{{measures.takt}}</dd>
            {{#measures.kinds}}<dt><span class="vsm-dot vsm-k-{{kind}}"></span>{{title}}</dt><dd>{{count}} · {{time}}</dd>{{/measures.kinds}}
          </dl>
          {{#comparison}}
          <p id="comparison">Against <a href="/vsm/maps/{{currentPath}}">{{current}}</a>: lead time {{leadChange}}, PCE {{pceChange}}, waste removed {{wasteRemoved}} ({{wasteCount}} stickers), waiting removed {{waitingRemoved}}</p>
          {{/comparison}}
        </section>
        <nav class="vsm-downloads" aria-label="Downloads">
          <a class="button secondary" id="download-json" href="/vsm/maps/{{path}}/export.json">JSON</a>
          <a class="button secondary" id="download-pdf" href="/vsm/maps/{{path}}/export.pdf">PDF</a>
          <a class="button secondary" id="download-svg" href="/vsm/maps/{{path}}/export.svg">SVG</a>
          <a class="button secondary" id="download-png" href="/vsm/maps/{{path}}/export.png">PNG</a>
        </nav>
        <div class="vsm-timeline" id="timeline"{{#editor}} data-drag="/vsm/maps/{{path}}/stickers/" data-csrf="{{csrf}}"{{/editor}}>
        {{#noSections}}<p class="card muted">No stickers yet{{#editor}}: add the first below{{/editor}}.</p>{{/noSections}}
        {{#sections}}
          <section class="vsm-lane" id="section-{{number}}" aria-labelledby="lane-{{number}}">
            <h2 class="vsm-lane-head" id="lane-{{number}}">{{name}} <span class="muted">lead {{lead}} · PCE {{pce}} · {{count}} stickers</span></h2>
            {{#empty}}<p class="muted">No stickers in this section.</p>{{/empty}}
            <ol class="vsm-track" data-section="{{name}}">
            {{#stickers}}
              <li class="vsm-step" id="sticker-{{id}}" data-sticker="{{id}}">
                <div class="vsm-wait" title="waiting before it">{{#hasWait}}wait {{wait}}{{/hasWait}}</div>
                <a class="vsm-card vsm-s{{id}}" href="/vsm/maps/{{path}}/stickers/{{id}}">
                  <span class="vsm-no">#{{id}} · {{kindTitle}}</span>
                  <span class="vsm-text">{{text}}</span>
                  <span class="vsm-on">{{process}}{{#ca}} · %C&amp;A {{ca}}{{/ca}}{{#inventory}} · {{inventory}} waiting{{/inventory}}</span>
                </a>
                <div class="vsm-process" title="process time">{{process}}</div>
                {{#editor}}
                <div class="vsm-moves">
                  {{#canLeft}}<form method="post" action="/vsm/maps/{{path}}/stickers/{{id}}/move"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="to" value="{{left}}"><button type="submit" id="left-{{id}}" aria-label="Move #{{id}} left">‹</button></form>{{/canLeft}}
                  <button type="button" class="vsm-drag" id="drag-{{id}}" hidden tabindex="-1" aria-hidden="true" title="Drag to move #{{id}}">⠿</button>
                  {{#canRight}}<form method="post" action="/vsm/maps/{{path}}/stickers/{{id}}/move"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="to" value="{{right}}"><button type="submit" id="right-{{id}}" aria-label="Move #{{id}} right">›</button></form>{{/canRight}}
                </div>
                <div class="vsm-kinds" role="group" aria-label="Kind of #{{id}}">
                  {{#kindButtons}}<form method="post" action="/vsm/maps/{{path}}/stickers/{{id}}/kind"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="kind" value="{{value}}"><button type="submit" class="vsm-kind vsm-kb-{{value}}{{#chosen}} chosen{{/chosen}}" id="kind-{{id}}-{{value}}" aria-pressed="{{pressed}}" aria-label="#{{id}} {{title}}" title="{{title}}">{{short}}</button></form>{{/kindButtons}}
                </div>
                {{/editor}}
              </li>
            {{/stickers}}
            </ol>
          </section>
        {{/sections}}
        </div>
        {{#editor}}<script src="/static/vsm.js"></script>{{/editor}}
        {{#editor}}
        <form class="card" method="post" action="/vsm/maps/{{path}}/stickers" id="add-sticker">
          <h2>Add a sticker</h2>
          <input type="hidden" name="csrf" value="{{csrf}}">
          <label for="sticker-text">Text</label>
          <textarea id="sticker-text" name="text" required maxlength="500" rows="2"></textarea>
          <label for="sticker-kind">Kind</label>
          <select id="sticker-kind" name="kind">{{#kinds}}<option value="{{value}}">{{title}}</option>{{/kinds}}</select>
          <label for="sticker-section">Section</label>
          <select id="sticker-section" name="section">{{#sectionNames}}<option{{#last}} selected{{/last}}>{{name}}</option>{{/sectionNames}}{{^sectionNames}}<option value="">Process (new)</option>{{/sectionNames}}</select>
          <div class="vsm-grid">
            <div><label for="sticker-process">Process time</label><input id="sticker-process" name="process" placeholder="5m, 1h30m" maxlength="40"></div>
            <div><label for="sticker-wait">Waiting before</label><input id="sticker-wait" name="wait" placeholder="2h" maxlength="40"></div>
            <div><label for="sticker-ca">%C&amp;A</label><input id="sticker-ca" name="ca" inputmode="decimal" placeholder="0–100" maxlength="10"></div>
            <div><label for="sticker-position">Position</label><input id="sticker-position" name="position" inputmode="numeric" placeholder="after the last" maxlength="6"></div>
          </div>
          <button type="submit">Add the sticker</button>
        </form>
        <section class="card" id="sections">
          <h2>Sections</h2>
          {{#sections}}
          <div class="vsm-section-edit" id="edit-section-{{number}}">
            <p><strong>{{number}}. {{name}}</strong></p>
            <form method="post" action="/vsm/maps/{{path}}/sections/rename" class="vsm-row">
              <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="section" value="{{name}}">
              <input name="name" aria-label="New name of {{name}}" value="{{name}}" maxlength="120" required>
              <button type="submit">Rename</button>
            </form>
            <div class="vsm-row">
              <form method="post" action="/vsm/maps/{{path}}/sections/move" class="vsm-row">
                <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="section" value="{{name}}">
                <input name="to" aria-label="New position of {{name}}" inputmode="numeric" value="{{number}}" maxlength="4">
                <button type="submit">Move</button>
              </form>
              <form method="post" action="/vsm/maps/{{path}}/sections/delete">
                <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="section" value="{{name}}">
                <button type="submit" class="danger">Remove with its stickers</button>
              </form>
            </div>
          </div>
          {{/sections}}
          <form method="post" action="/vsm/maps/{{path}}/sections" id="add-section">
            <input type="hidden" name="csrf" value="{{csrf}}">
            <label for="section-name">New section</label>
            <input id="section-name" name="name" required maxlength="120">
            <label for="section-position">Position</label>
            <input id="section-position" name="position" inputmode="numeric" placeholder="at the end" maxlength="4">
            <button type="submit">Add the section</button>
          </form>
        </section>
        <form class="card" method="post" action="/vsm/maps/{{path}}/settings" id="map-settings">
          <h2>The map</h2>
          <input type="hidden" name="csrf" value="{{csrf}}">
          <label for="map-name">Name</label>
          <input id="map-name" name="name" value="{{name}}" required maxlength="120">
          <label for="map-description">What it shows</label>
          <input id="map-description" name="description" value="{{description}}" maxlength="2000">
          <label for="map-demand">Demand per day</label>
          <input id="map-demand" name="demand" inputmode="decimal" value="{{demand}}" placeholder="pieces or orders">
          <label for="map-available">Working time per day</label>
          <input id="map-available" name="available" value="{{available}}" placeholder="7h30m" maxlength="40">
          <button type="submit">Save</button>
        </form>
        <section class="card" id="map-actions">
          <form method="post" action="/vsm/maps/{{path}}/duplicate">
            <input type="hidden" name="csrf" value="{{csrf}}">
            <label for="copy-name">Copy as</label>
            <input id="copy-name" name="name" required maxlength="120">
            {{^isFuture}}<label><input type="checkbox" name="future" value="1" class="vsm-check"> as its future state</label>{{/isFuture}}
            <button type="submit">Copy the map</button>
          </form>
          <form method="post" action="/vsm/maps/{{path}}/delete">
            <input type="hidden" name="csrf" value="{{csrf}}">
            <button type="submit" class="danger" id="delete-map">Delete the map</button>
          </form>
        </section>
        {{/editor}}
        """

    static let sticker = """
        <link rel="stylesheet" href="/static/vsm.css">
        <link rel="stylesheet" href="/vsm/maps/{{path}}/stickers.css?v={{stamp}}">
        {{#message}}<p class="card problem" role="alert" id="vsm-message">{{message}}</p>{{/message}}
        <p><a href="/vsm/maps/{{path}}#sticker-{{id}}">‹ {{map}}</a> · {{section}}, position {{position}}</p>
        <p class="vsm-card vsm-s{{id}} vsm-preview"><span class="vsm-no">#{{id}} · {{kindTitle}}</span><span class="vsm-text">{{text}}</span></p>
        {{#editor}}
        <form class="card" method="post" action="/vsm/maps/{{path}}/stickers/{{id}}" id="edit-sticker">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <label for="edit-text">Text</label>
          <textarea id="edit-text" name="text" required maxlength="500" rows="3">{{text}}</textarea>
          <label for="edit-kind">Kind</label>
          <select id="edit-kind" name="kind">{{#kinds}}<option value="{{value}}"{{#chosen}} selected{{/chosen}}>{{title}}</option>{{/kinds}}</select>
          <div class="vsm-grid">
            <div><label for="edit-process">Process time</label><input id="edit-process" name="process" value="{{process}}" maxlength="40"></div>
            <div><label for="edit-wait">Waiting before</label><input id="edit-wait" name="wait" value="{{wait}}" maxlength="40"></div>
            <div><label for="edit-ca">%C&amp;A</label><input id="edit-ca" name="ca" value="{{ca}}" inputmode="decimal" maxlength="10"></div>
            <div><label for="edit-inventory">Inventory</label><input id="edit-inventory" name="inventory" value="{{inventory}}" inputmode="numeric" maxlength="10"></div>
            <div><label for="edit-colour">Colour</label><input id="edit-colour" name="colour" value="{{colour}}" placeholder="the kind's" maxlength="20"></div>
            <div><label for="edit-size">Font size</label><select id="edit-size" name="size">{{#sizes}}<option value="{{value}}"{{#chosen}} selected{{/chosen}}>{{value}} pt</option>{{/sizes}}</select></div>
          </div>
          <label for="edit-font">Font</label>
          <select id="edit-font" name="font">{{#fonts}}<option{{#chosen}} selected{{/chosen}}>{{name}}</option>{{/fonts}}</select>
          <button type="submit">Save</button>
        </form>
        <form class="card" method="post" action="/vsm/maps/{{path}}/stickers/{{id}}/move" id="move-sticker">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <label for="move-section">Move to section</label>
          <select id="move-section" name="section">{{#sectionNames}}<option{{#chosen}} selected{{/chosen}}>{{name}}</option>{{/sectionNames}}</select>
          <label for="move-to">Position</label>
          <input id="move-to" name="to" inputmode="numeric" value="{{position}}" maxlength="6" required>
          <button type="submit">Move</button>
        </form>
        <form class="card" method="post" action="/vsm/maps/{{path}}/stickers/{{id}}/delete">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <button type="submit" class="danger" id="delete-sticker">Remove the sticker</button>
        </form>
        {{/editor}}
        """

    static let search = """
        <link rel="stylesheet" href="/static/vsm.css">
        \(searchForm)
        {{#searched}}
        <section class="card" id="results">
          <h2>Maps</h2>
          {{^maps}}<p class="muted">No map's name holds “{{query}}”.</p>{{/maps}}
          <ul class="vsm-maps">{{#maps}}<li><a href="/vsm/maps/{{path}}">{{name}}</a> <span class="tag">{{state}}</span></li>{{/maps}}</ul>
          <h2>Stickers</h2>
          {{^stickers}}<p class="muted">No sticker's text holds “{{query}}”.</p>{{/stickers}}
          <ul class="vsm-maps">{{#stickers}}<li class="vsm-found"><a href="/vsm/maps/{{path}}#sticker-{{id}}"><span class="vsm-dot vsm-k-{{kind}}"></span>{{text}}</a> <span class="muted">#{{id}} · {{map}} › {{section}}</span></li>{{/stickers}}</ul>
        </section>
        {{/searched}}
        """

    /// The stylesheet of the maps' pages (`/static/vsm.css`).
    static let stylesheet = """
        .vsm-row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
        .vsm-row input { flex: 1 1 8em; width: auto; }
        .vsm-row button { flex: 0 0 auto; }
        .vsm-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(9em, 1fr)); gap: 0 12px; }
        .vsm-maps { list-style: none; padding: 0; margin: 0; }
        .vsm-maps li { border-bottom: 1px solid var(--line); }
        .vsm-maps li:last-child { border-bottom: 0; }
        .vsm-maps a { display: block; min-height: 44px; padding: 10px 0; color: var(--ink); text-decoration: none; }
        .vsm-facts { display: block; font-size: .9rem; }
        .vsm-found a { display: inline-flex; align-items: center; gap: 6px; }
        .vsm-head { margin: 0 0 8px; }
        .vsm-downloads { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 12px; }
        .vsm-downloads .button.secondary { margin-left: 0; min-width: 64px; }
        .vsm-dot { display: inline-block; width: 12px; height: 12px; border-radius: 3px; margin-right: 6px;
          vertical-align: -1px; }
        .vsm-k-value { background: #4caf50; }
        .vsm-k-auxiliary { background: #ff9800; }
        .vsm-k-waste { background: #e53935; }
        .vsm-timeline { margin: 0 -12px 12px; }
        .vsm-lane { background: var(--surface); border-top: 1px solid var(--line); border-bottom: 1px solid var(--line);
          padding: 8px 0 4px; margin-bottom: 12px; }
        .vsm-lane-head { font-size: 1.05rem; margin: 0 12px 4px; }
        .vsm-lane-head .muted { font-size: .85rem; font-weight: 400; }
        .vsm-lane > p { margin: 4px 12px; }
        .vsm-track { display: flex; gap: 0; list-style: none; margin: 0; padding: 4px 12px 8px;
          overflow-x: auto; overscroll-behavior-x: contain; scroll-snap-type: x mandatory;
          scroll-padding: 0 12px; -webkit-overflow-scrolling: touch; touch-action: pan-x pan-y; }
        .vsm-step { flex: 0 0 auto; width: 168px; scroll-snap-align: start; display: flex; flex-direction: column;
          padding-right: 10px; }
        .vsm-wait { min-height: 24px; font-size: .85rem; color: var(--muted); border-top: 3px solid var(--muted);
          padding: 2px 4px 4px; white-space: nowrap; }
        .vsm-process { min-height: 24px; font-size: .85rem; font-weight: 600; border-bottom: 3px solid var(--ink);
          padding: 4px 4px 2px; white-space: nowrap; }
        .vsm-card { display: flex; flex-direction: column; gap: 4px; min-height: 112px; min-width: 44px;
          padding: 8px 10px; border-radius: 6px; text-decoration: none; color: #111;
          box-shadow: 0 1px 3px rgba(0, 0, 0, .25); overflow: hidden; overflow-wrap: anywhere; }
        .vsm-card:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        .vsm-no { font-size: .75rem; opacity: .85; }
        .vsm-text { flex: 1; line-height: 1.25; }
        .vsm-on { font-size: .8rem; opacity: .9; }
        .vsm-preview { max-width: 240px; margin: 0 0 12px; }
        .vsm-moves { display: flex; gap: 6px; margin-top: 6px; }
        .vsm-moves form { flex: 1; }
        .vsm-moves button { width: 100%; min-height: 44px; min-width: 44px; font-size: 1.3rem; margin: 0; }
        .vsm-moves .vsm-drag { flex: 1; width: auto; background: #fff; color: var(--ink);
          border: 1px dashed var(--muted); cursor: grab; touch-action: none; user-select: none; }
        .vsm-kinds { display: flex; gap: 6px; margin-top: 6px; }
        .vsm-kinds form { flex: 1; }
        .vsm-kinds button { width: 100%; min-height: 44px; min-width: 44px; margin: 0; padding: 0 2px;
          font-size: .8rem; font-weight: 600; color: #111; background: #fff; border: 3px solid; }
        .vsm-kinds .vsm-kb-value { border-color: #4caf50; }
        .vsm-kinds .vsm-kb-auxiliary { border-color: #ff9800; }
        .vsm-kinds .vsm-kb-waste { border-color: #e53935; }
        .vsm-kinds .chosen.vsm-kb-value { background: #4caf50; }
        .vsm-kinds .chosen.vsm-kb-auxiliary { background: #ff9800; }
        .vsm-kinds .chosen.vsm-kb-waste { background: #e53935; }
        .vsm-kinds .chosen { outline: 2px solid var(--ink); outline-offset: 1px; }
        .vsm-overview h2 { margin-top: 0; }
        .vsm-ov-group { display: inline-block; vertical-align: top; margin: 0 14px 8px 0; max-width: 100%; }
        .vsm-ov-name { display: block; font-size: .8rem; max-width: 16em; overflow: hidden; text-overflow: ellipsis;
          white-space: nowrap; }
        .vsm-ov-icons { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; margin: 2px 0 0; padding: 0; }
        .vsm-overview .vsm-icon { display: inline-flex; align-items: center; justify-content: center;
          min-width: 32px; height: 32px; padding: 0 4px; border-radius: 4px; text-decoration: none;
          font: 600 12px/1 system-ui, sans-serif; box-shadow: inset 0 0 0 1px rgba(0, 0, 0, .25); }
        .vsm-overview .vsm-icon:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        .vsm-ov-empty { height: 32px; display: inline-flex; align-items: center; }
        .vsm-step:target .vsm-card { outline: 3px solid var(--accent); outline-offset: 2px; }
        .vsm-step.vsm-dragging { opacity: .35; }
        .vsm-ghost { position: fixed; z-index: 10; width: 158px; pointer-events: none; opacity: .9;
          box-shadow: 0 6px 18px rgba(0, 0, 0, .35); }
        body.vsm-drag-active { user-select: none; -webkit-user-select: none; }
        body.vsm-drag-active .vsm-track { scroll-snap-type: none; }
        .vsm-section-edit { border-bottom: 1px solid var(--line); padding-bottom: 8px; margin-bottom: 8px; }
        .vsm-section-edit p { margin: 4px 0; }
        .vsm-section-edit button { margin-top: 8px; }
        label .vsm-check, input.vsm-check { width: 44px; height: 44px; min-height: 44px; margin: 0 8px 0 0;
          vertical-align: middle; }
        """
}
