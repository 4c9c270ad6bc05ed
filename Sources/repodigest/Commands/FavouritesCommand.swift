internal import ArgumentParser
import BuildPipeline
import Entities
import Foundation
import GitHubData
import RepodigestConfiguration
import UseCases

/// `repodigest favourites add|remove|list`: the favourites kept in the state folder, shown
/// together with those the configuration names.
struct FavouritesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favourites",
        abstract: "Add, remove or list favourite repositories (kept in the state folder).",
        subcommands: [Add.self, Remove.self, List.self]
    )

    /// The options these commands share with `build`; `BuildOptions` resolves them the same way.
    struct StateOptions: ParsableArguments {
        @Option(
            name: .long,
            help: ArgumentHelp("The configuration file (for [github] and its favourites).", valueName: "file"))
        var config: String?

        @Option(name: .customLong("state-dir"), help: ArgumentHelp("Where favourites are kept.", valueName: "dir"))
        var stateDir: String?

        @Option(name: .customLong("api-url"), help: ArgumentHelp("The GitHub API root.", valueName: "url"))
        var apiURL: String?

        /// The state folder, resolved as `build` resolves it.
        func stateDirectory() throws -> URL {
            try BuildOptions.stateDirectory(stateDir, environment: ProcessInfo.processInfo.environment)
        }

        /// The lock when writing (favourites writes take it as builds do), and the state
        /// folder's stores.
        func open(_ console: Console, writing: Bool) throws -> (lock: RunLock?, stores: StateStores) {
            let folder = try stateDirectory()
            let lock = writing ? try RunLock(stateDirectory: folder) : nil
            return (lock, try StateStores(folder: folder, warn: console.warning, locked: lock != nil))
        }

        /// The configuration when there is one; a missing default file is no error here.
        func configuration() throws -> Configuration {
            if config == nil && !FileManager.default.fileExists(atPath: "repodigest.toml") { return Configuration() }
            return try BuildOptions.configurationFile(config, sample: false).configuration
        }

        /// GitHub as `build` reaches it, checked as `build` checks it (`BuildOptions.github`):
        /// every subcommand asks before the lock or the state folder is touched, so that a
        /// wrong `--api-url` is refused even where nothing is sent (`offline`: `list`,
        /// `remove`, `add --offline`, which need no token either).
        func github(_ configuration: Configuration, offline: Bool) throws -> BuildPipeline.Settings.GitHub {
            let token = offline ? nil : try GitHubToken.fromEnvironment(ProcessInfo.processInfo.environment)
            return try BuildOptions.github(apiURL: apiURL, configuration, token: token, offline: offline)
        }

        /// GitHub at `github`, to check that a repository exists.
        func liveStore(_ github: BuildPipeline.Settings.GitHub, configuration: Configuration) async throws
            -> GitHubDataStore
        {
            try await BuildPipeline.liveStore(
                github, configuration: configuration, stateDirectory: try stateDirectory(),
                events: ConsoleEvents(Console(quiet: true, format: .text)))
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a favourite; it is checked on GitHub unless --offline. Adding one twice is harmless.")

        @Argument(help: ArgumentHelp("The repository.", valueName: "owner/name")) var name: String
        @Option(name: .long, help: "Why it is a favourite: published on the site, beside the repository.")
        var note: String?
        @Flag(name: .long, help: "Do not check that the repository exists.") var offline = false
        @OptionGroup var state: StateOptions

        func run() async throws {
            try await FavouritesCommand.perform { console in
                let repo = try FavouritesCommand.parse(name)
                // Printed by `favourites list`: held to what any text value of the configuration may be.
                if let note, !note.isEmpty,
                    let problem = Configuration.textProblem(note, name: "the note", maxCharacters: 500)
                {
                    throw ConfigurationError(source: "--note", message: problem)
                }
                // Refused before the lock or the state folder is touched: a missing token, and a
                // configuration that does not read (`--offline` too: a typo in `--config` is said).
                if !offline { _ = try GitHubToken.fromEnvironment() }
                let configuration = try state.configuration()
                let github = try state.github(configuration, offline: offline)
                let (lock, stores) = try state.open(console, writing: true)
                defer { lock?.release() }
                let source: (any RepositorySource)? =
                    offline ? nil : try await state.liveStore(github, configuration: configuration)
                switch try await ManageFavourites(store: stores.favourites, source: source).add(repo, note: note) {
                case .added(let name):
                    // GitHub's name for it where that is not the one given (a repository
                    // renamed or moved): said, so that a surprise is seen.
                    let asked =
                        name.description.lowercased() == repo.description.lowercased() ? "" : " (asked as \(repo))"
                    console.result("Added \(name)\(asked) to the favourites.")
                case .alreadyThere(let name):
                    console.result("\(name) is a favourite already\(note == nil ? "" : "; its note is updated").")
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a favourite added with `favourites add`.")

        @Argument(help: ArgumentHelp("The repository.", valueName: "owner/name")) var name: String
        @OptionGroup var state: StateOptions

        func run() async throws {
            try await FavouritesCommand.perform { console in
                let repo = try FavouritesCommand.parse(name, written: false)
                let configuration = try state.configuration()
                _ = try state.github(configuration, offline: true)
                let (lock, stores) = try state.open(console, writing: true)
                defer { lock?.release() }
                guard try await ManageFavourites(store: stores.favourites, source: nil).remove(repo) else {
                    let configured = configuration.favourites.contains { $0.name.matches(repo) }
                    console.error(
                        "\(repo) is not a favourite added with `favourites add`"
                            + (configured ? "; it is named in the configuration, so remove it there" : ""))
                    throw ExitStatus.failure
                }
                console.result("Removed \(repo) from the favourites.")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the favourites: the configuration's and those added.")

        @Flag(name: .long, help: "One JSON array, for scripts.") var json = false
        @OptionGroup var state: StateOptions

        func run() async throws {
            try await FavouritesCommand.perform { console in
                let configuration = try state.configuration()
                _ = try state.github(configuration, offline: true)
                // Listing makes nothing: before the first favourite is added (or a state folder
                // named with a typo), only the configuration's, and no folder or file is created.
                var stored: [Favourite] = []
                var all = configuration.favourites
                let file = try state.stateDirectory().appending(path: StateStores.fileName)
                if FileManager.default.fileExists(atPath: file.path) {
                    let (_, stores) = try state.open(console, writing: false)
                    stored = try await stores.favourites.favourites()
                    all = try await ManageFavourites(store: stores.favourites, source: nil).list(
                        configured: configuration.favourites)
                }
                let rows = all.map { favourite in
                    let added = stored.contains { $0.name.matches(favourite.name) }
                    let configured = configuration.favourites.contains { $0.name.matches(favourite.name) }
                    return (
                        name: favourite.name.description,
                        // One in both stays a favourite after `favourites remove`: say so.
                        source: added ? (configured ? "both" : "added") : "configuration",
                        note: favourite.note ?? ""
                    )
                }
                if json {
                    // No note, no `note` key: as `digest.json` leaves out a `description` GitHub
                    // has none of, and `jq .note` reads null either way.
                    let objects = rows.map { row in
                        ["name": row.name, "source": row.source, "note": row.note.isEmpty ? nil : row.note]
                            .compactMapValues { $0 }
                    }
                    let data = try JSONSerialization.data(
                        withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                    console.result(String(decoding: data, as: UTF8.self))
                } else if rows.isEmpty {
                    console.result("No favourites yet: `repodigest favourites add OWNER/NAME` adds one.")
                } else {
                    let width = rows.map(\.name.count).max() ?? 0
                    for row in rows {
                        let padded = row.name.padding(toLength: width, withPad: " ", startingAt: 0)
                        // A note is the reader's text: a bidi override in it would reorder the line.
                        let line =
                            "\(padded)  \(row.source.padding(toLength: 13, withPad: " ", startingAt: 0))  "
                            + TerminalText.escaped(row.note)
                        console.result(line.trimmingCharacters(in: .whitespaces))
                    }
                }
            }
        }
    }

    /// - Parameter written: a name being added, which may not end in a clone address's `.git`
    ///   (one added before that rule can still be removed).
    static func parse(_ text: String, written: Bool = true) throws -> RepoName {
        do {
            return try written ? RepoName(parsingWritten: text) : RepoName(parsing: text)
        } catch {
            throw ConfigurationError(source: "favourites", message: error.description)
        }
    }

    /// Runs a subcommand, turning its errors into a message and an exit code.
    static func perform(_ body: (Console) async throws -> Void) async throws {
        let console = Console(quiet: false, format: .text)
        do {
            try await body(console)
        } catch {
            throw console.fail(error)
        }
    }
}
