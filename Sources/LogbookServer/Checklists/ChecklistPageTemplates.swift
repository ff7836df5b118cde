/// The checklist pages' templates (mustache; `{{x}}` is HTML-escaped, `{{{x}}}` only for the server's own SVG),
/// their stylesheet and the small script that sounds due reminders.
enum ChecklistPageTemplates {
    static let all: [String: String] = [
        "checklists/index": index, "checklists/shift": shift, "checklists/archive": archive,
        "checklists/stats": stats, "checklists/templates": templates,
    ]

    static let head = """
        <link rel="stylesheet" href="/static/checklists.css">
        <nav class="periods" aria-label="Checklists">
          <a href="/checklists">Shifts</a><a href="/checklists/archive">Archive</a><a href="/checklists/stats">Statistics</a>
        </nav>
        """

    static let index =
        head + """
            {{#message}}<p class="card" role="status">{{message}}</p>{{/message}}
            {{^restaurants}}<p class="card" id="no-restaurants">There is no restaurant yet{{#addsRestaurants}}: add one
            below (or at the terminal with <code>logbook checklists restaurants add NAME</code>), create its checklists,
            and give its staff their users under <a href="/users">People</a>{{/addsRestaurants}}{{^addsRestaurants}}: an
            admin adds restaurants and their staff{{/addsRestaurants}}.</p>{{/restaurants}}
            {{#none}}<p class="card">No shift is open.{{^manager}} A shift manager starts the shift; its checklists
            show here then.{{/manager}}</p>{{/none}}
            {{#shifts}}
            <a class="card shift-link" href="/checklists/shifts/{{id}}">
              <strong>{{restaurant}}</strong> · {{dayPart}} · {{manager}} · since {{started}}
              <span class="muted">{{left}} pre-shift tasks left</span>{{#due}} <span class="tag due">reminder due</span>{{/due}}
              {{#escalated}} <span class="tag due escalated">escalated: {{name}} since {{time}}</span>{{/escalated}}
            </a>
            {{/shifts}}
            {{#overseer}}
            {{#anyEscalated}}
            <section class="card due-banner" id="due" data-poll="/checklists/escalations" role="alert">
              <p>Not answered by the shift manager:</p><ul>{{#escalations}}<li>{{.}}</li>{{/escalations}}</ul>
            </section>
            {{/anyEscalated}}
            {{^anyEscalated}}<div id="due" data-poll="/checklists/escalations" hidden></div>{{/anyEscalated}}
            <script src="/static/checklists.js"></script>
            {{/overseer}}
            {{#manager}}{{#hasRestaurants}}
            <form class="card" method="post" action="/checklists/shifts">
              <input type="hidden" name="csrf" value="{{csrf}}">
              <label for="restaurant">Restaurant</label>
              <select id="restaurant" name="restaurant">{{#restaurants}}<option>{{name}}</option>{{/restaurants}}</select>
              <label for="day_part">Day part</label>
              <select id="day_part" name="day_part"><option value="day">Day</option><option value="evening">Evening</option></select>
              <button type="submit" class="primary">Start a shift</button>
            </form>
            {{/hasRestaurants}}{{/manager}}
            {{#editor}}{{#hasRestaurants}}<section class="card"><h2>Checklists</h2>
              {{#restaurants}}<p><a class="shift-link" href="/checklists/templates/{{query}}">Edit {{name}}'s checklists</a></p>{{/restaurants}}
            </section>{{/hasRestaurants}}{{/editor}}
            {{#addsRestaurants}}
            <form class="card" method="post" action="/checklists/restaurants" id="add-restaurant">
              <input type="hidden" name="csrf" value="{{csrf}}">
              <h2>Add a restaurant</h2>
              {{#errors.restaurant}}<p class="problem" role="alert" id="restaurant-error">{{errors.restaurant}}</p>{{/errors.restaurant}}
              <label for="restaurant-name">Name</label>
              <input id="restaurant-name" name="name" required maxlength="80" value="{{typed.restaurant_name}}"{{#errors.restaurant_name}} aria-invalid="true" aria-describedby="restaurant_name-error" autofocus{{/errors.restaurant_name}}>
              {{#errors.restaurant_name}}<p class="problem field-error" id="restaurant_name-error" role="alert">{{errors.restaurant_name}}</p>{{/errors.restaurant_name}}
              <label for="restaurant-email">E-mail (where its to-do lists and archives go)</label>
              <input id="restaurant-email" name="email" type="email" maxlength="200" value="{{typed.restaurant_email}}"{{#errors.restaurant_email}} aria-invalid="true" aria-describedby="restaurant_email-error" autofocus{{/errors.restaurant_email}}>
              {{#errors.restaurant_email}}<p class="problem field-error" id="restaurant_email-error" role="alert">{{errors.restaurant_email}}</p>{{/errors.restaurant_email}}
              <label for="restaurant-timezone">Time zone</label>
              <input id="restaurant-timezone" name="timezone" maxlength="64" placeholder="{{timezone}}" value="{{typed.restaurant_timezone}}"{{#errors.restaurant_timezone}} aria-invalid="true" aria-describedby="restaurant_timezone-error" autofocus{{/errors.restaurant_timezone}}>
              {{#errors.restaurant_timezone}}<p class="problem field-error" id="restaurant_timezone-error" role="alert">{{errors.restaurant_timezone}}</p>{{/errors.restaurant_timezone}}
              <button type="submit" id="save-restaurant">Add the restaurant</button>
            </form>
            {{/addsRestaurants}}
            """

