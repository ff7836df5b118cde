// swift-tools-version: 6.2
// Benchmarks live apart from the unit tests (DESIGN.md §6.14): build with
//   swift build -c release --package-path Benchmarks
import PackageDescription

let package = Package(
    name: "LogbookBenchmarks",
    dependencies: [
        .package(name: "Logbook", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "logbook-bench",
            dependencies: [
                .product(name: "TrackModel", package: "Logbook"),
                .product(name: "Geodesy", package: "Logbook"),
                .product(name: "TrackFormats", package: "Logbook"),
                .product(name: "TrackReader", package: "Logbook"),
                .product(name: "TripEngine", package: "Logbook"),
                .product(name: "ReportDocuments", package: "Logbook"),
                .product(name: "Reports", package: "Logbook"),
                .product(name: "LogbookTestSupport", package: "Logbook"),
            ],
            path: "Sources/LogbookBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
