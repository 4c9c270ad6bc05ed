internal import ArgumentParser
import Foundation
import GitHubData
import RepodigestConfiguration
import SiteRenderer

/// Options shared by every command that builds a site.
struct BuildOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The configuration file. Default: ./repodigest.toml; with --sample, the sample's own.", valueName: "file"))
    var config: String?

    @Flag(name: .long, help: "Build from the sample data bundled in the binary: no token, no network.")
    var sample = false

    // Optional, with the default said in the help, as the man page shows no other default.
    @Option(
        name: .customLong("output"), help: ArgumentHelp("Where to publish the site. Default: Output.", valueName: "dir")
    )
    var outputOption: String?
    var output: String { outputOption ?? "Output" }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A built-in theme's name, or a theme folder. Default: the configuration's theme.", valueName: "name|dir"))
    var theme: String?

    @Option(
        name: .customLong("api-url"),
        help: ArgumentHelp(
            "The GitHub API root: GitHub Enterprise (https://HOST/api/v3) or a test server. "
                + "Default: [github] api_url, else https://api.github.com.", valueName: "url"))
    var apiURL: String?

    @Option(
        name: .customLong("state-dir"),
        help: ArgumentHelp(
            "Where the response cache and other state live. "
                + "Default: $XDG_STATE_HOME/repodigest, else ~/.local/state/repodigest.", valueName: "dir"))
    var stateDir: String?

    @Flag(name: .long, help: "Send no request: build from what earlier runs cached.")
    var offline = false

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Ask again for every repository's releases and README, "
                + "not only for those pushed to since they were cached."))
    var full = false

    @Flag(name: .long, help: "Render and publish even when nothing changed since the published build.")
    var force = false

    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp(
            "The address the site is published at, ending in '/' (overrides base_url); for feeds, the sitemap, canonical links and link previews (Open Graph).",
            valueName: "url"))
    var baseURL: String?

    @Flag(name: .long, help: "Print only warnings and errors.")
    var quiet = false

    @Option(
        name: .customLong("log-format"),
        help: ArgumentHelp(
            "text (the default), or json: one JSON object per line (time, level, message, fields) for log collectors.",
            valueName: "format"))
    var logFormatOption: Console.Format?
    var logFormat: Console.Format { logFormatOption ?? .text }

    /// Options that contradict one another, or do nothing with the others, are refused rather
    /// than ignored: `--offline --full` would send no request and ask for nothing again, and
    /// `--sample` sends none at all, so a flag about requests beside it is a mistake to name.
    func validate() throws {
        if offline, full {
            throw ValidationError(
                "--full asks GitHub again for every repository's details and --offline sends no request: give one")
        }
        if sample {
            let unused = [(apiURL != nil, "--api-url"), (offline, "--offline"), (full, "--full")]
                .filter(\.0).map(\.1)
            guard unused.isEmpty else {
                throw ValidationError(
                    "\(unused.joined(separator: ", ")) with --sample: the sample is bundled in the binary and sends no "
                        + "request; leave \(unused.count == 1 ? "it" : "them") out")
            }
        }
    }

    /// `--state-dir`, else the XDG state home's `repodigest` folder.
    func stateDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ConfigurationError)
        -> URL
    {
        try Self.stateDirectory(stateDir, environment: environment)
    }

    /// The state folder `--state-dir DIR` (nil when not given) means; shared with `favourites`.
    static func stateDirectory(_ stateDir: String?, environment: [String: String]) throws(ConfigurationError) -> URL {
        if let stateDir {
            try refuseEmpty(stateDir: stateDir)
            return URL(fileURLWithPath: stateDir)
        }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appending(path: "repodigest")
        }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw ConfigurationError(
                source: "HOME", message: "not set, so there is no default state folder; pass --state-dir DIR")
        }
        return URL(fileURLWithPath: home).appending(path: ".local/state/repodigest")
    }

    /// An empty `--state-dir` would be read as the current folder: a state file and a lock
    /// dropped wherever the command ran. Refused, as an empty `--output` is.
    static func refuseEmpty(stateDir: String?) throws(ConfigurationError) {
        guard stateDir?.isEmpty == true else { return }
        throw ConfigurationError(
            source: "--state-dir", message: "an empty path; name the folder for the cache and history")
    }

    /// The configuration in force: `--config`, else the sample's with `--sample`, else `./repodigest.toml`.
    func loadConfiguration() throws(ConfigurationError) -> Configuration {
        try loadConfigurationAndBytes().configuration
    }

    /// The configuration in force, and the bytes it was parsed from.
    func loadConfigurationAndBytes() throws(ConfigurationError) -> (configuration: Configuration, bytes: Data) {
        var (configuration, bytes) = try Self.configurationFile(config, sample: sample)
        try applyOverrides(to: &configuration)
        return (configuration, bytes)
    }

    /// The configuration `--config FILE` (nil when not given) means, as the file says; shared
    /// with `favourites`.
    static func configurationFile(_ config: String?, sample: Bool) throws(ConfigurationError) -> (
        configuration: Configuration, bytes: Data
    ) {
        if config == nil && sample {
            let configuration = try Configuration(toml: SampleDataStore.configuration, source: "sample repodigest.toml")
            return (configuration, Data(SampleDataStore.configuration.utf8))
        }
        if config?.isEmpty == true {
            throw ConfigurationError(source: "--config", message: "an empty path; name the configuration file")
        }
        let path = config ?? "repodigest.toml"
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            // Not opened at all: a FIFO would wait for a writer, a device may never end.
            throw ConfigurationError(
                source: path, message: "cannot read the configuration file: \(whyUnreadable(path))")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let missing = stat(path, &status) != 0 && errno == ENOENT
            throw ConfigurationError(
                source: path,
                message: config == nil && missing
                    ? "no configuration file here; pass --config FILE, or --sample to build the bundled sample"
                    : "cannot read the configuration file: \(whyUnreadable(path))")
        }
        return (try Configuration(tomlBytes: data, source: path), data)
    }

    /// Why a file could not be read, as the system says it ("no such file or directory",
    /// "permission denied", for the file or a folder on its way), or that it is a folder.
    private static func whyUnreadable(_ path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { return String(cString: strerror(errno)).lowercased() }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return "it is a folder"
        case S_IFREG: break
        case S_IFIFO: return "it is a FIFO, not a file"
        case S_IFSOCK: return "it is a socket, not a file"
        default: return "it is a device, not a file"
        }
        return access(path, R_OK) == 0 ? "reading it failed" : String(cString: strerror(errno)).lowercased()
    }

    /// What the command line says over the configuration file.
    private func applyOverrides(to configuration: inout Configuration) throws(ConfigurationError) {
        if let baseURL {
            if !baseURL.isEmpty, let problem = Configuration.baseURLProblem(baseURL) {
                throw ConfigurationError(source: "--base-url", message: problem)
            }
            configuration.baseURL = baseURL
        }
    }

    /// `--theme`, else the configuration's: a built-in name, or a path to a theme folder.
    /// A theme that cannot be found is reported where it was named: the option, or the
    /// configuration's file and line.
    func loadTheme(_ configuration: Configuration) throws(ConfigurationError) -> Theme {
        let name = theme ?? configuration.theme
        do throws(ThemeError) {
            if let folder = Self.themeFolder(name, relativeTo: themeBase) {
                if let problem = RealPath.folderProblem(folder) {
                    throw .unreadable(
                        path: folder.standardizedFileURL.path,
                        reason: problem + " (expected a built-in theme's name or a theme folder)")
                }
                return try Theme(directory: folder)
            }
            return try Theme.builtIn(name)
        } catch {
            // A mistake in a theme's file is said at that file's line, as a template's is.
            if case .manifest(let file, let line, let column, let reason) = error {
                throw ConfigurationError(
                    source: file, line: line, column: column, message: "theme.toml error: \(reason)")
            }
            // A folder's name that is not there: where it was looked for.
            var lookedIn = ""
            if case .unknownTheme = error {
                let folder = themeBase ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
                lookedIn = " (no folder '\(name)' in \(folder.standardizedFileURL.path))"
            }
            guard theme == nil else {
                throw ConfigurationError(source: "--theme", message: error.description + lookedIn)
            }
            throw ConfigurationError(
                source: configuration.themeSource, line: configuration.themeLine,
                column: configuration.themeLine.map { _ in 1 },
                message: "theme: \(error)\(lookedIn)")
        }
    }

    /// Where a relative theme path is read from: `--theme`'s from the working directory, the
    /// configuration's `theme` from the configuration file's folder (nil: the working
    /// directory), so a run from cron or another folder finds the theme the file names. The
    /// folder of the file itself, links followed (a `~/repodigest.toml` linked to a dotfiles
    /// folder reads its theme beside the real file), so that `../theme` is the folder the
    /// system opens, and the one `serve` watches, not the link's parent.
    var themeBase: URL? {
        guard theme == nil, !sample || config != nil else { return nil }
        return RealPath.of(URL(fileURLWithPath: config ?? "repodigest.toml")).deletingLastPathComponent()
    }

    /// The folder a theme name means, relative paths read from `base` (nil: the working
    /// directory), or nil for a built-in theme's name. A built-in's name is the built-in
    /// theme even beside a folder of that name (`./minimal` is the folder), as in a theme's
    /// `extends`: a folder beside the configuration must not silently stand in for it.
    static func themeFolder(_ name: String, relativeTo base: URL? = nil) -> URL? {
        let path = name.hasPrefix("/") ? name : base.map { $0.appending(path: name).path } ?? name
        var isFolder: ObjCBool = false
        if name.contains("/")
            || (!Theme.builtInNames.contains(name)
                && FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
        {
            return URL(fileURLWithPath: path)
        }
        return nil
    }
}
