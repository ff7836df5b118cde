import Foundation
import MileageLog
public import TrackModel
import TripEngine

extension AppDatabase {
    /// Merges two consecutive trips of one vehicle into one (e.g. a stop that cut a trip in two): the originals
    /// are voided ("merged") and the new trip spans both, with their summed distance and the first one's
    /// classification (or the second's, when the first has none); both purposes are kept, joined ("A; B").
    /// Trips that overlap in time are refused: their kilometres would be counted twice.
    public func mergeTrips(_ firstID: Int64, _ secondID: Int64) throws -> StoredTrip {
        let policy = policy
        return try logWrite("mergeTrips") { db, context in
            var first = try Self.fetchTrip(firstID, includeTrack: true, now: context.now, policy: policy, db)
            var second = try Self.fetchTrip(secondID, includeTrack: true, now: context.now, policy: policy, db)
            if second.start < first.start { swap(&first, &second) }
            guard first.id != second.id else {
                throw StoreError(.refused, operation: "mergeTrips", detail: "name two different trips")
            }
            try Self.refuseChange(of: first)
            try Self.refuseChange(of: second)
            guard first.vehicle == second.vehicle else {
                throw StoreError(.refused, operation: "mergeTrips", detail: "the trips belong to different vehicles")
            }
            if second.start < first.end {
                throw StoreError(
                    .refused, operation: "mergeTrips",
                    detail: "trips \(first.id) (\(first.start.iso8601) to \(first.end.iso8601)) and \(second.id) "
                        + "(\(second.start.iso8601) to \(second.end.iso8601)) overlap in time; void the one entered "
                        + "twice instead")
            }
            if let between = try Int64.fetchOne(
                db,
                sql: """
                    SELECT id FROM trip WHERE vehicle_id = (SELECT vehicle_id FROM trip WHERE id = ?)
                    AND voided_at IS NULL AND started_at > ? AND started_at < ? LIMIT 1
                    """,
                arguments: [first.id, first.start.secondsSince1970, second.start.secondsSince1970])
            {
                throw StoreError(
                    .refused, operation: "mergeTrips",
                    detail: "trip \(between) lies between them; only consecutive trips can be merged")
            }
            let classified = first.category != nil ? first : second
            var merged = first
            merged.end = max(first.end, second.end)
            merged.distance = first.distance + second.distance
            merged.idleSeconds = first.idleSeconds + second.idleSeconds
            merged.idlePeriods = first.idlePeriods + second.idlePeriods
            merged.maximumSpeed = max(first.maximumSpeed, second.maximumSpeed)
            merged.endCoordinate = second.endCoordinate
            merged.fixesUsed = first.fixesUsed + second.fixesUsed
            merged.track = first.track + second.track
            merged.source = first.source == second.source ? first.source : .manual
            merged.importKey = first.source == second.source ? first.importKey ?? second.importKey : nil
            merged.endOdometer = second.endOdometer ?? first.endOdometer
            if merged.startOdometer == nil || merged.endOdometer == nil {
                merged.startOdometer = nil
                merged.endOdometer = nil
            }
            merged.category = classified.category
            merged.categoryOrigin = classified.categoryOrigin
            merged.purpose = Self.joined(first.purpose, second.purpose)
            merged.partner = classified.partner ?? first.partner ?? second.partner
            merged.destination = second.destination ?? classified.destination
            merged.notes = [first.notes, second.notes].compactMap { $0 }.joined(separator: "; ")
            merged.endLabel = second.endLabel
            let reason = "merged: trips \(first.id) and \(second.id) became one"
            try Self.void(first.id, reason: reason, context: &context, db)
            try Self.void(second.id, reason: reason, context: &context, db)
            let id = try Self.insertCopy(merged, createdAt: context.now, db)
            try context.audit.recordCreation(db, trip: id, action: .merge, note: "trips \(first.id), \(second.id)")
            return try Self.fetchTrip(id, now: context.now, policy: policy, db)
        }
    }

