/// Why a QR code could not be made, with a message fit to show as it is.
public struct QRCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for callers that react rather than show the message.
    public enum Code: Sendable, Hashable {
        /// The bytes do not fit version 40 (or the versions allowed) at the error correction level asked for.
        case dataTooLong
        /// A minimum version outside 1...40.
        case versionOutOfRange
        /// A mask outside 0...7.
        case maskOutOfRange
    }

    /// What went wrong.
    public let code: Code
    /// A plain sentence that says what went wrong and, where it can, what fits.
    public let message: String

    init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