    static let shift =
        head + """
            <section class="card">
              <p><strong>{{restaurant}}</strong> · {{dayPart}} shift · {{manager}} · started {{started}}{{#archived}} · ended {{ended}}{{/archived}}</p>
              {{#message}}<p role="status">{{message}}</p>{{/message}}
              {{#hasProblems}}<div class="problem" role="alert"><p>The shift cannot end yet:</p><ul>{{#problems}}<li>{{.}}</li>{{/problems}}</ul></div>{{/hasProblems}}
            </section>
            {{#anyDue}}
            <section class="card due-banner" id="due" data-shift="{{id}}" role="alert">
              {{#due}}
              <form method="post" action="/checklists/shifts/{{id}}/ack" class="inline">
                <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="name" value="{{name}}">
                <span>{{name}} due {{time}}</span> <button type="submit" class="primary">Done</button>
              </form>
              {{/due}}
            </section>
            {{/anyDue}}
            {{^anyDue}}<div id="due" data-shift="{{id}}" hidden></div>{{/anyDue}}
            {{#checklists}}
            <section class="card checklist" data-kind="{{kind}}">
              <h2>{{title}} <small class="muted">v{{version}}</small></h2>
              {{#sections}}
              <h3>{{name}}</h3>
              <ul class="tasks">
                {{#tasks}}
                <li id="{{anchor}}" class="task {{state}}{{#child}} child{{/child}}{{#general}} general{{/general}}" data-path="{{path}}" data-state="{{state}}">
                  <div class="task-name">{{#time}}<span class="time{{#overdue}} overdue{{/overdue}}{{#late}} late{{/late}}">{{time}}</span> {{/time}}{{name}}{{#general}} <span class="tag">general</span>{{/general}}{{#overdue}} <span class="tag overdue">overdue</span>{{/overdue}}{{#late}} <span class="tag">late</span>{{/late}}</div>
                  {{#description}}<p class="task-note">{{description}}</p>{{/description}}
                  {{#editable}}
                  <form method="post" action="/checklists/shifts/{{id}}/mark" class="states">
                    <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="path" value="{{path}}"><input type="hidden" name="kind" value="{{kind}}">
                    <input name="note" value="{{note}}" maxlength="1000" placeholder="Note" aria-label="Note for {{name}}">
                    <button type="submit" name="state" value="ok" class="state ok{{#ok}} chosen{{/ok}}" aria-label="{{name}}: ok">✓</button>
                    <button type="submit" name="state" value="not-ok" class="state not-ok{{#notOk}} chosen{{/notOk}}" aria-label="{{name}}: not ok">✗</button>
                    <button type="submit" name="state" value="unchecked" class="state unchecked" aria-label="{{name}}: unchecked">–</button>
                  </form>
                  {{/editable}}
                  {{^editable}}<span class="state-text">{{state}}</span>{{#note}} <span class="muted">{{note}}</span>{{/note}}{{/editable}}
                </li>
                {{/tasks}}
              </ul>
              {{/sections}}
            </section>
            {{/checklists}}
            <section class="card" id="todos">
              <h2>To-dos</h2>
              <nav class="periods" aria-label="To-do views">{{#areaViews}}<a href="{{href}}"{{#current}} class="current" aria-current="page"{{/current}}>{{label}} <span class="count">{{open}}</span></a>{{/areaViews}}</nav>
              {{^hasTodos}}<p class="muted">Nothing to do.</p>{{/hasTodos}}
              <ul class="todos">
                {{#todos}}
                <li class="todo{{#done}} done{{/done}}" data-area="{{area}}">
                  <span class="tag">P{{priority}}</span> <span class="tag">{{area}}</span> {{section}} / {{task}}{{#note}} — <span class="muted">{{note}}</span>{{/note}}
                  {{#settle}}
                  <form method="post" action="/checklists/shifts/{{shift}}/todos/{{id}}" class="inline" id="todo-{{id}}">
                    <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="view" value="{{view}}">
                    <input name="note" maxlength="1000" placeholder="What was done, or why not" aria-label="Note for {{task}}">
                    <button type="submit" name="action" value="done">Done</button>
                    <button type="submit" name="action" value="not-done">Not done</button>
                    {{#editable}}{{^fromTask}}<button type="submit" name="action" value="delete">Delete</button>{{/fromTask}}{{/editable}}
                  </form>
                  {{/settle}}
                </li>
                {{/todos}}
              </ul>
              {{#editable}}
              <form method="post" action="/checklists/shifts/{{id}}/todos">
                <input type="hidden" name="csrf" value="{{csrf}}">
                <label for="task">New to-do</label><input id="task" name="task" maxlength="200" required>
                <label for="section">Section</label><input id="section" name="section" maxlength="120">
                <label for="area">Area</label><select id="area" name="area">{{#areas}}<option>{{.}}</option>{{/areas}}</select>
                <label for="priority">Priority</label><select id="priority" name="priority"><option>1</option><option>2</option><option selected>3</option><option>4</option></select>
                <button type="submit">Add</button>
              </form>
              {{#hasEarlier}}
              <details class="earlier"><summary>Pick from earlier shifts</summary>
                {{#earlier}}
                <form method="post" action="/checklists/shifts/{{shift}}/todos" class="inline todo">
                  <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="task" value="{{task}}"><input type="hidden" name="section" value="{{section}}"><input type="hidden" name="area" value="{{area}}"><input type="hidden" name="priority" value="{{priority}}">
                  <span class="tag">P{{priority}}</span> <span class="tag">{{area}}</span> {{section}} / {{task}}
                  <button type="submit" aria-label="Add {{task}} again">Add again</button>
                </form>
                {{/earlier}}
              </details>
              {{/hasEarlier}}
              <form method="post" action="/checklists/shifts/{{id}}/mail"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit">Mail the to-do list</button></form>
              {{/editable}}
            </section>
            <section class="card">
              <h2>Reminders</h2>
              <ul>{{#reminders}}<li>{{time}} {{name}}: {{outcome}}{{#done}} (done {{done}}){{/done}}</li>{{/reminders}}</ul>
            </section>
            {{#editable}}
            <form class="card" method="post" action="/checklists/shifts/{{id}}/end">
              <input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="primary">End the shift</button>
            </form>
            {{/editable}}
            <script src="/static/checklists.js"></script>
            """

