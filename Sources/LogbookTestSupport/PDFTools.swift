public import Foundation

/// poppler-utils (`pdftotext`, `pdfinfo`, `pdffonts`), run on a PDF written to a temporary file.
public struct PDFTools {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public let url: URL

    /// Writes `bytes` to a temporary file (removed by `remove()`).
    public init(bytes: [UInt8], name: String) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("reports-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(name).pdf")
        try Data(bytes).write(to: url)
    }

    /// A PDF file that exists already (not removed by `remove()` unless asked).
    public init(url: URL) { self.url = url }

    public func remove() { try? FileManager.default.removeItem(at: url) }

    /// The text of pages `first...last` (all when `nil`), laid out as on the page.
    public func text(first: Int? = nil, last: Int? = nil) throws -> String {
        var arguments = ["-layout", "-enc", "UTF-8"]
        if let first { arguments += ["-f", String(first)] }
        if let last { arguments += ["-l", String(last)] }
        return try Self.run("pdftotext", arguments + [url.path, "-"])
    }

    /// `pdfinfo`'s fields: "Pages" → "3", "Page size" → "595.276 x 841.89 pts (A4)", ...
    public func info() throws -> [String: String] {
        var fields: [String: String] = [:]
        for line in try Self.run("pdfinfo", [url.path]).split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// `pdffonts`' table.
    public func fonts() throws -> String { try Self.run("pdffonts", [url.path]) }

    public static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let path = "/usr/bin/\(tool)"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "\(path) is missing: run scripts/install-deps (Debian poppler-utils)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        // pdfinfo shows dates in the local zone.
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "\(tool) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
