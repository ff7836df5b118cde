/// Work hours' page templates (mustache; every value is HTML-escaped).
enum HoursTemplates {
    static let all: [String: String] = ["hours/period": period, "hours/shift": shift, "hours/empty": empty]

    /// The hours pages' own styles (`/static/hours.css`): the payroll state of a shift, the timesheet's card.
    static let stylesheet = """
        .tag.sync { white-space: nowrap; }
        .tag.sync-pending { border-color: var(--commute); color: var(--commute); }
        .tag.sync-sent { border-color: var(--business); color: var(--business); }
        .tag.sync-failed { border-color: var(--problem); color: var(--problem); font-weight: 600; }
        a.shift .sync-error { flex-basis: 100%; overflow-wrap: anywhere; font-size: .9rem; }
        .sync-problem { display: flex; flex-wrap: wrap; align-items: center; gap: 0 12px; margin: 0 0 8px;
          padding: 0 10px; }
        .sync-problem p { flex: 1 1 12em; margin: 4px 0; overflow-wrap: anywhere; }
        .sync-problem button { margin-top: 4px; }
        #sync p { margin: 4px 0; overflow-wrap: anywhere; }
        #sync .sync-problem { padding: 0; }
        #timesheet h2 { margin-top: 0; }
        #timesheet .row-actions .button.secondary { margin-left: 0; min-width: 88px; }
        #timesheet form { margin-top: 8px; }
        """

    static let empty = """
        {{#message}}<p class="card problem" role="alert" id="hours-message">{{message}}</p>{{/message}}
        <section class="card" id="hours-empty">
          {{#noDrivers}}
          <p><strong>The log has no driver yet.</strong> Work hours are kept per driver; a user with the role driver
          keeps the hours of the driver with the same name.</p>
          {{#admin}}
          <p>Add the first driver here, or at the terminal with <code>logbook drivers add NAME</code>.</p>
          <form method="post" action="/hours/drivers">
            <input type="hidden" name="csrf" value="{{csrf}}">
            <label for="driver-name">Driver's name</label>
            <input id="driver-name" name="name" required maxlength="80" autocomplete="off">
            <button type="submit" id="add-driver">Add the driver</button>
          </form>
          {{/admin}}
          {{^admin}}<p>An admin adds drivers (<code>logbook drivers add NAME</code>); their hours show here then.</p>{{/admin}}
          {{/noDrivers}}
          {{#notADriver}}
          <p><strong>The log has no driver named ‘{{name}}’ yet</strong>, so there are no hours of yours to show:
          your hours are kept under the driver with your user name.</p>
          <p>Ask an admin to add it — on the hours page, or at the terminal with
          <code>logbook drivers add "{{name}}"</code>. Then add your shifts or start the clock here.</p>
          {{/notADriver}}
        </section>
        """

    /// A shift's standing with the payroll system (where one is set): a tag, the receiver's message, and "Retry"
    /// for a refused one (`from` says where to come back to).
    static func sync(from: String) -> String {
        """
        {{#syncFailed}}<div class="sync-problem" id="sync-{{number}}">
          <p class="problem">The payroll system refused it{{#syncError}}: <span class="sync-error">{{syncError}}</span>{{/syncError}}</p>
          {{#retry}}<form method="post" action="/hours/shifts/{{number}}/retry">
            <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="from" value="\(from)">
            <button type="submit" id="retry-{{number}}">Retry</button>
          </form>{{/retry}}
        </div>{{/syncFailed}}
        """
    }