    static let archive =
        head + """
            <form class="card" method="get" action="/checklists/archive">
              <label for="from">From</label><input id="from" name="from" type="date" value="{{from}}">
              <label for="to">To</label><input id="to" name="to" type="date" value="{{to}}">
              <label for="manager">Manager</label><input id="manager" name="manager" value="{{manager}}">
              <label for="restaurant">Restaurant</label>
              <select id="restaurant" name="restaurant"><option value="">All</option>{{#restaurants}}<option{{#chosen}} selected{{/chosen}}>{{name}}</option>{{/restaurants}}</select>
              <button type="submit">Show</button>
            </form>
            {{#none}}<p class="card">No ended shifts.</p>{{/none}}
            {{#shifts}}<a class="card shift-link" href="/checklists/shifts/{{id}}">{{started}} · {{restaurant}} · {{dayPart}} · {{manager}} <span class="muted">v{{version}} · {{notOk}} not ok</span></a>{{/shifts}}
            """

    static let stats =
        head + """
            {{#none}}<p class="card">No ended shifts in this period.</p>{{/none}}
            {{^none}}<section class="card">{{{chart}}}</section>{{/none}}
            {{#managers}}
            <section class="card">
              <h2>{{manager}}</h2>
              <dl class="facts">
                <dt>Shifts</dt><dd>{{shifts}}</dd><dt>Checklists completed</dt><dd>{{completed}}</dd>
                <dt>Median minutes</dt><dd>{{median}}</dd><dt>Not ok</dt><dd>{{notOk}}</dd>
                <dt>Corrective actions</dt><dd>{{corrected}}</dd>
                <dt>Travel paths</dt><dd>{{onTime}} on time, {{late}} late, {{missed}} missed</dd>
              </dl>
              {{#hasSections}}<p class="muted">Not ok by section: {{#sections}}{{name}} {{count}}; {{/sections}}</p>{{/hasSections}}
            </section>
            {{/managers}}
            """

