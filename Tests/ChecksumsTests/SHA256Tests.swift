import Checksums
import Testing

/// Test vectors from FIPS 180-4's examples and NIST's SHA-256 test vectors.
struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func knownDigests(message: String, digest: String) {
        #expect(SHA256.hex(Array(message.utf8)) == digest)
    }

    @Test func oneMillionAs() {
        var hasher = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000)
        for _ in 0..<1_000 { hasher.update(chunk) }
        #expect(hasher.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func chunkingDoesNotMatter() {
        let message = Array((0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let whole = SHA256.hex(message)
        for size in [1, 3, 63, 64, 65, 200] {
            var hasher = SHA256()
            var i = 0
            while i < message.count {
                hasher.update(message[i..<min(message.count, i + size)])
                i += size
            }
            #expect(hasher.finalizeHex() == whole)
        }
    }
}
