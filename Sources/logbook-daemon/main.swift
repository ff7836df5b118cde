import LogbookDaemon

// `logbook daemon` as its own executable: the same command, without the libraries of reports and mail, so the
// tracking process on a vehicle box stays small. `logbook daemon` starts this one when it is installed beside it.
await DaemonCommand.mainAsDaemonExecutable()
