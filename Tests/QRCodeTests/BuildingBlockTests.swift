import Testing

@testable import QRCode

/// The parts under the symbol, against values the standard and its worked examples give.
@Suite struct BuildingBlockTests {
    /// ISO/IEC 18004, Annex C: level M (00) with mask 101 gives 100000011001110.
    @Test func formatInformation() {
        #expect(BCH.format(correction: .medium, mask: 5) == 0b100_0000_1100_1110)
        // Level L, mask 0, the value commonly seen on small codes: 111011111000100.
        #expect(BCH.format(correction: .low, mask: 0) == 0b111_0111_1100_0100)
    }

    /// Annex D, Table D.1: version 7 is 000111110010010100, version 40 is 101000110001101001.
    @Test func versionInformation() {
        #expect(BCH.version(7) == 0x07C94)
        #expect(BCH.version(40) == 0b10_1000_1100_0110_1001)
    }

    /// The "HELLO WORLD" 1-M example's data codewords and their 10 error correction codewords.
    @Test func reedSolomon() {
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        #expect(ReedSolomonEncoder(degree: 10).remainder(of: data) == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    /// Table 1's codeword counts, and the data modules left in a drawn grid agree with the count by formula.
    @Test func codewordsPerVersion() {
        let table = [1: 26, 2: 44, 7: 196, 10: 346, 14: 581, 20: 1085, 27: 1828, 33: 2611, 40: 3706]
        for (version, codewords) in table {
            #expect(SymbolLayout(version: version, correction: .low).totalCodewords == codewords)
        }
        for version in SymbolLayout.versions {
            let layout = SymbolLayout(version: version, correction: .medium)
            let grid = ModuleGrid(functionPatternsOf: layout)
            var free = 0
            for y in 0..<grid.size {
                for x in 0..<grid.size where !grid.isReserved(x: x, y: y) { free += 1 }
            }
            #expect(free == SymbolLayout.dataModuleCount(version: version), "version \(version)")
        }
    }

    @Test func penaltyOfUniformAndCheckeredSquares() {
        // Five light rows and columns of five (3 each), sixteen 2 × 2 blocks (3 each), no dark at all (10 × 10).
        let light = Penalty(modules: [Bool](repeating: false, count: 25), size: 5)
        #expect(light.runs == 30)
        #expect(light.blocks == 48)
        #expect(light.finderLike == 0)
        #expect(light.balance == 100)
        let checkered = Penalty(modules: (0..<36).map { ($0 / 6 + $0 % 6) % 2 == 0 }, size: 6)
        #expect(checkered.total == 0)
    }

    @Test func penaltyOfLongRuns() {
        // One dark row of seven in a checkered 7 × 7 square: 3 + 2 points.
        var modules = (0..<49).map { ($0 / 7 + $0 % 7) % 2 == 0 }
        for x in 0..<7 { modules[3 * 7 + x] = true }
        #expect(Penalty(modules: modules, size: 7).runs == 5)
    }

    /// The 1:1:3:1:1 pattern counts once for four light modules before it and once for four after, inside the
    /// symbol only.
    @Test(arguments: [
        ("00001011101", 40), ("10111010000", 40), ("000010111010000", 80), ("1011101000", 0),
        ("01011101000", 0), ("000001011101", 40),
    ])
    func penaltyOfFinderLikePatterns(row: String, points: Int) {
        let size = row.count
        // Below the row a checkerboard, which has neither the pattern nor four light modules in a line.
        var modules = (0..<size * size).map { ($0 / size + $0 % size) % 2 == 0 }
        for (x, character) in row.enumerated() { modules[x] = character == "1" }
        #expect(Penalty(modules: modules, size: size).finderLike == points)
    }

    @Test(arguments: [(45, 10), (46, 0), (50, 0), (55, 10), (60, 20), (39, 20), (100, 100)])
    func penaltyOfBalance(darkModules: Int, points: Int) {
        let modules = (0..<100).map { $0 < darkModules }
        #expect(Penalty(modules: modules, size: 10).balance == points)
    }
}
