import Foundation
import LogbookTestSupport
import Testing

/// The original roofing app's user stories, end to end through the real binary on one on-disk log: look an activity
/// up, create projects, add activities with a quantity, edit and delete them, attach photos, keep everything between
/// runs, switch projects, and — the ones the original never finished — export the account and delete projects,
/// activities and photos. Errors are shown, naming what is wrong (the original showed none).
@Suite("Roofing user stories (US1–US8)", .serialized)
struct RoofingUserStoryTests {
    static let catalogue = Fixtures.url("roofing/tagdaekning-2026.csv").path

    static func log() throws -> IsolatedLog {
        let log = try IsolatedLog()
        try log.run(["roofing", "catalogue", "import", catalogue, "--name", "Tagdækning 2026"])
        return log
    }

    static func lines(_ log: IsolatedLog, _ project: String) throws -> [[String: Any]] {
        let account = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try log.run(["roofing", "account", project, "--format", "json"]).stdout.utf8))
                as? [String: Any])
        return try #require(account["lines"] as? [[String: Any]])
    }

    @Test("US1: the roofer finds an activity by a word of its name, without accents, or by its position")
    func us1Search() throws {
        let log = try Self.log()
        let byWord = try #require(try log.json(["roofing", "catalogue", "search", "nedlobsror"]) as? [[String: Any]])
        #expect(byWord.first?["pos"] as? String == "12.3")
        let byPosition = try #require(try log.json(["roofing", "catalogue", "search", "12.2"]) as? [[String: Any]])
        #expect(byPosition.first?["name"] as? String == "Tagrende, zink")
    }

    @Test("US2 and US7: projects are created and the roofer switches between them")
    func us2us7Projects() throws {
        let log = try Self.log()
        try log.run([
            "roofing", "project", "add", "Skolegade 4", "--address", "Skolegade 4, Aarhus", "--roofer", "Jens:8",
        ])
        try log.run(["roofing", "project", "add", "Havnevej 1", "--roofer", "Ole:4"])
        let projects = try #require(try log.json(["roofing", "project", "list"]) as? [[String: Any]])
        #expect(Set(projects.compactMap { $0["name"] as? String }) == ["Skolegade 4", "Havnevej 1"])
        try log.run(["roofing", "project", "select", "Havnevej 1"])
        try log.run(["roofing", "add", "--pos", "12.3", "--quantity", "2"])
        try log.run(["roofing", "project", "select", "Skolegade 4"])
        try log.run(["roofing", "add", "--pos", "12.1", "--quantity", "10"])
        #expect(try Self.lines(log, "Havnevej 1").map { $0["pos"] as? String } == ["12.3"])
        #expect(try Self.lines(log, "Skolegade 4").map { $0["pos"] as? String } == ["12.1"])
    }

    @Test("US3 and US4: an activity is added with a quantity (amount = quantity × price), edited and deleted")
    func us3us4Lines() throws {
        let log = try Self.log()
        try log.run(["roofing", "project", "add", "Skolegade 4", "--roofer", "Jens:8"])
        #expect(try log.run(["roofing", "add", "Skolegade 4", "--pos", "12.2", "--quantity", "3"]).stdout == "1\n")
        #expect(try log.run(["roofing", "add", "Skolegade 4", "--pos", "12.3", "--quantity", "1"]).stdout == "2\n")
        // 3 lbm × 1234.50 = 3703.50.
        #expect(try Self.lines(log, "Skolegade 4").first?["amount"] as? String == "3703.50")
        try log.run(["roofing", "edit", "Skolegade 4", "1", "--quantity", "4,5"])
        // 4.5 × 1234.50 = 5555.25.
        #expect(try Self.lines(log, "Skolegade 4").first?["amount"] as? String == "5555.25")
        try log.run(["roofing", "remove", "Skolegade 4", "2"])
        #expect(try Self.lines(log, "Skolegade 4").map { $0["pos"] as? String } == ["12.2"])
        // An unknown position is an error the roofer sees, naming it; nothing is added.
        let unknown = try log.run(["roofing", "add", "Skolegade 4", "--pos", "99.9", "--quantity", "1"], expect: 64)
        #expect(unknown.stderr.contains("99.9"))
        #expect(try Self.lines(log, "Skolegade 4").count == 1)
    }

    @Test("US5 and US8: photos are attached, listed and deleted; a text file posing as a photo is refused")
    func us5Photos() throws {
        let log = try Self.log()
        try log.run(["roofing", "project", "add", "Skolegade 4", "--roofer", "Jens:8"])
        let png = try log.dir.write("tag.png", RoofingPhotoTests.png)
        let fake = try log.dir.write("tag.jpg", Array("not a photo\n".utf8))
        try log.run(["roofing", "photo", "add", "Skolegade 4", png, "--caption", "Nordsiden"])
        let refused = try log.run(["roofing", "photo", "add", "Skolegade 4", fake], expect: 65)
        #expect(refused.stderr.contains("tag.jpg"))
        let photos = try #require(try log.json(["roofing", "photo", "list", "Skolegade 4"]) as? [[String: Any]])
        #expect(photos.count == 1)
        let id = try #require(photos.first?["id"] as? Int)
        try log.run(["roofing", "photo", "remove", "Skolegade 4", String(id)])
        #expect((try log.json(["roofing", "photo", "list", "Skolegade 4"]) as? [[String: Any]])?.isEmpty == true)
    }

    @Test(
        "US6: everything is kept between runs (the log on disk), and US8: the account is exported and a project deleted"
    )
    func us6us8KeptExportedDeleted() throws {
        let log = try Self.log()
        try log.run(["roofing", "project", "add", "Skolegade 4", "--roofer", "Jens:8"])
        try log.run(["roofing", "add", "Skolegade 4", "--pos", "12.1", "--quantity", "33,333"])
        // A new process, the same file: the line is there.
        // 33.333 × 47.15 = 1571.65095 → 1571.65.
        #expect(try Self.lines(log, "Skolegade 4").first?["amount"] as? String == "1571.65")
        let pdf = log.dir.path("akkord.pdf")
        try log.run(["roofing", "account", "Skolegade 4", "--pdf", pdf])
        #expect(try PDFTools(url: URL(fileURLWithPath: pdf)).text().contains("1.571,65"))
        try log.run(["roofing", "project", "delete", "Skolegade 4"])
        try log.run(["roofing", "account", "Skolegade 4"], expect: 65)
    }
}
