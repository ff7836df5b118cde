/// The four penalty rules by which a mask is chosen (ISO/IEC 18004, 7.8.3, Table 11), scored on the complete
/// symbol (format and version information included, as 7.8.3.1 asks). The mask with the lowest total wins.
struct Penalty: Sendable, Hashable {
    /// N1 = 3 for each run of five modules of one colour in a row or column, plus 1 for each module beyond five.
    var runs = 0
    /// N2 = 3 for each 2 × 2 block of one colour (overlapping blocks all count, so an m × n block scores
    /// 3 (m − 1)(n − 1)).
    var blocks = 0
    /// N3 = 40 for each dark-light-dark-dark-dark-light-dark (1:1:3:1:1) pattern in a row or column with four
    /// light modules inside the symbol before it, and 40 more when there are four after it.
    var finderLike = 0
    /// N4 = 10 for each full 5 % by which the share of dark modules departs from 50 %.
    var balance = 0

    var total: Int { runs + blocks + finderLike + balance }

    /// The penalty of a square of `size` × `size` modules, row-major, `true` for dark.
    init(modules dark: [Bool], size: Int) {
        var line = [Bool](repeating: false, count: size)
        for y in 0..<size {
            for x in 0..<size { line[x] = dark[y * size + x] }
            score(line: line)
        }
        for x in 0..<size {
            for y in 0..<size { line[y] = dark[y * size + x] }
            score(line: line)
        }

        for y in 0..<size - 1 {
            for x in 0..<size - 1 {
                let colour = dark[y * size + x]
                if dark[y * size + x + 1] == colour && dark[(y + 1) * size + x] == colour
                    && dark[(y + 1) * size + x + 1] == colour
                {
                    blocks += 3
                }
            }
        }

        let darkCount = dark.count { $0 }
        let total = size * size
        balance = 10 * (abs(20 * darkCount - 10 * total) / total)
    }

    /// Adds rules N1 and N3 for one row or column.
    private mutating func score(line: [Bool]) {
        guard line.count > 1 else { return }
        var runLength = 1
        for index in 1..<line.count {
            if line[index] == line[index - 1] {
                runLength += 1
            } else {
                if runLength >= 5 { runs += runLength - 2 }
                runLength = 1
            }
        }
        if runLength >= 5 { runs += runLength - 2 }

        let pattern = [true, false, true, true, true, false, true]
        guard line.count >= pattern.count else { return }
        for start in 0...(line.count - pattern.count) where line[start..<start + pattern.count].elementsEqual(pattern) {
            if start >= 4 && !line[(start - 4)..<start].contains(true) { finderLike += 40 }
            let end = start + pattern.count
            if end + 4 <= line.count && !line[end..<end + 4].contains(true) { finderLike += 40 }
        }
    }
}
