import Foundation
import LogbookTestSupport
import Testing

/// Issue 29 §5: `scripts/demo` installs what Logbook needs and nothing else; the tests' and benchmarks' peers
/// (Chromium, wrk, GPSBabel, …) come from `scripts/install-test-deps`, which `scripts/test` runs.
@Suite("Install scripts")
struct InstallScriptsTests {
    static func script(_ name: String) -> URL { Fixtures.packageRoot.appendingPathComponent("scripts/\(name)") }

    /// The Debian packages a script installs (`--print`).
    static func packages(_ name: String) throws -> Set<String> {
        let result = try CLIRunner.runExecutable(script(name), ["--print"])
        #expect(result.status == 0, "\(name) --print: \(result.stderr)")
        return Set(result.stdout.split(separator: "\n").map(String.init))
    }

    /// The `scripts/…` a script runs, in order.
    static func calls(_ name: String) throws -> [String] {
        try String(contentsOf: script(name), encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("scripts/") }
            .map { String($0.split(separator: " ")[0]) }
    }

    @Test("the demo installs only what the main job needs; the test command installs the peers too")
    func demoInstallsOnlyTheMainJobsNeeds() throws {
        let main = try Self.packages("install-deps")
        let peers = try Self.packages("install-test-deps")
        // What the build links and the reports use.
        for needed in ["libgps-dev", "libxml2-dev", "libcairo2-dev", "libcurl4-openssl-dev", "fonts-dejavu-core"] {
            #expect(main.contains(needed), "install-deps lacks \(needed)")
        }
        for peer in [
            "chromium", "chromium-driver", "wrk", "gpsbabel", "libxml2-utils", "poppler-utils", "python3-venv",
            "postgresql",
        ] {
            #expect(!main.contains(peer), "install-deps (the demo's) installs the test or benchmark peer \(peer)")
            #expect(peers.contains(peer), "install-test-deps lacks \(peer)")
        }
        #expect(try Self.calls("demo") == ["scripts/install-deps"])
        #expect(
            try Self.calls("test") == [
                "scripts/install-deps", "scripts/install-test-deps", "scripts/test-peers", "scripts/test-postgres",
            ])
    }
}
