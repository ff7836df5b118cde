import LogbookStore
/// Who may read and change roofing accounts, in one place for the command line, the API and the pages.
///
/// The log has no roofer role: the accounts are the firm's bookkeeping of its teams' piecework. At the terminal
/// everything is allowed (the log file's permissions are the access control). Through the server, admins (who run
/// the firm's log) keep the accounts — projects, lines, hours, submission; accountants read every account and
/// download it for payroll; drivers, crew and the restaurants' managers have no roofing (403, no menu link).
public struct RoofingAccess: Sendable, Hashable {
    public var caller: Caller

    public init(_ caller: Caller) { self.caller = caller }

    public var mayRead: Bool { caller.user?.mayReadRoofing ?? true }
    public var mayChange: Bool { caller.user?.mayChangeRoofing ?? true }

    public func requireReader() throws(ServiceError) {
        guard mayRead else { throw ServiceError(.forbidden, "roofing accounts are for admins and accountants") }
    }

    public func requireEditor() throws(ServiceError) {
        try requireReader()
        guard mayChange else { throw ServiceError(.forbidden, "only an admin changes roofing accounts") }
    }
}
