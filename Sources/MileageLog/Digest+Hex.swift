public import Crypto

extension Digest {
    /// The digest as lower-case hexadecimal digits (64 for SHA-256): how the audit chain, file fingerprints and
    /// token hashes are stored.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(Self.byteCount * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
