import Crypto
import MileageLog
import Testing

/// The hex form the log stores, over swift-crypto's SHA-256: FIPS 180-4's examples and NIST's vectors.
struct DigestHexTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func knownDigests(message: String, digest: String) {
        #expect(SHA256.hash(data: Array(message.utf8)).hex == digest)
    }

    @Test func oneMillionAsInChunks() {
        var hasher = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000)
        for _ in 0..<1_000 { hasher.update(data: chunk) }
        #expect(hasher.finalize().hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
