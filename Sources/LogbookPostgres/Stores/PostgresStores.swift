import Foundation
import LogbookStore
public import TrackModel

/// Every domain's store on one PostgreSQL log, over one pool: what `AppDatabase` is on SQLite.
public struct PostgresStores: Sendable {
    public let pool: PostgresPool
    public let users: PostgresUserStore
    public let loginFailures: PostgresLoginFailureStore
    public let requestKeys: PostgresRequestKeyStore
    public let deviceLeases: PostgresDeviceLeaseStore
    public let mailDelivery: PostgresMailDeliveryStore
    public let hoursDelivery: PostgresHoursDeliveryStore

    public init(pool: PostgresPool, clock: @escaping @Sendable () -> Timestamp = PostgresStores.systemClock) {
        self.pool = pool
        users = PostgresUserStore(pool: pool, clock: clock)
        loginFailures = PostgresLoginFailureStore(pool: pool)
        requestKeys = PostgresRequestKeyStore(pool: pool, clock: clock)
        deviceLeases = PostgresDeviceLeaseStore(pool: pool)
        mailDelivery = PostgresMailDeliveryStore(pool: pool, clock: clock)
        hoursDelivery = PostgresHoursDeliveryStore(pool: pool, clock: clock)
    }

    /// The wall clock, as `AppDatabase`'s default.
    public static let systemClock: @Sendable () -> Timestamp = {
        Timestamp(secondsSince1970: Date().timeIntervalSince1970)
    }
}
