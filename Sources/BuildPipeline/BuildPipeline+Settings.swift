public import Foundation
public import RepodigestConfiguration
public import SiteRenderer

extension BuildPipeline {
    /// Everything a build is made from, resolved by the command line: no defaults are
    /// decided here, and nothing is read from the environment.
    public struct Settings: Sendable {
        /// Where the repositories come from.
        public enum Origin: Sendable {
            /// The sample bundled in the binary: no network, no state read or written.
            case sample
            case github(GitHub)
        }

        /// How to reach GitHub.
        public struct GitHub: Sendable {
            public var apiURL: String
            /// The token's value, and the variable it came from (named in messages instead).
            public var token: (value: String, variable: String)?
            /// Send no request: build from what earlier runs cached.
            public var offline = false
            public var userAgent: String

            public init(apiURL: String, token: (value: String, variable: String)?, offline: Bool, userAgent: String) {
                self.apiURL = apiURL
                self.token = token
                self.offline = offline
                self.userAgent = userAgent
            }
        }

        /// What no published file may hold: the token, when the build has one.
        var secrets: [String] {
            guard case .github(let github) = origin, let token = github.token?.value else { return [] }
            return [token]
        }

        public var configuration: Configuration
        /// The bytes the configuration was parsed from (read once, so a file saved during the
        /// run cannot be stamped for a build made from the old one).
        public var configurationBytes: Data
        public var theme: Theme
        public var output: URL
        /// The state folder: cache, favourites, history, lock. Nil only for a sample build
        /// that has none to be had (no `HOME`).
        public var stateDirectory: URL?
        public var origin: Origin
        /// Build and publish even when nothing changed since the published build.
        public var force = false
        /// Ask again for every repository's releases and README (`--full`), not only for those
        /// pushed to or due their slow refresh.
        public var fullRefresh = false
        /// The command-line options that shape the site, in one line, for the stamp: a build
        /// with other ones is never up to date with the published one.
        public var shapingOptions: String
        /// This program's version and file, for the stamp: a rebuilt binary counts as new.
        public var program: String
        /// `SOURCE_DATE_EPOCH`, which fixes every "generated at" time.
        public var sourceDateEpoch: String?
        /// Told by a signal handler that the run must stop; the writer then removes what it
        /// staged (or finishes a swap already under way).
        public var interruption = PublishInterruption()
        /// The caller holds the output's lock for all its builds (`serve`, for as long as it
        /// serves): the build takes only the state folder's.
        public var outputLockHeld = false

        public init(
            configuration: Configuration, configurationBytes: Data, theme: Theme, output: URL,
            stateDirectory: URL?, origin: Origin, shapingOptions: String, program: String, sourceDateEpoch: String?
        ) {
            self.configuration = configuration
            self.configurationBytes = configurationBytes
            self.theme = theme
            self.output = output.standardizedFileURL
            self.stateDirectory = stateDirectory
            self.origin = origin
            self.shapingOptions = shapingOptions
            self.program = program
            self.sourceDateEpoch = sourceDateEpoch
        }

        /// What the configuration asks that this build cannot give: Star Lists from GitHub
        /// without a token (from the cache or the sample they need none).
        var configurationProblem: ConfigurationError? {
            guard case .github(let github) = origin, !github.offline else { return nil }
            return configuration.listsOfProblem(hasToken: github.token != nil)
        }

        var isOffline: Bool {
            if case .github(let github) = origin { return github.offline }
            return false
        }
    }
}
