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

/// A mail as the mailer rendered it, ready for the outbox.
public struct RoofingOutgoingMail: Sendable {
    public var sender: String
    public var recipients: [String]
    public var messageID: String
    public var bytes: [UInt8]

    public init(sender: String, recipients: [String], messageID: String, bytes: [UInt8]) {
        self.sender = sender
        self.recipients = recipients
        self.messageID = messageID
        self.bytes = bytes
    }
}
