/// The bit stream and final codeword sequence of a symbol (ISO/IEC 18004, 7.4 and 7.6).
enum Codewords {
    /// The byte-mode segment, terminator and padding (7.4.2, 7.4.9, 7.4.10), as exactly `layout.dataCodewords`
    /// bytes; `bytes` must fit `layout.byteCapacity`.
    static func data(_ bytes: [UInt8], layout: SymbolLayout) -> [UInt8] {
        var stream = BitStream()
        stream.append(0b0100, bits: 4)  // mode indicator: byte
        stream.append(bytes.count, bits: layout.characterCountBits)
        for byte in bytes { stream.append(Int(byte), bits: 8) }

        let capacityBits = layout.dataCodewords * 8
        // The terminator is up to four zero bits, fewer when the symbol is full; then zeros to a whole byte.
        stream.append(0, bits: min(4, capacityBits - stream.count))
        stream.append(0, bits: (8 - stream.count % 8) % 8)
        // Pad codewords 11101100 and 00010001 in turn fill what is left.
        var codewords = stream.bytes
        var pad: UInt8 = 0xEC
        while codewords.count < layout.dataCodewords {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }

    /// Data codewords split into blocks, each block's error correction appended, and the whole interleaved
    /// (7.5.2, 7.6): the first codeword of every block, then the second, …, then the error correction likewise.
    static func interleaved(_ data: [UInt8], layout: SymbolLayout) -> [UInt8] {
        let encoder = ReedSolomonEncoder(degree: layout.errorCorrectionPerBlock)
        var dataBlocks: [ArraySlice<UInt8>] = []
        var start = data.startIndex
        for block in 0..<layout.blockCount {
            let count = layout.shortBlockDataCount + (block < layout.shortBlockCount ? 0 : 1)
            dataBlocks.append(data[start..<start + count])
            start += count
        }
        let correctionBlocks = dataBlocks.map { encoder.remainder(of: Array($0)) }

        var result: [UInt8] = []
        result.reserveCapacity(layout.totalCodewords)
        for index in 0...layout.shortBlockDataCount {
            for block in dataBlocks where index < block.count {
                result.append(block[block.startIndex + index])
            }
        }
        for index in 0..<layout.errorCorrectionPerBlock {
            for block in correctionBlocks { result.append(block[index]) }
        }
        return result
    }
}

/// Bits appended most significant first, packed into bytes.
struct BitStream {
    private(set) var bytes: [UInt8] = []
    /// Bits appended so far.
    private(set) var count = 0

    /// Appends the low `bits` bits of `value`, most significant first.
    mutating func append(_ value: Int, bits: Int) {
        for shift in stride(from: bits - 1, through: 0, by: -1) {
            if count % 8 == 0 { bytes.append(0) }
            if (value >> shift) & 1 == 1 {
                bytes[bytes.count - 1] |= UInt8(0x80 >> (count % 8))
            }
            count += 1
        }
    }
}
