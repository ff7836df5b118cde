/// The mileage log's page templates (mustache; `{{x}}` is HTML-escaped, `{{{x}}}` is not and is used only
/// for the route SVG the server draws itself).
enum MileageLogTemplates {
    static let all: [String: String] = [
        "mileage/trips": trips, "mileage/trip": trip, "mileage/live": live, "mileage/reports": reports,
        "mileage/vehicles": vehicles, "mileage/devices": DeviceTemplates.devices,
        "mileage/record": DeviceTemplates.record,
    ]

    static let trips = """
        {{#message}}<p class="card ok" role="status" id="message">{{message}}</p>{{/message}}
        <nav class="actions" aria-label="Trips">
          {{#editor}}<a href="/trips/new" id="add-trip-link">+ Add a trip</a>
          <a href="/trips/import" id="import-link">Import a file</a>{{/editor}}
          <a href="/regular-trips" id="regular-link">★ Regular trips</a>
          <a href="/profile" id="profile-link">Profile</a>
        </nav>
        <nav class="periods" aria-label="Period">
          {{#periods}}<a href="/trips?period={{value}}"{{#current}} class="current"{{/current}}>{{label}}</a>{{/periods}}
        </nav>
        <form class="card" method="get" action="/trips">
          <label for="from">From</label><input id="from" name="from" type="date" value="{{from}}">
          <label for="to">To</label><input id="to" name="to" type="date" value="{{to}}">
          <button type="submit">Show</button>
        </form>
        <p class="muted" id="summary">{{count}} {{tripsNoun}} · {{total}}{{#anyUnclassified}} · <span class="problem">{{unclassifiedCount}} unclassified</span>{{/anyUnclassified}}</p>
        {{#noVehicles}}<p class="card" id="no-vehicles">{{#fleet}}The log has no vehicle yet: add one under
        <a href="/vehicles">Vehicles</a>. Its trips then come from the daemon on the vehicle's box, from a phone or
        tracker (<a href="/devices">Devices</a>), from <a href="/record">Record</a> in this browser, or from track files
        (<code>logbook import</code>).{{/fleet}}{{^fleet}}There is no vehicle you may see yet: an admin adds the
        vehicles and gives drivers theirs. Their trips show here then.{{/fleet}}</p>{{/noVehicles}}
        {{^noVehicles}}{{#empty}}<p class="card">No trips in this period.</p>{{/empty}}{{/noVehicles}}
        <datalist id="purposes">{{#suggestions}}<option value="{{.}}">{{/suggestions}}</datalist>
        {{#trips}}
        <article class="card trip" id="trip-{{id}}">
          <div class="trip-head">
            <a href="/trips/{{id}}">{{date}} {{start}}–{{end}}</a>
            <span>{{distance}} · {{vehicle}}</span>
          </div>
          <p class="muted">{{#startLabel}}{{startLabel}} → {{/startLabel}}{{endLabel}}{{#purpose}} {{purpose}}{{/purpose}}
            <span class="tag {{category}}">{{category}}</span>{{#locked}} <span class="tag">locked</span>{{/locked}}</p>
          {{#editable}}
          <form method="post" action="/trips/{{id}}">
            <input type="hidden" name="csrf" value="{{csrf}}">
            <input type="hidden" name="back" value="/trips?{{listQuery}}#trip-{{id}}">
            <label for="purpose-{{id}}">Purpose</label>
            <input id="purpose-{{id}}" name="purpose" list="purposes" value="{{purpose}}" maxlength="500">
            <div class="choices">
              {{#choices}}<button type="submit" name="category" value="{{value}}" class="{{value}}{{#chosen}} chosen{{/chosen}}">{{label}}</button>{{/choices}}
            </div>
          </form>
          {{/editable}}
        </article>
        {{/trips}}
        {{#hasReports}}
        <section class="card" id="month-report">
          <h2>Report of {{reportMonth}}</h2>
          {{#reports}}<div class="report-row"><span>{{plate}}</span>
            <a class="button secondary" href="/reports/download?vehicle={{plateQuery}}&amp;month={{reportMonth}}&amp;format=pdf">PDF</a>
            <a class="button secondary" href="/reports/download?vehicle={{plateQuery}}&amp;month={{reportMonth}}&amp;format=csv">CSV</a>
            <a class="button secondary" href="/reports?vehicle={{plateQuery}}&amp;month={{reportMonth}}#email">E-mail</a></div>{{/reports}}
        </section>
        {{/hasReports}}
        """

