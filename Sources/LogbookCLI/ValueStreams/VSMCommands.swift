import ArgumentParser

/// The `vsm` subcommands that need neither Cairo nor libcurl; LogbookReporting's `VSMCommand` adds `export`.
package enum VSMCommands {
    package static let all: [any ParsableCommand.Type] = [
        VSMCreateCommand.self, VSMListCommand.self, VSMShowCommand.self, VSMSetCommand.self, VSMRenameCommand.self,
        VSMDuplicateCommand.self, VSMDeleteCommand.self, VSMSectionCommand.self, VSMAddCommand.self,
        VSMMoveCommand.self, VSMEditCommand.self, VSMRemoveCommand.self, VSMSearchCommand.self, VSMImportCommand.self,
    ]
}
