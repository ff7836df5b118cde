/// The error correction codewords of one block (ISO/IEC 18004, 7.5.2): the remainder of the data polynomial,
/// multiplied by xⁿ, divided by the generator polynomial (x − α⁰)(x − α¹)…(x − αⁿ⁻¹) of degree n.
struct ReedSolomonEncoder: Sendable {
    /// The generator's coefficients below its leading 1, highest degree first (n of them).
    let generator: [UInt8]

    /// The encoder that appends `degree` error correction codewords.
    init(degree: Int) {
        // Start from the polynomial 1 and multiply by (x + αⁱ) in turn (minus is plus in GF(2⁸)).
        var polynomial: [UInt8] = [1]
        for i in 0..<degree {
            let root = GaloisField.alpha(i)
            var product = [UInt8](repeating: 0, count: polynomial.count + 1)
            for (index, coefficient) in polynomial.enumerated() {
                product[index] ^= coefficient
                product[index + 1] ^= GaloisField.multiply(coefficient, root)
            }
            polynomial = product
        }
        generator = Array(polynomial.dropFirst())
    }

    /// The error correction codewords for `data`, as many as the generator's degree.
    func remainder(of data: [UInt8]) -> [UInt8] {
        // Long division a byte at a time: the register holds the running remainder, highest degree first.
        guard !generator.isEmpty else { return [] }
        var register = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ (register.first ?? 0)
            register.removeFirst()
            register.append(0)
            for index in register.indices {
                register[index] ^= GaloisField.multiply(generator[index], factor)
            }
        }
        return register
    }
}