    static let trip = """
        {{#message}}<p class="card ok" role="status" id="message">{{message}}</p>{{/message}}
        <section class="card">
          <dl class="facts">
            <dt>Date</dt><dd>{{date}}, {{start}}–{{end}}</dd>
            <dt>Vehicle</dt><dd>{{vehicle}}{{#driver}} · {{driver}}{{/driver}}</dd>
            <dt>Distance</dt><dd>{{distance}}</dd>
            <dt>Odometer</dt><dd>{{odometer}}</dd>
            <dt>Idle</dt><dd>{{idle}} in {{idlePeriods}} stops</dd>
            <dt>Category</dt><dd><span class="tag {{category}}">{{category}}</span>{{#locked}} <span class="tag">locked</span>{{/locked}}{{#voided}} <span class="tag">voided</span>{{/voided}}</dd>
            {{#purpose}}<dt>Purpose</dt><dd>{{purpose}}</dd>{{/purpose}}
          </dl>
        </section>
        {{#hasTrack}}<section class="card" id="route">
          <div class="route-view"{{#routeMap}} data-route="{{route}}"{{/routeMap}}>{{{svg}}}</div>
        </section>
        {{#routeMap}}<link rel="stylesheet" href="/static/leaflet/leaflet.css">
        <script src="/static/leaflet/leaflet.js" defer></script>
        <script src="/static/route-map.js" defer></script>{{/routeMap}}{{/hasTrack}}
        {{#editable}}
        <form class="card" method="post" action="/trips/{{id}}">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <datalist id="purposes">{{#suggestions}}<option value="{{.}}">{{/suggestions}}</datalist>
          <label for="purpose">Purpose</label>
          <input id="purpose" name="purpose" list="purposes" value="{{purpose}}" maxlength="500">
          <label for="partner">Business partner</label>
          <input id="partner" name="partner" value="{{partner}}" maxlength="500">
          <label for="destination">Destination</label>
          <input id="destination" name="destination" value="{{destination}}" maxlength="500">
          <label for="notes">Notes</label>
          <textarea id="notes" name="notes" rows="3" maxlength="2000">{{notes}}</textarea>
          <div class="choices">
            {{#choices}}<button type="submit" name="category" value="{{value}}" class="{{value}}{{#chosen}} chosen{{/chosen}}">{{label}}</button>{{/choices}}
          </div>
        </form>
        {{/editable}}
        {{#starrable}}
        <form class="card" method="post" action="/trips/{{id}}/regular" id="star-form">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <label for="regular-name">★ Save as a regular trip, named</label>
          <input id="regular-name" name="name" value="{{regularName}}" required maxlength="100" placeholder="Office run"{{#error_regular_name}} aria-invalid="true" aria-describedby="regular_name-error"{{/error_regular_name}}>
          {{#error_regular_name}}<p class="problem field-error" id="regular_name-error">{{error_regular_name}}</p>{{/error_regular_name}}
          <button type="submit" id="star">★ Save as regular</button>
        </form>
        {{/starrable}}
        {{^starrable}}{{#error_regular_name}}<p class="card problem" role="alert" id="regular_name-error">{{error_regular_name}}</p>{{/error_regular_name}}{{/starrable}}
        {{#classifyToStar}}<p class="muted" id="star-hint">Classify the trip to save it as a regular trip (★).</p>{{/classifyToStar}}
        {{#voidable}}
        <form class="card" method="post" action="/trips/{{id}}/void" id="void-form">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <label for="reason">Void this trip: the reason</label>
          <input id="reason" name="reason" value="{{reason}}" required maxlength="500" placeholder="Entered twice"{{#error_reason}} aria-invalid="true" aria-describedby="reason-error"{{/error_reason}}>
          {{#error_reason}}<p class="problem field-error" id="reason-error">{{error_reason}}</p>{{/error_reason}}
          <button type="submit" class="danger" id="void">Void the trip</button>
        </form>
        {{/voidable}}
        <section class="card">
          <h2>History</h2>
          <table>
            <thead><tr><th>When</th><th>Who</th><th>What</th></tr></thead>
            <tbody>
            {{#history}}<tr><td>{{time}}</td><td>{{actor}}</td><td>{{what}}</td></tr>{{/history}}
            </tbody>
          </table>
        </section>
        """

