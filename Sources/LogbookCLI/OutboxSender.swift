import LogbookStore
import TrackModel
import Mailer

/// Delivers what the outbox holds: each due message once, its outcome recorded; transient failures wait with
/// backoff, permanent ones (authentication, a refused recipient) are marked failed at once.
///
/// Several servers (or a server and `logbook mail send`) may deliver the same outbox: each message is claimed first
/// (`MailDeliveryStore.claimDueMail`) for `claimDuration`, so it goes out from one of them; a claim left by a process
/// that stopped mid-delivery runs out and the message is delivered by the next pass.
struct OutboxSender {
    let database: AppDatabase
    let mailer: SMTPMailer
    var worker = ProcessName.current
    var claimDuration = MailClaims.defaultDuration

    struct Outcome {
        var sent: [Int64] = []
        var failed: [(id: Int64, error: String)] = []
    }

    /// Delivers the due messages (with `ids`, only those), each claimed just before it is sent: a claim covers one
    /// delivery, so `claimDuration` only has to outlast one SMTP transaction, however many messages wait.
    func deliverDue(only ids: Set<Int64>? = nil) -> Outcome {
        var outcome = Outcome()
        var tried: Set<Int64> = []
        while let message = try? database.claimDueMail(
            worker: worker, now: database.now.secondsSince1970, duration: claimDuration, limit: 1, only: ids
        ).first {
            // A message whose outcome could not be recorded stays claimed; it is not tried twice in one pass.
            guard tried.insert(message.id).inserted else { break }
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
