/// Roofing's page templates (mustache; every value is HTML-escaped) and their stylesheet: phone first, no
/// script, every button and field at least 44 px high so a gloved thumb hits it.
enum RoofingTemplates {
    static let all: [String: String] = [
        "roofing/index": index, "roofing/catalogue": catalogue, "roofing/project": project,
    ]

    static let searchForm = """
        <form class="card roof-search" method="get" action="/roofing/catalogue" role="search">
          <label for="roof-q">Find an activity by position or name</label>
          <div class="roof-row"><input id="roof-q" name="q" value="{{query}}" maxlength="200" placeholder="12.3 or tagrende"><button type="submit">Search</button></div>
        </form>
        """

    static let index = """
        <link rel="stylesheet" href="/static/roofing.css">
        {{#message}}<p class="card problem" role="alert" id="roof-message">{{message}}</p>{{/message}}
        \(searchForm)
        <section class="card" id="projects">
          <h2>Projects, the last changed first</h2>
          {{#none}}<p class="muted">No projects yet.{{^editor}} An admin creates them.{{/editor}}</p>{{/none}}
          <ul class="roof-list">
          {{#projects}}
            <li><a class="roof-hit" href="/roofing/projects/{{path}}"><strong>{{name}}</strong> <span class="tag">{{status}}</span>
              <span class="muted">{{customer}} {{address}} · {{lines}} lines</span></a></li>
          {{/projects}}
          </ul>
        </section>
        {{#editor}}
        {{^catalogues}}<p class="card" id="no-catalogue">There is no activity catalogue yet: a project is priced from
        one, and the search finds its activities. Import one at the terminal with
        <code>logbook roofing catalogue import FILE</code> (CSV or JSON, see the README).</p>{{/catalogues}}
        {{#hasCatalogues}}
        <form class="card" method="post" action="/roofing/projects" id="create-project">
          <h2>New project</h2>
          <input type="hidden" name="csrf" value="{{csrf}}">
          <label for="new-name">Name</label><input id="new-name" name="name" required maxlength="200">
          <label for="new-address">Address</label><input id="new-address" name="address" maxlength="500">
          <label for="new-customer">Customer</label><input id="new-customer" name="customer" maxlength="500">
          <label for="new-catalogue">Catalogue</label>
          <select id="new-catalogue" name="catalogue">{{#catalogues}}<option>{{.}}</option>{{/catalogues}}</select>
          <label for="new-start">First day</label><input id="new-start" name="start" type="date">
          <label for="new-rate">Guaranteed hourly pay</label><input id="new-rate" name="guaranteed_rate" inputmode="decimal" maxlength="20">
          <button type="submit">Create the project</button>
        </form>
        {{/hasCatalogues}}
        {{/editor}}
        """

    static let catalogue = """
        <link rel="stylesheet" href="/static/roofing.css">
        {{#message}}<p class="card problem" role="alert" id="roof-message">{{message}}</p>{{/message}}
        \(searchForm)
        {{#none}}<p class="card muted" id="no-hits">Nothing found for “{{query}}”.</p>{{/none}}
        <ol class="roof-hits" id="hits">
        {{#hits}}
          <li class="card roof-hit" id="hit-{{number}}">
            <p><strong class="roof-pos">{{pos}}</strong> {{name}}</p>
            <p class="muted">{{section}} · {{#supplement}}supplement{{/supplement}}{{^supplement}}{{price}} per {{unit}}{{/supplement}} · {{catalogue}}</p>
            {{#add}}
            <form method="post" action="/roofing/add" class="roof-row">
              <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="pos" value="{{pos}}"><input type="hidden" name="q" value="{{query}}">
              <select name="project" aria-label="Project for {{pos}}">{{#projects}}<option>{{.}}</option>{{/projects}}</select>
              <input name="quantity" inputmode="decimal" aria-label="Quantity of {{pos}} in {{unit}}" placeholder="{{unit}}" required maxlength="20">
              <button type="submit">Add to project</button>
            </form>
            {{/add}}
          </li>
        {{/hits}}
        </ol>
        """

