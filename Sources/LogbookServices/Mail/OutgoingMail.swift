import LogbookStore

/// A message as the mailer rendered it, ready for the outbox: the envelope and the RFC 5322 bytes. Every domain's
/// mail (the mileage report, the checklists' to-dos, the hours timesheet, the roofing final account) is queued as one.
public struct OutgoingMail: Sendable, Hashable {
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

    /// Puts the message in the log's outbox (the outbox sender delivers it); its id. The same message id twice is
    /// refused: it was queued before.
    func enqueue(in writer: AppDatabase, subject: String) throws -> Int64 {
        guard
            let id = try writer.enqueueMail(
                sender: sender, recipients: recipients, messageID: messageID, subject: subject, message: bytes)
        else { throw ServiceError(.refused, "the message was queued before") }
        return id
    }
}