    /// Two texts joined with "; ", each once; nil when both are empty.
    static func joined(_ a: String?, _ b: String?) -> String? {
        var parts: [String] = []
        for text in [clean(a), clean(b)].compactMap({ $0 }) where !parts.contains(text) { parts.append(text) }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// Splits a trip at a moment into two (e.g. a stop that did not end it): the original is voided ("split") and
    /// two trips take its place. The distance is divided where the track says the vehicle was at that moment, or
    /// by time for trips without a track; the odometer follows the distance.
    public func splitTrip(id: Int64, at time: Timestamp) throws -> (StoredTrip, StoredTrip) {
        let policy = policy
        return try logWrite("splitTrip") { db, context in
            let trip = try Self.fetchTrip(id, includeTrack: true, now: context.now, policy: policy, db)
            try Self.refuseChange(of: trip)
            guard trip.start < time, time < trip.end else {
                throw StoreError(
                    .refused, operation: "splitTrip",
                    detail: "the moment must lie inside the trip (\(trip.start.iso8601) to \(trip.end.iso8601))")
            }
            let cut = Self.cut(trip, at: time)
            var first = trip
            var second = trip
            first.end = time
            second.start = time
            first.distance = trip.distance * cut.fraction
            second.distance = trip.distance - first.distance
            let timeFraction = (time - trip.start) / trip.duration
            first.idleSeconds = min(trip.idleSeconds * timeFraction, first.duration)
            second.idleSeconds = min(trip.idleSeconds - first.idleSeconds, second.duration)
            first.idlePeriods = Int((Double(trip.idlePeriods) * timeFraction).rounded())
            second.idlePeriods = trip.idlePeriods - first.idlePeriods
            first.fixesUsed = cut.firstTrack.count
            second.fixesUsed = max(0, trip.fixesUsed - first.fixesUsed)
            first.track = cut.firstTrack
            second.track = cut.secondTrack
            if trip.startCoordinate != nil, let point = cut.point {
                first.endCoordinate = point
                second.startCoordinate = point
            }
            first.endLabel = nil
            second.startLabel = nil
            if let start = trip.startOdometer, let end = trip.endOdometer {
                let middle = start + (end - start) * cut.fraction
                first.endOdometer = middle
                second.startOdometer = middle
            }
            try Self.void(id, reason: "split at \(time.iso8601)", context: &context, db)
            let a = try Self.insertCopy(first, createdAt: context.now, db)
            try context.audit.recordCreation(db, trip: a, action: .split, note: "trip \(id)")
            let b = try Self.insertCopy(second, createdAt: context.now, db)
            try context.audit.recordCreation(db, trip: b, action: .split, note: "trip \(id)")
            return (
                try Self.fetchTrip(a, now: context.now, policy: policy, db),
                try Self.fetchTrip(b, now: context.now, policy: policy, db)
            )
        }
    }

    /// Where along the trip the moment falls: the share of the distance, the position, and the two tracks.
    static func cut(_ trip: StoredTrip, at time: Timestamp) -> (
        fraction: Double, point: Coordinate?, firstTrack: [TrackPoint], secondTrack: [TrackPoint]
    ) {
        let track = trip.track
        let timeFraction = trip.duration > 0 ? (time - trip.start) / trip.duration : 0.5
        guard track.count >= 2 else {
            return (timeFraction, nil, track.filter { $0.time < time }, track.filter { $0.time >= time })
        }
        var cumulative = [0.0]
        for (a, b) in zip(track, track.dropFirst()) {
            let step = Coordinate(latitude: a.latitude, longitude: a.longitude)
                .distance(to: Coordinate(latitude: b.latitude, longitude: b.longitude))
            cumulative.append(cumulative[cumulative.count - 1] + step)
        }
        let total = cumulative[cumulative.count - 1]
        let firstTrack = track.filter { $0.time < time }
        let secondTrack = track.filter { $0.time >= time }
        guard total > 0 else { return (timeFraction, nil, firstTrack, secondTrack) }
        // Interpolate between the points around the moment.
        var along = time < track[0].time ? 0 : total
        var point = Coordinate(latitude: track[track.count - 1].latitude, longitude: track[track.count - 1].longitude)
        if time < track[0].time { point = Coordinate(latitude: track[0].latitude, longitude: track[0].longitude) }
        for k in 1..<track.count where track[k - 1].time <= time && time < track[k].time {
            let span = track[k].time - track[k - 1].time
            let f = span > 0 ? (time - track[k - 1].time) / span : 0
            along = cumulative[k - 1] + f * (cumulative[k] - cumulative[k - 1])
            point = Coordinate(
                latitude: track[k - 1].latitude + f * (track[k].latitude - track[k - 1].latitude),
                longitude: track[k - 1].longitude + f * (track[k].longitude - track[k - 1].longitude))
            break
        }
        return (along / total, point, firstTrack, secondTrack)
    }

    /// Inserts a trip built from stored ones (merge, split) with its track; returns the new id.
    static func insertCopy(_ trip: StoredTrip, createdAt: Timestamp, _ db: any SQLSession) throws -> Int64 {
        let vehicle = try requireVehicle(trip.vehicle, db)
        let driverID = try trip.driver.map { try requireDriver($0, db) }
        let regularID = try trip.regularName.flatMap {
            try Int64.fetchOne(
                db, sql: "SELECT id FROM regular_trip WHERE \(db.dialect.sameName("name"))", arguments: [$0])
        }
        let id = try db.insertReturningID(
            sql: """
                INSERT INTO trip (
                    vehicle_id, driver_id, started_at, ended_at, distance_m, idle_s, idle_periods, max_speed_mps,
                    start_lat, start_lon, end_lat, end_lon, fixes_used, source, import_key, created_at,
                    start_odometer, end_odometer, category, category_origin, purpose, partner, destination, notes,
                    start_label, end_label, regular_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                vehicle.id, driverID, trip.start.secondsSince1970, trip.end.secondsSince1970, trip.distance,
                max(0, trip.idleSeconds), max(0, trip.idlePeriods), trip.maximumSpeed, trip.startCoordinate?.latitude,
                trip.startCoordinate?.longitude, trip.endCoordinate?.latitude, trip.endCoordinate?.longitude,
                trip.fixesUsed, trip.source.rawValue, trip.source == .gps ? trip.importKey : nil as String?,
                createdAt.secondsSince1970, trip.startOdometer, trip.endOdometer, trip.category?.rawValue,
                trip.categoryOrigin?.rawValue, trip.purpose, trip.partner, trip.destination, clean(trip.notes),
                trip.startLabel, trip.endLabel, regularID,
            ])
        if !trip.track.isEmpty {
            let bytes = try TrackEncoding.encode(trip.track)
            try db.execute(
                sql: "INSERT INTO trip_track (trip_id, point_count, points) VALUES (?, ?, ?)",
                arguments: [id, trip.track.count, Data(bytes)])
        }
        return id
    }
}
