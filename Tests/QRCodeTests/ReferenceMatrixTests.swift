import Testing

@testable import QRCode

/// Symbols compared module by module with python-qrcode's (`Fixtures/make_reference.py`).
@Suite struct ReferenceMatrixTests {
    @Test func theFixtureIsThere() {
        #expect(ReferenceFixture.matrices.filter { !$0.isAutomatic }.count == 40)
        #expect(ReferenceFixture.matrices.filter(\.isAutomatic).count == 9)
        #expect(ReferenceFixture.digests.count == 160)
        // Every level and every mask appear among the forced ones.
        let fixed = ReferenceFixture.matrices.filter { !$0.isAutomatic }
        #expect(Set(fixed.map(\.correction)) == Set(QRErrorCorrection.allCases))
        #expect(Set(fixed.map(\.mask)) == Set(0...7))
    }

    /// Version and mask forced, so that every part but the penalty rules is compared.
    @Test(arguments: ReferenceFixture.matrices.filter { !$0.isAutomatic })
    func forcedVersionAndMask(reference: ReferenceFixture.Matrix) throws {
        let code = try QRCode(
            encoding: reference.data, correction: reference.correction, minimumVersion: reference.version,
            mask: reference.mask)
        #expect(code.version == reference.version)
        #expect(code.size == 17 + 4 * reference.version)
        #expect(code.mask == reference.mask)
        let rows = ReferenceFixture.rows(of: code)
        let differing = zip(rows, reference.rows).enumerated().flatMap { y, pair in
            zip(pair.0, pair.1).enumerated().filter { $0.element.0 != $0.element.1 }.map { (x: $0.offset, y: y) }
        }
        #expect(differing.isEmpty, "\(differing.count) modules differ, first at \(differing.prefix(5))")
        #expect(rows == reference.rows)
    }

    /// Version and mask left to the encoder: the smallest version, and the mask the penalty rules choose on the
    /// complete symbol, each mask's penalty equal to python-qrcode's own scoring.
    @Test(arguments: ReferenceFixture.matrices.filter(\.isAutomatic))
    func chosenVersionAndMask(reference: ReferenceFixture.Matrix) throws {
        let code = try QRCode(encoding: reference.data, correction: reference.correction)
        #expect(code.version == reference.version)
        #expect(code.mask == reference.mask)
        #expect(ReferenceFixture.rows(of: code) == reference.rows)

        let penalties = try (0...7).map { mask in
            let masked = try QRCode(
                encoding: reference.data, correction: reference.correction, minimumVersion: code.version, mask: mask)
            return Penalty(modules: ReferenceFixture.rows(of: masked).flatMap { $0 }, size: masked.size).total
        }
        #expect(penalties == reference.penalties)
    }

    /// Where python-qrcode's own choice (which scores the symbol without its format information) agrees with the
    /// standard's, both libraries pick the same symbol unprompted.
    @Test func bothLibrariesOwnChoice() throws {
        let agreeing = ReferenceFixture.matrices.filter { $0.isAutomatic && $0.pythonDefaultMask == $0.mask }
        #expect(agreeing.count >= 1)
        for reference in agreeing {
            let code = try QRCode(encoding: reference.data, correction: reference.correction)
            #expect(code.mask == reference.pythonDefaultMask)
            #expect(ReferenceFixture.rows(of: code) == reference.rows)
        }
    }

    /// Every version at every level, full to capacity, against a digest of python-qrcode's symbol.
    @Test(arguments: ReferenceFixture.digests)
    func everyVersionAndLevel(reference: ReferenceFixture.Digest) throws {
        let code = try QRCode(
            encoding: reference.data, correction: reference.correction, minimumVersion: reference.version,
            mask: reference.mask)
        #expect(code.version == reference.version)
        #expect(ReferenceFixture.digest(of: code) == reference.digest)
        #expect(
            SymbolLayout(version: reference.version, correction: reference.correction).byteCapacity
                == reference.capacity)

        // One byte more needs a larger version (or none at version 40).
        let over = reference.data + [0]
        if reference.version < 40 {
            let larger = try QRCode(
                encoding: over, correction: reference.correction, minimumVersion: reference.version)
            #expect(larger.version == reference.version + 1)
        } else {
            #expect(throws: QRCodeError.self) {
                try QRCode(encoding: over, correction: reference.correction, minimumVersion: reference.version)
            }
        }
    }
}
