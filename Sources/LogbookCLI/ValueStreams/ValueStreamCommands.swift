import ArgumentParser

/// The `vsm` subcommands that need neither Cairo nor libcurl; `ValueStreamCommand` adds
/// `export`.
package enum ValueStreamCommands {
    package static let all: [any ParsableCommand.Type] = [
        ValueStreamCreateCommand.self, ValueStreamListCommand.self, ValueStreamShowCommand.self,
        ValueStreamSetCommand.self, ValueStreamRenameCommand.self, ValueStreamDuplicateCommand.self,
        ValueStreamDeleteCommand.self, ValueStreamSectionCommand.self, ValueStreamAddCommand.self,
        ValueStreamMoveCommand.self, ValueStreamEditCommand.self, ValueStreamRemoveCommand.self,
        ValueStreamSearchCommand.self, ValueStreamImportCommand.self,
    ]
}
