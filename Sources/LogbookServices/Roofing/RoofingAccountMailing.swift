public import ReportDocuments

/// The final account as a mail to compose at the edge (which has the PDF renderer and the mailer): the document
/// with its photos, the recipients, the subject and the text. `RoofingService.enqueue` puts the rendered message
/// in the outbox.
public struct RoofingAccountMailing: Sendable {
    public var document: RoofingAccountDocument
    public var recipients: [String]
    public var subject: String
    public var text: String
    /// The attachment's file name, without its extension.
    public var fileStem: String
}
