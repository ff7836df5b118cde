import Foundation
import LogbookTestSupport
import Testing

/// `logbook devices` (issue 28 §1): the JSON shapes other tools rely on, the token shown once, revoke and remove.
@Suite struct DevicesCommandTests {
    typealias Log = IsolatedLog

    @Test func addListRevokeRemove() throws {
        let log = try Log()
        try log.run(["vehicles", "add", "--plate", "ABC1"])
        let added = try #require(
            try log.json([
                "devices", "add", "annas-phone", "--vehicle", "abc1", "--base-url", "https://lb.example.org/",
            ])
                as? [String: Any])
        #expect(added["name"] as? String == "annas-phone")
        #expect(added["vehicle"] as? String == "ABC1")
        let token = try #require(added["token"] as? String)
        #expect(token.count == 64 && token.allSatisfy(\.isHexDigit))
        let urls = try #require(added["urls"] as? [String: String])
        #expect(Set(urls.keys) == ["traccar", "osmand", "owntracks", "overland", "gpslogger", "owntracks_setup"])
        // OwnTracks' setup link holds its configuration file: HTTP mode, the URL, the name and the token.
        let setup = try #require(urls["owntracks_setup"])
        #expect(setup.hasPrefix("owntracks:///config?inline="))
        let inline = try #require(Data(base64Encoded: String(setup.dropFirst("owntracks:///config?inline=".count))))
        let otrc = try #require(try JSONSerialization.jsonObject(with: inline) as? [String: Any])
        #expect(otrc["_type"] as? String == "configuration" && otrc["mode"] as? Int == 3)
        #expect(otrc["url"] as? String == "https://lb.example.org/ingest/owntracks")
        #expect(otrc["username"] as? String == "annas-phone" && otrc["password"] as? String == token)
        #expect(urls["traccar"] == "https://lb.example.org/ingest/osmand?id=\(token)")
        #expect(urls["owntracks"] == "https://lb.example.org/ingest/owntracks")
        #expect(urls["gpslogger"]?.hasPrefix("https://lb.example.org/ingest/gpslogger?token=\(token)&lat=%LAT") == true)

        // The list: every key, null where there is nothing yet; the token nowhere.
        let listed = try log.run(["devices", "list", "--format", "json"]).stdout
        #expect(!listed.contains(token))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [String: Any])
        let devices = try #require(object["devices"] as? [[String: Any]])
        #expect(devices.count == 1)
        let device = devices[0]
        for key in ["name", "vehicle", "last_seen", "positions", "battery", "revoked", "refused"] {
            #expect(device.keys.contains(key), "no \(key) in \(device)")
        }
        #expect(device["positions"] as? Int == 0)
        #expect(device["last_seen"] is NSNull && device["battery"] is NSNull)
        let csv = try log.run(["devices", "list", "--format", "csv"]).stdout
        #expect(csv.hasPrefix("name,vehicle,last_seen,positions,battery,revoked,refused"))

        // A name taken (without regard to case), an unknown vehicle: refused, nothing added.
        try log.run(["devices", "add", "Annas-Phone", "--vehicle", "ABC1"], expect: 65)
        let unknown = try log.run(["devices", "add", "other", "--vehicle", "NOPE"], expect: 65)
        #expect(unknown.stderr.contains("NOPE"))
        try log.run(["devices", "add", "odd", "--vehicle", "ABC1", "--speed-unit", "furlongs"], expect: 64)

        try log.run(["devices", "revoke", "annas-phone"])
        let revoked = try #require(try log.json(["devices", "list"]) as? [String: Any])
        #expect(((revoked["devices"] as? [[String: Any]])?.first?["revoked"] as? Bool) == true)
        try log.run(["devices", "remove", "annas-phone"])
        let removed = try #require(try log.json(["devices", "list"]) as? [String: Any])
        #expect((removed["devices"] as? [Any])?.isEmpty == true)
        try log.run(["devices", "revoke", "annas-phone"], expect: 65)
    }
}
