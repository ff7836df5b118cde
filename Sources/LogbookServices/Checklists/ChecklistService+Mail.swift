import Checklists
import LogbookStore

extension ChecklistService {
    /// Queues `content` to `recipients` in the outbox and has the mailer try to deliver it now.
    func send(
        _ content: ChecklistMailContent, to recipients: [String], shift: ChecklistShift,
        mailer: (any ChecklistMailer)?
    ) throws -> ChecklistMailStatus {
        guard let mailer else { return .notConfigured }
        let now = now()
        let rendered: OutgoingMail
        do {
            guard
                let made = try mailer.render(
                    content, to: recipients, date: now, utcOffsetSeconds: RestaurantClock(shift.restaurant).offset(now))
            else { return .notConfigured }
            rendered = made
        } catch {
            return .notMailed(String(describing: error))
        }
        guard
            let id = try writer.enqueueMail(
                sender: rendered.sender, recipients: rendered.recipients, messageID: rendered.messageID,
                subject: content.subject, message: rendered.bytes)
        else { return .notMailed("not queued") }
        switch mailer.deliver(id) {
        case .sent: return .sent(id, to: recipients)
        case .failed(let reason): return .notDelivered(id, reason: reason)
        case .later: return .queued(id)
        }
    }
}
