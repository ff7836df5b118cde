/// An operation or a value the map's rules refuse, naming the field or the JSON path.
public struct ValueStreamError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        /// A value out of its range or badly written (a colour, a duration, %C&A above 100).
        case invalid
        /// No such section or sticker.
        case notFound = "not-found"
        /// An operation the map refuses (a duplicate section, a position past the end).
        case refused
    }

    public var code: Code
    /// The field as an input or the map's JSON names it (`ca`, `position`, `sections[1].stickers[0].kind`); empty
    /// when the error is about a section or sticker named in the message (`Kitchen: no such section`).
    public var path: String
    public var message: String

    public init(_ code: Code, path: String, _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    /// `path: message`, or the message alone when it names the path itself (the plain-text rule's words).
    public var description: String {
        path.isEmpty || message.hasPrefix(path + " ") ? message : "\(path): \(message)"
    }
}
