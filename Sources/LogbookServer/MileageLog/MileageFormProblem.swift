import HTTPTypes
import Hummingbird

/// What a mileage log form's post was refused for — a value out of its rules (422) or the log's rules (409) — to be
/// shown beside the field it concerns when the form has that field, else above the form, with the typed values kept.
/// Other errors (403, 404, a failure) are nil: the error page answers them.
struct MileageFormProblem: Error {
    var status: HTTPResponse.Status
    var message: String
    /// The form's field, when the error names one the form has.
    var field: String?

    init?(_ error: any Error, fields: Set<String>) {
        guard let mapped = APIError.from(error),
            mapped.status == .unprocessableContent || mapped.status == .conflict
        else { return nil }
        status = mapped.status
        message = mapped.message
        field = mapped.field.flatMap { fields.contains($0) ? $0 : nil }
    }

    /// `error_FIELD` (the templates' slot beside the field) or `problem` (above the form).
    func apply(to values: inout [String: Any]) {
        if let field {
            values["error_" + field] = message
        } else {
            values["problem"] = message
        }
    }
}