    static let period = """
        <link rel="stylesheet" href="/static/hours.css">
        <nav class="periods" aria-label="Pay period">
          <a href="/hours?period={{previous}}{{driverQuery}}" id="previous-period">‹ Previous</a>
          <a href="/hours?period=current{{driverQuery}}"{{#isCurrent}} class="current"{{/isCurrent}}>Current</a>
          <a href="/hours?period={{next}}{{driverQuery}}" id="next-period">Next ›</a>
        </nav>
        {{#chooseDriver}}
        <form class="card" method="get" action="/hours">
          <input type="hidden" name="period" value="{{start}}">
          <label for="driver-choice">Driver</label>
          <select id="driver-choice" name="driver">{{#drivers}}<option{{#chosen}} selected{{/chosen}}>{{name}}</option>{{/drivers}}</select>
          <button type="submit">Show</button>
        </form>
        {{/chooseDriver}}
        {{#message}}<p class="card problem" role="alert" id="hours-message">{{message}}</p>{{/message}}
        <section class="card" id="period-summary">
          <p><strong>{{periodText}}</strong> · {{driver}} <span class="tag {{status}}" id="period-status">{{status}}</span></p>
          <dl class="facts">
            <dt>Shifts</dt><dd id="total-shifts">{{totals.shifts}}</dd>
            <dt>Net</dt><dd id="total-net">{{totals.net}}</dd>
            <dt>Worked</dt><dd>{{totals.worked}}</dd>
            <dt>Break</dt><dd>{{totals.breaks}}</dd>
            <dt>Overtime</dt><dd>{{totals.overtime}}</dd>
          </dl>
        </section>
        {{#clock}}
        <section class="card clock" id="clock">
          <h2>Clock</h2>
          {{#running}}
          <p><strong>Clock running</strong> since {{since}}{{#paused}} · <span class="problem">paused since {{pausedSince}}</span>{{/paused}}</p>
          <div class="choices">
            {{^paused}}<form method="post" action="/hours/clock/pause"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="driver" value="{{driver}}"><button type="submit" id="clock-pause">Pause</button></form>{{/paused}}
            {{#paused}}<form method="post" action="/hours/clock/resume"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="driver" value="{{driver}}"><button type="submit" id="clock-resume">Resume</button></form>{{/paused}}
            <form method="post" action="/hours/clock/stop"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="driver" value="{{driver}}"><button type="submit" id="clock-stop">Stop</button></form>
          </div>
          {{/running}}
          {{^running}}
          <form method="post" action="/hours/clock/start">
            <input type="hidden" name="csrf" value="{{csrf}}">
            <input type="hidden" name="driver" value="{{driver}}">
            <label for="clock-message">Message</label>
            <input id="clock-message" name="message" maxlength="500">
            <label for="clock-vehicle">Vehicle</label>
            <select id="clock-vehicle" name="vehicle"><option value="">None</option>{{#vehicles}}<option>{{.}}</option>{{/vehicles}}</select>
            <button type="submit" id="clock-start">Start the clock</button>
          </form>
          {{/running}}
        </section>
        {{/clock}}
        {{#editable}}<p><a class="button" id="add-shift" href="/hours/shifts/new?date={{newDate}}{{driverQuery}}">Add a shift</a></p>{{/editable}}
        <section class="card days" aria-label="Days">
        {{#days}}
          <div class="day{{#empty}} empty{{/empty}}" id="day-{{date}}">
            <div class="day-head"><span>{{label}}</span><span class="muted">{{#total}}net {{total}}{{/total}}</span></div>
            {{#shifts}}
            <a class="shift" id="shift-{{number}}" href="/hours/shifts/{{number}}">
              <span class="times">{{start}}–{{end}}</span>
              <span class="muted">{{#running}}running{{/running}}{{^running}}net {{net}} · break {{breakMinutes}} min{{/running}}{{#vehicle}} · {{vehicle}}{{/vehicle}}</span>
              {{#message}}<span class="message">{{message}}</span>{{/message}}
              {{#repeated}}<span class="muted repeated-time">{{.}}</span>{{/repeated}}
              {{#sync}}<span class="tag sync sync-{{sync}}" id="sync-state-{{number}}">payroll: {{sync}}</span>{{/sync}}
              {{^syncFailed}}{{#syncError}}<span class="muted sync-error">last try: {{syncError}}</span>{{/syncError}}{{/syncFailed}}
            </a>
            \(sync(from: "period"))
            {{/shifts}}
          </div>
        {{/days}}
        </section>
        <section class="card" id="timesheet">
          <h2>Timesheet</h2>
          <p class="muted">The period's timesheet as the payroll clerk signs it, and its shifts as rows.</p>
          <div class="row-actions">
            <a class="button secondary" id="timesheet-pdf" href="/hours/periods/{{start}}/timesheet.pdf{{timesheetQuery}}">PDF</a>
            <a class="button secondary" id="timesheet-csv" href="/hours/periods/{{start}}/timesheet.csv{{timesheetQuery}}">CSV</a>
          </div>
          {{#mailQueued}}<p class="ok" role="status" id="timesheet-queued">{{mailQueued}}</p>{{/mailQueued}}
          {{#mailProblem}}<p class="problem" role="alert" id="timesheet-problem">{{mailProblem}}</p>{{/mailProblem}}
          <form method="post" action="/hours/periods/{{start}}/timesheet/email" id="timesheet-email">
            <input type="hidden" name="csrf" value="{{csrf}}">
            <input type="hidden" name="driver" value="{{driver}}">
            <label for="timesheet-to">E-mail it to</label>
            <input id="timesheet-to" name="to" type="email" multiple required maxlength="500" placeholder="payroll@example.org" value="{{mailTo}}"{{#error_to}} aria-invalid="true" aria-describedby="timesheet-to-error" autofocus{{/error_to}}>
            {{#error_to}}<p class="problem field-error" id="timesheet-to-error">{{error_to}}</p>{{/error_to}}
            <button type="submit" id="send-timesheet">Send the timesheet</button>
          </form>
        </section>
        {{#hasActions}}
        <section class="card" id="period-actions">
          {{#actions}}
          <form method="post" action="/hours/periods/{{start}}/{{action}}">
            <input type="hidden" name="csrf" value="{{csrf}}">
            <input type="hidden" name="driver" value="{{driver}}">
            <button type="submit" id="period-{{action}}">{{label}}</button>
          </form>
          {{/actions}}
        </section>
        {{/hasActions}}
        {{#addDriver}}
        <details class="card" id="drivers">
          <summary>Add a driver</summary>
          <form method="post" action="/hours/drivers">
            <input type="hidden" name="csrf" value="{{csrf}}">
            <label for="driver-name">Driver's name</label>
            <input id="driver-name" name="name" required maxlength="80" autocomplete="off">
            <button type="submit" id="add-driver">Add the driver</button>
          </form>
        </details>
        {{/addDriver}}
        {{#editable}}
        <section class="card" id="links">
          <h2>Links in the menu</h2>
          <table><tbody>
          {{#links}}<tr><td class="wrap">{{name}}<br><span class="muted">{{url}}</span></td><td>{{#removable}}
            <form method="post" action="/hours/links/{{id}}/delete"><input type="hidden" name="csrf" value="{{csrf}}">
            <button class="link" type="submit">Remove</button></form>{{/removable}}</td></tr>{{/links}}
          </tbody></table>
          {{^links}}<p class="muted">None yet.</p>{{/links}}
          <form method="post" action="/hours/links">
            <input type="hidden" name="csrf" value="{{csrf}}">
            <label for="link-name">Name</label><input id="link-name" name="name" required maxlength="40">
            <label for="link-url">Address</label><input id="link-url" name="url" type="url" required placeholder="https://">
            <button type="submit">Add link</button>
          </form>
        </section>
        {{/editable}}
        """

