func runDecodeBenchmark(paths: [String]) { print("not yet") }
