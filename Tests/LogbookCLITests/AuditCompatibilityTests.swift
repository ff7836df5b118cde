import Foundation
import LogbookTestSupport
import Testing

/// A log written by the logbook of 2026-11-24, whose SHA-256 was the project's own (`Tests/Fixtures/audit`): its hash
/// chain must verify and its file fingerprints must match with whatever computes SHA-256 today.
@Suite("Logs written before the switch to swift-crypto")
struct AuditCompatibilityTests {
    /// The fixture, unpacked into a fresh directory.
    static func unpack() throws -> IsolatedLog {
        let log = try IsolatedLog()
        try gunzip("audit/log-before-swift-crypto.sqlite.gz", to: log.database)
        return log
    }

    /// A gzipped fixture, unpacked to `path`.
    static func gunzip(_ fixture: String, to path: String) throws {
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-dc", Fixtures.url(fixture).path]
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        gzip.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try gzip.run()
        gzip.waitUntilExit()
        #expect(gzip.terminationStatus == 0)
    }

    @Test("the audit chain verifies, with the head hash it was written with")
    func chainVerifies() throws {
        let log = try Self.unpack()
        // A writing command that is not audited upgrades the old schema first (reading commands do not).
        try log.run(["vsm", "create", "Upgrade"])
        let verified = try log.run(["audit", "verify"])
        #expect(verified.stdout.contains("Audit history intact: 6 entries, 2 trips match their history."))
        #expect(verified.stdout.contains("92fe4d3ad2cc70522d52c57ea65c5f6a12522c5e050bc666eee09812698aad3c"))
    }

    @Test("a file imported then is recognised by its fingerprint now")
    func fingerprintsMatch() throws {
        let log = try Self.unpack()
        // `SampleTracks/commute.nmea` as it was imported then (the sample drives have moved in time since).
        let drive = log.dir.path("commute.nmea")
        try Self.gunzip("audit/commute.nmea.gz", to: drive)
        let again = try log.run(["import", drive, "--vehicle", "ABC1"])
        #expect(again.stderr.contains("already imported, nothing added") || again.stdout.contains("already imported"))
        // Nothing was added: the one trip that is not void is still trip 1.
        let listing = try #require(try log.json(["trips", "list", "--period", "all"]) as? [String: Any])
        let trips = try #require(listing["trips"] as? [[String: Any]])
        #expect(trips.map { $0["id"] as? Int } == [1])
    }
}
