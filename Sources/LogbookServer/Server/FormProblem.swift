import HTTPTypes
import Hummingbird

/// What one form of a page with several forms was refused for — a value out of its rules (422) or the log's rules
/// (409) — to be shown beside the field it concerns, or at the top of that form when it names none of the form's
/// fields, with what was typed kept. Other errors (403, 404, a failure) are nil: the error page answers them.
///
/// The page's values get `errors` (`FORM_FIELD` beside a field, `FORM` above the form) and `typed` (`FORM_FIELD`,
/// the typed text), so a template writes `{{#errors.extra_amount}}…{{/errors.extra_amount}}` under the field and
/// `value="{{typed.extra_amount}}"` in it.
struct FormProblem: Error {
    var status: HTTPResponse.Status
    var message: String
    /// The form, as the page's values name it (`extra`, `line_3`).
    var form: String
    /// The field the message goes beside, when the form has it.
    var field: String?

    init?(_ error: any Error, form: String, fields: Set<String>) {
        guard let mapped = APIError.from(error),
            mapped.status == .unprocessableContent || mapped.status == .conflict
        else { return nil }
        status = mapped.status
        message = mapped.message
        self.form = form
        field = mapped.field.flatMap { fields.contains($0) ? $0 : nil }
    }

    /// The `errors` and `typed` values of the page showing the form again.
    func values(typed form: FormData) -> [String: Any] {
        var typed: [String: String] = [:]
        for (key, value) in form.values where key != "csrf" { typed[self.form + "_" + key] = value }
        let slot = field.map { self.form + "_" + $0 } ?? self.form
        return ["errors": [slot: message], "typed": typed]
    }
}
