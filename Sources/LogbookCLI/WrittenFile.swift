import LogbookDaemon
import ReportDocuments

/// A command's output file: written whole (`FileOutput`, where `-` is standard output) and, when it is a file,
/// noted on standard error as written.
enum WrittenFile {
    static func write(_ bytes: [UInt8], to path: String) throws(ReportError) {
        try FileOutput.write(bytes, to: path)
        if path != FileOutput.standardOutput { Diagnostics.print("Wrote \(path)") }
    }
}
