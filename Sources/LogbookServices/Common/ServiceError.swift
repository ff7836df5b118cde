/// A use case's refusal, in the one shape both edges map: the CLI to `--field: message` and a sysexits status at
/// the root of `logbook`, the server to an HTTP status and `{"error": {"code", "message", "field"}}` in its error
/// middleware. Nothing between a use case and an edge catches it to say it again.
///
/// `field` is neutral — the input's name as the JSON body and the form spell it (`hours`, `guaranteed_rate`,
/// `sections[1].name`) — never a flag (`--hours`): the CLI adds its dashes, the API puts it in `field`. `message` is
/// for people and does not repeat the field.
public struct ServiceError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A value out of its rules or badly written (422; the CLI's usage error, 64).
        case invalid
        /// The thing named does not exist, or does not exist for this caller (404; 65).
        case notFound = "not-found"
        /// The log's rules refuse the change: a locked period, an overlap, a submitted account (409; 65).
        case refused
        /// The caller's role is not granted this (403; 77).
        case forbidden
        /// Something the use case needs is not there now: the log is busy, the mail server is down (503; 69).
        case unavailable
        /// The storage failed underneath (I/O, a damaged file): not the caller's doing (500, logged; 74).
        case failed
    }

    public var kind: Kind
    public var field: String?
    public var message: String
    /// The CLI's exit status when a command's documented status differs from the kind's (`exitStatus`).
    public var exitCode: Int32?

    public init(_ kind: Kind, field: String? = nil, _ message: String, exitCode: Int32? = nil) {
        self.kind = kind
        self.field = field
        self.message = message
        self.exitCode = exitCode
    }

    /// `field: message`, or the message alone.
    public var description: String {
        guard let field, !field.isEmpty, !message.hasPrefix(field + " ") else { return message }
        return field + ": " + message
    }

    /// The sysexits(3) status a command ends with.
    public var exitStatus: Int32 {
        if let exitCode { return exitCode }
        switch kind {
        case .invalid: return 64
        case .notFound, .refused: return 65
        case .forbidden: return 77
        case .unavailable: return 69
        case .failed: return 74
        }
    }

    /// The same error about another field (a nested input names its parent: `roofers[2].hours`).
    public func within(_ parent: String) -> ServiceError {
        var copy = self
        copy.field = field.map { $0.hasPrefix("[") ? parent + $0 : parent + "." + $0 } ?? parent
        return copy
    }
}

/// An error that knows what it means to a use case's caller: the store's, the domains' and the decoders' errors
/// conform (`ServiceError+Conversions.swift`), so each edge maps every one of them in one place.
public protocol ServiceErrorConvertible: Error {
    var serviceError: ServiceError { get }
}

extension ServiceError: ServiceErrorConvertible {
    public var serviceError: ServiceError { self }
}

extension ServiceError {
    /// The service error `error` means, or nil for an error no use case expects (a bug: the edges log its type
    /// only and answer a generic failure).
    public static func from(_ error: any Error) -> ServiceError? {
        (error as? any ServiceErrorConvertible)?.serviceError
    }
}
