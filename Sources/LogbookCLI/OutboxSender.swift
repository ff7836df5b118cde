import LogbookStore
import Mailer

/// Delivers what the outbox holds: each due message once, its outcome recorded; transient failures wait with
/// backoff, permanent ones (authentication, a refused recipient) are marked failed at once.
struct OutboxSender {
    let database: AppDatabase
    let mailer: SMTPMailer

    struct Outcome {
        var sent: [Int64] = []
        var failed: [(id: Int64, error: String)] = []
    }

    func deliverDue(only ids: Set<Int64>? = nil) -> Outcome {
        var outcome = Outcome()
        guard let due = try? database.dueMail() else { return outcome }
        for message in due where ids?.contains(message.id) ?? true {
            let mail = RenderedMail(
                sender: message.sender, recipients: message.recipients, messageID: message.messageID,
                bytes: message.message)
            do {
                _ = try mailer.send(mail)
                try? database.markSent(message.id)
                outcome.sent.append(message.id)
            } catch {
                let retry = error.isTransient ? RetryPolicy() : RetryPolicy(maximumAttempts: 1)
                try? database.markFailed(message.id, error: error.description, retry: retry)
                outcome.failed.append((message.id, error.description))
            }
        }
        return outcome
    }
}
