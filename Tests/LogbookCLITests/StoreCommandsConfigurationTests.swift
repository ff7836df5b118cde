import Foundation
import LogbookTestSupport
import Testing

/// Issue 11 §6: unknown configuration keys and tables stop a command with file, line and a suggestion.
@Suite(.serialized)
struct StoreCommandsConfigurationTests {
    typealias Log = IsolatedLog

    @Test func anUnknownConfigurationKeyStopsTheCommandWithItsLine() throws {
        let log = try Log()
        let config = try log.dir.write(
            "bad.toml", Array("[log]\ntimezone = \"UTC\"\n\n[engine]\nparking_treshold = 300\n".utf8))
        let result = try log.run(["trips", "list", "--config", config], expect: 78)
        #expect(
            result.stderr
                == "logbook: error: \(config):5:1: unknown key 'parking_treshold' in [engine]; "
                + "did you mean 'parking_threshold'?\n")
        let bogus = try log.dir.write("bogus.toml", Array("[bogus]\nx = 1\n".utf8))
        let table = try log.run(["vehicles", "list", "--config", bogus], expect: 78)
        #expect(table.stderr.hasPrefix("logbook: error: \(bogus):1:2: unknown table [bogus]"), "\(table.stderr)")
        #expect(table.stderr.split(separator: "\n").count == 1)
    }

    @Test func everyConfigurationBlockOfTheREADMEIsAccepted() throws {
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```toml\n").dropFirst().map {
            String($0[..<($0.range(of: "```")?.lowerBound ?? $0.endIndex)])
        }
        #expect(blocks.count >= 3)
        let log = try Log()
        try log.run(["vehicles", "add", "--plate", "CFG1"])  // reading commands need an existing log
        for (k, block) in blocks.enumerated() {
            let config = try log.dir.write("readme-\(k).toml", Array(block.utf8))
            let result = try log.run(["vehicles", "list", "--config", config])
            #expect(result.stderr.isEmpty, "block \(k): \(result.stderr)")
        }
    }
}
