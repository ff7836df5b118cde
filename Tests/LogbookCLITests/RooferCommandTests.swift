import Foundation
import LogbookTestSupport
import Testing

/// Issue 29 §1–2 at the terminal: `logbook users add NAME --role roofer` (what they will see, what they may not be
/// given) and the sample catalogue that the search finds on a fresh log, its prices marked as examples.
@Suite("logbook users add --role roofer, the sample catalogue")
struct RooferCommandTests {
    @Test("users add --role roofer: listed as a roofer, told which projects name them; no vehicles, no restaurants")
    func addRoofer() throws {
        let log = try IsolatedLog()
        try RoofingCommandTests.makeProject(log)
        let jens = try log.run(["users", "add", "Jens", "--role", "roofer", "--no-password"])
        #expect(jens.stderr.contains("Added roofer Jens (projects: Skolegade 4)"), "\(jens.stderr)")
        let mads = try log.run(["users", "add", "Mads", "--role", "roofer", "--no-password"])
        #expect(mads.stderr.contains("no project's team names Mads yet"), "\(mads.stderr)")
        let users = try #require(try log.json(["users", "list"]) as? [[String: Any]])
        #expect(users.map { $0["name"] as? String } == ["Jens", "Mads"])
        #expect(users.map { $0["role"] as? String } == ["roofer", "roofer"])

        try log.run(["vehicles", "add", "--plate", "ABC1"])
        let vehicle = try log.run(
            ["users", "add", "Ole", "--role", "roofer", "--vehicle", "ABC1", "--no-password"], expect: 64)
        #expect(vehicle.stderr.contains("--vehicle is for drivers"), "\(vehicle.stderr)")
        let restaurant = try log.run(
            ["users", "add", "Ole", "--role", "roofer", "--restaurant", "Main Street", "--no-password"], expect: 64)
        #expect(restaurant.stderr.contains("--restaurant is for crew"), "\(restaurant.stderr)")
        let unknown = try log.run(["users", "add", "Ole", "--role", "tiler", "--no-password"], expect: 64)
        #expect(unknown.stderr.contains("restaurant-manager or roofer"), "\(unknown.stderr)")
        #expect((try log.json(["users", "list"]) as? [[String: Any]])?.count == 2)
    }

    @Test("a fresh log's search finds the sample catalogue, marked as example prices; a project may be priced from it")
    func sampleCatalogue() throws {
        let log = try IsolatedLog()
        // A fresh install: the log holds a user and nothing of roofing.
        try log.run(["users", "add", "Jens", "--role", "roofer", "--no-password"])
        let found = try log.run(["roofing", "catalogue", "search", "tagrende", "--format", "json"])
        let hits = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]])
        #expect(hits.first?["pos"] as? String == "50.1" && hits.first?["name"] as? String == "Tagrende, zink, halvrund")
        #expect(
            hits.allSatisfy {
                $0["example"] as? Bool == true && $0["catalogue"] as? String == "Sample catalogue (example prices)"
            })
        #expect(found.stderr.contains("prices are examples"), "\(found.stderr)")
        let table = try log.run(["roofing", "catalogue", "search", "nedlobsror"])
        #expect(table.stdout.contains("Nedløbsrør") && table.stdout.contains("example prices"))
        // The log itself has no catalogue until one is chosen for a project.
        #expect((try log.json(["roofing", "catalogue", "list"]) as? [[String: Any]])?.isEmpty == true)
        try log.run([
            "roofing", "project", "add", "Prøvetag", "--catalogue", "Sample catalogue (example prices)", "--roofer",
            "Jens",
        ])
        let listed = try #require(try log.json(["roofing", "catalogue", "list"]) as? [[String: Any]])
        #expect(listed.map { $0["name"] as? String } == ["Sample catalogue (example prices)"])
        #expect(listed.first?["example"] as? Bool == true)
        try log.run(["roofing", "add", "Prøvetag", "--pos", "50.1", "--quantity", "10"])
        let account = try RoofingCommandTests.object(
            try log.run(["roofing", "account", "Prøvetag", "--format", "json"]).stdout)
        // 10 lbm at the sample's 128,00: 1280.00.
        #expect(account["total"] as? String == "1280.00")
        // Once the log has a catalogue of its own, the search is the log's: no more example hits.
        try log.run([
            "roofing", "catalogue", "import",
            RoofingCommandTests.fixtures.appendingPathComponent("tagdaekning-2026.csv").path, "--name",
            "Tagdækning 2026",
        ])
        let own = try log.run(["roofing", "catalogue", "search", "tagpap", "--catalogue", "Tagdækning 2026"])
        #expect(!own.stderr.contains("prices are examples"))
    }
}
