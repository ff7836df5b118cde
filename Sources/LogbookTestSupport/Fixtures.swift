import Foundation

/// Locates the committed test fixtures (`Tests/Fixtures`) from any test target.
public enum Fixtures {
    /// The package root, found from this source file's location.
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// `Tests/Fixtures`.
    public static let directory: URL = packageRoot.appendingPathComponent("Tests/Fixtures")

    /// A fixture file's URL.
    public static func url(_ relativePath: String) -> URL { directory.appendingPathComponent(relativePath) }

    /// A fixture file's bytes.
    public static func data(_ relativePath: String) throws -> [UInt8] {
        Array(try Data(contentsOf: url(relativePath)))
    }

    /// `../shared/data` beside the package, when present (benchmarks and larger conformance runs).
    public static var sharedData: URL? {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }
}
