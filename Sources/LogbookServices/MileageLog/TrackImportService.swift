import Crypto
import Foundation
public import LogbookStore
import MileageLog
import TrackFormats
public import TrackReader
import TrackModel
public import TripEngine

/// Track files replayed into a vehicle's trips, once per file (`logbook import`, `POST /api/v1/trips/import`, the
/// import page): each file goes through the same engine as `logbook replay`, and its trips are stored in one
/// transaction. A file is known by its content (SHA-256): the same file imported to the same vehicle again adds
/// nothing; a trip the vehicle already has is not stored again; one that overlaps a trip of the log otherwise is
/// kept aside as a conflict.
public struct TrackImportService: Sendable {
    public let context: ServiceContext
    public let access: MileageLogAccess

    public init(_ context: ServiceContext) throws {
        self.context = context
        access = try MileageLogAccess(context)
    }

    var database: AppDatabase { context.database }

    /// The vehicle trips are imported to. At the terminal: the one named, else the log's only one. A signed-in user
    /// must be able to change trips, and names one of their vehicles (or has only one).
    public func vehicle(_ plate: String?) throws -> Vehicle {
        guard context.caller.user != nil else {
            return try plate.map { try MileageLogNames.vehicle($0, in: database) }
                ?? MileageLogNames.onlyVehicle(in: database)
        }
        try access.requireEditor()
        if let plate {
            try access.requireVisibleVehicle(plate)
            return try database.existingVehicle(plate: plate)
        }
        let visible = try database.vehicles().filter { access.canSee(plate: $0.plate) }
        guard visible.count == 1 else {
            throw ServiceError(
                .invalid, field: "vehicle", visible.isEmpty ? "there is no vehicle of yours yet" : "choose the vehicle")
        }
        return visible[0]
    }

    /// Imports the track file at `path` into `vehicle`; `name` is how the file is named in the outcome, in errors and
    /// in the log's list of imported files (the path by default). A file that cannot be read is a `TrackReadError`
    /// naming the file, its line and column and the field.
    public func importFile(
        _ path: String, name: String? = nil, into vehicle: Vehicle, engine configuration: EngineConfiguration,
        reader: TrackFileReader = TrackFileReader()
    ) throws -> TrackImportView {
        let shown = name ?? path
        do {
            return try importFile(
                path, shown: shown, fingerprint: try Self.fingerprint(path), into: vehicle, engine: configuration,
                reader: reader)
        } catch var error as TrackReadError {
            error.path = shown
            throw error
        }
    }

    /// Imports a file sent to the server (`bytes`, named `name` by its sender) into `vehicle`. The bytes are read from
    /// a private temporary file, removed afterwards, as a file from the disk would be (gzip-compressed too).
    public func importUpload(
        _ bytes: [UInt8], name: String, into vehicle: Vehicle, engine configuration: EngineConfiguration,
        reader: TrackFileReader = TrackFileReader()
    ) throws -> TrackImportView {
        guard !bytes.isEmpty else {
            throw TrackReadError(code: .empty, path: name, message: "file is empty")
        }
        let fingerprint = SHA256.hash(data: bytes).hex
        let directory = FileManager.default.temporaryDirectory
        let path = directory.appendingPathComponent("logbook-upload-\(UUID().uuidString).track").path
        guard
            FileManager.default.createFile(
                atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
        else { throw ServiceError(.failed, "the upload could not be kept for reading") }
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            return try importFile(
                path, shown: name, fingerprint: fingerprint, into: vehicle, engine: configuration, reader: reader)
        } catch var error as TrackReadError {
            error.path = name
            throw error
        }
    }

    private func importFile(
        _ path: String, shown: String, fingerprint: String, into vehicle: Vehicle,
        engine configuration: EngineConfiguration, reader: TrackFileReader
    ) throws -> TrackImportView {
        let unit = (try? database.vehicleDetails(plate: vehicle.plate))?.odometerUnit ?? .km
        var view = TrackImportView(file: shown, vehicle: vehicle.plate, unit: unit)
        if try database.hasImported(fingerprint: fingerprint, vehicle: vehicle) {
            view.alreadyImported = true
            return view
        }
        var engineConfiguration = configuration
        engineConfiguration.collectTrack = true
        var engine = TripEngine(configuration: engineConfiguration)
        var trips: [Trip] = []
        func collect(_ events: [TripEvent]) {
            for case .tripEnded(let trip) in events { trips.append(trip) }
        }
        let summary = try reader.readAhead(path) { collect(engine.ingest($0)) }
        collect(engine.finish())
        let outcome = try access.writer.importFile(trips, vehicle: vehicle, fingerprint: fingerprint, path: shown)
        view.summary = summary
        view.alreadyImported = outcome.alreadyImported
        view.trips = trips.count
        view.added = outcome.added
        view.duplicates = outcome.duplicates
        view.conflicts = outcome.conflicts
        view.distance = trips.reduce(0) { $0 + $1.distance }
        view.firstStart = trips.first?.start
        view.lastEnd = trips.last?.end
        return view
    }