    static let templates =
        head + """
            {{#message}}<p class="card" role="status">{{message}}</p>{{/message}}
            <form class="card" method="get" action="/checklists/templates/{{restaurantQuery}}">
              <label for="day_part">Day part</label><select id="day_part" name="day_part">{{#dayParts}}<option{{#chosen}} selected{{/chosen}}>{{value}}</option>{{/dayParts}}</select>
              <label for="kind">Checklist</label><select id="kind" name="kind">{{#kinds}}<option{{#chosen}} selected{{/chosen}}>{{value}}</option>{{/kinds}}</select>
              <button type="submit">Open</button>
            </form>
            {{^exists}}
            <form class="card" method="post" action="/checklists/templates/{{restaurantQuery}}/new" id="create">
              <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="day_part" value="{{dayPart}}"><input type="hidden" name="kind" value="{{kind}}">
              <h2>New checklist: {{kindTitle}}, {{dayPart}}</h2>
              <p class="muted">{{restaurant}} has no such checklist yet. Create it with its first section, then add its tasks here (or import a file with <code>logbook checklists templates import</code>).</p>
              {{#errors.create}}<p class="problem" role="alert" id="create-error">{{errors.create}}</p>{{/errors.create}}
              <label for="create-section">First section</label>
              <input id="create-section" name="section" required maxlength="120" placeholder="Kitchen" value="{{typed.create_section}}"{{#errors.create_section}} aria-invalid="true" aria-describedby="create_section-error" autofocus{{/errors.create_section}}>
              {{#errors.create_section}}<p class="problem field-error" id="create_section-error" role="alert">{{errors.create_section}}</p>{{/errors.create_section}}
              {{#errors.create_kind}}<p class="problem field-error" id="create_kind-error" role="alert">{{errors.create_kind}}</p>{{/errors.create_kind}}
              <button type="submit" id="create-checklist">Create the checklist</button>
            </form>
            {{/exists}}
            {{#exists}}
            <p class="muted">Version {{version}}. Every change makes a new version; shifts keep the one they started with.</p>
            {{#sections}}
            <section class="card">
              <h2>{{name}}</h2>
              <form method="post" action="/checklists/templates/{{restaurantQuery}}" class="template-task">
                <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="day_part" value="{{dayPart}}"><input type="hidden" name="kind" value="{{kind}}"><input type="hidden" name="path" value="{{name}}">
                <input name="name" value="{{name}}" maxlength="120" aria-label="New name of the section {{name}}" required>
                <button type="submit" name="action" value="rename-section">Rename section</button>
                <button type="submit" name="action" value="section-up" aria-label="Move the section {{name}} up">↑</button>
                <button type="submit" name="action" value="section-down" aria-label="Move the section {{name}} down">↓</button>
                <button type="submit" name="action" value="delete-section" aria-label="Delete the section {{name}}">Delete section</button>
              </form>
              {{#tasks}}
              <form method="post" action="/checklists/templates/{{restaurantQuery}}" class="template-task{{#child}} child{{/child}}">
                <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="day_part" value="{{dayPart}}"><input type="hidden" name="kind" value="{{kind}}"><input type="hidden" name="path" value="{{path}}">
                <input name="name" value="{{name}}" maxlength="120" aria-label="Name of {{path}}">
                <select name="priority" aria-label="Priority of {{path}}"><option>{{priority}}</option><option>1</option><option>2</option><option>3</option><option>4</option></select>
                <select name="area" aria-label="Area of {{path}}">{{#areas}}<option{{#chosen}} selected{{/chosen}}>{{value}}</option>{{/areas}}</select>
                {{#timed}}<input name="time" value="{{time}}" placeholder="HH:MM" aria-label="Time of {{path}}">{{/timed}}
                <label class="inline"><input type="checkbox" name="general"{{#general}} checked{{/general}}> general</label>
                <textarea name="description" maxlength="1000" rows="2" placeholder="How to do it (shown under the task)" aria-label="Description of {{path}}" class="task-note">{{description}}</textarea>
                <button type="submit" name="action" value="edit-task">Save</button>
                <button type="submit" name="action" value="move-up" aria-label="Move {{path}} up">↑</button>
                <button type="submit" name="action" value="move-down" aria-label="Move {{path}} down">↓</button>
                <button type="submit" name="action" value="delete-task">Delete</button>
              </form>
              {{^child}}
              <form method="post" action="/checklists/templates/{{restaurantQuery}}" class="template-task child">
                <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="day_part" value="{{dayPart}}"><input type="hidden" name="kind" value="{{kind}}"><input type="hidden" name="path" value="{{path}}">
                <input name="name" maxlength="120" placeholder="New step of {{name}}" aria-label="New child task of {{path}}" required>
                {{#timed}}<input name="time" placeholder="HH:MM" aria-label="Time of the new child task of {{path}}">{{/timed}}
                <button type="submit" name="action" value="add-task">Add child task</button>
              </form>
              {{/child}}
              {{/tasks}}
              <form method="post" action="/checklists/templates/{{restaurantQuery}}">
                <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="day_part" value="{{dayPart}}"><input type="hidden" name="kind" value="{{kind}}"><input type="hidden" name="path" value="{{name}}">
                <input name="name" maxlength="120" placeholder="New task" aria-label="New task in {{name}}" required>
                {{#timed}}<input name="time" placeholder="HH:MM" aria-label="Time of the new task">{{/timed}}
                <textarea name="description" maxlength="1000" rows="2" placeholder="How to do it (optional)" aria-label="Description of the new task in {{name}}"></textarea>
                <button type="submit" name="action" value="add-task">Add task</button>
              </form>
            </section>
            {{/sections}}
            <form class="card" method="post" action="/checklists/templates/{{restaurantQuery}}">
              <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="day_part" value="{{dayPart}}"><input type="hidden" name="kind" value="{{kind}}">
              <label for="new-section">New section</label><input id="new-section" name="name" maxlength="120" required>
              <button type="submit" name="action" value="add-section">Add section</button>
            </form>
            {{/exists}}
            """

