/// A QR code symbol (ISO/IEC 18004): a square of dark and light modules that encodes bytes in byte mode.
///
/// The web pages show one so that a phone can read a long setup link (a tracking app's URL with its token, or a
/// configuration of some hundred bytes) without anyone typing it. The symbol is a plain value: it is computed
/// once, in full, by the initialiser, and drawn with `svg(moduleSize:quietZone:)` or read module by module.
public struct QRCode: Sendable, Hashable {
    /// The version, 1...40: the smallest at or above the minimum asked for that holds the bytes.
    public let version: Int
    /// Modules on a side, 17 + 4 × version (21 for version 1, 177 for version 40), without the quiet zone.
    public let size: Int
    /// The data mask pattern, 0...7: the one the standard's penalty rules favour unless the caller fixed one.
    public let mask: Int
    /// The error correction level the symbol was made with.
    public let correction: QRErrorCorrection
    /// Row-major, `true` for dark.
    private let modules: [Bool]

    /// Whether the module in column `x` (from the left) and row `y` (from the top) is dark. Coordinates outside the
    /// symbol are light, as the quiet zone around it is.
    public subscript(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// Encodes `bytes` in byte mode.
    ///
    /// - Parameters:
    ///   - bytes: The payload; a reader hands them back as they are (UTF-8 text reads as text).
    ///   - correction: How much damage the symbol survives; more costs space.
    ///   - minimumVersion: The smallest version to use, 1...40; a larger one is chosen when the bytes need it.
    ///     Fixing it keeps a page's code the same size whatever the token.
    ///   - mask: A mask pattern 0...7 to use instead of the one the penalty rules choose.
    /// - Throws: `QRCodeError` when the bytes do not fit version 40 at this level, or `minimumVersion` or `mask`
    ///   is out of range.
    public init(
        encoding bytes: [UInt8], correction: QRErrorCorrection = .medium, minimumVersion: Int = 1,
        mask: Int? = nil
    ) throws(QRCodeError) {
        guard SymbolLayout.versions.contains(minimumVersion) else {
            throw QRCodeError(
                code: .versionOutOfRange, message: "a QR code version is 1 to 40, not \(minimumVersion)")
        }
        if let mask, !(0...7).contains(mask) {
            throw QRCodeError(code: .maskOutOfRange, message: "a QR code mask is 0 to 7, not \(mask)")
        }
        guard
            let layout = (minimumVersion...SymbolLayout.versions.upperBound).lazy
                .map({ SymbolLayout(version: $0, correction: correction) })
                .first(where: { $0.byteCapacity >= bytes.count })
        else {
            let capacity = SymbolLayout(version: 40, correction: correction).byteCapacity
            throw QRCodeError(
                code: .dataTooLong,
                message: "\(bytes.count) bytes are too many for a QR code with \(correction.name) error correction"
                    + " (it holds at most \(capacity))")
        }

        let codewords = Codewords.interleaved(Codewords.data(bytes, layout: layout), layout: layout)
        var grid = ModuleGrid(functionPatternsOf: layout)
        grid.placeData(codewords)
        let unmasked = grid

        func masked(_ mask: Int) -> ModuleGrid {
            var grid = unmasked
            grid.applyMask(mask)
            grid.drawFormat(correction: correction, mask: mask)
            return grid
        }
        let chosen = mask ?? Self.bestMask(masked)
        self.version = layout.version
        self.size = layout.size
        self.mask = chosen
        self.correction = correction
        self.modules = masked(chosen).dark
    }

    /// Encodes `text` as UTF-8 in byte mode, in the smallest version that holds it; see
    /// `init(encoding:correction:minimumVersion:mask:)`.
    public init(encoding text: String, correction: QRErrorCorrection = .medium) throws(QRCodeError) {
        try self.init(encoding: Array(text.utf8), correction: correction)
    }

    /// The mask whose complete symbol has the lowest penalty; the lowest-numbered on a tie.
    private static func bestMask(_ masked: (Int) -> ModuleGrid) -> Int {
        var best = (mask: 0, penalty: Int.max)
        for mask in 0...7 {
            let grid = masked(mask)
            let penalty = Penalty(modules: grid.dark, size: grid.size).total
            if penalty < best.penalty { best = (mask, penalty) }
        }
        return best.mask
    }
}
