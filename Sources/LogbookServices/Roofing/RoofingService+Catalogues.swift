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
    /// named, or in each catalogue (at most `limit` hits each), priced on `date` (today by default). A log without
    /// a catalogue of its own searches the sample shipped with the program (`SampleCatalogue`): its hits are marked
    /// `example`, their prices being examples.
    public func search(_ input: RoofingSearchInput) throws -> [RoofingSearchHitView] {
        let (text, limit) = try input.validated()
        let stored = try database.roofingCatalogues().map(\.name)
        var catalogues: [Catalogue] = []
        for name in input.catalogue.map({ [$0] }) ?? stored {
            if SampleCatalogue.isSample(name), !stored.contains(where: SampleCatalogue.isSample) {
                catalogues.append(try Self.sample())
            } else {
                catalogues.append(try database.roofingCatalogue(named: name))
            }
        }
        if input.catalogue == nil, stored.isEmpty { catalogues = [try Self.sample()] }
        var hits: [RoofingSearchHitView] = []
        for catalogue in catalogues {
            for hit in CatalogueSearch.search(text, in: catalogue, limit: limit) {
                hits.append(RoofingSearchHitView(hit, in: catalogue, on: input.date ?? today))
            }
        }
        return hits
    }

    /// The catalogues a new project may be priced from: the log's, or the sample when the log has none (choosing
    /// it imports it into the log, its name still saying that its prices are examples).
    public func catalogueChoices() throws -> [RoofingCatalogueView] {
        let stored = try catalogues()
        return stored.isEmpty ? [RoofingCatalogueView(try Self.sample())] : stored
    }

    /// The sample catalogue shipped with the program.
    static func sample() throws -> Catalogue {
        do throws(RoofingError) {
            return try SampleCatalogue.catalogue()
        } catch {
            throw ServiceError(.failed, "the sample catalogue does not read: \(error.description)")
        }
    }
}
