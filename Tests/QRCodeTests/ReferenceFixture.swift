import Foundation
import QRCode
import Testing

/// The reference symbols in `Fixtures/`, made by python-qrcode (see `Fixtures/make_reference.py`), parsed.
enum ReferenceFixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// One symbol of `reference-matrices.txt`.
    struct Matrix: Sendable, CustomTestStringConvertible {
        /// `false` for a `fixed` line (version and mask forced), `true` for an `auto` line (both left to the
        /// encoder).
        let isAutomatic: Bool
        let correction: QRErrorCorrection
        let version: Int
        let mask: Int
        /// python-qrcode's own choice of mask (`auto` lines only).
        let pythonDefaultMask: Int?
        /// The penalty of each mask's complete symbol by python-qrcode's `lost_point` (`auto` lines only).
        let penalties: [Int]
        let data: [UInt8]
        /// Rows top to bottom, `true` for dark.
        let rows: [[Bool]]

        var testDescription: String {
            "\(isAutomatic ? "auto" : "fixed") \(correction) v\(version) mask \(mask) \(data.count) bytes"
        }
    }

    /// One line of `reference-digests.txt`.
    struct Digest: Sendable, CustomTestStringConvertible {
        let correction: QRErrorCorrection
        let version: Int
        /// The most bytes the version holds at this level, by python-qrcode.
        let capacity: Int
        let mask: Int
        /// FNV-1a (64 bits) of the modules row by row, one byte each (1 dark, 0 light).
        let digest: UInt64

        var testDescription: String { "\(correction) v\(version)" }

        /// The bytes the reference encoded: byte i is (37 i + version) mod 256.
        var data: [UInt8] { (0..<capacity).map { UInt8((37 * $0 + version) % 256) } }
    }

    static let matrices: [Matrix] = lines(of: "reference-matrices.txt").map { line in
        let fields = line.split(separator: " ").map(String.init)
        let isAutomatic = fields[0] == "auto"
        let dataField = isAutomatic ? 6 : 4
        let version = Int(fields[2]) ?? 0
        return Matrix(
            isAutomatic: isAutomatic,
            correction: level(fields[1]),
            version: version,
            mask: Int(fields[3]) ?? -1,
            pythonDefaultMask: isAutomatic ? Int(fields[4]) : nil,
            penalties: isAutomatic ? fields[5].split(separator: ",").compactMap { Int($0) } : [],
            data: fields[dataField] == "-" ? [] : bytes(hex: fields[dataField]),
            rows: fields[dataField + 1].split(separator: ",").map { bits(hex: $0, count: 17 + 4 * version) })
    }

    static let digests: [Digest] = lines(of: "reference-digests.txt").map { line in
        let fields = line.split(separator: " ").map(String.init)
        return Digest(
            correction: level(fields[0]), version: Int(fields[1]) ?? 0, capacity: Int(fields[2]) ?? -1,
            mask: Int(fields[3]) ?? -1, digest: UInt64(fields[4], radix: 16) ?? 0)
    }

    /// FNV-1a (64 bits) of a symbol's modules row by row, one byte each, as `make_reference.py` computes it.
    static func digest(of code: QRCode) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for y in 0..<code.size {
            for x in 0..<code.size {
                hash ^= code[x, y] ? 1 : 0
                hash = hash &* 0x100_0000_01B3
            }
        }
        return hash
    }

    /// The symbol's rows, `true` for dark.
    static func rows(of code: QRCode) -> [[Bool]] {
        (0..<code.size).map { y in (0..<code.size).map { x in code[x, y] } }
    }

    private static func lines(of name: String) -> [Substring] {
        let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }
    }

    private static func level(_ letter: String) -> QRErrorCorrection {
        switch letter {
        case "L": .low
        case "Q": .quartile
        case "H": .high
        default: .medium
        }
    }

    private static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).map {
            UInt8(nibble(digits[$0]) << 4 | nibble(digits[$0 + 1]))
        }
    }

    private static func bits(hex: Substring, count: Int) -> [Bool] {
        let all = hex.utf8.flatMap { digit in (0..<4).map { nibble(digit) >> (3 - $0) & 1 == 1 } }
        return Array(all.prefix(count))
    }

    private static func nibble(_ digit: UInt8) -> Int {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(digit - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(digit - UInt8(ascii: "a")) + 10
        default: 0
        }
    }
}