    static let project = """
        <link rel="stylesheet" href="/static/roofing.css">
        {{#message}}<p class="card problem" role="alert" id="roof-message">{{message}}</p>{{/message}}
        <p class="roof-head"><span class="tag" id="status">{{status}}</span> {{customer}} {{address}} · catalogue {{catalogue}} · <a href="/roofing">all projects</a></p>
        <section class="card" id="lines">
          <h2>Lines</h2>
          {{#noLines}}<p class="muted">No lines yet{{#editable}}: search the catalogue or add one below{{/editable}}.</p>{{/noLines}}
          {{#sections}}
          <h3 id="section-{{number}}">{{title}}</h3>
          <ol class="roof-lines">
          {{#lines}}
            <li class="roof-line" id="line-{{number}}">
              <p><strong class="roof-pos">{{pos}}</strong> {{name}} <span class="muted">{{price}} per {{unit}}</span> <span class="roof-amount">{{amount}}</span></p>
              {{#note}}<p class="muted">{{note}}</p>{{/note}}
              {{#editable}}
              <div class="roof-row">
                <form method="post" action="/roofing/projects/{{path}}/lines/{{number}}" class="roof-row">
                  <input type="hidden" name="csrf" value="{{csrf}}">
                  <input name="quantity" id="quantity-{{number}}" inputmode="decimal" value="{{quantity}}" aria-label="Quantity of line {{number}} in {{unit}}" required maxlength="20">
                  <span>{{unit}}</span>
                  <button type="submit">Save</button>
                </form>
                <form method="post" action="/roofing/projects/{{path}}/lines/{{number}}/delete">
                  <input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="secondary" aria-label="Remove line {{number}}">Remove</button>
                </form>
              </div>
              {{/editable}}
              {{^editable}}<p>{{quantity}} {{unit}}</p>{{/editable}}
            </li>
          {{/lines}}
          </ol>
          {{/sections}}
        </section>
        {{#editable}}
        <form class="card" method="post" action="/roofing/projects/{{path}}/lines" id="add-line">
          <h2>Add a line</h2>
          <input type="hidden" name="csrf" value="{{csrf}}">
          <label for="line-pos">Position</label><input id="line-pos" name="pos" required maxlength="40" placeholder="12.3.4">
          <label for="line-quantity">Quantity</label><input id="line-quantity" name="quantity" inputmode="decimal" required maxlength="20">
          <label for="line-note">Note</label><input id="line-note" name="note" maxlength="500">
          <button type="submit">Add the line</button>
        </form>
        {{/editable}}
        <section class="card" id="roofers">
          <h2>Roofers and hours</h2>
          <ul>{{#roofers}}<li>{{name}}: {{hours}} h</li>{{/roofers}}</ul>
          {{#editable}}
          <form method="post" action="/roofing/projects/{{path}}/hours" class="roof-row">
            <input type="hidden" name="csrf" value="{{csrf}}">
            <input name="roofer" aria-label="Roofer" placeholder="Roofer" required maxlength="100">
            <input name="hours" inputmode="decimal" aria-label="Hours" placeholder="Hours" required maxlength="20">
            <button type="submit">Set hours</button>
          </form>
          {{/editable}}
        </section>
        <section class="card" id="extra">
          <h2>Extra work</h2>
          <ul>{{#account.extraWork}}<li>{{text}}: {{amount}}</li>{{/account.extraWork}}</ul>
          {{#editable}}
          <form method="post" action="/roofing/projects/{{path}}/extra-work">
            <input type="hidden" name="csrf" value="{{csrf}}">
            <label for="extra-text">What was done</label><input id="extra-text" name="text" required maxlength="500">
            <div class="roof-row"><input name="hours" inputmode="decimal" aria-label="Hours" placeholder="Hours" maxlength="20"><input name="rate" inputmode="decimal" aria-label="Hourly rate" placeholder="Rate" maxlength="20"><input name="amount" inputmode="decimal" aria-label="Or a fixed amount" placeholder="or amount" maxlength="20"></div>
            <button type="submit">Add extra work</button>
          </form>
          {{/editable}}
        </section>
        <section class="card" id="deductions">
          <h2>Deductions</h2>
          <ul>{{#account.deductions}}<li>{{text}}: {{amount}}</li>{{/account.deductions}}</ul>
          {{#editable}}
          <form method="post" action="/roofing/projects/{{path}}/deductions">
            <input type="hidden" name="csrf" value="{{csrf}}">
            <div class="roof-row"><input name="text" aria-label="What is deducted" placeholder="What" required maxlength="500"><input name="amount" inputmode="decimal" aria-label="Amount" placeholder="Amount" required maxlength="20"></div>
            <button type="submit">Deduct</button>
          </form>
          {{/editable}}
        </section>
        <section class="card" id="advances">
          <h2>Advances</h2>
          <ul>{{#account.advancePayments}}<li>{{date}}: {{amount}} {{note}}</li>{{/account.advancePayments}}</ul>
          {{#editable}}
          <form method="post" action="/roofing/projects/{{path}}/advances">
            <input type="hidden" name="csrf" value="{{csrf}}">
            <div class="roof-row"><input name="amount" inputmode="decimal" aria-label="Amount" placeholder="Amount" required maxlength="20"><input name="date" type="date" aria-label="Paid on" required><input name="note" aria-label="Note" placeholder="Note" maxlength="500"></div>
            <button type="submit">Record the advance</button>
          </form>
          {{/editable}}
        </section>
        <section class="card" id="photos">
          <h2>Photos</h2>
          <ul class="roof-photos">{{#photos}}<li id="photo-{{id}}"><a href="/roofing/projects/{{path}}/photos/{{id}}"><img src="/roofing/projects/{{path}}/photos/{{id}}/thumbnail" alt="{{caption}}{{^caption}}{{name}}{{/caption}}" loading="lazy"></a> {{caption}}</li>{{/photos}}</ul>
          {{#editable}}
          <form method="post" action="/roofing/projects/{{path}}/photos" enctype="multipart/form-data" id="add-photo">
            <input type="hidden" name="csrf" value="{{csrf}}">
            <label for="photo-file">Take or choose a photo</label>
            <input id="photo-file" name="photo" type="file" accept="image/*" capture="environment" required>
            <label for="photo-caption">Caption</label><input id="photo-caption" name="caption" maxlength="500">
            <button type="submit">Add the photo</button>
          </form>
          {{/editable}}
        </section>
        <section class="card" id="account">
          <h2>Account</h2>
          {{#accountError}}<p class="problem">{{accountError}}</p>{{/accountError}}
          {{#account}}
          <dl class="facts">
            <dt>Lines</dt><dd id="sum-lines">{{linesTotal}}</dd>
            {{#supplements}}<dt>{{pos}} {{name}} ({{percent}} %)</dt><dd>{{amount}}</dd>{{/supplements}}
            <dt>Extra work</dt><dd id="sum-extra">{{extraWorkTotal}}</dd>
            <dt>Deductions</dt><dd id="sum-deductions">{{deductionsTotal}}</dd>
            <dt>Total</dt><dd id="sum-total">{{total}}</dd>
            <dt>Guaranteed pay</dt><dd>{{guaranteed}}</dd>
            <dt>Advances</dt><dd>{{advances}}</dd>
            <dt>Surplus</dt><dd id="sum-surplus">{{surplus}}</dd>
            <dt>Hours</dt><dd>{{hours}} · {{hourly}} per hour</dd>
          </dl>
          {{#unshared}}<p class="problem">Not shared: {{unshared}} (enter the hours each roofer worked)</p>{{/unshared}}
          <table class="roof-shares" id="shares">
            <thead><tr><th>Roofer</th><th>Hours</th><th>Share</th><th>Per hour</th><th>Balance</th></tr></thead>
            <tbody>{{#shares}}<tr><td>{{roofer}}</td><td>{{hours}}</td><td>{{amount}}</td><td>{{hourly}}</td><td>{{balance}}</td></tr>{{/shares}}</tbody>
          </table>
          {{/account}}
        </section>
        <nav class="roof-row" aria-label="Downloads">
          <a class="button secondary" id="download-pdf" href="/roofing/projects/{{path}}/account.pdf">PDF</a>
          <a class="button secondary" id="download-csv" href="/roofing/projects/{{path}}/account.csv">CSV</a>
          <a class="button secondary" id="download-payroll" href="/roofing/projects/{{path}}/payroll.csv">Payroll</a>
        </nav>
        {{#editable}}
        <form class="card" method="post" action="/roofing/projects/{{path}}/submit" id="submit">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <p>Submitting locks the account as a version for the union.</p>
          <button type="submit">Submit the account</button>
        </form>
        {{/editable}}
        """

    static let stylesheet = """
        .roof-row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
        .roof-row input { flex: 1 1 6rem; min-width: 5rem; }
        .roof-row button, .roof-row input, .roof-row select, .roof-hit, .roof-line button, .roof-search input,
        .roof-search button, .card button, .card input, .card select, nav .button {
          min-height: 44px; font-size: 1rem;
        }
        .roof-list, .roof-hits, .roof-lines { list-style: none; padding: 0; margin: 0; }
        .roof-list a.roof-hit { display: block; padding: 0.75rem 0.25rem; min-height: 44px; }
        .roof-hit { padding: 0.75rem; }
        .roof-line { border-bottom: 1px solid #ddd; padding: 0.5rem 0; }
        .roof-photos { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.5rem; }
        .roof-photos img { width: 8rem; height: 8rem; object-fit: cover; image-orientation: from-image; }
        .roof-pos { font-variant-numeric: tabular-nums; }
        .roof-amount { float: right; font-variant-numeric: tabular-nums; }
        .roof-shares { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
        .roof-shares td, .roof-shares th { padding: 0.4rem; text-align: right; }
        .roof-shares td:first-child, .roof-shares th:first-child { text-align: left; }
        """
}
