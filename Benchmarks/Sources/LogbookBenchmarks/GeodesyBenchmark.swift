func runGeodesyBenchmark() { print("not yet") }
