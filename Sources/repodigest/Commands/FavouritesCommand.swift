internal import ArgumentParser
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
        @Option(name: .long, help: ArgumentHelp("The configuration file (for [github] and its favourites).", valueName: "file"))
        var config: String?

        @Option(name: .customLong("state-dir"), help: ArgumentHelp("Where favourites are kept.", valueName: "dir"))
        var stateDir: String?

        @Option(name: .customLong("api-url"), help: ArgumentHelp("The GitHub API root.", valueName: "url"))
        var apiURL: String?

        var buildOptions: BuildOptions {
            get throws {
                try BuildOptions.parse(
                    (config.map { ["--config", $0] } ?? []) + (stateDir.map { ["--state-dir", $0] } ?? [])
                        + (apiURL.map { ["--api-url", $0] } ?? []) + ["--quiet"])
            }
        }

        /// The resolved options, the lock when writing (favourites writes take it as builds
        /// do), and the state folder's stores.
        func open(_ console: Console, writing: Bool) throws -> (options: BuildOptions, lock: RunLock?, stores: StateStores) {
            let options = try buildOptions
            let lock = writing ? try options.runLock() : nil
            return (options, lock, try StateStores(folder: try options.stateDirectory(), warn: console.warning))
        }

        /// The configuration when there is one; a missing default file is no error here.
        func configuration(_ options: BuildOptions) throws -> Configuration {
            if config == nil && !FileManager.default.fileExists(atPath: "repodigest.toml") { return Configuration() }
            return try options.loadConfiguration()
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a favourite; it is checked on GitHub unless --offline. Adding one twice is harmless.")

        @Argument(help: ArgumentHelp("The repository.", valueName: "owner/name")) var name: String
        @Option(name: .long, help: "Why it is a favourite, for your own reference.") var note: String?
        @Flag(name: .long, help: "Do not check that the repository exists.") var offline = false
        @OptionGroup var state: StateOptions

        func run() async throws {
            try await FavouritesCommand.perform { console in
                let repo = try FavouritesCommand.parse(name)
                // Refused before the lock or the state folder is touched.
                if !offline { _ = try GitHubToken.fromEnvironment() }
                let (options, lock, stores) = try state.open(console, writing: true)
                defer { lock?.release() }
                var source: (any RepositorySource)?
                if !offline {
                    var command = BuildCommand()
                    command.options = options
                    source = try await command.liveStore(try state.configuration(options), console: Console(quiet: true, format: .text))
                }
                switch try await ManageFavourites(store: stores.favourites, source: source).add(repo, note: note) {
                case .added(let name): console.result("Added \(name) to the favourites.")
                case .alreadyThere(let name): console.result("\(name) is a favourite already\(note == nil ? "" : "; its note is updated").")
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
                let repo = try FavouritesCommand.parse(name)
                let (options, lock, stores) = try state.open(console, writing: true)
                defer { lock?.release() }
                guard try await ManageFavourites(store: stores.favourites, source: nil).remove(repo) else {
                    let configured = try state.configuration(options).favourites.contains { $0.name.matches(repo) }
                    console.error("\(repo) is not a favourite added with `favourites add`"
                        + (configured ? "; it is named in the configuration, so remove it there" : ""))
                    throw ExitStatus.usage
                }
                console.result("Removed \(repo) from the favourites.")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the favourites: the configuration's and those added.")

        @Flag(name: .long, help: "One JSON array, for scripts.") var json = false
        @OptionGroup var state: StateOptions

        func run() async throws {
            try await FavouritesCommand.perform { console in
                let (options, _, stores) = try state.open(console, writing: false)
                let configuration = try state.configuration(options)
                let stored = try await stores.favourites.favourites()
                let all = try await ManageFavourites(store: stores.favourites, source: nil).list(configured: configuration.favourites)
                let rows = all.map { favourite in
                    (name: favourite.name.description, source: stored.contains { $0.name.matches(favourite.name) } ? "added" : "configuration",
                     note: favourite.note ?? "")
                }
                if json {
                    let objects = rows.map { ["name": $0.name, "source": $0.source, "note": $0.note] }
                    let data = try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                    console.result(String(decoding: data, as: UTF8.self))
                } else if rows.isEmpty {
                    console.result("No favourites yet: `repodigest favourites add OWNER/NAME` adds one.")
                } else {
                    let width = rows.map(\.name.count).max() ?? 0
                    for row in rows {
                        let padded = row.name.padding(toLength: width, withPad: " ", startingAt: 0)
                        console.result("\(padded)  \(row.source.padding(toLength: 13, withPad: " ", startingAt: 0))  \(row.note)"
                            .trimmingCharacters(in: .whitespaces))
                    }
                }
            }
        }
    }

    static func parse(_ text: String) throws -> RepoName {
        do {
            return try RepoName(parsing: text)
        } catch {
            throw ConfigurationError(source: "favourites", message: error.description)
        }
    }

    /// Runs a subcommand, turning its errors into a message and an exit code.
    static func perform(_ body: (Console) async throws -> Void) async throws {
        let console = Console(quiet: false, format: .text)
        do {
            try await body(console)
        } catch let status as ExitCode {
            throw status
        } catch let error as UseCaseFailure {
            console.error(error.description)
            throw (error.underlying as? GitHubDataError)?.isAuthenticationOrRateLimit == true ? ExitStatus.unauthorised : ExitStatus.usage
        } catch let error as RunLockError {
            console.error(error.description)
            if case .held = error { throw ExitStatus.locked }
            throw ExitStatus.usage
        } catch {
            console.error("\(error)")
            throw ExitStatus.usage
        }
    }
}
