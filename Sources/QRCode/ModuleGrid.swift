/// A square of modules being drawn: which are dark, and which belong to function patterns or format and version
/// information and so take neither data nor mask (ISO/IEC 18004, 6.3 and 7.7).
struct ModuleGrid: Sendable, Hashable {
    let size: Int
    /// Row-major, `true` for dark.
    private(set) var dark: [Bool]
    /// Row-major, `true` where a function pattern, format or version information stands.
    private(set) var reserved: [Bool]

    /// A grid with the function patterns of `layout`'s version drawn and the format and version information
    /// areas reserved (still light); the data area empty.
    init(functionPatternsOf layout: SymbolLayout) {
        size = layout.size
        dark = [Bool](repeating: false, count: size * size)
        reserved = dark

        // Timing patterns first: the finder patterns and separators drawn after them cover their ends.
        for i in 0..<size {
            set(x: 6, y: i, dark: i % 2 == 0)
            set(x: i, y: 6, dark: i % 2 == 0)
        }
        drawFinder(centreX: 3, centreY: 3)
        drawFinder(centreX: size - 4, centreY: 3)
        drawFinder(centreX: 3, centreY: size - 4)

        let centres = layout.alignmentCentres
        let last = centres.count - 1
        for (i, y) in centres.enumerated() {
            for (j, x) in centres.enumerated() {
                // The three corners with finder patterns have none.
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                drawAlignment(centreX: x, centreY: y)
            }
        }

        // Format information around the finders (15 + 15 modules) and the dark module beside the lower one.
        for i in 0...8 where i != 6 {
            set(x: 8, y: i, dark: false)
            set(x: i, y: 8, dark: false)
        }
        for i in 0..<8 {
            set(x: size - 1 - i, y: 8, dark: false)
            set(x: 8, y: size - 1 - i, dark: false)
        }
        set(x: 8, y: size - 8, dark: true)

        if layout.version >= 7 { drawVersion(layout.version) }
    }

    /// Whether the module in column `x`, row `y` is dark.
    subscript(x: Int, y: Int) -> Bool { dark[y * size + x] }

    /// Whether the module in column `x`, row `y` belongs to a function pattern or format or version information.
    func isReserved(x: Int, y: Int) -> Bool { reserved[y * size + x] }

    /// Sets a module of a function pattern, marking it reserved.
    private mutating func set(x: Int, y: Int, dark isDark: Bool) {
        dark[y * size + x] = isDark
        reserved[y * size + x] = true
    }

