import Foundation
import Hours
import LogbookStore
import TrackModel
import CalendarDays

extension HoursService {
    /// The entry a day's trips make: from the first trip's start to the last trip's end, with the stops longer than
    /// 15 minutes between them as the break (unless a break is given); stored with `save`.
    public func propose(_ input: HoursProposalInput, save: Bool) throws -> HoursProposalView {
        try access.requireReader()
        try access.requireEditor()
        let driver = try access.driver(input.driver)
        let plate: String
        if let vehicle = input.vehicle {
            plate = try access.vehicle(vehicle)
        } else {
            let vehicles = try access.vehicles()
            guard vehicles.count == 1 else {
                throw ServiceError(
                    .invalid, field: "vehicle", "the log has \(vehicles.count) vehicles; say whose trips")
            }
            plate = vehicles[0]
        }
        let day = input.day.resolved(today: today)
        let from = zone.startOfDay(day).timeIntervalSince1970
        let to = zone.startOfDay(day.adding(days: 1)).timeIntervalSince1970
        let times = try trips.tripTimes(
            vehicle: plate, from: Timestamp(secondsSince1970: from), to: Timestamp(secondsSince1970: to))
        let spans = times.map {
            (start: Moment(seconds: $0.start.secondsSince1970), end: Moment(seconds: $0.end.secondsSince1970))
        }
        guard let proposal = HoursProposal(trips: spans) else {
            throw ServiceError(.notFound, "\(plate) has no trips on \(day); nothing to propose")
        }
        let entry = try HoursEntry(
            id: UUID(), driver: driver, rawStart: proposal.start, rawEnd: proposal.end,
            enteredBreakMinutes: input.breakMinutes ?? proposal.breakMinutes,
            message: try Self.message(input.message) ?? "", vehicle: input.vehicle.map { _ in plate },
            rules: rules)
        let view: HoursEntryView
        if save {
            view = try self.view(of: try database.hoursEntry(try writer.addHoursEntry(entry, zone: zone)))
        } else {
            view = try self.view(
                of: StoredHoursEntry(number: 0, entry: entry, pausedAt: nil, sync: .pending, updatedAt: moment))
        }
        return HoursProposalView(
            entry: view, date: day.description, vehicle: plate, trips: proposal.tripCount,
            stops: proposal.breaks.count, stopMinutes: proposal.breakMinutes, saved: save)
    }
}
