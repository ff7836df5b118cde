/// The mileage log's forms for the road (mustache): a trip added by hand, the regular trips, the profile and a track
/// file to import. A refused value comes back beside its field (`error_FIELD`, `aria-describedby`), a refusal of
/// the log's rules above the form (`problem`).
enum MileageFormTemplates {
    static let all: [String: String] = [
        "mileage/trip-new": newTrip, "mileage/regular-trips": regularTrips, "mileage/profile": profile,
        "mileage/import": importFile,
    ]

    /// An input with its label and the slot for its error: `field(id, label, attributes)`.
    static func field(_ name: String, _ label: String, _ attributes: String) -> String {
        """
        <label for="\(name)">\(label)</label>
        <input id="\(name)" name="\(name)" value="{{\(name)}}" \(attributes){{#error_\(name)}} aria-invalid="true" \
        aria-describedby="\(name)-error"{{/error_\(name)}}>
        {{#error_\(name)}}<p class="problem field-error" id="\(name)-error">{{error_\(name)}}</p>{{/error_\(name)}}
        """
    }

    static func error(_ name: String) -> String {
        "{{#error_\(name)}}<p class=\"problem field-error\" id=\"\(name)-error\">{{error_\(name)}}</p>{{/error_\(name)}}"
    }

    static let newTrip = """
        {{#problem}}<p class="card problem" role="alert" id="form-problem">{{problem}}</p>{{/problem}}
        {{^hasVehicles}}<p class="card" id="no-vehicles">There is no vehicle you may add trips to yet: an admin adds the
        vehicles and gives drivers theirs.</p>{{/hasVehicles}}
        {{#hasVehicles}}
        {{#hasRegulars}}
        <form class="card" method="get" action="/trips/new" id="regular-picker">
          <label for="regular-choice">Fill in from a regular trip</label>
          <select id="regular-choice" name="regular"><option value="">None</option>{{#regulars}}<option{{#selected}} selected{{/selected}}>{{name}}</option>{{/regulars}}</select>
          <button type="submit" class="secondary" id="fill-regular">Fill in</button>
        </form>
        {{/hasRegulars}}
        {{^hasRegulars}}<p class="muted">Regular trips you save with ★ on a trip's page can be picked here to fill the
        form.</p>{{/hasRegulars}}
        <form class="card" method="post" action="/trips/new" id="trip-form">
          <input type="hidden" name="csrf" value="{{csrf}}">
          {{#regular}}<input type="hidden" name="regular" value="{{regular}}">
          <p id="regular-summary">★ <strong>{{regular}}</strong><br><span class="muted">{{regularSummary}}</span></p>
          <a class="button secondary" href="/trips/new" id="clear-regular">Not this one</a>
          {{/regular}}
          {{#error_regular}}<p class="problem field-error" id="regular-error">{{error_regular}}</p>{{/error_regular}}
          <label for="vehicle">Vehicle</label>
          <select id="vehicle" name="vehicle">{{#vehicles}}<option value="{{plate}}"{{#selected}} selected{{/selected}}>{{plate}} ({{unit}})</option>{{/vehicles}}</select>
          \(error("vehicle"))
          \(field("date", "Date", "type=\"date\" required max=\"{{today}}\""))
          {{#regular}}\(field("start", "Start", "type=\"time\"")){{/regular}}
          {{^regular}}
          <div class="pair">
            <div>\(field("start", "Start", "type=\"time\""))</div>
            <div>\(field("end", "End", "type=\"time\""))</div>
          </div>
          <p class="muted" id="distance-hint">The odometer after the trip, or the distance:</p>
          <div class="pair">
            <div>\(field("odometer_end", "Odometer after", "inputmode=\"decimal\" autocomplete=\"off\""))</div>
            <div>\(field("distance", "Distance", "inputmode=\"decimal\" autocomplete=\"off\""))</div>
          </div>
          {{/regular}}
          <label for="category">Category</label>
          <select id="category" name="category"{{#error_category}} aria-invalid="true" aria-describedby="category-error"{{/error_category}}><option value="">Not yet</option>{{#categories}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/categories}}</select>
          \(error("category"))
          <datalist id="purposes">{{#suggestions}}<option value="{{.}}">{{/suggestions}}</datalist>
          \(field("purpose", "Purpose (needed for business)", "list=\"purposes\" maxlength=\"500\""))
          {{^regular}}
          \(field("from", "From", "maxlength=\"500\""))
          \(field("to", "To", "maxlength=\"500\""))
          \(field("partner", "Business partner", "maxlength=\"500\""))
          {{/regular}}
          \(error("end_date"))
          \(error("allow_future"))
          <button type="submit" id="add-trip">Add trip</button>
          <a class="button secondary" href="/trips">Back</a>
        </form>
        {{/hasVehicles}}
        """