    /// SHA-256 of the file's bytes, read in chunks.
    public static func fingerprint(_ path: String) throws -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw TrackReadError(code: .isDirectory, path: path, message: "is a directory, not a track file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TrackReadError(code: .cannotOpen, path: path, message: "cannot open")
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                hasher.update(data: chunk)
            }
        } catch {
            // Foundation's error text ("Error Domain=NSCocoaErrorDomain …") is not for people.
            throw TrackReadError(code: .readFailed, path: path, message: "cannot read the file")
        }
        return hasher.finalize().hex
    }
}

/// What an import did (`POST /api/v1/trips/import`): the file as its sender named it, the vehicle, the trips the
/// engine found in it and what became of them, their distance in metres and in the vehicle's unit, and when the first
/// started and the last ended.
public struct TrackImportView: Encodable, Sendable {
    public var file: String
    public var vehicle: String
    public var unit: OdometerUnit
    /// The file was imported to this vehicle before: nothing was read.
    public var alreadyImported = false
    /// Trips the engine found in the file.
    public var trips = 0
    public var added = 0
    /// Trips the log already had (the same drive, maybe from another file or format).
    public var duplicates = 0
    /// The ids of the conflicts kept aside (`logbook trips conflicts`).
    public var conflicts: [Int64] = []
    /// Metres of the trips found.
    public var distance: Double = 0
    public var firstStart: Timestamp?
    public var lastEnd: Timestamp?
    /// What the reader decoded (the CLI's `--stats`); nil when nothing was read.
    public var summary: TrackFileSummary?

    public init(file: String, vehicle: String, unit: OdometerUnit) {
        self.file = file
        self.vehicle = vehicle
        self.unit = unit
    }

    enum CodingKeys: String, CodingKey {
        case file, vehicle, format, trips, added, duplicates, conflicts, distance
        case alreadyImported = "already_imported"
        case distanceM = "distance_m"
        case distanceUnit = "distance_unit"
        case firstStart = "first_start"
        case lastEnd = "last_end"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(file, forKey: .file)
        try c.encode(vehicle, forKey: .vehicle)
        try c.encode(summary?.format.rawValue, forKey: .format)
        try c.encode(alreadyImported, forKey: .alreadyImported)
        try c.encode(trips, forKey: .trips)
        try c.encode(added, forKey: .added)
        try c.encode(duplicates, forKey: .duplicates)
        try c.encode(conflicts, forKey: .conflicts)
        try c.encode(ViewNumber.rounded(distance, 1), forKey: .distanceM)
        try c.encode(ViewNumber.rounded(distance / unit.metres, 3), forKey: .distance)
        try c.encode(unit.rawValue, forKey: .distanceUnit)
        try c.encode(firstStart?.iso8601, forKey: .firstStart)
        try c.encode(lastEnd?.iso8601, forKey: .lastEnd)
    }

    /// `commute.nmea: 1 trip added, 12.3 km` — `import`'s line for the file, with the distance written by the edge.
    public func sentence(distance: (Double, OdometerUnit) -> String) -> String {
        if alreadyImported { return "\(file): already imported, nothing added" }
        var line = "\(file): \(added) trip\(added == 1 ? "" : "s") added"
        if duplicates > 0 { line += " (\(duplicates) already stored)" }
        if !conflicts.isEmpty {
            line +=
                ", \(conflicts.count) kept aside as conflict\(conflicts.count == 1 ? "" : "s")"
                + " (\(conflicts.map(String.init).joined(separator: ", ")))"
        }
        return line + ", " + distance(self.distance, unit)
    }
}

/// A track file that cannot be read: a value of the upload (422) naming the file, line, column and field, or a
/// failure of the server's own disk (opening or reading the temporary file).
extension TrackReadError: ServiceErrorConvertible {
    public var serviceError: ServiceError {
        switch code {
        case .cannotOpen, .isDirectory, .readFailed: ServiceError(.failed, description, exitCode: exitCode)
        case .empty, .unknownFormat, .corruptCompression, .decoding, .noFixes:
            ServiceError(.invalid, field: "file", description, exitCode: exitCode)
        }
    }
}
