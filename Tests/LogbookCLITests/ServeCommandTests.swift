import Foundation
import LogbookTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `logbook serve` and `logbook users` as a user runs them: a real server process on loopback, a log on disk.
@Suite(.serialized) struct ServeCommandTests {
    struct Setup {
        let dir: TemporaryDirectory
        let database: String
        var tokens: [String: String] = [:]
    }

    /// Two vehicles, the sample commute on ABC1, an admin and a driver with tokens.
    static func setUp() throws -> Setup {
        let dir = try TemporaryDirectory()
        let database = dir.path("log.sqlite")
        var setup = Setup(dir: dir, database: database)
        let password = try dir.write("pw", Array("secret-pass-1\n".utf8))
        for arguments in [
            ["vehicles", "add", "--plate", "ABC1"], ["vehicles", "add", "--plate", "XYZ9"],
            [
                "import", "--vehicle", "ABC1",
                Fixtures.packageRoot.appendingPathComponent("SampleTracks/commute.nmea").path,
            ],
            ["users", "add", "boss", "--role", "admin", "--password-file", password],
            ["users", "add", "anna", "--role", "driver", "--vehicle", "ABC1", "--password-file", password],
        ] {
            let result = try CLIRunner.run(arguments + ["--database", database])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        for name in ["boss", "anna"] {
            let result = try CLIRunner.run(["users", "token", name, "--database", database])
            #expect(result.status == 0, "\(result.stderr)")
            setup.tokens[name] = result.stdout.trimmingCharacters(in: .newlines)
        }
        return setup
    }

    static func start(_ setup: Setup) throws -> (DaemonProcess, Int) {
        let port = try GPSFake.freePort()
        let server = try DaemonProcess(
            ["--listen", "127.0.0.1:\(port)", "--database", setup.database], command: "serve")
        let up = waitUntil(timeout: 30) { server.log.contains("Serving") }
        #expect(up, "the server did not start: \(server.log)")
        return (server, port)
    }

    /// A GET with curl (Debian's): the status and the body.
    static func get(_ port: Int, _ path: String, token: String?) throws -> (status: Int, body: String) {
        var arguments = ["-s", "-w", "\n%{http_code}", "http://127.0.0.1:\(port)\(path)"]
        if let token { arguments += ["-H", "Authorization: Bearer \(token)"] }
        let result = try CLIRunner.runExecutable(URL(fileURLWithPath: "/usr/bin/curl"), arguments)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    @Test("users token prints the token alone, or {\"token\"} as JSON; only its hash is stored")
    func tokenContract() throws {
        let setup = try Self.setUp()
        let token = try #require(setup.tokens["anna"])
        #expect(token.hasPrefix("lbk_") && token.count >= 40 && !token.contains(" "))
        let json = try CLIRunner.run(["users", "token", "anna", "--format", "json", "--database", setup.database])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["token"] as? String)?.hasPrefix("lbk_") == true)
        // Its number, given in the JSON and on standard error, revokes that token alone.
        let id = try #require(object?["id"] as? Int)
        #expect(json.stderr.contains("Token \(id) of anna"))
        let revoked = try CLIRunner.run(["users", "revoke", "anna", "--token", "\(id)", "--database", setup.database])
        #expect(revoked.status == 0 && revoked.stderr.contains("Revoked 1 token of anna"))
        let again = try CLIRunner.run(["users", "revoke", "anna", "--token", "\(id)", "--database", setup.database])
        #expect(again.stderr.contains("Revoked 0 tokens"), "a revoked token is revoked once")
        let file = try Data(contentsOf: URL(fileURLWithPath: setup.database))
        #expect(file.range(of: Data(token.utf8)) == nil, "the token itself is in the database file")
        let list = try CLIRunner.run(["users", "list", "--format", "json", "--database", setup.database])
        #expect(list.stdout.contains("\"anna\"") && list.stdout.contains("\"driver\""))
        let bad = try CLIRunner.run(["users", "add", "x", "--role", "king", "--database", setup.database])
        #expect(bad.status == 64)
    }

