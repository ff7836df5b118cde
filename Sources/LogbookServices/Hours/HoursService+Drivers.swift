import Foundation
import LogbookStore
import PlainText

/// Why a web user has no hours to see yet: the hours page says so (and what to do) instead of an error.
public enum HoursMissingDriver: Sendable, Hashable {
    /// The log has no driver at all (for those who read everyone's hours).
    case noDrivers
    /// The log has no driver with the user's name, under which a driver's own hours are kept.
    case notADriver(name: String)
}

extension HoursService {
    /// What is missing before the caller has any hours to see, or nil when nothing is.
    public func missingDriver() throws -> HoursMissingDriver? {
        try access.requireReader()
        guard let user = context.caller.user else { return nil }
        if access.readsEveryone { return try database.drivers().isEmpty ? .noDrivers : nil }
        return try access.ownDriver() == nil ? .notADriver(name: user.name) : nil
    }

    /// Adds one of the log's drivers (an admin's, as `logbook drivers add`): the name as stored.
    @discardableResult
    public func addDriver(_ name: String) throws -> String {
        try access.requireReader()
        try access.requireAdmin()
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ServiceError(.invalid, field: "name", "a driver needs a name") }
        guard trimmed.count <= 80 else { throw ServiceError(.invalid, field: "name", "at most 80 characters") }
        try PlainText.check(trimmed, field: "name", lines: .single)
        try writer.addDriver(trimmed)
        return trimmed
    }
}