    static let regularTrips = """
        {{#message}}<p class="card ok" role="status" id="message">{{message}}</p>{{/message}}
        {{#empty}}<p class="card" id="no-regulars">No regular trips yet. Open a trip you drive often and save it with
        ★ as a regular trip: it can then fill the form when you add a trip.</p>{{/empty}}
        {{#regulars}}
        <article class="card regular" id="regular-{{anchor}}">
          <div class="trip-head"><strong>★ {{name}}</strong><span>{{distance}}{{#vehicle}} · {{vehicle}}{{/vehicle}}</span></div>
          <p class="muted">{{#from}}{{from}} → {{/from}}{{to}}{{#purpose}} {{purpose}}{{/purpose}}
            <span class="tag {{category}}">{{category}}</span> · usually at {{startTime}}</p>
          <div class="row-actions">
            {{#editor}}<a class="button" href="/trips/new?regular={{anchor}}">Add a trip like this</a>{{/editor}}
            {{#admin}}<form method="post" action="/regular-trips/remove"><input type="hidden" name="csrf" value="{{csrf}}">
            <input type="hidden" name="name" value="{{name}}"><button class="danger" type="submit">Remove</button></form>{{/admin}}
          </div>
        </article>
        {{/regulars}}
        """

    static let profile = """
        {{#message}}<p class="card ok" role="status" id="message">{{message}}</p>{{/message}}
        {{#problem}}<p class="card problem" role="alert" id="form-problem">{{problem}}</p>{{/problem}}
        <p class="muted">The person keeping the log, as the monthly reports print them.</p>
        {{#admin}}
        <form class="card" method="post" action="/profile" id="profile-form">
          <input type="hidden" name="csrf" value="{{csrf}}">
          \(field("name", "Name", "maxlength=\"200\" autocomplete=\"name\""))
          \(field("company", "Company", "maxlength=\"200\" autocomplete=\"organization\""))
          \(field("employee_id", "Employee id", "maxlength=\"200\" autocomplete=\"off\""))
          <button type="submit" id="save-profile">Save</button>
        </form>
        {{/admin}}
        {{^admin}}
        <section class="card" id="profile">
          <dl class="facts">
            <dt>Name</dt><dd>{{shown.name}}</dd>
            <dt>Company</dt><dd>{{shown.company}}</dd>
            <dt>Employee id</dt><dd>{{shown.employee_id}}</dd>
          </dl>
          <p class="muted">An admin changes the profile.</p>
        </section>
        {{/admin}}
        """

    static let importFile = """
        {{#message}}<p class="card ok" role="status" id="message">{{message}}</p>{{/message}}
        {{#problem}}<p class="card problem" role="alert" id="form-problem">{{problem}}</p>{{/problem}}
        {{^hasVehicles}}<p class="card" id="no-vehicles">There is no vehicle you may import trips to yet: an admin adds
        the vehicles and gives drivers theirs.</p>{{/hasVehicles}}
        {{#hasVehicles}}
        <form class="card" method="post" action="/trips/import" enctype="multipart/form-data" id="import-form">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <label for="vehicle">Vehicle</label>
          <select id="vehicle" name="vehicle">{{#vehicles}}<option{{#selected}} selected{{/selected}}>{{plate}}</option>{{/vehicles}}</select>
          \(error("vehicle"))
          <label for="file">Track file: GPX, NMEA 0183 or gpsd JSON (gzip too), at most {{limit}}</label>
          <input id="file" name="file" type="file" required{{#error_file}} aria-invalid="true" aria-describedby="file-error"{{/error_file}}>
          \(error("file"))
          <button type="submit" id="import">Import</button>
        </form>
        <p class="muted">The file's trips are found as <code>logbook import</code> finds them; a file imported before
        adds nothing, a trip the log has already is not added again, and one that overlaps a trip of the log waits
        for an admin.</p>
        {{/hasVehicles}}
        """
}
