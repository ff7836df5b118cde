import MileageLog
import Testing
import TrackModel

private let start = Timestamp(iso8601: "2026-03-18T07:30:00Z")!

/// A business trip with every field any preset asks for.
private let complete = TripEntry(
    start: start, category: .business, vehiclePlate: "B-AB 123", driver: "Anna", purpose: "Wartung",
    businessPartner: "Müller GmbH", destination: "Potsdam", route: "A115", startPlace: "Berlin",
    endPlace: "Potsdam", odometerStart: 10_000, odometerEnd: 10_042, distanceMetres: 41_800)

struct CountryPresetTests {
    @Test(arguments: CountryPreset.allCases)
    func completeEntryPassesEveryPreset(preset: CountryPreset) {
        for category in TripCategory.allCases {
            var entry = complete
            entry.category = category
            #expect(preset.validate(entry) == [])
        }
    }

    @Test func germanBusinessTripNeedsPartnerDestinationRouteAndOdometer() {
        var entry = complete
        entry.businessPartner = nil
        entry.purpose = "  "
        entry.odometerEnd = nil
        #expect(
            CountryPreset.de.validate(entry) == [
                MissingField(field: .purpose), MissingField(field: .businessPartner),
                MissingField(field: .odometerEnd),
            ])
    }

    @Test func germanRouteMayBeGivenAsStartAndEndPlace() {
        var entry = complete
        entry.route = nil
        #expect(CountryPreset.de.validate(entry) == [])
        entry.endPlace = ""
        let missing = CountryPreset.de.validate(entry)
        #expect(missing == [MissingField(field: .route, anyOf: [[.route], [.startPlace, .endPlace]])])
        #expect(missing.first?.description == "route is missing (give route, or start-place and end-place)")
    }

    @Test func privateTripsNeedOnlyTheOdometerInOdometerCountries() {
        let entry = TripEntry(start: start, category: .private, odometerStart: 5, odometerEnd: 7)
        for preset in [CountryPreset.de, .ee, .fi, .se] {
            #expect(preset.validate(entry) == [])
            var bare = entry
            bare.odometerStart = nil
            bare.odometerEnd = .nan
            #expect(preset.validate(bare) == [MissingField(field: .odometerStart), MissingField(field: .odometerEnd)])
        }
    }

    @Test(arguments: [CountryPreset.ee, .fi, .se])
    func nordicAndEstonianBusinessTrips(preset: CountryPreset) {
        let entry = TripEntry(start: start, category: .business, purpose: "Audit", startPlace: "Tallinn")
        #expect(
            preset.validate(entry) == [
                MissingField(field: .endPlace), MissingField(field: .odometerStart), MissingField(field: .odometerEnd),
            ])
    }

    @Test(arguments: [CountryPreset.uk, .us])
    func distanceMayComeFromTheOdometer(preset: CountryPreset) {
        var entry = TripEntry(
            start: start, category: .business, purpose: "Site visit", destination: "Leeds", odometerStart: 1,
            odometerEnd: 9)
        #expect(preset.validate(entry) == [])
        entry.odometerEnd = nil
        entry.destination = nil
        #expect(
            preset.validate(entry) == [
                MissingField(field: .destination),
                MissingField(field: .distance, anyOf: [[.distance], [.odometerStart, .odometerEnd]]),
            ])
        let commute = TripEntry(start: start, category: .commute, distanceMetres: 12_000)
        #expect(preset.validate(commute) == [])
    }

    @Test func rawValuesAreCountryCodes() {
        #expect(CountryPreset.allCases.map(\.rawValue) == ["EE", "DE", "FI", "SE", "UK", "US"])
        #expect(CountryPreset(rawValue: "DE") == .de)
        #expect(TripCategory.allCases.map(\.rawValue) == ["business", "private", "commute"])
    }
}
