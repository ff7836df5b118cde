import Foundation
import HTTPTypes
import Hummingbird
import LogbookServices
import NIOCore
import Reports
import ValueStreams

/// What a map downloads as, from the API and the pages alike: its JSON document (what import reads), or drawn by
/// `Reports` as PDF, SVG or PNG.
enum ValueStreamExportFormat: String, CaseIterable {
    case json, pdf, svg, png

    var contentType: String {
        switch self {
        case .json: "application/json; charset=utf-8"
        case .pdf: "application/pdf"
        case .svg: "image/svg+xml"
        case .png: "image/png"
        }
    }

    /// The paper of a PDF (`?paper=a4|a3|letter`, any case; A4 unless given).
    struct Query: Decodable {
        var paper: String?
    }

    /// The map's file, offered for saving under its name.
    func response(_ export: ValueStreamExport, request: Request) throws -> Response {
        let bytes: [UInt8]
        switch self {
        case .json: bytes = Array(export.json)
        case .pdf:
            let text = try RequestInput.query(Query.self, from: request).paper?.lowercased() ?? "a4"
            guard let paper = ValueStreamRendering.Paper(rawValue: text) else {
                throw ServiceError(.invalid, field: "paper", "expected a4, a3 or letter")
            }
            bytes = try ValueStreamRendering.pdf(export.map, paper: paper, comparison: export.comparison)
        case .svg: bytes = try ValueStreamRendering.svg(export.map, comparison: export.comparison)
        case .png: bytes = try ValueStreamRendering.png(export.map, comparison: export.comparison)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: contentType,
                .contentDisposition: "attachment; filename=\"\(Self.fileName(export.map.name)).\(rawValue)\"",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The map's name as a file name in a header: ASCII letters, digits, `-`, `_` and `.`; anything else `_`.
    static func fileName(_ name: String) -> String {
        String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" }.prefix(100))
    }
}
