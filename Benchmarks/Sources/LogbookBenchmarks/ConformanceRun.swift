func runConformance(directory: String?) { print("not yet") }
