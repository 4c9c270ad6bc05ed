internal import ArgumentParser
import Foundation
import GitHubData
import RepodigestConfiguration
import SiteRenderer
import UseCases

/// `repodigest build`: gather, translate, render, validate, publish.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site and publish it into the output folder.",
        discussion: """
            The site is validated before it is published; if any page fails, the previous
            site stays exactly as it was and the findings are printed (exit code 4).
            """
    )

    @OptionGroup var options: BuildOptions

    func run() async throws {
        let console = Console(quiet: options.quiet, format: options.logFormat)
        let interruption = PublishInterruption()
        try await build(console: console, interruption: interruption, signals: InterruptHandler(interruption, console: console))
    }

    /// One build. `serve` runs it with no signal handler of its own: it stops on its own
    /// signal stream, once the build under way has finished.
    func build(console: Console, interruption: PublishInterruption = PublishInterruption(), signals: InterruptHandler? = nil) async throws {
        do {
            let (configuration, configurationBytes) = try options.loadConfigurationAndBytes()
            let theme = try options.loadTheme(configuration)
            let output = URL(fileURLWithPath: options.output)
            let writer = SiteWriter(output: output, interruption: interruption)
            try options.checkFolders(output: output, configuration: configuration)
            let lock = try options.runLock()
            defer { lock?.release() }
            // Two runs with different state folders must not publish into one output either.
            let outputLock = try RunLock.output(writer.lockFile)
            defer { outputLock?.release() }
            let clock = try SystemClock()

            let (sources, request) = try await gathering(configuration, console: console)
            let history = sources.history
            let live = sources.live
            let stamp = BuildStamp(options: options, configuration: configurationBytes, theme: theme, request: request)
            let published = options.force ? nil : writer.publishedStamp()
            // From the cache or the sample, the inputs are known before anything is read.
            if options.offline || live == nil, let published,
                let inputs = stamp.inputs(try await reading(of: sources), recording: false), BuildStamp.inputs(of: published) == inputs {
                return upToDate(output, console: console)
            }
            let result = try await BuildDigest(source: sources.source, clock: clock, history: history).build(request)
            let site = result.site
            if let live { report(live, console: console) }
            for name in result.goneFavourites {
                console.warning("favourite \(name): GitHub has no such repository (HTTP 404); it may be deleted or private. "
                    + "Left out; remove it with `repodigest favourites remove \(name)` or from the configuration")
            }
            let found = BuildStamp.result(result.snapshot, gone: result.goneFavourites)
            // Read once every answer is in (all 304s leave the cache as it was). A build with
            // stale data carries notices dated against this run: never up to date, never
            // stamped, so the next run builds again whatever it finds.
            let reading = try await reading(of: sources)
            let stale = !(live?.report.stale.isEmpty ?? true)
            if live != nil, !stale, let published, let inputs = stamp.inputs(reading, recording: false),
                published == BuildStamp.line(inputs: inputs, result: found) {
                // No run is recorded, but a full read of the starred lists still defers the next one.
                if result.snapshot.starredListComplete { try await history.noteCompleteStarredRead(at: result.snapshot.takenAt) }
                return upToDate(output, console: console)
            }
            let line = stale ? nil : stamp.inputs(reading, recording: true).map { BuildStamp.line(inputs: $0, result: found) }

            console.info("Rendering with the '\(theme.name)' theme…")
            // Each file is rendered, checked and staged in one go; only a site whose every
            // file passed is published.
            let bar = console.progress("Writing")
            let outcome = try await SiteBuild(
                generator: SiteGenerator(theme: theme, baseURL: configuration.baseURL), writer: writer
            ).run(site, readmes: result.readmes, stamp: line, progress: Self.writeProgress(bar))
            bar?.finish()
            guard case .published(let report, let files) = outcome else {
                if case .invalid(let findings) = outcome {
                    findings.forEach { console.error($0.description) }
                    console.error("\(findings.count) finding(s): nothing was published; \(options.output) is unchanged")
                }
                throw ExitStatus.invalidOutput
            }
            report.notes.forEach { console.warning($0) }
            let kept = report.kept > 0 ? ", \(report.kept) kept (not written by repodigest)" : ""
            console.info(
                "Published \(files) files to \(options.output) "
                    + "(\(report.written) written, \(report.unchanged) unchanged, \(report.removed) removed\(kept)).",
                fields: ["output": options.output, "files": files, "written": report.written,
                         "unchanged": report.unchanged, "removed": report.removed, "kept": report.kept])
            console.result(output.appending(path: "index.html").standardizedFileURL.path)
            // Only a published build becomes the next run's "previous".
            try await history.record(result.snapshot)
            try await history.prune(before: clock.now.addingTimeInterval(-Double(configuration.historyDays) * 86_400))
            if let live, !live.report.stale.isEmpty {
                console.warning("published, but \(live.report.stale.count) resource(s) could not be refreshed; their previous data was kept")
                throw ExitStatus.partial
            }
        } catch let error as ConfigurationError {
            console.error(error.description)
            throw ExitStatus.usage
        } catch let error as StateError {
            console.error(error.description)
            throw ExitStatus.usage
        } catch let error as RunLockError {
            console.error(error.description)
            if case .held = error { throw ExitStatus.locked }
            throw ExitStatus.usage
        } catch let error as ThemeError {
            console.error(error.description)
            throw ExitStatus.usage
        } catch let error as PublishError {
            if error == .interrupted { signals?.awaitExit() }
            console.error(error.description)
            throw ExitStatus.usage
        } catch let error as UseCaseFailure {
            console.error(error.description)
            throw (error.underlying as? GitHubDataError)?.isAuthenticationOrRateLimit == true
                ? ExitStatus.unauthorised : ExitStatus.usage
        } catch let error as GitHubDataError {
            console.error(error.description)
            throw error.isAuthenticationOrRateLimit ? ExitStatus.unauthorised : ExitStatus.usage
        }
    }
}
