internal import ArgumentParser

/// The composition root: parses the command line, reads the configuration, and wires the
/// concrete stores into the use cases and the renderer. Nothing else lives here.
@main
struct Repodigest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repodigest",
        abstract: "Turn GitHub repository data into a themed, validated static site.",
        version: "0.1.0",
        subcommands: [
            BuildCommand.self, ServeCommand.self, ValidateCommand.self, FavouritesCommand.self, InitCommand.self,
            ThemesCommand.self,
        ],
        defaultSubcommand: nil
    )
}
