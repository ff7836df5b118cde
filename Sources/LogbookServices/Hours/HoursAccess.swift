import Foundation
public import LogbookStore
import Hours

/// Who may see and change whose hours, in one place for the command line, the API and the pages.
///
/// At the terminal everything is allowed (the log file's permissions are the access control). A web user is the
/// log's driver with the same name (ignoring case): a driver sees and changes only their own entries (another
/// driver's entry does not exist for them); an accountant reads everyone's; an admin reads and changes everyone's,
/// reopens submitted periods and locks them.
public struct HoursAccess: Sendable {
    public var caller: Caller
    public var database: AppDatabase

    public init(caller: Caller, database: AppDatabase) {
        self.caller = caller
        self.database = database
    }

    /// Whether the caller reads work hours at all.
    public var mayRead: Bool { caller.user?.mayReadHours ?? true }
    /// Whether the caller changes hours (their own, or everyone's for an admin).
    public var mayChange: Bool { caller.user?.mayChangeHours ?? true }
    /// Whether the caller reads everyone's hours (else only their own).
    public var readsEveryone: Bool { caller.user?.readsEveryonesHours ?? true }
    public var isAdmin: Bool { caller.user.map { $0.role == .admin } ?? true }

    public func requireReader() throws {
        guard mayRead else { throw ServiceError(.forbidden, "work hours are for drivers, accountants and admins") }
    }

    public func requireEditor() throws {
        guard mayChange else {
            throw ServiceError(.forbidden, "an accountant reads hours but does not change them")
        }
    }

    public func requireAdmin() throws {
        guard isAdmin else { throw ServiceError(.forbidden, "only an admin may do this") }
    }

    /// The log's driver the signed-in user is, if any; nil at the terminal.
    public func ownDriver() throws -> String? {
        guard let user = caller.user else { return nil }
        return try database.drivers().first { $0.caseInsensitiveCompare(user.name) == .orderedSame }
    }

    /// Whose hours a request is about: the one named (everyone's for those who read everyone's), else the user's
    /// own, else the log's only driver. With `orFirst` (the pages), someone who reads everyone's and names no one
    /// gets the first driver (and a picker) rather than a question.
    public func driver(_ requested: String?, orFirst: Bool = false) throws -> String {
        let drivers = try database.drivers()
        if let requested = requested?.trimmingCharacters(in: .whitespaces), !requested.isEmpty {
            if !readsEveryone, let user = caller.user, requested.caseInsensitiveCompare(user.name) != .orderedSame {
                throw ServiceError(.forbidden, "a driver sees only their own hours")
            }
            guard let known = drivers.first(where: { $0.caseInsensitiveCompare(requested) == .orderedSame }) else {
                let hint = caller.user == nil ? "; add them with `logbook drivers add \"\(requested)\"`" : ""
                throw ServiceError(
                    .notFound, field: "driver", "there is no driver '\(requested)'" + hint, exitCode: 64)
            }
            return known
        }
        if let user = caller.user {
            if let own = drivers.first(where: { $0.caseInsensitiveCompare(user.name) == .orderedSame }) { return own }
            if !readsEveryone {
                throw ServiceError(
                    .notFound,
                    "the log has no driver named '\(user.name)'; an admin adds them with `logbook drivers add "
                        + "\(user.name)`")
            }
        }
        if drivers.count == 1 || (orFirst && !drivers.isEmpty) { return drivers[0] }
        throw ServiceError(
            .invalid, field: "driver",
            drivers.isEmpty
                ? "the log has no driver yet; add one with `logbook drivers add NAME`"
                : "the log has \(drivers.count) drivers; say whose hours")
    }

    /// Whether the caller may see this entry (another driver's entry does not exist for a driver).
    public func sees(_ entry: StoredHoursEntry) -> Bool {
        guard !readsEveryone, let user = caller.user else { return true }
        return entry.entry.driver.caseInsensitiveCompare(user.name) == .orderedSame
    }

    /// The plates the caller may name on an entry: those whose trips they may see (a driver's own vehicles).
    public func vehicles() throws -> [String] {
        let plates = try database.vehicles().map(\.plate)
        guard let user = caller.user else { return plates }
        return plates.filter { user.canSee(plate: $0) }
    }

    /// A vehicle named on an entry, as the log spells it; another driver's vehicle is as unknown as none.
    public func vehicle(_ plate: String) throws -> String {
        let plate = plate.trimmingCharacters(in: .whitespaces)
        guard let known = try vehicles().first(where: { $0.caseInsensitiveCompare(plate) == .orderedSame }) else {
            throw ServiceError(.invalid, field: "vehicle", "there is no vehicle '\(plate)'")
        }
        return known
    }
}
