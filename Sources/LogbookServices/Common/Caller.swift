public import LogbookStore

/// Who a use case acts for.
///
/// On the command line it is the person at the terminal: whoever may open the log's file may do everything in it
/// (the file's permissions are the access control), and the audit names them by `[log] actor` or `$USER`. Through
/// the server it is a signed-in user, and each domain's access rules (allow-lists on `AppUser`) decide.
public enum Caller: Sendable, Hashable {
    case terminal
    case user(AppUser)

    /// The signed-in user, nil at the terminal.
    public var user: AppUser? {
        if case .user(let user) = self { return user }
        return nil
    }

    /// The name audit entries carry for changes made through the server (`web:NAME`); nil at the terminal, where the
    /// log's own policy names the actor.
    public var auditName: String? { user.map { "web:" + $0.name } }
}

/// What every use case needs: the log, who acts, and local time.
public struct ServiceContext: Sendable {
    public var database: AppDatabase
    public var caller: Caller
    public var clock: LocalClock

    public init(database: AppDatabase, caller: Caller, clock: LocalClock) {
        self.database = database
        self.caller = caller
        self.clock = clock
    }

    /// The log writing audit entries under the caller's name.
    public var writer: AppDatabase { caller.auditName.map { database.acting(as: $0) } ?? database }
}
