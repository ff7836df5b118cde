import Foundation
import GPSDClient
import Logging
import LogbookTestSupport
import Synchronization
import TrackModel

/// Consumes a client's `fixes()` on a task of its own and keeps what arrives.
final class FixCollector: Sendable {
    private let received = Mutex<[Fix]>([])
    private let finished = Mutex(false)
    private let task = Mutex<Task<Void, Never>?>(nil)

    init(_ client: GPSDClient) {
        let stream = client.fixes()
        let consumer = Task { [self] in
            for await fix in stream { received.withLock { $0.append(fix) } }
            finished.withLock { $0 = true }
        }
        task.withLock { $0 = consumer }
    }

    var fixes: [Fix] { received.withLock { $0 } }

    /// Whether the stream has ended.
    var isFinished: Bool { finished.withLock { $0 } }

    /// Cancels the consuming task, which ends the stream and the client's session.
    func cancel() { task.withLock { $0?.cancel() } }
}

/// Polls `condition` every 20 ms until it holds or `timeout` seconds pass; returns whether it held.
func eventually(timeout: Double, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return true
}

/// A log handler that keeps every message, to check what the client logs and at which level.
struct RecordingLogHandler: LogHandler {
    struct Entry: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    final class Store: Sendable {
        private let entries = Mutex<[Entry]>([])
        func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }
        var all: [Entry] { entries.withLock { $0 } }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        store.append(
            Entry(
                level: event.level, message: "\(event.message)",
                metadata: merged.mapValues { "\($0)" }))
    }

    /// A logger at debug level writing into a fresh store.
    static func logger() -> (Logger, Store) {
        let store = Store()
        let logger = Logger(label: "test.gpsd") { _ in RecordingLogHandler(store: store) }
        return (logger, store)
    }
}

enum LiveFixtures {
    /// 20 no-fix epochs, then 120 epochs of a 1 Hz drive (2026-04-17, one epoch sent twice), GGA+RMC;
    /// see Tests/Fixtures/gpsd-live/make-fixture.py.
    static let drive = Fixtures.url("gpsd-live/drive.nmea")

    /// The drive an hour later (its UTC times plus one hour, checksums made anew), written to `directory`: what a
    /// receiver reports after gpsd restarted, as opposed to a replay of epochs already delivered.
    static func driveAnHourLater(in directory: URL) throws -> URL {
        let text = try String(contentsOf: drive, encoding: .utf8)
        var out = ""
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard line.hasPrefix("$"), let star = line.lastIndex(of: "*") else { continue }
            var fields = line[line.index(after: line.startIndex)..<star].split(
                separator: ",", omittingEmptySubsequences: false
            ).map(String.init)
            if fields.count > 1, fields[1].count >= 6, let hour = Int(fields[1].prefix(2)) {
                fields[1] = String(format: "%02d", (hour + 1) % 24) + fields[1].dropFirst(2)
            }
            let body = fields.joined(separator: ",")
            let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
            out += "$" + body + "*" + String(format: "%02X", checksum) + "\r\n"
        }
        let url = directory.appendingPathComponent("drive-an-hour-later-\(UInt32.random(in: 0...UInt32.max)).nmea")
        try out.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}
