import Foundation
import LogbookTestSupport
import ReportDocuments
import Reports

// logbook-bench report [TRIPS] [OUTDIR]
//
// Renders a month of TRIPS trips (default 1,000; SampleReport: Unicode names, wrapped purposes, edited trips) to CSV
// and to an A4 PDF, best of five runs each, against the target of under one second per format. The model's
// totals are computed inside each render, as the CLI will do. With OUTDIR the files are written there too
// (the PDF in A4 and Letter).

func runReportBenchmark(arguments: [String]) {
    let trips = arguments.first.flatMap(Int.init) ?? 1_000
    let output = arguments.dropFirst().first
    let document = SampleReport.month(trips: trips)
    func best(_ runs: Int, _ body: () throws -> [UInt8]) rethrows -> (seconds: Double, bytes: [UInt8]) {
        var fastest = Double.infinity
        var bytes: [UInt8] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            bytes = try body()
            fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return (fastest, bytes)
    }
    do {
        let csv = best(5) { ReportCSV(byteOrderMark: true).render(document) }
        let pdf = try best(5) { try ReportPDF(paper: .a4).render(document) }
        let letter = try best(5) { try ReportPDF(paper: .letter).render(document) }
        // Cairo marks each page object with a "% n" comment after its type.
        let pages = String(decoding: pdf.bytes, as: UTF8.self).components(separatedBy: "/Type /Page %").count - 1
        print("report: \(trips) trips, \(document.edits.count) edits")
        print(
            String(
                format: "csv:        %7.4f s  %8d bytes   (target < 1 s: %.0f× under)", csv.seconds, csv.bytes.count,
                1 / csv.seconds))
        print(
            String(
                format: "pdf A4:     %7.4f s  %8d bytes  %d pages (target < 1 s: %.1f× under)", pdf.seconds,
                pdf.bytes.count, pages, 1 / pdf.seconds))
        print(String(format: "pdf Letter: %7.4f s  %8d bytes", letter.seconds, letter.bytes.count))
        if let output {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            let stem = URL(fileURLWithPath: output).appendingPathComponent(document.fileStem)
            try Data(csv.bytes).write(to: stem.appendingPathExtension("csv"))
            try Data(pdf.bytes).write(to: stem.appendingPathExtension("pdf"))
            try Data(letter.bytes).write(to: URL(fileURLWithPath: stem.path + "-letter.pdf"))
            print("wrote \(stem.path).csv, .pdf (A4) and -letter.pdf")
        }
    } catch {
        print("report: \(error)")
        exit(1)
    }
}
