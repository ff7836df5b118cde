/// The size and block structure of one version at one error correction level (ISO/IEC 18004, 7.5.1, Table 9),
/// and where its alignment patterns stand (Annex E).
struct SymbolLayout: Sendable, Hashable {
    /// The lowest and highest versions.
    static let versions = 1...40

    let version: Int
    let correction: QRErrorCorrection

    /// Modules on a side: 21 for version 1, four more for each version above.
    var size: Int { 17 + 4 * version }

    /// Error correction codewords in each block (Table 9).
    var errorCorrectionPerBlock: Int { Self.errorCorrectionPerBlock[correction.tableIndex][version - 1] }

    /// Blocks the codewords are split into (Table 9).
    var blockCount: Int { Self.blockCounts[correction.tableIndex][version - 1] }

    /// All codewords the symbol holds: its data modules (those no function pattern or format or version
    /// information takes) divided by eight; the few left over are remainder bits.
    var totalCodewords: Int { Self.dataModuleCount(version: version) / 8 }

    /// Codewords left for data once error correction has its share.
    var dataCodewords: Int { totalCodewords - errorCorrectionPerBlock * blockCount }

    /// Blocks with one data codeword fewer than the rest; they come first (Table 9 lists them in its first row).
    var shortBlockCount: Int { blockCount - totalCodewords % blockCount }

    /// Data codewords in a short block; a long block holds one more.
    var shortBlockDataCount: Int { totalCodewords / blockCount - errorCorrectionPerBlock }

    /// Bits of the character count indicator in byte mode (Table 3): 8 up to version 9, 16 from version 10.
    var characterCountBits: Int { version < 10 ? 8 : 16 }

    /// The most bytes byte mode fits: the data bits less the 4-bit mode indicator and the character count.
    var byteCapacity: Int { (dataCodewords * 8 - 4 - characterCountBits) / 8 }

    /// Centre coordinates of the alignment patterns on either axis (Annex E, Table E.1); patterns stand at every
    /// pair of them but the three that would overlap the finder patterns.
    var alignmentCentres: [Int] { Self.alignmentCentres[version - 1] }

    /// Modules of the symbol that carry codewords: all but the finder patterns with their separators (3 × 64),
    /// the format information with the dark module (31), the timing patterns, the alignment patterns and, from
    /// version 7, the version information (2 × 18).
    static func dataModuleCount(version: Int) -> Int {
        let size = 17 + 4 * version
        var count = size * size - 3 * 64 - 31 - 2 * (size - 16)
        if version >= 2 {
            let perAxis = version / 7 + 2
            // Each pattern takes 25 modules; those on row or column 6 share 5 of them with a timing pattern.
            count -= 25 * (perAxis * perAxis - 3) - 2 * 5 * (perAxis - 2)
        }
        if version >= 7 { count -= 36 }
        return count
    }

    /// Table 9, error correction codewords per block, for L, M, Q, H and versions 1...40.
    private static let errorCorrectionPerBlock: [[Int]] = [
        [
            7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
            28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
            26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],
        [
            13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
            28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
            30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
    ]

    /// Table 9, number of blocks, for L, M, Q, H and versions 1...40.
    private static let blockCounts: [[Int]] = [
        [
            1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
            8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
        ],
        [
            1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
            17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
        ],
        [
            1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
            23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
        ],
        [
            1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
            25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
        ],
    ]

    /// Annex E, Table E.1: alignment pattern centres for versions 1...40.
    private static let alignmentCentres: [[Int]] = [
        [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34],
        [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50], [6, 30, 54], [6, 32, 58], [6, 34, 62],
        [6, 26, 46, 66], [6, 26, 48, 70], [6, 26, 50, 74], [6, 30, 54, 78], [6, 30, 56, 82], [6, 30, 58, 86],
        [6, 34, 62, 90],
        [6, 28, 50, 72, 94], [6, 26, 50, 74, 98], [6, 30, 54, 78, 102], [6, 28, 54, 80, 106],
        [6, 32, 58, 84, 110], [6, 30, 58, 86, 114], [6, 34, 62, 90, 118],
        [6, 26, 50, 74, 98, 122], [6, 30, 54, 78, 102, 126], [6, 26, 52, 78, 104, 130],
        [6, 30, 56, 82, 108, 134], [6, 34, 60, 86, 112, 138], [6, 30, 58, 86, 114, 142],
        [6, 34, 62, 90, 118, 146],
        [6, 30, 54, 78, 102, 126, 150], [6, 24, 50, 76, 102, 128, 154], [6, 28, 54, 80, 106, 132, 158],
        [6, 32, 58, 84, 110, 136, 162], [6, 26, 54, 82, 110, 138, 166], [6, 30, 58, 86, 114, 142, 170],
    ]
}
