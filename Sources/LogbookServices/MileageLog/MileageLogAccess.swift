public import LogbookStore

/// Who may see and change what in the mileage log, asked by every use case of the domain (issue 25's allow-lists
/// on `AppUser`).
///
/// At the terminal everything is allowed: whoever may open the log's file may change it. Through the server the
/// mileage log is for admins and accountants (every vehicle) and drivers (their own vehicles; a driver without
/// vehicles sees none); every other role is refused (403) before anything is read. A trip or vehicle the user may not
/// see does not exist for them (404, not 403), so plates and ids cannot be probed.
public struct MileageLogAccess: Sendable {
    public let database: AppDatabase
    public let caller: Caller

    public init(database: AppDatabase, caller: Caller) throws {
        if let user = caller.user, !user.mayReadMileageLog {
            throw ServiceError(.forbidden, "the mileage log is for admins, accountants and drivers")
        }
        self.database = database
        self.caller = caller
    }

    public init(_ context: ServiceContext) throws {
        try self.init(database: context.database, caller: context.caller)
    }

    /// The plates whose trips the caller may see: nil for every vehicle (the terminal, admins, accountants).
    public var visibleVehicles: [String]? {
        guard let user = caller.user, !user.readsEveryVehicle else { return nil }
        return user.vehicles
    }

    public func canSee(plate: String) -> Bool { caller.user?.canSee(plate: plate) ?? true }

    /// Whether the caller may change trips (of the vehicles they may see).
    public var mayEditTrips: Bool { caller.user?.canEditTrips ?? true }

    /// Whether the caller manages the fleet: vehicles, places, rules, readings on the vehicles page.
    public var managesFleet: Bool { caller.user?.managesFleet ?? true }

    /// The trip, if the caller may see it.
    public func trip(_ id: Int64, includeTrack: Bool = false) throws -> StoredTrip {
        guard caller.user != nil else { return try database.trip(id: id, includeTrack: includeTrack) }
        let trip: StoredTrip
        do {
            trip = try database.trip(id: id, includeTrack: includeTrack)
        } catch let error as StoreError where error.code == .notFound {
            throw ServiceError(.notFound, "there is no trip \(id)")
        }
        guard canSee(plate: trip.vehicle) else { throw ServiceError(.notFound, "there is no trip \(id)") }
        return trip
    }

    /// The trip, if the caller may change it.
    public func editableTrip(_ id: Int64) throws -> StoredTrip {
        let trip = try trip(id)
        try requireEditor()
        return trip
    }

    public func requireEditor() throws {
        guard mayEditTrips else {
            throw ServiceError(.forbidden, "an accountant reads the log but does not change trips")
        }
    }

    public func requireAdmin() throws {
        guard managesFleet else { throw ServiceError(.forbidden, "only an admin may do this") }
    }

    /// A vehicle a signed-in user names: unknown and not theirs look the same (404). At the terminal the use case
    /// decides what an unknown plate means.
    public func requireVisibleVehicle(_ plate: String) throws {
        guard caller.user != nil else { return }
        guard canSee(plate: plate), (try? database.existingVehicle(plate: plate)) != nil else {
            throw ServiceError(.notFound, "there is no vehicle '\(plate)'")
        }
    }

    /// The log writing audit entries under the caller's name (`web:NAME`).
    public var writer: AppDatabase { caller.auditName.map { database.acting(as: $0) } ?? database }
}
