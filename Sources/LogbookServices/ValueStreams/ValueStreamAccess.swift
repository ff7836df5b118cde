import LogbookStore

/// Who may read and change value-stream maps, in one place for the command line, the API and the pages.
///
/// Maps describe how the business works, not one person's data: admins, accountants, restaurant managers and shift
/// managers read every map; admins and restaurant managers (who own their restaurants' processes) change them.
/// Drivers and crew have no maps. At the terminal everything is allowed (the log's file is the access control).
public struct ValueStreamAccess: Sendable, Hashable {
    public var caller: Caller

    public init(_ caller: Caller) {
        self.caller = caller
    }

    public var mayRead: Bool { caller.user?.mayReadValueStreams ?? true }

    public var mayChange: Bool { caller.user?.mayChangeValueStreams ?? true }

    public func requireReader() throws(ServiceError) {
        guard mayRead else {
            throw ServiceError(
                .forbidden, "value-stream maps are for admins, accountants, restaurant managers and shift managers")
        }
    }

    public func requireEditor() throws(ServiceError) {
        try requireReader()
        guard mayChange else { throw ServiceError(.forbidden, "only an admin or a restaurant manager changes maps") }
    }
}
