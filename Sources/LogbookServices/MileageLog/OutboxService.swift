public import LogbookStore
import TrackModel

/// The mail outbox every domain queues its messages in (`logbook mail`, `GET /api/v1/outbox`): recipients,
/// subjects and the mail server's errors, for admins and accountants.
public struct OutboxService: Sendable {
    public let context: ServiceContext

    public init(_ context: ServiceContext) throws {
        if let user = context.caller.user, !user.mayReadOutbox {
            throw ServiceError(.forbidden, "the outbox is for admins and accountants")
        }
        self.context = context
    }

    /// Every message, oldest first (of one status, when given).
    public func list(status: OutboxMessage.Status? = nil) throws -> [OutboxMessageView] {
        try context.database.outbox(status: status).map(OutboxMessageView.init)
    }

    /// Makes a failed or waiting message due again now.
    public func retry(_ id: Int64) throws {
        if let user = context.caller.user, !user.managesFleet {
            throw ServiceError(.forbidden, "only an admin may do this")
        }
        try context.writer.retryMail(id)
    }
}

/// A message of the outbox as `GET /api/v1/outbox` gives it, with when it was queued, is next tried and was sent.
public struct OutboxMessageView: Encodable, Sendable {
    public var message: OutboxMessage

    public init(_ message: OutboxMessage) { self.message = message }

    /// When it is tried next: only while pending.
    public var nextAttempt: Timestamp? { message.status == .pending ? message.nextAttemptAt : nil }

    enum CodingKeys: String, CodingKey {
        case id, created, subject, recipients, status, attempts
        case lastError = "last_error"
        case createdAt = "created_at"
        case nextAttemptAt = "next_attempt_at"
        case sentAt = "sent_at"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(message.id, forKey: .id)
        try c.encode(message.createdAt.iso8601, forKey: .created)
        try c.encode(message.createdAt.iso8601, forKey: .createdAt)
        try c.encode(message.subject, forKey: .subject)
        try c.encode(message.recipients, forKey: .recipients)
        try c.encode(message.status.rawValue, forKey: .status)
        try c.encode(message.attempts, forKey: .attempts)
        try c.encode(message.lastError, forKey: .lastError)
        try c.encode(nextAttempt?.iso8601, forKey: .nextAttemptAt)
        try c.encode(message.sentAt?.iso8601, forKey: .sentAt)
    }
}