    /// A 7 × 7 finder pattern (dark ring, light ring, 3 × 3 dark centre) with its light separator, clipped to the
    /// symbol.
    private mutating func drawFinder(centreX: Int, centreY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centreX + dx
                let y = centreY + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let ring = max(abs(dx), abs(dy))
                set(x: x, y: y, dark: ring != 2 && ring != 4)
            }
        }
    }

    /// A 5 × 5 alignment pattern: dark ring, light ring, dark centre.
    private mutating func drawAlignment(centreX: Int, centreY: Int) {
        for dy in -2...2 {
            for dx in -2...2 {
                set(x: centreX + dx, y: centreY + dy, dark: max(abs(dx), abs(dy)) != 1)
            }
        }
    }

    /// Writes the 15 format bits for `correction` and `mask` into both copies (7.9.1, Figure 25).
    mutating func drawFormat(correction: QRErrorCorrection, mask: Int) {
        let bits = BCH.format(correction: correction, mask: mask)
        func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
        // First copy: bits 0–5 down column 8 from the top, 6–8 round the corner of the upper left finder pattern
        // (skipping the timing patterns), 9–14 along row 8 towards the left edge.
        for i in 0...5 { set(x: 8, y: i, dark: bit(i)) }
        set(x: 8, y: 7, dark: bit(6))
        set(x: 8, y: 8, dark: bit(7))
        set(x: 7, y: 8, dark: bit(8))
        for i in 9...14 { set(x: 14 - i, y: 8, dark: bit(i)) }
        // Second copy: bits 0–7 along row 8 from the right edge, 8–14 up column 8 to the bottom edge.
        for i in 0...7 { set(x: size - 1 - i, y: 8, dark: bit(i)) }
        for i in 8...14 { set(x: 8, y: size - 15 + i, dark: bit(i)) }
    }

    /// Writes the 18 version bits into both 6 × 3 blocks beside the upper right and lower left finder patterns
    /// (7.10, Figure 27), least significant bit nearest the corner of the symbol.
    private mutating func drawVersion(_ version: Int) {
        let bits = BCH.version(version)
        for i in 0..<18 {
            let isDark = (bits >> i) & 1 == 1
            let across = i / 3
            let along = size - 11 + i % 3
            set(x: along, y: across, dark: isDark)
            set(x: across, y: along, dark: isDark)
        }
    }

    /// Places the codewords, most significant bit first, in the data area (7.7.3): two-module columns from the
    /// right edge leftwards, upwards and downwards in turn, right module before left, the vertical timing pattern
    /// skipped; modules left over (remainder bits) stay light.
    mutating func placeData(_ codewords: [UInt8]) {
        var bitIndex = 0
        let bitCount = codewords.count * 8
        var upwards = true
        var right = size - 1
        while right > 0 {
            if right == 6 { right = 5 }  // the column of the vertical timing pattern
            for step in 0..<size {
                let y = upwards ? size - 1 - step : step
                for x in [right, right - 1] where !reserved[y * size + x] {
                    if bitIndex < bitCount {
                        let byte = codewords[bitIndex / 8]
                        dark[y * size + x] = (byte >> (7 - bitIndex % 8)) & 1 == 1
                        bitIndex += 1
                    }
                }
            }
            upwards.toggle()
            right -= 2
        }
    }

    /// Inverts the data modules (not the reserved ones) where mask pattern `mask` holds (7.8.2, Table 10).
    mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !reserved[y * size + x] && Self.maskCondition(mask, x: x, y: y) {
                dark[y * size + x].toggle()
            }
        }
    }

    /// Table 10's conditions, with i the row and j the column.
    static func maskCondition(_ mask: Int, x j: Int, y i: Int) -> Bool {
        switch mask {
        case 0: (i + j) % 2 == 0
        case 1: i % 2 == 0
        case 2: j % 3 == 0
        case 3: (i + j) % 3 == 0
        case 4: (i / 2 + j / 3) % 2 == 0
        case 5: (i * j) % 2 + (i * j) % 3 == 0
        case 6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
        default: ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }
}

/// The BCH codes that protect format and version information (Annex C and D).
enum BCH {
    /// The 15 format bits: level and mask (5 bits), their BCH(15,5) remainder by x¹⁰ + x⁸ + x⁵ + x⁴ + x² + x + 1,
    /// exclusive-or 101010000010010 so that no combination is all light.
    static func format(correction: QRErrorCorrection, mask: Int) -> Int {
        let data = correction.formatBits << 3 | mask
        return (data << 10 | remainder(data << 10, generator: 0b101_0011_0111, degree: 10)) ^ 0b101_0100_0001_0010
    }

    /// The 18 version bits: the version (6 bits) and its BCH(18,6) remainder by
    /// x¹² + x¹¹ + x¹⁰ + x⁹ + x⁸ + x⁵ + x² + 1.
    static func version(_ version: Int) -> Int {
        version << 12 | remainder(version << 12, generator: 0b1_1111_0010_0101, degree: 12)
    }

    /// The remainder of `value` divided by `generator` (of degree `degree`) over GF(2).
    private static func remainder(_ value: Int, generator: Int, degree: Int) -> Int {
        var rest = value
        var shift = Int.bitWidth - rest.leadingZeroBitCount - 1 - degree
        while shift >= 0 {
            if (rest >> (shift + degree)) & 1 == 1 { rest ^= generator << shift }
            shift -= 1
        }
        return rest
    }
}
