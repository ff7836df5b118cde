import Foundation

/// A checklist mail as composed: subject, plain text, and the same as HTML.
public struct ChecklistMailContent: Sendable, Hashable {
    public var subject: String
    public var text: String
    public var html: String

    public init(subject: String, text: String, html: String) {
        self.subject = subject
        self.text = text
        self.html = html
    }
}

/// The mailer a checklist mail leaves through, given by the edge that has one (`Mailer`: MIME and SMTP): the use
/// case composes the mail and queues it in the outbox through the store; rendering it from the configured sender
/// and delivering it stay with the mailer.
public protocol ChecklistMailer: Sendable {
    /// `content` to `recipients` as the outbox keeps it, dated `date` (seconds since 1970) with the restaurant's
    /// UTC offset; nil when no mail is configured. Throws when the configuration or an address is not valid (the
    /// error's description says why).
    func render(_ content: ChecklistMailContent, to recipients: [String], date: Double, utcOffsetSeconds: Int)
        throws -> OutgoingMail?

    /// Tries to deliver the queued message `id` now (it stays queued for the outbox's sender otherwise).
    func deliver(_ id: Int64) -> ChecklistDelivery
}

/// What an attempt to deliver a queued message did.
public enum ChecklistDelivery: Sendable, Hashable {
    case sent
    /// Tried and failed (it will be retried).
    case failed(String)
    /// Not tried: no connection to a mail server now.
    case later
}

/// What became of a checklist mail, in one line for people.
public enum ChecklistMailStatus: Sendable, Hashable, CustomStringConvertible {
    /// Not asked for (`--no-mail`).
    case notRequested
    case noAddress(restaurant: String)
    /// No `[mail]` table (or no mailer where the use case ran).
    case notConfigured
    case notMailed(String)
    case queued(Int64)
    case sent(Int64, to: [String])
    case notDelivered(Int64, reason: String)

    public var description: String {
        switch self {
        case .notRequested: "not mailed"
        case .noAddress(let restaurant): "not mailed: \(restaurant) has no e-mail address"
        case .notConfigured: "not mailed: the configuration has no [mail] table"
        case .notMailed(let reason): "not mailed: \(reason)"
        case .queued(let id): "queued as message \(id); `logbook mail send-pending` delivers it"
        case .sent(let id, let to): "mailed to \(to.joined(separator: ", ")) (message \(id))"
        case .notDelivered(let id, let reason):
            "queued as message \(id), not delivered yet: \(reason); `logbook mail send-pending` retries it"
        }
    }
}
