import Foundation
import LogbookTestSupport
import Testing

/// The web pages in a real browser: `Tests/Browser/browser_test.py` drives Debian's headless Chromium with
/// selenium (from the test venv, `scripts/test-peers`) against `logbook serve` on a temporary log: login
/// and a refused password, a trip classified by a tap, the CSV report downloaded, layouts at 390 px, and
/// screenshots of every page in `.build/screenshots/`.
@Suite(.serialized, .enabled(if: Chromium.isInstalled, "chromium or chromedriver is not installed"))
struct WebBrowserTests {
    @Test(.timeLimit(.minutes(5)))
    func thePagesWorkInChromium() throws {
        try Self.run("browser_test.py")
    }

    /// The mileage log on a phone (issue 29 §1): a trip by hand, a regular trip, a void, an import, the profile and
    /// a report by e-mail, with screenshots of each page: `Tests/Browser/mileage_test.py`.
    @Test(.timeLimit(.minutes(5)))
    func theMileageFormsWorkOnAPhone() throws {
        try Self.run("mileage_test.py")
    }

    /// Roles, checklists and roofing on a phone (issue 29 §1–2): the roofer's work, the account's actions and the
    /// final account by e-mail, People, restaurants and new checklists, descriptions and the crew's to-dos, with
    /// screenshots of each page: `Tests/Browser/roles_test.py`.
    @Test(.timeLimit(.minutes(5)))
    func theRolesWorkOnAPhone() throws {
        try Self.run("roles_test.py")
    }

    /// Working without network (issue 29 §3): the manifest and service worker, pages opened offline, shifts, the
    /// clock, trips, roofing lines and checklist marks kept while the server is down and sent exactly once when it is
    /// back, refusals shown on the page: `Tests/Browser/offline_test.py`.
    @Test(.timeLimit(.minutes(5)))
    func entriesWaitForTheNetwork() throws {
        try Self.run("offline_test.py")
    }

    /// The phone layout and the trip's map (issue 29 §4): each role's menu in one row at the bottom of a 390 px screen
    /// with 44 px targets, light and dark pages with readable contrast, and the map over the drawn route when tiles
    /// load (answered by the test) and the drawn route when they cannot: `Tests/Browser/layout_test.py`.
    @Test(.timeLimit(.minutes(5)))
    func theLayoutAndTheMapWorkOnAPhone() throws {
        try Self.run("layout_test.py")
    }

    /// Work hours' payroll state and timesheet, and a value-stream map's overview, kinds and dragging, on a phone
    /// (issue 29 §1): a shift the payroll system on loopback refused shown with its message and sent again by Retry,
    /// the timesheet downloaded as PDF and CSV and e-mailed through an SMTP sink, the overview strip, one-tap kinds,
    /// cards dragged within and across lanes, font and size pickers: `Tests/Browser/hours_maps_test.py`.
    @Test(.timeLimit(.minutes(5)))
    func theHoursAndMapsWorkOnAPhone() throws {
        try Self.run("hours_maps_test.py")
    }

    /// "Record a trip" with emulated geolocation and a stretch offline: `Tests/Browser/record_test.py`.
    @Test(.timeLimit(.minutes(5)))
    func theBrowserRecordsATrip() throws {
        try Self.run("record_test.py")
    }

    static func run(_ name: String) throws {
        try SMTPSink.checkPeers()
        let script = Fixtures.packageRoot.appendingPathComponent("Tests/Browser/\(name)")
        let output = try TemporaryDirectory()
        let log = URL(fileURLWithPath: output.path("browser_test.log"))
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = SMTPSink.python
        process.arguments = [script.path, "--logbook", CLIRunner.executable.path]
        process.currentDirectoryURL = Fixtures.packageRoot
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(
            process.terminationReason == .exit && process.terminationStatus == 0,
            "\(name) exited \(process.terminationStatus):\n\(text)")
    }
}

/// Debian's chromium and chromium-driver (or the ones $CHROMIUM and $CHROMEDRIVER name).
enum Chromium {
    static let browser = ProcessInfo.processInfo.environment["CHROMIUM"] ?? "/usr/bin/chromium"
    static let driver = ProcessInfo.processInfo.environment["CHROMEDRIVER"] ?? "/usr/bin/chromedriver"
    static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: browser) && FileManager.default.isExecutableFile(atPath: driver)
    }
}
