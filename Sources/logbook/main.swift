import LogbookCLI

await Logbook.runFromCommandLine()
