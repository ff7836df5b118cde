/// The people page's template (`/users`): who there is, and a form to add someone, every field at least 44 px high,
/// a refusal under the field it concerns.
enum UserTemplates {
    static let all: [String: String] = ["users": users]

    static func error(_ key: String) -> String {
        "{{#errors.\(key)}}<p class=\"problem field-error\" id=\"\(key)-error\" role=\"alert\">{{errors.\(key)}}</p>{{/errors.\(key)}}"
    }

    static func invalid(_ key: String) -> String {
        "{{#errors.\(key)}} aria-invalid=\"true\" aria-describedby=\"\(key)-error\" autofocus{{/errors.\(key)}}"
    }

    static let users = """
        <link rel="stylesheet" href="/static/people.css">
        {{#message}}<p class="card ok" role="status" id="people-message">{{message}}</p>{{/message}}
        <section class="card" id="people">
          <h2>Who uses Logbook</h2>
          <ul class="people">{{#people}}<li><strong>{{name}}</strong> <span class="tag">{{role}}</span>{{#where}} <span class="muted">{{where}}</span>{{/where}}</li>{{/people}}</ul>
        </section>
        <form class="card" method="post" action="/users" id="add-user" autocomplete="off">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <h2>Add someone</h2>
          \(error("user"))
          <label for="user-name">Name (what they log in with)</label>
          <input id="user-name" name="name" required maxlength="64" autocapitalize="none" value="{{typed.user_name}}"\(invalid("user_name"))>
          \(error("user_name"))
          <label for="user-role">Role</label>
          <select id="user-role" name="role"\(invalid("user_role"))>{{#roles}}<option{{#chosen}} selected{{/chosen}}>{{value}}</option>{{/roles}}</select>
          \(error("user_role"))
          {{#everyone}}<p class="muted">A driver sees the vehicles ticked below; restaurant staff work at the restaurants
          ticked; a roofer sees the roofing projects whose team names a roofer of the same name.</p>{{/everyone}}
          {{^everyone}}<p class="muted">Crew, shift and restaurant managers of your restaurants: tick where they work.</p>{{/everyone}}
          <label for="user-password">First password (at least 8 characters; they change it under their name)</label>
          <input id="user-password" name="password" type="password" required minlength="8" autocomplete="new-password"\(invalid("user_password"))>
          \(error("user_password"))
          {{#hasRestaurants}}
          <fieldset class="ticks"\(invalid("user_restaurant"))><legend>Restaurants (for restaurant staff)</legend>
            {{#restaurants}}<label class="tick"><input type="checkbox" name="restaurant_{{index}}" value="{{name}}"{{#checked}} checked{{/checked}}> {{name}}</label>{{/restaurants}}
          </fieldset>
          {{/hasRestaurants}}
          \(error("user_restaurant"))
          {{#hasVehicles}}
          <fieldset class="ticks"><legend>Vehicles (for a driver)</legend>
            {{#vehicles}}<label class="tick"><input type="checkbox" name="vehicle_{{index}}" value="{{plate}}"{{#checked}} checked{{/checked}}> {{plate}}</label>{{/vehicles}}
          </fieldset>
          {{/hasVehicles}}
          \(error("user_vehicle"))
          <button type="submit" id="save-user">Add</button>
        </form>
        """

    /// The page's own style (the pages' policy allows style sheets of the server only, no inline style).
    static let stylesheet = """
        .people { list-style: none; padding: 0; margin: 0; }
        .people li { padding: 8px 0; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
        fieldset.ticks { border: 1px solid var(--line); border-radius: 8px; margin: 12px 0 0; padding: 4px 10px; }
        label.tick { display: flex; align-items: center; gap: 10px; min-height: 44px; margin: 0; color: var(--ink); }
        label.tick input { flex: none; width: 44px; min-height: 44px; margin: 0; }
        """
}
