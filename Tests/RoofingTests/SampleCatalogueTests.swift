import Roofing
import Testing

/// The sample catalogue shipped with the program (issue 29 §1): it reads as an imported file does, and its name says
/// that its prices are examples.
@Suite struct SampleCatalogueTests {
    @Test func theSampleReadsAndSaysItsPricesAreExamples() throws {
        let catalogue = try SampleCatalogue.catalogue()
        #expect(catalogue.name == "Sample catalogue (example prices)" && catalogue.currency == "DKK")
        #expect(catalogue.activities.count == 21)
        #expect(catalogue.activities.filter(\.isSupplement).map(\.position) == ["90.1", "90.2"])
        // 1.450,00 with the thousands' dot, 52,40 with the decimal comma.
        #expect(catalogue.activity("40.1")?.price == Money(minorUnits: 145_000))
        #expect(catalogue.activity("20.1")?.price == Money(minorUnits: 5_240))
        #expect(SampleCatalogue.isSample("sample catalogue (EXAMPLE prices)"))
        #expect(!SampleCatalogue.isSample("Tagdækning 2026"))
        // The search finds by word without accents, and by position.
        #expect(CatalogueSearch.search("nedlobsror", in: catalogue, limit: 3).first?.activity.position == "50.2")
        #expect(
            CatalogueSearch.search("30.3", in: catalogue, limit: 3).first?.activity.name
                == "Rygningssten, lagt i mørtel")
    }
}