    static let live = """
        {{#otherVehicle}}<section class="card"><p>The daemon on this box records a vehicle that is not yours.</p></section>{{/otherVehicle}}
        {{^running}}{{^otherVehicle}}<section class="card"><p>The daemon is not running on this box.</p></section>{{/otherVehicle}}{{/running}}
        {{#running}}
        <section class="card speedometer" aria-live="polite">
          <p class="value" id="speed">{{speed}}</p>
          <p class="muted">km/h · {{vehicle}} · last fix {{fixAge}}{{^connected}} · <span class="problem">gpsd not connected</span>{{/connected}}</p>
        </section>
        {{#trip}}
        <section class="card">
          <dl class="facts">
            <dt>Trip since</dt><dd>{{start}}</dd>
            <dt>Distance</dt><dd id="trip-distance">{{distance}}</dd>
            {{#standing}}<dt>Now</dt><dd>standing</dd>{{/standing}}
          </dl>
        </section>
        {{/trip}}
        {{^trip}}<section class="card"><p>Parked: no trip in progress.</p></section>{{/trip}}
        {{/running}}
        {{#hasDevices}}
        <section class="card" id="devices">
          <h2>Phones and trackers</h2>
          <table><thead><tr><th>Device</th><th>Seen</th><th>Now</th></tr></thead><tbody>
          {{#devices}}<tr><td>{{name}}<br><span class="muted">{{vehicle}}</span></td>
            <td>{{lastSeen}}{{#battery}}<br><span class="muted">battery {{battery}}</span>{{/battery}}</td>
            <td>{{#trip}}trip since {{start}} · {{distance}}{{#standing}} · standing{{/standing}}{{/trip}}{{^trip}}parked{{/trip}}</td></tr>{{/devices}}
          </tbody></table>
        </section>
        {{/hasDevices}}
        """

    static let reports = """
        {{#message}}<p class="card ok" role="status">{{message}}</p>{{/message}}
        {{^vehicles}}<p class="card" id="no-vehicles">There is no vehicle to report on yet{{#fleet}}: add one under
        <a href="/vehicles">Vehicles</a>{{/fleet}}{{^fleet}}: an admin adds the vehicles and gives drivers
        theirs{{/fleet}}. A month's report of a vehicle's trips is made here then, as CSV or PDF, or sent by
        e-mail.</p>{{/vehicles}}
        {{#problem}}<p class="card problem" role="alert" id="form-problem">{{problem}}</p>{{/problem}}
        {{#hasVehicles}}
        <form class="card" method="get" action="/reports/download">
          <label for="vehicle">Vehicle</label>
          <select id="vehicle" name="vehicle">{{#choices}}<option{{#selected}} selected{{/selected}}>{{plate}}</option>{{/choices}}</select>
          <label for="month">Month</label>
          <input id="month" name="month" type="month" value="{{month}}" required>
          <label for="category">Category</label>
          <select id="category" name="category"><option value="all">All</option><option>business</option><option>private</option><option>commute</option></select>
          <div class="choices">
            <button type="submit" name="format" value="csv" id="download-csv">CSV</button>
            <button type="submit" name="format" value="pdf" id="download-pdf">PDF</button>
          </div>
        </form>
        <form class="card" method="post" action="/reports/email" id="email">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <h2>Send by e-mail</h2>
          <label for="mail-vehicle">Vehicle</label>
          <select id="mail-vehicle" name="vehicle">{{#choices}}<option{{#selected}} selected{{/selected}}>{{plate}}</option>{{/choices}}</select>
          {{#error_vehicle}}<p class="problem field-error" id="vehicle-error">{{error_vehicle}}</p>{{/error_vehicle}}
          <label for="mail-month">Month</label>
          <input id="mail-month" name="month" type="month" value="{{month}}" required{{#error_month}} aria-invalid="true" aria-describedby="month-error"{{/error_month}}>
          {{#error_month}}<p class="problem field-error" id="month-error">{{error_month}}</p>{{/error_month}}
          <label for="mail-category">Category</label>
          <select id="mail-category" name="category">{{#mailCategories}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/mailCategories}}</select>
          {{#error_category}}<p class="problem field-error" id="category-error">{{error_category}}</p>{{/error_category}}
          <label for="to">Send to</label>
          <input id="to" name="to" type="email" multiple required placeholder="accounts@example.org" value="{{to}}"{{#error_to}} aria-invalid="true" aria-describedby="to-error"{{/error_to}}>
          {{#error_to}}<p class="problem field-error" id="to-error">{{error_to}}</p>{{/error_to}}
          <button type="submit" id="send-report">Send by e-mail</button>
        </form>
        <p class="muted">Reports carry the name, company and employee id of the <a href="/profile">profile</a>.</p>
        {{/hasVehicles}}
        {{#hasOutbox}}
        <section class="card">
          <h2>Outbox</h2>
          <table><thead><tr><th>Queued</th><th>Subject</th><th>Status</th></tr></thead><tbody>
          {{#outbox}}<tr><td>{{created}}</td><td class="wrap">{{subject}}<br><span class="muted">{{to}}</span></td><td>{{status}}</td></tr>{{/outbox}}
          </tbody></table>
        </section>
        {{/hasOutbox}}
        """

