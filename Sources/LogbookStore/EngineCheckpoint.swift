public import Foundation
public import TripEngine

/// The saved state of one vehicle's engine, so the daemon resumes an open trip after a restart.
public struct EngineCheckpoint: Sendable, Hashable {
    public var vehicleID: Int64
    /// When the checkpoint was taken, seconds since 1970 (wall clock).
    public var savedAt: Double
    /// The time of the last fix the engine took, seconds since 1970.
    public var lastFixTime: Double?
    /// The engine's state as JSON (`EngineCheckpoint.encoder`).
    public var state: Data

    public init(vehicleID: Int64, savedAt: Double, lastFixTime: Double?, state: Data) {
        self.vehicleID = vehicleID
        self.savedAt = savedAt
        self.lastFixTime = lastFixTime
        self.state = state
    }

    /// A checkpoint of `engine` for `vehicle` (a stored vehicle).
    public init(vehicle: Vehicle, engine: TripEngine, savedAt: Double, lastFixTime: Double?) throws {
        guard let id = vehicle.id else {
            throw StoreError(.invalidArgument, operation: "checkpoint", detail: "vehicle is not stored")
        }
        let state: Data
        do {
            state = try Self.encoder().encode(engine)
        } catch {
            throw StoreError(.invalidData, operation: "checkpoint", detail: "engine state cannot be encoded")
        }
        self.init(vehicleID: id, savedAt: savedAt, lastFixTime: lastFixTime, state: state)
    }

    /// The engine saved in this checkpoint.
    public func engine() throws -> TripEngine {
        do {
            return try Self.decoder().decode(TripEngine.self, from: state)
        } catch {
            throw StoreError(.invalidData, operation: "checkpoint", detail: "engine state cannot be decoded")
        }
    }

    /// The JSON encoder for engine states: infinities and NaN (which plain JSON lacks) become
    /// strings rather than failing the checkpoint.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }

    /// The decoder matching `encoder()`; it also reads the output of a plain `JSONEncoder`.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return decoder
    }
}
