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
          {{#none}}<p class="muted" id="no-projects">No projects yet.{{^editor}}{{#roofer}} A project shows here when its team names you.{{/roofer}}{{^roofer}} An admin creates them.{{/roofer}}{{/editor}}</p>{{/none}}
          <ul class="roof-list">
          {{#projects}}
            <li><a class="roof-hit" href="/roofing/projects/{{path}}"><strong>{{name}}</strong> <span class="tag">{{status}}</span>
              <span class="muted">{{customer}} {{address}} · {{lines}} lines</span></a></li>
          {{/projects}}
          </ul>
        </section>
        {{#onlySample}}<p class="card" id="no-catalogue">There is no activity catalogue of the firm's own yet: the search
        uses the <strong>{{sample}}</strong> shipped with Logbook, <span class="tag example">example prices</span>, not
        anyone's rates.{{#editor}} A project may be priced from it to try things out. Import the firm's price list at
        the terminal with <code>logbook roofing catalogue import FILE</code> (CSV or JSON, see the README).{{/editor}}</p>{{/onlySample}}
        {{#editor}}
        {{#hasCatalogues}}
        <form class="card" method="post" action="/roofing/projects" id="create-project">
          <h2>New project</h2>
          <input type="hidden" name="csrf" value="{{csrf}}">
          <label for="new-name">Name</label><input id="new-name" name="name" required maxlength="200">
          <label for="new-address">Address</label><input id="new-address" name="address" maxlength="500">
          <label for="new-customer">Customer</label><input id="new-customer" name="customer" maxlength="500">
          <label for="new-catalogue">Catalogue</label>
          <select id="new-catalogue" name="catalogue">{{#catalogues}}<option>{{.}}</option>{{/catalogues}}</select>
          <label for="new-roofers">Roofers (names, separated by commas; a roofer user sees the projects that name them)</label>
          <input id="new-roofers" name="roofers" maxlength="500" placeholder="Jens, Ole">
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
        {{#examples}}<p class="card" id="example-prices"><span class="tag example">example prices</span> These hits are
        from the sample catalogue shipped with Logbook: its prices are examples, not anyone's rates. The firm's own
        price list replaces it once imported.</p>{{/examples}}
        {{#none}}<p class="card muted" id="no-hits">Nothing found for “{{query}}”.</p>{{/none}}
        <ol class="roof-hits" id="hits">
        {{#hits}}
          <li class="card roof-hit" id="hit-{{number}}">
            <p><strong class="roof-pos">{{pos}}</strong> {{name}}</p>
            <p class="muted">{{section}} · {{#supplement}}supplement{{/supplement}}{{^supplement}}{{price}} per {{unit}}{{/supplement}}{{#example}} <span class="tag example">example price</span>{{/example}} · {{catalogue}}</p>
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

    /// A refusal beside its field: `{{#errors.KEY}}` … with the id `KEY-error` the field names in `aria-describedby`.
    static func error(_ key: String) -> String {
        "{{#errors.\(key)}}<p class=\"problem field-error\" id=\"\(key)-error\" role=\"alert\">{{errors.\(key)}}</p>{{/errors.\(key)}}"
    }

    /// The attributes of a field that may be refused: `aria-invalid` and `aria-describedby` when it was.
    static func invalid(_ key: String) -> String {
        "{{#errors.\(key)}} aria-invalid=\"true\" aria-describedby=\"\(key)-error\" autofocus{{/errors.\(key)}}"
    }

    static let project = """
        <link rel="stylesheet" href="/static/roofing.css">
        {{#message}}<p class="card ok" role="status" id="roof-message">{{message}}</p>{{/message}}
        {{#problem}}<p class="card problem" role="alert" id="roof-problem">{{problem}}</p>{{/problem}}
        <p class="roof-head"><span class="tag {{status}}" id="status">{{status}}</span> {{customer}} {{address}} · catalogue {{catalogue}}{{#example}} <span class="tag example" id="example-prices">example prices</span>{{/example}} · <a href="/roofing">all projects</a></p>
        <section class="card" id="lines">
          <h2>Lines</h2>
          \(error("line"))
          {{#noLines}}<p class="muted">No lines yet{{#work}}: search the catalogue or add one below{{/work}}.</p>{{/noLines}}
          {{#sections}}
          <h3 id="section-{{number}}">{{title}}</h3>
          <ol class="roof-lines">
          {{#lines}}
            <li class="roof-line" id="line-{{number}}">
              <p><strong class="roof-pos">{{pos}}</strong> {{name}} <span class="muted">{{price}} per {{unit}}</span> <span class="roof-amount">{{amount}}</span></p>
              {{#note}}<p class="muted">{{note}}</p>{{/note}}
              {{#work}}
              <div class="roof-row">
                <form method="post" action="/roofing/projects/{{path}}/lines/{{number}}" class="roof-row">
                  <input type="hidden" name="csrf" value="{{csrf}}">
                  <input name="quantity" id="quantity-{{number}}" inputmode="decimal" value="{{quantity}}" aria-label="Quantity of line {{number}} in {{unit}}" required maxlength="20"{{#error}} aria-invalid="true" aria-describedby="line-{{number}}-error" autofocus{{/error}}>
                  <span>{{unit}}</span>
                  <button type="submit">Save</button>
                </form>
                <form method="post" action="/roofing/projects/{{path}}/lines/{{number}}/delete">
                  <input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="secondary" aria-label="Remove line {{number}}">Remove</button>
                </form>
              </div>
              {{#error}}<p class="problem field-error" id="line-{{number}}-error" role="alert">{{error}}</p>{{/error}}
              {{/work}}
              {{^work}}<p>{{quantity}} {{unit}}</p>{{/work}}
            </li>
          {{/lines}}
          </ol>
          {{/sections}}
        </section>
        {{#work}}
        <form class="card" method="post" action="/roofing/projects/{{path}}/lines" id="add-line">
          <h2>Add a line</h2>
          <input type="hidden" name="csrf" value="{{csrf}}">
          \(error("add_line"))
          <label for="line-pos">Position</label><input id="line-pos" name="pos" required maxlength="40" placeholder="12.3.4" value="{{typed.add_line_pos}}"\(invalid("add_line_pos"))>
          \(error("add_line_pos"))
          <label for="line-quantity">Quantity</label><input id="line-quantity" name="quantity" inputmode="decimal" required maxlength="20" value="{{typed.add_line_quantity}}"\(invalid("add_line_quantity"))>
          \(error("add_line_quantity"))
          <label for="line-note">Note</label><input id="line-note" name="note" maxlength="500" value="{{typed.add_line_note}}"\(invalid("add_line_note"))>
          \(error("add_line_note"))
          <button type="submit">Add the line</button>
        </form>
        {{/work}}
        <section class="card" id="supplements">
          <h2>Supplements</h2>
          <ul>{{#account.supplements}}<li>{{pos}} {{name}} ({{percent}} %): {{amount}}</li>{{/account.supplements}}</ul>
          {{^account.supplements}}<p class="muted">None.</p>{{/account.supplements}}
          {{#editable}}{{#hasSupplementChoices}}
          <form method="post" action="/roofing/projects/{{path}}/supplements" id="add-supplement">
            <input type="hidden" name="csrf" value="{{csrf}}">
            \(error("supplement"))
            <label for="supplement-pos">Supplement of the catalogue</label>
            <select id="supplement-pos" name="pos"\(invalid("supplement_pos"))>{{#supplementChoices}}<option value="{{pos}}">{{pos}} {{name}} ({{percent}} %)</option>{{/supplementChoices}}</select>
            \(error("supplement_pos"))
            <button type="submit">Add the supplement</button>
          </form>
          {{/hasSupplementChoices}}{{/editable}}
        </section>
        <section class="card" id="roofers">
          <h2>Roofers and hours</h2>
          <ul>{{#roofers}}<li>{{name}}: {{hours}} h</li>{{/roofers}}</ul>
          {{#work}}
          <form method="post" action="/roofing/projects/{{path}}/hours" id="hours-form">
            <input type="hidden" name="csrf" value="{{csrf}}">
            \(error("hours"))
            {{#ownHours}}<input type="hidden" name="roofer" value="{{me}}"><label for="hours-hours">Your hours ({{me}})</label>{{/ownHours}}
            {{^ownHours}}<label for="hours-roofer">Roofer (on the team: {{team}}; a new name joins it)</label><input id="hours-roofer" name="roofer" required maxlength="100" autocapitalize="words" value="{{typed.hours_roofer}}"\(invalid("hours_roofer"))>
            \(error("hours_roofer"))
            <label for="hours-hours">Hours</label>{{/ownHours}}
            <input id="hours-hours" name="hours" inputmode="decimal" required maxlength="20" value="{{typed.hours_hours}}"\(invalid("hours_hours"))>
            \(error("hours_hours"))
            <button type="submit">Set hours</button>
          </form>
          {{/work}}
        </section>
        <section class="card" id="extra">
          <h2>Extra work</h2>
          <ul>{{#account.extraWork}}<li>{{text}}: {{amount}}</li>{{/account.extraWork}}</ul>
          {{^account.extraWork}}<p class="muted">None.</p>{{/account.extraWork}}
          {{#editable}}
          <form method="post" action="/roofing/projects/{{path}}/extra-work" id="extra-form">
            <input type="hidden" name="csrf" value="{{csrf}}">
            \(error("extra"))
            <label for="extra-text">What was done</label><input id="extra-text" name="text" required maxlength="500" value="{{typed.extra_text}}"\(invalid("extra_text"))>
            \(error("extra_text"))
            <div class="roof-row"><input id="extra-hours" name="hours" inputmode="decimal" aria-label="Hours" placeholder="Hours" maxlength="20" value="{{typed.extra_hours}}"\(invalid("extra_hours"))><input id="extra-rate" name="rate" inputmode="decimal" aria-label="Hourly rate" placeholder="Rate" maxlength="20" value="{{typed.extra_rate}}"\(invalid("extra_rate"))><input id="extra-amount" name="amount" inputmode="decimal" aria-label="Or a fixed amount" placeholder="or amount" maxlength="20" value="{{typed.extra_amount}}"\(invalid("extra_amount"))></div>
            \(error("extra_hours"))\(error("extra_rate"))\(error("extra_amount"))
            <button type="submit">Add extra work</button>
          </form>
          {{/editable}}
        </section>
        <section class="card" id="deductions">
          <h2>Deductions</h2>
          <ul>{{#account.deductions}}<li>{{text}}: {{amount}}</li>{{/account.deductions}}</ul>
          {{^account.deductions}}<p class="muted">None.</p>{{/account.deductions}}
          {{#editable}}
          <form method="post" action="/roofing/projects/{{path}}/deductions" id="deduction-form">
            <input type="hidden" name="csrf" value="{{csrf}}">
            \(error("deduction"))
            <label for="deduction-text">What is deducted</label><input id="deduction-text" name="text" required maxlength="500" value="{{typed.deduction_text}}"\(invalid("deduction_text"))>
            \(error("deduction_text"))
            <label for="deduction-amount">Amount</label><input id="deduction-amount" name="amount" inputmode="decimal" required maxlength="20" value="{{typed.deduction_amount}}"\(invalid("deduction_amount"))>
            \(error("deduction_amount"))
            <button type="submit">Deduct</button>
          </form>
          {{/editable}}
        </section>
        <section class="card" id="advances">
          <h2>Advances</h2>
          <ul>{{#account.advancePayments}}<li>{{date}}: {{amount}} {{note}}</li>{{/account.advancePayments}}</ul>
          {{^account.advancePayments}}<p class="muted">None.</p>{{/account.advancePayments}}
          {{#editable}}
          <form method="post" action="/roofing/projects/{{path}}/advances" id="advance-form">
            <input type="hidden" name="csrf" value="{{csrf}}">
            \(error("advance"))
            <label for="advance-amount">Amount</label><input id="advance-amount" name="amount" inputmode="decimal" required maxlength="20" value="{{typed.advance_amount}}"\(invalid("advance_amount"))>
            \(error("advance_amount"))
            <label for="advance-date">Paid on</label><input id="advance-date" name="date" type="date" required value="{{typed.advance_date}}"\(invalid("advance_date"))>
            \(error("advance_date"))
            <label for="advance-note">Note</label><input id="advance-note" name="note" maxlength="500" value="{{typed.advance_note}}"\(invalid("advance_note"))>
            \(error("advance_note"))
            <button type="submit">Record the advance</button>
          </form>
          {{/editable}}
        </section>
        <section class="card" id="photos">
          <h2>Photos</h2>
          <ul class="roof-photos">{{#photos}}<li id="photo-{{id}}"><a href="/roofing/projects/{{path}}/photos/{{id}}"><img src="/roofing/projects/{{path}}/photos/{{id}}/thumbnail" alt="{{caption}}{{^caption}}{{name}}{{/caption}}" loading="lazy"></a> <span>{{caption}}</span>
            {{#work}}<form method="post" action="/roofing/projects/{{path}}/photos/{{id}}/delete"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="secondary" id="delete-photo-{{id}}" aria-label="Delete photo {{id}}">Delete</button></form>{{/work}}</li>{{/photos}}</ul>
          {{#work}}
          <form method="post" action="/roofing/projects/{{path}}/photos" enctype="multipart/form-data" id="add-photo">
            <input type="hidden" name="csrf" value="{{csrf}}">
            \(error("photo"))
            <label for="photo-file">Take or choose a photo</label>
            <input id="photo-file" name="photo" type="file" accept="image/*" capture="environment" required\(invalid("photo_photo"))>
            \(error("photo_photo"))
            <label for="photo-caption">Caption</label><input id="photo-caption" name="caption" maxlength="500" value="{{typed.photo_caption}}"\(invalid("photo_caption"))>
            \(error("photo_caption"))
            <button type="submit">Add the photo</button>
          </form>
          {{/work}}
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
            <dt>Shared</dt><dd id="split-kind">{{split}}</dd>
          </dl>
          {{#hasUnshared}}<p class="problem">Not shared: {{unshared}} (enter the hours each roofer worked)</p>{{/hasUnshared}}
          <div class="roof-scroll"><table class="roof-shares" id="shares">
            <thead><tr><th>Roofer</th><th>Hours</th><th>Share</th><th>Per hour</th><th>Balance</th></tr></thead>
            <tbody>{{#shares}}<tr><td>{{roofer}}</td><td>{{hours}}</td><td>{{amount}}</td><td>{{hourly}}</td><td>{{balance}}</td></tr>{{/shares}}</tbody>
          </table></div>
          {{/account}}
          {{#editable}}{{#hasTeam}}
          <form method="post" action="/roofing/projects/{{path}}/split" id="split">
            <input type="hidden" name="csrf" value="{{csrf}}">
            <h3>Agreed split</h3>
            <p class="muted">Instead of the same hourly rate for all: a percentage for each roofer (summing to 100) or an amount for each (summing to the total).</p>
            <label for="split-mode">Split by</label>
            <select id="split-mode" name="mode"><option value="percentages">percentages</option><option value="amounts"{{#splitByAmounts}} selected{{/splitByAmounts}}>amounts</option></select>
            {{#shares}}<label for="share-{{index}}">{{name}}</label><input id="share-{{index}}" name="share_{{index}}" inputmode="decimal" required maxlength="20" value="{{value}}"{{#errors.split}} aria-invalid="true" aria-describedby="split-error" autofocus{{/errors.split}}>{{/shares}}
            \(error("split"))
            <button type="submit" id="save-split">Agree the split</button>
          </form>
          <form method="post" action="/roofing/projects/{{path}}/split" id="clear-split">
            <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="mode" value="clear">
            <button type="submit" class="secondary">Share by hours again</button>
          </form>
          {{/hasTeam}}{{/editable}}
        </section>
        <nav class="roof-row" aria-label="Downloads">
          <a class="button secondary" id="download-pdf" href="/roofing/projects/{{path}}/account.pdf">PDF</a>
          <a class="button secondary" id="download-csv" href="/roofing/projects/{{path}}/account.csv">CSV</a>
          {{#payroll}}<a class="button secondary" id="download-payroll" href="/roofing/projects/{{path}}/payroll.csv">Payroll</a>{{/payroll}}
        </nav>
        {{#editable}}
        <form class="card" method="post" action="/roofing/projects/{{path}}/submit" id="submit">
          <input type="hidden" name="csrf" value="{{csrf}}">
          \(error("submit"))
          <p>Submitting locks the account as a version for the union.</p>
          <button type="submit">Submit the account</button>
        </form>
        {{/editable}}
        {{#canRevise}}
        <form class="card" method="post" action="/roofing/projects/{{path}}/revise" id="revise">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <h2>Revise</h2>
          \(error("revise"))
          <label for="revise-reason">Why the account changes</label><input id="revise-reason" name="reason" required maxlength="500" value="{{typed.revise_reason}}"\(invalid("revise_reason"))>
          \(error("revise_reason"))
          <button type="submit">Reopen for the next version</button>
        </form>
        {{/canRevise}}
        {{#canSettle}}
        <form class="card" method="post" action="/roofing/projects/{{path}}/settle" id="settle">
          <input type="hidden" name="csrf" value="{{csrf}}">
          \(error("settle"))
          <p>Settling marks the submitted account paid out: it never changes again.</p>
          <button type="submit">Settle the account</button>
        </form>
        {{/canSettle}}
        {{#canMail}}
        <form class="card" method="post" action="/roofing/projects/{{path}}/email" id="email">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <h2>Send the final account</h2>
          \(error("email"))
          <label for="email-to">To the employer (e-mail)</label><input id="email-to" name="to" type="email" multiple required maxlength="500" placeholder="akkord@firma.dk" value="{{employer}}"\(invalid("email_to"))>
          \(error("email_to"))
          <label for="email-lang">Labels</label><select id="email-lang" name="lang"><option value="da">Danish</option><option value="en">English</option></select>
          <button type="submit" id="send-account">Send by e-mail</button>
        </form>
        {{/canMail}}
        {{#hasHistory}}
        <section class="card" id="history">
          <h2>Versions</h2>
          <ol class="roof-list">{{#history}}<li><strong>{{version}}</strong> · {{date}} · {{author}}{{#reason}} · {{reason}}{{/reason}} · {{total}}{{#changes}}<br><span class="muted">{{changes}}</span>{{/changes}}</li>{{/history}}</ol>
        </section>
        {{/hasHistory}}
        {{#canDelete}}
        <form class="card" method="post" action="/roofing/projects/{{path}}/delete" id="delete-project">
          <input type="hidden" name="csrf" value="{{csrf}}">
          \(error("delete"))
          <label class="roof-check"><input type="checkbox" name="confirm" required> Delete {{name}} with its lines and photos</label>
          <button type="submit" class="danger">Delete the project</button>
        </form>
        {{/canDelete}}
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
        .roof-line { border-bottom: 1px solid var(--line); padding: 0.5rem 0; }
        .roof-photos { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.5rem; }
        .roof-photos img { width: 8rem; height: 8rem; object-fit: cover; image-orientation: from-image; }
        .roof-pos { font-variant-numeric: tabular-nums; }
        .roof-amount { float: right; font-variant-numeric: tabular-nums; }
        .roof-shares { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
        .roof-shares td, .roof-shares th { padding: 0.4rem; text-align: right; }
        .roof-shares { font-size: 0.9rem; }
        .roof-shares td { white-space: nowrap; }
        .roof-shares td:first-child, .roof-shares th:first-child { text-align: left; }
        .roof-scroll { overflow-x: auto; }
        #account .facts { grid-template-columns: minmax(0, 1fr) auto; }
        #account .facts dd { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .roof-photos li { display: flex; flex-direction: column; gap: 0.25rem; max-width: 8rem; }
        .roof-photos form button { width: 100%; margin-top: 0; }
        .roof-check { display: flex; align-items: center; gap: 0.5rem; min-height: 44px; color: inherit; }
        .roof-check input { flex: none; width: 44px; min-height: 44px; margin: 0; }
        .tag.example { border-color: var(--warn-line); color: var(--warn-ink); background: var(--warn-bg); font-weight: 600; }
        """
}
