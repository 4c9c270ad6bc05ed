internal import ArgumentParser
import BuildPipeline
import Foundation
import RepodigestConfiguration
import SiteRenderer

extension BuildOptions {
    /// One build with these options, as `build` runs it: the pipeline, then what it did on the
    /// console. Its exit code. (`serve` runs `buildWithFailureLines`, below, for the failure's lines too.)
    /// - Parameters:
    ///   - interruption: what a signal handler tells to stop the build.
    ///   - signals: the handler, which ends the process once an interrupted build has tidied up.
    func build(
        console: Console, interruption: PublishInterruption = PublishInterruption(), signals: (any SignalStop)? = nil
    ) async -> ExitCode {
        await buildWithFailureLines(console: console, interruption: interruption, signals: signals).code
    }

    /// One build, as `build` runs it, and what went wrong in lines, for `serve` to show in the
    /// open page; the lines are nil unless nothing was published (exit 1: the configuration,
    /// the theme, a source with nothing cached, the output folder; 3: GitHub refused the
    /// token or the rate limit is spent; 4: the output failed validation; 75: a lock held).
    /// - Parameter outputLockHeld: the caller holds the output's lock (`serve`).
    func buildWithFailureLines(
        console: Console, interruption: PublishInterruption = PublishInterruption(), signals: (any SignalStop)? = nil,
        outputLockHeld: Bool = false
    ) async -> (code: ExitCode, failure: [String]?) {
        do {
            var settings = try pipelineSettings()
            settings.interruption = interruption
            settings.outputLockHeld = outputLockHeld
            let pipeline = BuildPipeline(settings: settings, events: ConsoleEvents(console), clock: try SystemClock())
            switch try await pipeline.run() {
            case .upToDate(let index):
                console.info(
                    "Up to date: nothing changed since the published build, so \(output) is as it was (--force rebuilds).",
                    fields: ["output": output, "upToDate": true])
                console.published(index.path)
                return (ExitStatus.success, nil)
            case .published(let published):
                let report = published.report
                published.warnings.forEach(console.warning)
                let kept = report.kept > 0 ? ", \(report.kept) kept (not written by repodigest)" : ""
                console.info(
                    "Published \(published.files) files to \(output) "
                        + "(\(report.written) written, \(report.unchanged) unchanged, \(report.removed) removed\(kept)).",
                    fields: [
                        "output": output, "files": published.files, "written": report.written,
                        "unchanged": report.unchanged, "removed": report.removed, "kept": report.kept,
                    ])
                console.published(published.index.path)
                published.problems.forEach(console.warning)
                if published.staleSources > 0 {
                    console.warning(
                        "published, but \(published.staleSources) resource(s) could not be refreshed; the warnings above say "
                            + "which, and whether an earlier copy was shown or, with none, it was left out "
                            + "(or, for a list whose Link went wrong, shown as far as it was read)"
                    )
                }
                return (
                    published.staleSources > 0 || !published.problems.isEmpty ? ExitStatus.partial : ExitStatus.success,
                    nil
                )
            }
        } catch {
            // The handler is removing the staging folder and ends the process: returning first
            // would exit with 1 and leave it half removed.
            if case .interrupted? = (error as? BuildFailure)?.underlying as? PublishError { signals?.awaitExit() }
            let code = console.fail(error)
            // Every failure's lines, for `serve` to show in place of the site: GitHub refusing
            // the token or a spent rate limit (3) too, which otherwise reloaded the open pages
            // onto the site as it was and took the page saying why away.
            return (code, Console.failureLines(error))
        }
    }

