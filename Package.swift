// swift-tools-version: 6.2
import PackageDescription

/// Strict settings for Logbook's own targets (DESIGN.md §6.13).
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "Logbook",
    products: [
        .executable(name: "logbook", targets: ["logbook"]),
        .executable(name: "logbook-daemon", targets: ["logbook-daemon"]),
        .library(name: "TrackModel", targets: ["TrackModel"]),
        .library(name: "Geodesy", targets: ["Geodesy"]),
        .library(name: "TrackFormats", targets: ["TrackFormats"]),
        .library(name: "TrackReader", targets: ["TrackReader"]),
        .library(name: "TripEngine", targets: ["TripEngine"]),
        .library(name: "ReportDocuments", targets: ["ReportDocuments"]),
        .library(name: "Reports", targets: ["Reports"]),
        .library(name: "Mailer", targets: ["Mailer"]),
        .library(name: "LogbookTestSupport", targets: ["LogbookTestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        // MARK: Pure core
        .target(name: "TrackModel", swiftSettings: strict),
        // The one rule for free text (no control characters) every door applies, with its one message.
        .target(name: "PlainText", swiftSettings: strict),
        .target(name: "Geodesy", swiftSettings: strict),
        .target(name: "TrackFormats", dependencies: ["TrackModel", "CLibXML2"], swiftSettings: strict),
        .target(name: "TripEngine", dependencies: ["TrackModel", "Geodesy"], swiftSettings: strict),
        .target(
            name: "MileageLog",
            dependencies: ["TrackModel", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict),
        .target(name: "CalendarDays", swiftSettings: strict),
        .target(name: "Hours", dependencies: ["CalendarDays"], swiftSettings: strict),
        .target(name: "Checklists", swiftSettings: strict),
        .target(name: "ValueStreams", dependencies: ["PlainText"], swiftSettings: strict),
        .target(name: "Roofing", dependencies: ["CalendarDays"], swiftSettings: strict),
        // Positions that phones and trackers post over HTTP (OsmAnd/Traccar, OwnTracks, Overland, GPSLogger),
        // decoded and screened into fixes for the trip engine; no HTTP server, no store.
        .target(name: "Ingest", dependencies: ["TrackModel", "PlainText"], swiftSettings: strict),
        // QR codes (ISO/IEC 18004, byte mode, versions 1–40) drawn as inline SVG: the setup links phones scan.
        .target(name: "QRCode", swiftSettings: strict),

        // MARK: C shims
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CLibGPS", pkgConfig: "libgps", providers: [.apt(["libgps-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev", "libfontconfig-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // libjpeg-turbo (no pkg-config file in Debian's libjpeg62-turbo-dev: linked by name) and libpng, for photo
        // thumbnails decoded a row at a time.
        .systemLibrary(name: "CJPEG", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // Their decoding loops, in C: both report errors by longjmp, which Swift cannot catch.
        // (A C target does not import the system modules, so it names their libraries for the linker itself.)
        .target(
            name: "CImageShim", dependencies: ["CJPEG", "CPNG"],
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16")]),
        // Typed wrappers for the variadic curl_easy_setopt, which Swift cannot call.
        .target(name: "CCurlShim", dependencies: ["CCurl"]),
        // One HTTP(S) POST through libcurl: a vehicle box's positions to the central server (`[upload]`).
        .target(name: "HTTPUpload", dependencies: ["CCurl", "CCurlShim"], swiftSettings: strict),

        // MARK: I/O shell
        .target(name: "TrackReader", dependencies: ["TrackModel", "TrackFormats", "CZlib"], swiftSettings: strict),
        .target(
            name: "LogbookConfiguration", dependencies: [.product(name: "TOMLKit", package: "TOMLKit")],
            swiftSettings: strict),
        // Report documents as plain values, and their CSV: what the use cases assemble, without Cairo.
        .target(
            name: "ReportDocuments", dependencies: ["TrackModel", "TrackFormats", "Roofing", "CalendarDays"],
            swiftSettings: strict),
        // Reports drawn with Cairo (PDF, PNG, SVG) and photo thumbnails.
        .target(
            name: "Reports",
            dependencies: [
                "ReportDocuments", "TrackModel", "TrackFormats", "CCairo", "CImageShim", "ValueStreams", "Roofing",
                "CalendarDays",
            ],
            swiftSettings: strict),
        .target(
            name: "Mailer",
            dependencies: [
                "TrackModel", "CCurl", "CCurlShim", "LogbookConfiguration",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "GPSDClient",
            dependencies: ["CLibGPS", "TrackModel", "TrackFormats", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        .target(
            name: "LogbookStore",
            dependencies: [
                "TrackModel", "TrackFormats", "TripEngine", "MileageLog", "Hours", "Checklists",
                "ValueStreams", "Roofing", "CalendarDays", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict
        ),
        // The log on PostgreSQL (issue 30): PostgresNIO's connection pool, the versioned append-only migrations of the
        // PostgreSQL schema, `logbook database status|migrate`.
        .target(
            name: "LogbookPostgres",
            dependencies: [
                "LogbookStore", "LogbookConfiguration", "MileageLog", "TrackModel", "Hours",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        // The application layer (DESIGN.md §3): each domain's use cases written once, `Decodable` inputs that name
        // their fields neutrally, `Encodable` views that `--format json` and the API both return, and the errors
        // both edges map. No ArgumentParser, no Hummingbird, no Cairo, no libcurl.
        .target(
            name: "LogbookServices",
            dependencies: [
                "LogbookStore", "LogbookConfiguration", "ReportDocuments", "TrackModel", "TrackFormats", "MileageLog",
                "Hours", "Checklists", "ValueStreams", "Roofing", "CalendarDays", "PlainText", "TripEngine", "Ingest",
                "TrackReader",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // Changes of work hours to the payroll system over HTTP (AsyncHTTPClient); the daemon runs it as a child.
        .target(
            name: "HoursSubmission",
            dependencies: [
                "LogbookStore", "Hours", "LogbookConfiguration", "LogbookServices", "TrackModel",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // `logbook daemon` (gpsd through the trip engine into the store, the monthly report's schedule) and what
        // every command shares with it: database and configuration options, `[log]` and its local clock, log lines,
        // messages on standard error. `logbook-daemon` links this target alone, not the other domains' commands.
        .target(
            name: "LogbookDaemon",
            dependencies: [
                "LogbookServices", "TrackModel", "TrackFormats", "TripEngine", "LogbookConfiguration", "GPSDClient",
                "LogbookStore",
                "MileageLog", "Hours", "CalendarDays", "PlainText",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        // The HTTP API and pages (`logbook serve`): Hummingbird over the application layer. It imports no command
        // target and no ArgumentParser (the `serve` and `users` commands live in LogbookCLI); the daemon never
        // loads it.
        .target(
            name: "LogbookServer",
            dependencies: [
                "LogbookServices", "LogbookStore", "MileageLog", "TrackModel",
                "LogbookConfiguration", "Reports", "TripEngine", "Mailer", "Checklists", "Hours",
                "HoursSubmission", "ValueStreams", "Roofing", "CalendarDays", "PlainText", "Ingest", "QRCode",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        // Every command of `logbook` but the daemon's (swift-argument-parser), one folder per domain: thin adapters
        // over LogbookServices, with reports and mail (Cairo, libcurl) and `serve`/`users`. `logbook-daemon`
        // links LogbookDaemon alone, so the box's own executable loads none of these.
        .target(
            name: "LogbookCLI",
            dependencies: [
                "LogbookServices", "LogbookDaemon", "LogbookServer", "TrackModel", "TrackFormats", "TrackReader",
                "Geodesy", "TripEngine", "LogbookConfiguration", "LogbookStore", "MileageLog", "Hours", "Checklists",
                "ValueStreams", "Roofing", "CalendarDays", "PlainText", "Reports", "Mailer", "HoursSubmission",
                "HTTPUpload", "LogbookPostgres",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "logbook",
            dependencies: [
                "LogbookCLI", "LogbookDaemon",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),
        .executableTarget(name: "logbook-daemon", dependencies: ["LogbookDaemon"], swiftSettings: strict),

        // MARK: Tests
        .target(
            name: "LogbookTestSupport",
            dependencies: [
                "TrackModel", "TrackFormats", "Geodesy", "ReportDocuments", "LogbookPostgres", "LogbookStore",
                "LogbookConfiguration", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "LogbookServicesTests",
            dependencies: [
                "LogbookServices", "LogbookStore", "LogbookTestSupport", "TrackModel", "MileageLog", "Hours",
                "Checklists", "ValueStreams", "Roofing", "CalendarDays", "PlainText", "Ingest", "TripEngine",
                "TrackFormats",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "LogbookConfigurationTests", dependencies: ["LogbookConfiguration"], swiftSettings: strict),
        .testTarget(
            name: "GPSDClientTests",
            dependencies: [
                "GPSDClient", "TrackModel", "LogbookTestSupport", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "LogbookStoreTests",
            dependencies: [
                "LogbookStore", "LogbookPostgres", "TripEngine", "TrackModel", "MileageLog", "Hours", "Checklists",
                "ValueStreams", "Roofing", "CalendarDays", "LogbookTestSupport",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "LogbookPostgresTests",
            dependencies: [
                "LogbookPostgres", "LogbookStore", "LogbookConfiguration", "LogbookTestSupport", "MileageLog",
                "TrackModel", "Hours",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "ReportsTests",
            dependencies: [
                "Reports", "TrackModel", "LogbookTestSupport", "ValueStreams", "Roofing", "CalendarDays",
                "CImageShim",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "MailerTests",
            dependencies: ["Mailer", "Reports", "TrackModel", "LogbookTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "MileageLogTests",
            dependencies: ["MileageLog", "TrackModel", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict),
        .testTarget(name: "TrackModelTests", dependencies: ["TrackModel"], swiftSettings: strict),
        .testTarget(
            name: "IngestTests", dependencies: ["Ingest", "TrackModel", "TrackFormats"], swiftSettings: strict),
        // Fixtures/ holds python-qrcode's reference symbols (make_reference.py), read by #filePath.
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"], exclude: ["Fixtures"], swiftSettings: strict),
        .testTarget(name: "HoursTests", dependencies: ["Hours", "CalendarDays"], swiftSettings: strict),
        .testTarget(name: "ChecklistsTests", dependencies: ["Checklists"], swiftSettings: strict),
        .testTarget(name: "ValueStreamsTests", dependencies: ["ValueStreams"], swiftSettings: strict),
        .testTarget(
            name: "RoofingTests", dependencies: ["Roofing", "CalendarDays"], swiftSettings: strict),
        .testTarget(
            name: "TripEngineTests",
            dependencies: ["TripEngine", "TrackModel", "TrackFormats", "Geodesy", "LogbookTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "GeodesyTests",
            dependencies: ["Geodesy", "LogbookTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TrackFormatsTests",
            dependencies: ["TrackModel", "TrackFormats", "Geodesy", "LogbookTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TrackReaderTests",
            dependencies: ["TrackModel", "TrackFormats", "TrackReader", "LogbookTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "LogbookServerTests",
            dependencies: [
                "LogbookServer", "LogbookServices", "LogbookStore", "MileageLog", "TrackModel", "LogbookTestSupport",
                "LogbookCLI",
                "LogbookDaemon", "LogbookConfiguration", "TripEngine", "Hours", "Checklists", "ValueStreams",
                "Roofing", "CalendarDays", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "LogbookCLITests",
            dependencies: [
                "LogbookCLI", "LogbookDaemon", "LogbookTestSupport", "TrackModel", "TrackFormats",
                "LogbookConfiguration", "LogbookServices", "LogbookStore",
            ],
            swiftSettings: strict
        ),
    ]
)
