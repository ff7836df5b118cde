/// Which fields a country's tax practice expects in a mileage log, per trip category.
///
/// These are practical defaults, not legal advice: they follow what each country's tax authority commonly asks a
/// log to show, and a user can add fields on top. The rationale for each is in `requirements(for:)`.
public enum CountryPreset: String, Sendable, Hashable, Codable, CaseIterable {
    case ee = "EE"
    case de = "DE"
    case fi = "FI"
    case se = "SE"
    case uk = "UK"
    case us = "US"

    /// The requirements a trip of `category` must meet; a trip meets one when all fields of one alternative are
    /// present.
    public func requirements(for category: TripCategory) -> [FieldRequirement] {
        let purpose = FieldRequirement(.purpose)
        let startPlace = FieldRequirement(.startPlace)
        let endPlace = FieldRequirement(.endPlace)
        let odometer = [FieldRequirement(.odometerStart), FieldRequirement(.odometerEnd)]
        // A distance may be given directly or follow from two odometer readings.
        let distance = FieldRequirement(.distance, anyOf: [[.distance], [.odometerStart, .odometerEnd]])
        switch (self, category) {
        case (.de, .business):
            // Germany (Fahrtenbuch): each business trip must be reconstructible without other papers — why
            // (purpose), whom (business partner) and where (destination) — and checkable against the distance:
            // the route, or at least where it started and ended, and a continuous chain of odometer readings.
            return [
                purpose, FieldRequirement(.businessPartner), FieldRequirement(.destination),
                FieldRequirement(.route, anyOf: [[.route], [.startPlace, .endPlace]]),
            ] + odometer
        case (.de, _):
            // Private trips and commutes need no reason, but the odometer chain must stay unbroken so that
            // business and private kilometres add up to what the car drove.
            return odometer
        case (.ee, .business):
            // Estonia: a business trip shows its purpose, where it started and ended, and odometer readings that
            // tie the logged kilometres to the vehicle.
            return [purpose, startPlace, endPlace] + odometer
        case (.fi, .business), (.se, .business):
            // Finland and Sweden: purpose, start and end place, and odometer readings at both ends, so the
            // business share of the year's driving can be shown.
            return [purpose, startPlace, endPlace] + odometer
        case (.ee, _), (.fi, _), (.se, _):
            // The odometer chain covers all driving so the totals reconcile.
            return odometer
        case (.uk, .business), (.us, .business):
            // UK and US: mileage claims rest on the business reason, where the driver went and how far; a full
            // odometer chain is not expected per trip.
            return [purpose, FieldRequirement(.destination), distance]
        case (.uk, _), (.us, _):
            // Only the distance matters for splitting business from personal use.
            return [distance]
        }
    }

    /// The requirements `entry` does not meet, in the preset's order; empty when the entry is complete.
    public func validate(_ entry: TripEntry) -> [MissingField] {
        requirements(for: entry.category).compactMap { requirement in
            requirement.isMet(by: entry) ? nil : MissingField(field: requirement.field, anyOf: requirement.anyOf)
        }
    }
}

/// A requirement on a trip entry: `field` names it; it is met when every field of one of `anyOf` is present.
public struct FieldRequirement: Sendable, Hashable {
    public var field: TripField
    public var anyOf: [[TripField]]

    public init(_ field: TripField, anyOf: [[TripField]]? = nil) {
        self.field = field
        self.anyOf = anyOf ?? [[field]]
    }

    public func isMet(by entry: TripEntry) -> Bool {
        anyOf.contains { $0.allSatisfy(entry.has) }
    }
}

/// A requirement a trip entry does not meet: the field that is missing and what would satisfy it.
public struct MissingField: Sendable, Hashable, CustomStringConvertible {
    public var field: TripField
    public var anyOf: [[TripField]]

    public init(field: TripField, anyOf: [[TripField]]? = nil) {
        self.field = field
        self.anyOf = anyOf ?? [[field]]
    }

    public var description: String {
        guard anyOf != [[field]] else { return "\(field.rawValue) is missing" }
        let options = anyOf.map { $0.map(\.rawValue).joined(separator: " and ") }
        return "\(field.rawValue) is missing (give \(options.joined(separator: ", or ")))"
    }
}