    /// Three-state buttons of at least 44 px, children indented, general tasks and overdue times marked.
    static let stylesheet = """
        .tasks, .todos { list-style: none; padding: 0; margin: 0; }
        .task { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 6px;
          padding: 6px 0; border-bottom: 1px solid var(--line); }
        .task.child { margin-left: 24px; }
        .task.general .task-name { font-style: italic; }
        .task.not-ok .task-name { color: var(--problem); font-weight: bold; }
        .states { display: flex; align-items: center; gap: 4px; }
        .states input[name=note] { width: 9em; min-height: 44px; }
        button.state { min-width: 44px; min-height: 44px; font-size: 1.2em; background: var(--surface);
          color: var(--ink); border: 2px solid var(--muted); }
        button.state.ok.chosen { background: #2e8b57; color: #fff; }
        button.state.not-ok.chosen { background: #b00020; color: #fff; }
        .tag.overdue, .time.overdue, .tag.due { color: #fff; background: #b00020; }
        .due-banner { border: 3px solid #b00020; }
        .due-banner.ringing { animation: pulse 1s infinite; }
        @keyframes pulse { 50% { background: var(--alert); } }
        form.inline { display: inline-flex; flex-wrap: wrap; gap: 4px; align-items: center; }
        .todo { padding: 6px 0; border-bottom: 1px solid var(--line); }
        .todo.done { color: var(--muted); text-decoration: line-through; }
        .todo button, .template-task button, .template-task input, .template-task select { min-height: 44px; }
        .template-task { display: flex; flex-wrap: wrap; gap: 4px; margin-bottom: 6px; }
        .template-task.child { margin-left: 24px; }
        .template-task textarea { flex: 1 1 100%; min-height: 44px; }
        .template-task label.inline { display: flex; align-items: center; gap: 8px; margin: 0; color: inherit; }
        .template-task label.inline input { flex: none; width: 44px; }
        .task-note { flex: 1 1 100%; margin: 2px 0 4px; padding: 6px 8px; background: var(--note); border-left: 4px solid var(--note-line);
          border-radius: 4px; white-space: pre-line; font-size: 0.95em; }
        textarea.task-note { white-space: pre-wrap; }
        .periods .count { margin-left: 6px; font-size: 0.85em; opacity: 0.8; }
        .shift-link { display: block; min-height: 44px; }
        svg.chart { width: 100%; height: auto; }
        svg.chart text { fill: var(--ink); }
        """

