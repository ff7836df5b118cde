import Foundation
import LogbookStore
public import Roofing

/// Who may read and change roofing accounts, in one place for the command line, the API and the pages.
///
/// At the terminal everything is allowed (the log file's permissions are the access control). Through the server,
/// admins (who run the firm's log) keep the accounts — projects, catalogues, supplements, extra work, deductions,
/// advances, the split, submission, revision, settling, deleting; accountants read every account, download it for
/// payroll and e-mail the final account; a roofer (issue 29 §2) sees only the projects whose team names a roofer of
/// their name — any other project does not exist for them (404) — records the work there (lines and quantities,
/// photos, their own hours) while the account is open, reads the account and the catalogue, and nothing else;
/// drivers, crew and the restaurants' managers have no roofing (403, no menu link).
public struct RoofingAccess: Sendable, Hashable {
    /// What a route or command is about to do, checked before anything of the request is read.
    public enum Level: Sendable, Hashable {
        /// Read the catalogues and the projects the caller may see.
        case read
        /// Record the work on a project: lines, quantities, photos, hours.
        case work
        /// Keep the accounts themselves.
        case account
        /// The firm's pay: the payroll file, the final account by e-mail.
        case pay
    }

    public var caller: Caller

    public init(_ caller: Caller) { self.caller = caller }

    public var mayRead: Bool { caller.user?.mayReadRoofing ?? true }
    public var mayChange: Bool { caller.user?.mayChangeRoofing ?? true }
    public var mayRecordWork: Bool { caller.user?.mayRecordRoofingWork ?? true }
    public var handlesPay: Bool { caller.user?.handlesRoofingPay ?? true }

    /// Whether the caller may use the routes of `level` at all (the project is checked on its own).
    public func allows(_ level: Level) -> Bool {
        switch level {
        case .read: mayRead
        case .work: mayRead && mayRecordWork
        case .account: mayRead && mayChange
        case .pay: mayRead && handlesPay
        }
    }

    public func require(_ level: Level) throws(ServiceError) {
        try requireReader()
        switch level {
        case .read: return
        case .work:
            guard mayRecordWork else { throw ServiceError(.forbidden, "only an admin or a roofer records the work") }
        case .account: try requireEditor()
        case .pay:
            guard handlesPay else {
                throw ServiceError(
                    .forbidden, "the payroll and the final account's mail are for admins and accountants")
            }
        }
    }

    public func requireReader() throws(ServiceError) {
        guard mayRead else {
            throw ServiceError(.forbidden, "roofing accounts are for admins, accountants and roofers")
        }
    }

    public func requireEditor() throws(ServiceError) {
        try requireReader()
        guard mayChange else { throw ServiceError(.forbidden, "only an admin changes roofing accounts") }
    }

    /// Whether the caller may see a project with this team (every project at the terminal).
    public func maySee(roofers: [Roofer]) -> Bool {
        caller.user?.worksOn(roofers: roofers.map(\.name)) ?? true
    }

    /// The hours of `roofer` on a project: whoever keeps the accounts records anyone's, a roofer only their own.
    public func requireHoursOf(_ roofer: String) throws(ServiceError) {
        guard let user = caller.user, !user.mayChangeRoofing else { return }
        guard roofer.caseInsensitiveCompare(user.name) == .orderedSame else {
            throw ServiceError(.forbidden, field: "roofer", "a roofer records their own hours (\(user.name)'s)")
        }
    }
}
