/// Arithmetic in GF(2⁸) as QR codes use it (ISO/IEC 18004, 7.5.2): bytes are polynomials over GF(2) reduced
/// modulo x⁸ + x⁴ + x³ + x² + 1 (0x11D), whose root α = 2 generates all 255 non-zero elements.
enum GaloisField {
    /// The reducing polynomial, x⁸ + x⁴ + x³ + x² + 1.
    static let modulus = 0x11D

    /// `power[i]` is αⁱ for i in 0..<255.
    static let power: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 255)
        var value = 1
        for exponent in 0..<255 {
            table[exponent] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= modulus }
        }
        return table
    }()

    /// `logarithm[b]` is the exponent i with αⁱ = b, for b ≠ 0 (entry 0 is unused).
    static let logarithm: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for (exponent, value) in power.enumerated() { table[Int(value)] = exponent }
        return table
    }()

    /// The product of two field elements (addition is exclusive or and needs no function).
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        if a == 0 || b == 0 { return 0 }
        return power[(logarithm[Int(a)] + logarithm[Int(b)]) % 255]
    }

    /// αⁱ for any non-negative exponent.
    static func alpha(_ exponent: Int) -> UInt8 { power[exponent % 255] }
}
