/// The pages of phones and trackers: the admins' devices page and "Record a trip".
enum DeviceTemplates {
    static let devices = """
        {{#message}}<p class="card problem" role="alert">{{message}}</p>{{/message}}
        {{#added}}
        <section class="card" id="added">
          <h2>{{name}} added for {{vehicle}}</h2>
          <p>Its token is shown only now: set up the app before you leave this page.</p>
          <p><code class="wrap" id="token">{{token}}</code></p>
          {{#codes}}<figure class="qr">{{{svg}}}<figcaption class="muted">Scan with the phone — {{caption}}</figcaption></figure>{{/codes}}
          {{#apps}}<div class="app"><strong>{{app}}</strong> <span class="muted">{{setting}}</span><code class="wrap">{{value}}</code></div>{{/apps}}
        </section>
        {{/added}}
        <section class="card">
          <table><thead><tr><th>Device</th><th>Seen</th><th>Now</th><th></th></tr></thead><tbody>
          {{#devices}}<tr><td>{{name}}<br><span class="muted">{{vehicle}} · {{positions}} positions{{#refused}} · {{refused}} refused{{/refused}}</span>{{#revoked}}<br><span class="tag locked">revoked</span>{{/revoked}}</td>
            <td>{{lastSeen}}{{#battery}}<br><span class="muted">battery {{battery}}</span>{{/battery}}</td>
            <td>{{#trip}}trip since {{start}} · {{distance}}{{#standing}} · standing{{/standing}}{{/trip}}{{^trip}}parked{{/trip}}</td>
            <td class="actions">{{^revoked}}<form method="post" action="/devices/{{path}}/revoke"><input type="hidden" name="csrf" value="{{csrf}}"><button class="link" type="submit">Revoke</button></form>{{/revoked}}
              <form method="post" action="/devices/{{path}}/remove"><input type="hidden" name="csrf" value="{{csrf}}"><button class="link" type="submit">Remove</button></form></td></tr>{{/devices}}
          {{^devices}}<tr><td colspan="4" class="muted">No devices yet.</td></tr>{{/devices}}
          </tbody></table>
        </section>
        {{^hasVehicles}}<p class="card" id="no-vehicles">A phone or tracker reports the positions of one vehicle, and the
        log has no vehicle yet: add one under <a href="/vehicles">Vehicles</a> first.</p>{{/hasVehicles}}
        {{#hasVehicles}}
        <form class="card" method="post" action="/devices">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <h2>Add a phone or tracker</h2>
          <label for="device-name">Name</label><input id="device-name" name="name" required maxlength="64" placeholder="annas-phone">
          <label for="device-vehicle">Vehicle</label>
          <select id="device-vehicle" name="vehicle">{{#vehicles}}<option>{{.}}</option>{{/vehicles}}</select>
          <label for="device-speed">Speed unit of the osmand protocol</label>
          <select id="device-speed" name="speed_unit"><option value="knots">knots (Traccar Client)</option><option value="m/s">m/s (OsmAnd)</option><option value="km/h">km/h</option></select>
          <button type="submit">Add</button>
        </form>
        {{/hasVehicles}}
        """

    static let record = """
        {{^hasVehicles}}<p class="card" id="no-vehicles">There is no vehicle you may record trips for{{#fleet}}: add one
        under <a href="/vehicles">Vehicles</a> first{{/fleet}}{{^fleet}}: an admin gives drivers their vehicles{{/fleet}}.</p>{{/hasVehicles}}
        {{#hasVehicles}}
        <section class="card recorder" id="recorder" data-csrf="{{csrf}}">
          <label for="record-vehicle">Vehicle</label>
          <select id="record-vehicle">{{#vehicles}}<option>{{.}}</option>{{/vehicles}}</select>
          <div class="choices">
            <button type="button" id="record-start">Start</button>
            <button type="button" id="record-stop" class="danger" hidden>Stop</button>
          </div>
          <dl class="facts">
            <dt>Time</dt><dd class="reading" id="record-time">0:00</dd>
            <dt>Distance</dt><dd class="reading" id="record-distance">0.00 km</dd>
            <dt>Positions</dt><dd id="record-sent">0 sent</dd>
          </dl>
          <p id="record-status" class="muted" role="status" aria-live="polite">Not recording.</p>
        </section>
        {{/hasVehicles}}
        <section class="card">
          <p>A browser stops tracking when the screen locks or another app comes to the front: keep this page open
          with the screen on while you drive. Positions taken without network wait on the phone and are sent when it
          is back. For all-day tracking use Traccar Client, OwnTracks, Overland or GPSLogger: an admin adds your phone
          under Devices.</p>
          <p class="muted">The distance here is the phone's own estimate; the log's is measured by the server.</p>
        </section>
        <script src="/static/record.js"></script>
        """
}
