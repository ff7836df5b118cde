import Foundation
import QRCode
import Testing

@Suite struct RenderingTests {
    let code: QRCode

    init() throws {
        code = try QRCode(encoding: "https://logbook.example.org/ingest/osmand?id=abc", correction: .quartile)
    }

    @Test func svgIsOneInlineElement() {
        let svg = code.svg()
        #expect(svg.hasPrefix("<svg "))
        #expect(svg.hasSuffix("</svg>"))
        #expect(!svg.contains("<?xml"))
        #expect(svg.contains(#"xmlns="http://www.w3.org/2000/svg""#))
        #expect(svg.contains(#"shape-rendering="crispEdges""#))
        #expect(svg.components(separatedBy: "<path ").count == 2)
        #expect(svg.components(separatedBy: "<rect ").count == 2)
        #expect(svg.contains(##"fill="#fff""##))
        #expect(svg.contains(##"fill="#000""##))
        #expect(!svg.contains("\n"))
    }

    @Test(arguments: [(4, 4), (1, 0), (10, 2)])
    func viewBoxCountsTheQuietZone(moduleSize: Int, quietZone: Int) {
        let side = code.size + 2 * quietZone
        let svg = code.svg(moduleSize: moduleSize, quietZone: quietZone)
        #expect(svg.contains(#"viewBox="0 0 \#(side) \#(side)""#))
        #expect(svg.contains(#"width="\#(side * moduleSize)" height="\#(side * moduleSize)""#))
    }

    /// Redrawing the path's rectangles gives back the symbol, offset by the quiet zone.
    @Test func pathDrawsExactlyTheDarkModules() throws {
        let quietZone = 3
        let svg = code.svg(quietZone: quietZone)
        let side = code.size + 2 * quietZone
        let path = try #require(svg.components(separatedBy: #" d=""#).last?.components(separatedBy: "\"").first)
        var drawn = [[Bool]](repeating: [Bool](repeating: false, count: side), count: side)
        for command in path.split(separator: "z") {
            // M<x> <y>h<width>v1h-<width>
            let numbers = command.split { !$0.isNumber }.compactMap { Int($0) }
            try #require(numbers.count == 5)
            let (x, y, width) = (numbers[0], numbers[1], numbers[2])
            #expect(numbers[3] == 1)
            #expect(numbers[4] == width)
            for column in x..<x + width {
                #expect(!drawn[y][column], "drawn twice")
                drawn[y][column] = true
            }
        }
        for y in 0..<side {
            for x in 0..<side {
                #expect(drawn[y][x] == code[x - quietZone, y - quietZone], "module \(x), \(y)")
            }
        }
    }

    @Test func outsideTheSymbolIsLight() {
        #expect(!code[-1, 0])
        #expect(!code[0, code.size])
        #expect(code[0, 0])  // the upper left finder pattern's corner
    }

    @Test func encodingIsDeterministic() throws {
        let again = try QRCode(encoding: "https://logbook.example.org/ingest/osmand?id=abc", correction: .quartile)
        #expect(again == code)
        #expect(again.svg() == code.svg())
        let fromBytes = try QRCode(
            encoding: Array("https://logbook.example.org/ingest/osmand?id=abc".utf8), correction: .quartile)
        #expect(fromBytes == code)
        let other = try QRCode(encoding: "https://logbook.example.org/ingest/osmand?id=abd", correction: .quartile)
        #expect(other != code)
    }

    @Test func textIsEncodedAsUTF8() throws {
        let text = "Übergabe – 12 345 km"
        #expect(try QRCode(encoding: text) == QRCode(encoding: Array(text.utf8)))
    }
}
