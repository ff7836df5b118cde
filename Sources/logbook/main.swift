import LogbookReporting

await Logbook.runFromCommandLine()
