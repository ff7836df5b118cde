import ArgumentParser
import HTTPUpload
import LogbookConfiguration
import LogbookDaemon
import LogbookServices
import LogbookStore
import TrackModel

/// `logbook upload`: sends the positions a vehicle box queued (`[upload]`) to the central server, oldest first, in
/// batches of Overland's shape (`POST /ingest/overland` with the device's token). A batch leaves the queue only once
/// the server answered `{"result": "ok"}`; a batch sent again after a lost answer is stored once by the server (same
/// device, same fix time). The daemon runs it while positions wait.
struct UploadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upload", abstract: "Send the positions this box queued to the central server ([upload]).")

    @Flag(name: .long, help: "Say nothing when everything was sent.") var quiet = false
    @OptionGroup var log: LogOptions

    func run() throws {
        let file = try log.configurationOptions.load()
        let settings = try file.table(UploadSettings.self, "upload")
        guard let endpoint = settings.endpoint, let tokenFile = settings.tokenFile else {
            throw ValidationError("there is no [upload] url in the configuration")
        }
        let token: String
        do {
            token = try SecretFile.load(tokenFile)
        } catch {
            Diagnostics.error("[upload] token_file \(error.description)")
            throw ExitCode(78)
        }
        let (database, _) = try log.open(file)
        var sent = 0
        while true {
            let batch = try database.queuedUploads(limit: settings.batch)
            guard let last = batch.last else { break }
            let body = try ServiceJSON.encode(OverlandBatch(batch.map(\.position)))
            let answer: HTTPPostAnswer
            do {
                answer = try HTTPPost.post(
                    url: endpoint, body: Array(body),
                    headers: ["Authorization: Bearer \(token)", "Content-Type: application/json"])
            } catch {
                Diagnostics.error("cannot reach the central server: \(error.message); \(sent) sent, the rest waits")
                throw ExitCode(75)
            }
            let text = String(decoding: answer.body, as: UTF8.self)
            guard answer.status == 200, text.contains("\"result\":\"ok\"") else {
                let reason =
                    switch answer.status {
                    case 401: "the server refused the device token ([upload] token_file)"
                    case 400: "the server refused the positions: \(text.prefix(300))"
                    default: "the server answered \(answer.status)"
                    }
                Diagnostics.error("\(reason); \(sent) sent, the rest waits")
                throw ExitCode(answer.status == 401 ? 77 : 75)
            }
            try database.removeUploads(through: last.id)
            sent += batch.count
        }
        if !quiet { Diagnostics.print("\(sent) positions sent to \(endpoint)") }
    }
}

/// An Overland request: `{"locations": [GeoJSON Feature, …]}` with the fix's measurements as properties (`hdop`
/// besides Overland's own, read by the server for boxes).
struct OverlandBatch: Encodable {
    struct Feature: Encodable {
        struct Geometry: Encodable {
            var type = "Point"
            var coordinates: [Double]
        }
        struct Properties: Encodable {
            var timestamp: String
            var speed: Double?
            var course: Double?
            var altitude: Double?
            var horizontalAccuracy: Double?
            var hdop: Double?

            enum CodingKeys: String, CodingKey {
                case timestamp, speed, course, altitude, hdop
                case horizontalAccuracy = "horizontal_accuracy"
            }
        }
        var type = "Feature"
        var geometry: Geometry
        var properties: Properties
    }
    var locations: [Feature]

    init(_ positions: [DevicePosition]) {
        locations = positions.map { p in
            Feature(
                geometry: .init(coordinates: [p.longitude, p.latitude]),
                properties: .init(
                    timestamp: p.fixedAt.iso8601, speed: p.speedMetresPerSecond, course: p.courseDegrees,
                    altitude: p.altitudeMetres, horizontalAccuracy: p.accuracyMetres, hdop: p.hdop))
        }
    }
}