    static let shift = """
        <link rel="stylesheet" href="/static/hours.css">
        {{#problem}}<p class="card problem" role="alert" id="form-problem">{{problem}}</p>{{/problem}}
        {{#readOnly}}<p class="card" id="read-only">{{readOnly}}</p>{{/readOnly}}
        {{#sync}}
        <section class="card" id="sync">
          <p>Payroll: <span class="tag sync sync-{{sync}}" id="sync-state">{{sync}}</span></p>
          {{^syncFailed}}{{#syncError}}<p class="muted sync-error">Last try: {{syncError}} (it is tried again)</p>{{/syncError}}{{/syncFailed}}
          \(sync(from: "shift"))
        </section>
        {{/sync}}
        <form class="card" method="post" action="{{action}}" id="shift-form">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <input type="hidden" name="driver" value="{{driver}}">
          <p class="muted">{{driver}}</p>
          <label for="date">Date</label>
          <input id="date" name="date" type="date" value="{{date}}" required{{#error_date}} aria-invalid="true" aria-describedby="date-error"{{/error_date}}>
          {{#error_date}}<p class="problem field-error" id="date-error">{{error_date}}</p>{{/error_date}}
          <label for="start">Start</label>
          <input id="start" name="start" type="time" value="{{start}}" required{{#error_start}} aria-invalid="true" aria-describedby="start-error"{{/error_start}}>
          {{#error_start}}<p class="problem field-error" id="start-error">{{error_start}}</p>{{/error_start}}
          <label for="end">End (not after the start: the next day)</label>
          <input id="end" name="end" type="time" value="{{end}}" required{{#error_end}} aria-invalid="true" aria-describedby="end-error"{{/error_end}}>
          {{#error_end}}<p class="problem field-error" id="end-error">{{error_end}}</p>{{/error_end}}
          <label for="break_minutes">Break (minutes)</label>
          <input id="break_minutes" name="break_minutes" inputmode="numeric" value="{{breakMinutes}}"{{#error_break_minutes}} aria-invalid="true" aria-describedby="break_minutes-error"{{/error_break_minutes}}>
          {{#error_break_minutes}}<p class="problem field-error" id="break_minutes-error">{{error_break_minutes}}</p>{{/error_break_minutes}}
          <label for="message">Message</label>
          <input id="message" name="message" maxlength="500" value="{{message}}"{{#error_message}} aria-invalid="true"{{/error_message}}>
          {{#error_message}}<p class="problem field-error" id="message-error">{{error_message}}</p>{{/error_message}}
          <label for="vehicle">Vehicle</label>
          <select id="vehicle" name="vehicle"><option value="">None</option>{{#vehicles}}<option{{#selected}} selected{{/selected}}>{{plate}}</option>{{/vehicles}}</select>
          {{#error_vehicle}}<p class="problem field-error" id="vehicle-error">{{error_vehicle}}</p>{{/error_vehicle}}
          {{#summary}}<p class="muted" id="shift-summary">{{summary}}</p>{{/summary}}
          {{#repeated}}<p class="muted repeated-time">{{.}}</p>{{/repeated}}
          {{#writable}}<button type="submit" id="save-shift">Save</button>{{/writable}}
          <a class="button secondary" href="{{back}}">Back</a>
        </form>
        {{#deletable}}
        <form class="card" method="post" action="/hours/shifts/{{number}}/delete">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <button type="submit" class="danger" id="delete-shift">Delete this shift</button>
        </form>
        {{/deletable}}
        """
}