    static let vehicles = """
        {{#message}}<p class="card problem" role="alert">{{message}}</p>{{/message}}
        <section class="card">
          <table><thead><tr><th>Plate</th><th>Model</th><th>Unit</th></tr></thead><tbody>
          {{#vehicles}}<tr><td>{{plate}}</td><td>{{model}}</td><td>{{unit}}</td></tr>{{/vehicles}}
          </tbody></table>
        </section>
        <form class="card" method="post" action="/vehicles">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <h2>Add a vehicle</h2>
          <label for="plate">Plate</label><input id="plate" name="plate" required maxlength="20">
          <label for="model">Make and model</label><input id="model" name="make_model" maxlength="100">
          <label for="unit">Odometer unit</label>
          <select id="unit" name="odometer_unit"><option value="km">km</option><option value="mi">miles</option></select>
          <label for="initial">Odometer now</label><input id="initial" name="initial_odometer" inputmode="decimal">
          <button type="submit">Add</button>
        </form>
        <form class="card" method="post" action="/odometer">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <h2>Record an odometer reading</h2>
          <label for="odo-vehicle">Vehicle</label>
          <select id="odo-vehicle" name="vehicle">{{#vehicles}}<option>{{plate}}</option>{{/vehicles}}</select>
          <label for="reading">Reading</label><input id="reading" name="reading" inputmode="decimal" required>
          <label for="note">Note</label><input id="note" name="note" maxlength="500">
          <button type="submit">Record</button>
        </form>
        <section class="card">
          <h2>Odometer readings</h2>
          <table><thead><tr><th>When</th><th>Vehicle</th><th>Reading</th></tr></thead><tbody>
          {{#readings}}<tr><td>{{time}}</td><td>{{vehicle}}</td><td>{{reading}} {{unit}}{{#voided}} (voided){{/voided}}</td></tr>{{/readings}}
          {{^readings}}<tr><td colspan="3" class="muted">None yet.</td></tr>{{/readings}}
          </tbody></table>
        </section>
        <section class="card">
          <h2>Places</h2>
          <table><thead><tr><th>Name</th><th>Radius</th><th></th></tr></thead><tbody>
          {{#places}}<tr><td>{{name}}</td><td>{{radius}} m</td><td>
            <form method="post" action="/places/remove"><input type="hidden" name="csrf" value="{{csrf}}">
            <input type="hidden" name="name" value="{{name}}"><button class="link" type="submit">Remove</button></form>
          </td></tr>{{/places}}
          </tbody></table>
          {{^places}}<p class="muted">None yet.</p>{{/places}}
        </section>
        <form class="card" method="post" action="/places">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <h2>Add a place</h2>
          <label for="place-name">Name</label><input id="place-name" name="name" required maxlength="100">
          <label for="place-lat">Latitude</label><input id="place-lat" name="lat" inputmode="decimal" required>
          <label for="place-lon">Longitude</label><input id="place-lon" name="lon" inputmode="decimal" required>
          <label for="place-radius">Radius (m)</label><input id="place-radius" name="radius" inputmode="numeric" value="150">
          <button type="submit">Add place</button>
        </form>
        <section class="card">
          <h2>Rules</h2>
          <table><thead><tr><th>Rule</th><th>Makes trips</th><th></th></tr></thead><tbody>
          {{#rules}}<tr><td>{{name}}{{#from}}<br><span class="muted">from {{from}}</span>{{/from}}{{#to}}<br><span class="muted">to {{to}}</span>{{/to}}</td>
            <td>{{category}}{{#purpose}}: {{purpose}}{{/purpose}}</td><td>
            <form method="post" action="/rules/remove"><input type="hidden" name="csrf" value="{{csrf}}">
            <input type="hidden" name="name" value="{{name}}"><button class="link" type="submit">Remove</button></form>
          </td></tr>{{/rules}}
          </tbody></table>
          {{^rules}}<p class="muted">None yet.</p>{{/rules}}
          <p class="muted">Weekdays and time windows: <code>logbook rules add</code>.</p>
        </section>
        <form class="card" method="post" action="/rules">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <h2>Add a rule</h2>
          <label for="rule-name">Name</label><input id="rule-name" name="name" required maxlength="100">
          <label for="rule-from">From place</label>
          <select id="rule-from" name="from"><option value="">any</option>{{#placeNames}}<option>{{.}}</option>{{/placeNames}}</select>
          <label for="rule-to">To place</label>
          <select id="rule-to" name="to"><option value="">any</option>{{#placeNames}}<option>{{.}}</option>{{/placeNames}}</select>
          <label for="rule-category">Category</label>
          <select id="rule-category" name="category"><option>business</option><option>private</option><option>commute</option></select>
          <label for="rule-purpose">Purpose (needed for business)</label><input id="rule-purpose" name="purpose" maxlength="500">
          <button type="submit">Add rule</button>
        </form>
        """
}