    /// What the pipeline is to build: the options resolved against the configuration.
    func pipelineSettings(environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> BuildPipeline.Settings
    {
        // Refused before anything is read, locked or sent.
        let token = sample ? nil : try GitHubToken.fromEnvironment(environment)
        let (configuration, bytes) = try loadConfigurationAndBytes()
        let theme = try loadTheme(configuration)
        // The sample reads no state; the folder is only where the run lock goes, if any.
        let state =
            sample ? try? stateDirectory(environment: environment) : try stateDirectory(environment: environment)
        try checkFolders(output: URL(fileURLWithPath: output), state: state, configuration: configuration, theme: theme)
        if offline, let state, !FileManager.default.fileExists(atPath: state.path) {
            // Said before the lock would make the folder and the stores their empty files.
            throw ConfigurationError(
                source: "--offline",
                message: "the state folder \(state.path) does not exist, so nothing is cached to build from; "
                    + "run once without --offline (or name the folder earlier runs used with --state-dir)")
        }
        let origin: BuildPipeline.Settings.Origin = sample ? .sample : .github(try github(configuration, token: token))
        var settings = BuildPipeline.Settings(
            configuration: configuration, configurationBytes: bytes, theme: theme, output: URL(fileURLWithPath: output),
            stateDirectory: state, origin: origin,
            shapingOptions: "sample=\(sample) api=\(apiURL ?? "-") base=\(baseURL ?? "-") theme=\(self.theme ?? "-")",
            program: Self.program, sourceDateEpoch: SystemClock.sourceDateEpoch(in: environment))
        settings.force = force
        settings.fullRefresh = full
        return settings
    }

    /// How to reach GitHub: `--api-url` or the configuration's, the token from the environment.
    func github(_ configuration: Configuration, token: GitHubToken?) throws -> BuildPipeline.Settings.GitHub {
        try Self.github(apiURL: apiURL, configuration, token: token, offline: offline)
    }

    /// How to reach GitHub at `--api-url URL` (nil when not given: the configuration's
    /// `api_url`): the one check of every command that takes `--api-url` (`build`, `serve`,
    /// each `favourites` command, which sends nothing but for `add` and says `offline` then),
    /// so that each refuses the same URLs with the same message. `--api-url` must be an
    /// absolute http(s) URL as `api_url` must (`Configuration.apiURLProblem`). A token goes
    /// only over https, or over http to this machine (a test server, a proxy on loopback):
    /// elsewhere plain http would carry it across the network for anyone on the way to read;
    /// with no token, or none sent (`offline`), plain http carries no secret and is taken.
    static func github(
        apiURL option: String?, _ configuration: Configuration, token: GitHubToken?, offline: Bool
    ) throws(ConfigurationError) -> BuildPipeline.Settings.GitHub {
        if let option, let problem = Configuration.apiURLProblem(option) {
            throw ConfigurationError(source: "--api-url", message: "the API URL \(problem)")
        }
        let apiURL = option ?? configuration.apiURL
        // Where the API URL in force was named, which an error names: `--api-url`, or the
        // configuration's file and line.
        let origin: (source: String, line: Int?) =
            option != nil ? ("--api-url", nil) : (configuration.apiURLSource, configuration.apiURLLine)
        if let token, !offline, let url = URLComponents(string: apiURL), url.scheme?.lowercased() == "http",
            !Loopback.isHost(url.host ?? "")
        {
            throw ConfigurationError(
                source: origin.source, line: origin.line, column: origin.line.map { _ in 1 },
                message: "the API URL \(apiURL) is plain http to another machine, so the token (\(token.variable)) "
                    + "would cross the network unencrypted; use https (http is for this machine only: localhost, "
                    + "127.0.0.1, ::1)")
        }
        return BuildPipeline.Settings.GitHub(
            apiURL: apiURL, token: token.map { ($0.value, $0.variable) }, offline: offline,
            userAgent: "repodigest/\(Repodigest.configuration.version)")
    }

    /// This program's version and file, so that a rebuilt binary counts as a new input.
    static var program: String {
        var exe = stat()
        let file =
            stat("/proc/self/exe", &exe) == 0
            ? "\(exe.st_ino) \(exe.st_size) \(exe.st_mtim.tv_sec).\(exe.st_mtim.tv_nsec)" : "?"
        return "\(Repodigest.configuration.version) \(file)"
    }
}
