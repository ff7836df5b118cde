// logbook-bench SUBCOMMAND [ARGS]
//   geodesy                 geodesic inverse calls per second
//   decode FILE...          decoder throughput (MB/s) and fixes per file
//   engine FILE...          the trip engine alone over a file's fixes (decoded first, not timed)
//   conformance [DIR]       NMEA conformance with gpsd over DIR (default ../shared/data/gpsd-nmea)
//   report [TRIPS] [OUTDIR] CSV and PDF render times for a month of TRIPS trips (default 1,000)
//   replay FILE...          trips of the files as one stream, as JSON (for run_statistical.py --bench)
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "geodesy": runGeodesyBenchmark()
case "decode": runDecodeBenchmark(paths: Array(arguments.dropFirst()))
case "conformance": runConformance(directory: arguments.dropFirst().first)
case "engine-memory": runEngineMemory(paths: Array(arguments.dropFirst()))
case "engine": runEngineSpeed(paths: Array(arguments.dropFirst()))
case "report": runReportBenchmark(arguments: Array(arguments.dropFirst()))
case "replay": runReplayTrips(paths: Array(arguments.dropFirst()))
default:
    print(
        "usage: logbook-bench geodesy | decode FILE... | engine FILE... | conformance [DIR] | report [TRIPS] [OUTDIR]"
            + " | replay FILE..."
    )
}
