public import Roofing
import LogbookStore

extension RoofingService {
    /// Imports a catalogue file (CSV or JSON, told by its content). A file the rules refuse is refused naming the
    /// file, the line and column or the JSON path (exit 65); a name taken, in any case, is refused too.
    public func importCatalogue(_ file: RoofingCatalogueFile) throws -> RoofingCatalogueView {
        try access.requireEditor()
        let catalogue: Catalogue
        do throws(RoofingError) {
            catalogue =
                file.isJSON
                ? try CatalogueJSON.decode(file.data, name: file.name)
                : try CatalogueCSV.decode(file.data, name: file.name ?? file.stem)
        } catch {
            throw ServiceError(.invalid, "\(file.fileName): \(error.description)", exitCode: 65)
        }
        try writer.importRoofingCatalogue(catalogue)
        return RoofingCatalogueView(catalogue)
    }

    /// Every catalogue, by name.
    public func catalogues() throws -> [RoofingCatalogueView] {
        try database.roofingCatalogues().map(RoofingCatalogueView.init)
    }

    /// The catalogue named (any case) with its activities and indexings: what `catalogue export` writes.
    public func catalogue(named name: String) throws -> Catalogue { try database.roofingCatalogue(named: name) }

    /// Raises every unit price of a catalogue by a percentage from a day on.
    public func indexCatalogue(_ name: String, _ input: RoofingIndexingInput) throws -> PriceIndexing {
        try access.requireEditor()
        let indexing = try input.validated()
        try writer.addRoofingIndexing(indexing, catalogue: name)
        return indexing
    }

    /// Activities by position or name, accent- and case-insensitive, typo-tolerant, best first: in the catalogue
    /// named, or in each catalogue (at most `limit` hits each), priced on `date` (today by default).
    public func search(_ input: RoofingSearchInput) throws -> [RoofingSearchHitView] {
        let (text, limit) = try input.validated()
        let names = try input.catalogue.map { [$0] } ?? database.roofingCatalogues().map(\.name)
        var hits: [RoofingSearchHitView] = []
        for name in names {
            let catalogue = try database.roofingCatalogue(named: name)
            for hit in CatalogueSearch.search(text, in: catalogue, limit: limit) {
                hits.append(RoofingSearchHitView(hit, in: catalogue, on: input.date ?? today))
            }
        }
        return hits
    }
}
