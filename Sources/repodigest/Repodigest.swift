internal import ArgumentParser

/// The composition root: parses the command line, reads the configuration, and wires the
/// concrete stores into the use cases and the renderer. Nothing else lives here.
@main
struct Repodigest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repodigest",
        abstract: "Turn GitHub repository data into a themed, validated static site.",
        discussion: """
            Environment: GITHUB_TOKEN (or GH_TOKEN) holds the token, never the command line;
            SOURCE_DATE_EPOCH fixes every "generated at" time; NO_COLOR turns colour off.

            Exit codes: 0 published, or up to date; 1 usage or configuration error, nothing
            published; 2 published, but some sources failed and their previous data was kept,
            or something after the publish failed; 3 nothing published: authentication failed
            or the rate limit is spent; 4 nothing published: the output failed validation;
            75 another run holds the lock.
            """,
        version: "0.1.0",
        subcommands: [
            BuildCommand.self, ServeCommand.self, ValidateCommand.self, FavouritesCommand.self, InitCommand.self,
            ThemesCommand.self,
        ],
        defaultSubcommand: nil
    )
}