    /// Polls the shift's due reminders (or, on a restaurant manager's overview, the escalated ones) every 20 s;
    /// when one is due: a tone, a vibration where the browser allows, and the banner with its Done button (the
    /// page reloads to show it). Repeats every two minutes until acknowledged.
    static let script = """
        (function () {
          var box = document.getElementById("due");
          if (!box) return;
          var url = box.getAttribute("data-poll") || ("/checklists/shifts/" + box.getAttribute("data-shift") + "/due");
          var lastAlert = 0;
          function alertNow() {
            if (Date.now() - lastAlert < 120000) return;
            lastAlert = Date.now();
            try { if (navigator.vibrate) navigator.vibrate([300, 150, 300, 150, 300]); } catch (e) {}
            try {
              var Ctx = window.AudioContext || window.webkitAudioContext;
              if (Ctx) {
                var ctx = new Ctx(), osc = ctx.createOscillator(), gain = ctx.createGain();
                osc.frequency.value = 880; osc.connect(gain); gain.connect(ctx.destination);
                gain.gain.value = 0.3; osc.start(); osc.stop(ctx.currentTime + 0.6);
              }
            } catch (e) {}
            box.classList.add("ringing");
          }
          function check() {
            fetch(url, { credentials: "same-origin" })
              .then(function (r) { return r.ok ? r.json() : { due: [] }; })
              .then(function (body) {
                if (body.due && body.due.length) {
                  if (box.hidden) { location.reload(); return; }
                  alertNow();
                }
              }).catch(function () {});
          }
          if (!box.hidden) alertNow();
          setInterval(check, 20000);
        })();
        """
}
