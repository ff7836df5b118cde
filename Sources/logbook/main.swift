await Logbook.runFromCommandLine()
