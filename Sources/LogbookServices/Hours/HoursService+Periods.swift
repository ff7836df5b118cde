import Hours
import LogbookStore

extension HoursService {
    /// Where a driver's period stands (a lock counts for every driver).
    public func status(_ period: PayPeriod, driver: String?) throws -> HoursPeriodStatusView {
        try access.requireReader()
        return HoursPeriodStatusView(period, driver: driver, status: try database.periodStatus(period, driver: driver))
    }

    /// The driver hands the period in: read-only for them from now on (until an admin reopens it).
    public func submit(_ period: PayPeriod, driver requested: String?) throws -> HoursPeriodStatusView {
        try access.requireReader()
        try access.requireEditor()
        let driver = try access.driver(requested)
        try writer.submitPeriod(period, driver: driver, by: actor)
        return try status(period, driver: driver)
    }

    /// An admin takes a submission back (not a lock).
    public func reopen(_ period: PayPeriod, driver requested: String?) throws -> HoursPeriodStatusView {
        try access.requireReader()
        try access.requireAdmin()
        let driver = try access.driver(requested)
        try writer.reopenPeriod(period, driver: driver)
        return try status(period, driver: driver)
    }

    /// An admin locks the period for every driver, for good; the status is the driver's asked about, if any.
    public func lock(_ period: PayPeriod, driver requested: String?) throws -> HoursPeriodStatusView {
        try access.requireReader()
        try access.requireAdmin()
        try writer.lockPeriod(period, by: actor)
        return try status(period, driver: try requested.map { try access.driver($0) })
    }
}
