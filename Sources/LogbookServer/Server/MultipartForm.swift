import Foundation

/// A form sent as `multipart/form-data` (RFC 7578): its text fields and its first file. The pages that take a file
/// (a roofing photo, a track file to import) read it; anything malformed is 400.
package struct MultipartForm: Sendable {
    package var fields: [String: String] = [:]
    package var file: (name: String, bytes: [UInt8])?

    /// The boundary a `Content-Type: multipart/form-data; boundary=…` names, nil for another type.
    package static func boundary(_ contentType: String?) -> String? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return value.isEmpty || value.count > 70 ? nil : value
            }
        }
        return nil
    }

    /// The form's text fields (each at most 64 KiB) and its first file.
    package static func parse(_ body: [UInt8], boundary: String) throws -> MultipartForm {
        let bytes = Array("\r\n".utf8) + body
        let delimiter = Array("\r\n--\(boundary)".utf8)
        var parts = MultipartForm()
        guard var start = find(delimiter, in: bytes, from: 0) else {
            throw APIError.badRequest("the form has no parts")
        }
        while true {
            var cursor = start + delimiter.count
            if bytes[cursor...].starts(with: Array("--".utf8)) { break }
            guard bytes[cursor...].starts(with: Array("\r\n".utf8)) else {
                throw APIError.badRequest("the form's parts are malformed")
            }
            cursor += 2
            guard let headerEnd = find(Array("\r\n\r\n".utf8), in: bytes, from: cursor),
                let next = find(delimiter, in: bytes, from: headerEnd + 4)
            else { throw APIError.badRequest("the form ends inside a part") }
            let headers = String(decoding: bytes[cursor..<headerEnd], as: UTF8.self)
            let content = Array(bytes[(headerEnd + 4)..<next])
            let disposition =
                headers.components(separatedBy: "\r\n")
                .first { $0.lowercased().hasPrefix("content-disposition:") } ?? ""
            if let name = parameter("name", in: disposition) {
                if let filename = parameter("filename", in: disposition) {
                    if parts.file == nil { parts.file = (filename, content) }
                } else if content.count <= 64 * 1024 {
                    parts.fields[name] = String(decoding: content, as: UTF8.self)
                }
            }
            start = next
        }
        return parts
    }

    static func parameter(_ key: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == key {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var i = from
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first, haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