    @Test("serve answers the API with a token and 401 without; SIGTERM stops it cleanly; no coordinates in its log")
    func serveAndStop() throws {
        let setup = try Self.setUp()
        let (server, port) = try Self.start(setup)
        let denied = try Self.get(port, "/api/v1/trips", token: nil)
        #expect(denied.status == 401)
        #expect(denied.body.contains("\"unauthorized\""))
        let listed = try Self.get(port, "/api/v1/trips", token: setup.tokens["anna"])
        #expect(listed.status == 200)
        #expect(listed.body.contains("\"vehicle\":\"ABC1\""))
        let document = try Self.get(port, "/api/v1/openapi.json", token: nil)
        #expect(document.status == 200 && document.body.contains("\"openapi\" : \"3.1.0\""))
        #expect(server.stop() == 0, "\(server.log)")
        #expect(server.log.contains("Stopped"))
        #expect(
            !LogText.mentionsCoordinate(server.log, like: ["59.4", "24.7"]), "coordinates in the log: \(server.log)")
    }

    /// A request still uploading when SIGTERM arrives is answered before the server exits.
    @Test("SIGTERM lets the request in flight finish")
    func gracefulShutdown() throws {
        let setup = try Self.setUp()
        let (server, port) = try Self.start(setup)
        // 16 KiB of JSON sent at 4 KiB/s: about 4 s in flight.
        let body = try setup.dir.write(
            "body.json", Array("{\"purpose\": \"\(String(repeating: "x", count: 16_000))\"}".utf8))
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = [
            "-s", "-o", "/dev/null", "-w", "%{http_code}", "--limit-rate", "4k", "-X", "PATCH",
            "-H", "Authorization: Bearer \(setup.tokens["anna"]!)", "-H", "Content-Type: application/json",
            "--data-binary", "@\(body)", "http://127.0.0.1:\(port)/api/v1/trips/1",
        ]
        let output = Pipe()
        curl.standardOutput = output
        try curl.run()
        usleep(1_000_000)
        let started = Date()
        kill(server.process.processIdentifier, SIGTERM)
        curl.waitUntilExit()
        let status = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(curl.terminationStatus == 0, "curl failed: the connection was cut")
        // The trip's purpose is longer than the API takes: a 422 is the answer, and an answer it is.
        #expect(status == "422", "status \(status)")
        #expect(Date().timeIntervalSince(started) > 1.5, "the upload cannot have finished before SIGTERM")
        #expect(server.stop() == 0, "\(server.log)")
    }

    /// schemathesis (PyPI, in the test venv) generates requests from the committed OpenAPI document: none may
    /// get a 5xx, and the server must still be up afterwards.
    @Test(
        "schemathesis finds no server error on any generated input",
        .enabled(if: FileManager.default.isExecutableFile(atPath: ServeCommandTests.schemathesis.path)))
    func apiFuzz() throws {
        let setup = try Self.setUp()
        let (server, port) = try Self.start(setup)
        for user in ["boss", "anna"] {
            let result = try CLIRunner.runExecutable(
                Self.schemathesis,
                [
                    "run", "http://127.0.0.1:\(port)/api/v1/openapi.json", "-H",
                    "Authorization: Bearer \(setup.tokens[user]!)", "--checks", "not_a_server_error",
                    "--max-examples", "25", "--seed", "20261123", "--no-color",
                ])
            #expect(
                result.status == 0,
                "schemathesis as \(user):\n\(result.stdout.suffix(6_000))\n\(server.log.suffix(3_000))")
        }
        #expect(server.process.isRunning, "the server died: \(server.log.suffix(3_000))")
        #expect(!server.log.contains("Fatal error"))
        #expect(server.stop() == 0)
    }

    static let schemathesis = Fixtures.packageRoot.appendingPathComponent(".venv-test/bin/schemathesis")
}
