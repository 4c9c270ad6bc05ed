internal import ArgumentParser
import Foundation

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

    /// ArgumentParser's `main`, but ending with `_exit` once the output is flushed. `exit`
    /// runs the C libraries' exit-time cleanups (libxml2's, libcurl's…) while a task of the
    /// failed build may still be inside one on another thread: once, in a clean-clone CI run,
    /// a build refused with HTTP 401 died in that race ("double free or corruption", exit 134
    /// instead of 3). Nothing of ours needs an exit-time cleanup: files are written and
    /// synced before the result is known, and locks are released by the kernel.
    static func main() async {
        var code = ExitCode.success
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                let stream = code == .success ? FileHandle.standardOutput : FileHandle.standardError
                stream.write(Data((message + "\n").utf8))
            }
        }
        fflush(nil)  // every C stream: what `print` wrote
        _exit(code.rawValue)
    }
}
