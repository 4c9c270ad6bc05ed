internal import ArgumentParser
import Foundation
import RepodigestConfiguration

/// The program's entry: the subcommands, and how the process starts (its allocator's
/// settings) and ends (`_exit`, with the exit code of the README). Each command resolves its
/// options against the configuration (`BuildOptions`); `BuildPipeline` wires the concrete
/// stores into the use cases and the renderer.
@main
struct Repodigest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repodigest",
        abstract: "Turn GitHub repository data into a themed, validated static site.",
        discussion: """
            Environment: GITHUB_TOKEN (or GH_TOKEN) holds the token, never the command line; \
            SOURCE_DATE_EPOCH fixes every "generated at" time; NO_COLOR turns colour off.

            Exit codes: 0 published, or up to date; 1 usage or configuration error, a source \
            failed with nothing cached, or the output cannot be written: nothing published; \
            2 published, but some sources failed and their previous data was kept (a new \
            repository's releases or README left out, or a list read only as far as its Link \
            led), or \
            something after the publish failed; 3 nothing published: authentication failed \
            or the rate limit is spent; 4 nothing published: the output failed validation; \
            75 another run holds the lock; 130 or 143 stopped by SIGINT or SIGTERM: nothing \
            published.
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
        Allocator.returnLargeBlocksAtOnce()
        var code = ExitCode.success
        let arguments = Array(CommandLine.arguments.dropFirst())
        // A command line that cannot be read is said as the run would say it: a log collector
        // given `--log-format json` gets a JSON line for a mistyped option too.
        let console = Console(format: requestedLogFormat(arguments))
        if let problem = workingFolderProblem() { _exit(console.fail(problem).rawValue) }
        if let topic = unknownHelpTopic(arguments) {
            usageError("Error: no command named '\(topic)'. See 'repodigest --help' for the commands.", console)
            _exit(ExitStatus.failure.rawValue)
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // ArgumentParser's: its own errors, and `ExitStatus` (an `ExitCode`), which each
            // command throws after printing (`ExitStatus.code(for:)` decides which).
            code = exitCode(for: error)
            // ArgumentParser ends a wrong command line with sysexits' 64; the README's contract
            // (and a cron job reading it) has one code for input to fix: 1.
            if code == ExitStatus.argumentParserUsage { code = ExitStatus.failure }
            let message = fullMessage(for: error)
            if code == .success {
                // Help and the version, asked for: for people, on standard output.
                if !message.isEmpty { FileHandle.standardOutput.write(Data((message + "\n").utf8)) }
            } else if !message.isEmpty {
                usageError(message, console)
            }
        }
        fflush(nil)  // every C stream: what `print` wrote
        _exit(code.rawValue)
    }

    /// A mistake in the command line (ArgumentParser's message, "Error: …" and the usage): as
    /// it is written for people, lines and all, or one JSON line for a log collector.
    private static func usageError(_ message: String, _ console: Console) {
        guard console.format == .json else {
            FileHandle.standardError.write(Data((message + "\n").utf8))
            return
        }
        console.error(String(message.trimmingPrefix("Error: ")))
    }

    /// `--log-format` as the command line gives it, read before ArgumentParser does (which may
    /// refuse the rest): `text` unless it says `json`. Options end at `--`.
    static func requestedLogFormat(_ arguments: [String]) -> Console.Format {
        var format = Console.Format.text
        var rest = arguments[...]
        while let argument = rest.popFirst(), argument != "--" {
            if argument == "--log-format", let value = rest.popFirst() {
                format = Console.Format(rawValue: value) ?? .text
            } else if argument.hasPrefix("--log-format=") {
                format = Console.Format(rawValue: String(argument.dropFirst("--log-format=".count))) ?? .text
            }
        }
        return format
    }

    /// Every relative path (the default `Output`, `--state-dir`, `repodigest.toml`) is read
    /// against the current folder; one that was deleted or moved away (a shell left in an
    /// output folder that a build swapped) made Foundation crash on the first such path.
    private static func workingFolderProblem() -> ConfigurationError? {
        let folder = getcwd(nil, 0)
        guard folder != nil || errno != ENOENT else {
            return ConfigurationError(
                source: "the current folder",
                message:
                    "it no longer exists (deleted, or swapped away by a build of '.'): cd into a folder that exists")
        }
        free(folder)
        return nil
    }

    /// The word after `help` that names no command (`help nosuch`, `help favourites nosuch`):
    /// ArgumentParser would print the main help and exit 0, which a script takes for success.
    static func unknownHelpTopic(_ arguments: [String]) -> String? {
        guard arguments.first == "help" else { return nil }
        var command: any ParsableCommand.Type = Repodigest.self
        // The topic ends at the first option: `help build --log-format json` asks for `build`.
        for name in arguments.dropFirst() {
            guard !name.hasPrefix("-") else { break }
            guard let found = command.configuration.subcommands.first(where: { $0._commandName == name }) else {
                return name
            }
            command = found
        }
        return nil
    }
}
