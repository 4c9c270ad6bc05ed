import Entities
import Foundation
import GitHubData
import ParallelWork
import RepodigestConfiguration
import SiteRenderer
public import UseCases

/// One build, as named steps (`BuildFailure.Step`; ARCHITECTURE.md draws them): check the
/// configuration, take the locks, check the output, open the sources, decide whether anything
/// changed, digest (fetch and translate), decide again once GitHub has answered,
/// render-check-stage and publish, record the run, prune the cache. Every command that builds (`build`,
/// `serve`) runs this and only prints what it returns; each step's failure comes back as a
/// `BuildFailure` naming the step, and `ExitStatus` turns it into the exit code.
///
/// Why a layer of its own rather than a use case: the steps join the layers (the data
/// layer's cache generation, the renderer's published stamp, the use cases' digest), which a
/// use case may not import; and rather than in the command: so the decisions here can be
/// unit-tested, and `serve` runs the same build without building a command.
public struct BuildPipeline: Sendable {
    public var settings: Settings
    let events: any BuildEvents
    let clock: any UseCases.Clock

    public init(settings: Settings, events: any BuildEvents, clock: any UseCases.Clock) {
        self.settings = settings
        self.events = events
        self.clock = clock
    }

    public func run() async throws(BuildFailure) -> BuildOutcome {
        // Before the locks: a build that cannot be made touches nothing, not even a lock file.
        if let problem = settings.configurationProblem { throw BuildFailure(step: .check, underlying: problem) }
        let request = try await step(.check) { try settings.digestRequest() }
        let locks = try await step(.lock) { try takeLocks() }
        defer { locks.forEach { $0.release() } }
        // An output that can never be published into is said before GitHub is asked.
        try await step(.output) { try writer.checkBeforeBuilding() }
        return try await run(try await step(.open) { try await openSources(request) })
    }

    /// The steps once the sources are open (tests give fakes).
    func run(_ sources: Sources) async throws(BuildFailure) -> BuildOutcome {
        let writer = self.writer
        let stamp = BuildStamp(settings: settings, favourites: sources.request.favourites)
        let publishedStamp = settings.force ? nil : writer.publishedStamp()

        // From the cache or the sample, the inputs are known before anything is read. Up to
        // date also needs the published files as that build left them (read only then: a run
        // with news need not walk the site for it).
        if sources.live == nil || settings.isOffline,
            try await step(
                .decide,
                { try await UpToDate.before(published: publishedStamp, stamp: stamp, reading: sources.reading()) }),
            writer.publishedIsWhole()
        {
            return upToDate()
        }

        // The published folder and the spare are read while GitHub is asked: at 10,000 pages
        // they take a tenth of a second to walk, which gathering, waiting on GitHub at first,
        // leaves a core free for.
        let ahead = Task { writer.readAhead() }
        // Live: once every request is answered, the same inputs (the cache's generation moves
        // only when an answer's content does) need no reading of what the cache kept.
        let unchanged: @Sendable () async throws -> Bool = {
            guard sources.live != nil,
                UpToDate.before(published: publishedStamp, stamp: stamp, reading: try await sources.reading())
            else { return false }
            return writer.publishedIsWhole(as: await ahead.value)
        }
        // Held as an optional so that it can be let go of once published (`take`), not when
        // this returns: freeing 10,000 pages' models need not hold up the run's last steps.
        var made = try await step(.digest, { try await self.digest(sources, unless: unchanged) })
        guard let found = made.map({ BuildStamp.result($0.snapshot, gone: $0.goneFavourites) }) else {
            return upToDate()
        }
        // Read once every answer is in (all 304s leave the cache as it was). A build with
        // stale data carries notices dated against this run: never up to date, never stamped.
        let reading = try await step(.decide) { try await sources.reading() }
        if sources.live != nil, !sources.isStale,
            UpToDate.after(published: publishedStamp, stamp: stamp, reading: reading, found: found),
            writer.publishedIsWhole(as: await ahead.value)
        {
            return upToDate()
        }
        let newStamp =
            sources.isStale
            ? nil
            : stamp.inputs(reading, recording: made!.hasNews).map { BuildStamp.line(inputs: $0, result: found) }

        var outcome = try await step(.publish) {
            try await publish(made!, into: writer, stamp: newStamp, ahead: await ahead.value)
        }
        let (snapshot, hasNews) = (made!.snapshot, made!.hasNews)
        Parallel.release(made.take())
        // The site is published: from here on a failure is a warning, not "nothing published".
        // A run with no news is not recorded: the next run's news is found against the latest
        // run that had some, whose news this one showed again.
        if hasNews { outcome.problems += await record(snapshot, history: sources.history) }
        outcome.staleSources = sources.live?.report.stale.count ?? 0
        // A live run that read every source has used every answer the site shows: the cache
        // lets go of those no run has used for a month, so it follows the site, not its past.
        if let live = sources.live, !sources.isStale {
            let pruned = await live.pruneCache()
            if pruned > 0 {
                events.info(
                    "Removed \(pruned) cached answers no run has used for \(Int(GitHubDataStore.unusedAnswerLifetime / 86_400)) days (repositories, pages and searches the site no longer shows).",
                    fields: ["pruned": pruned])
            }
        }
        // The cache's warnings since gathering (a write that failed while pages were made).
        sources.live?.untoldWarnings().forEach(events.warning)
        return .published(outcome)
    }

    /// Up to date: nothing to publish. What stopped runs left beside the output (a `kill -9`
    /// just after the swap, a file of the user's that could not be moved back) is cleared as
    /// a publishing run clears it, the user's files going back into the published folder:
    /// hourly runs with nothing new would otherwise leave them out of the site until news came.
    private func upToDate() -> BuildOutcome {
        writer.clearLeftoversUnpublished().forEach(events.warning)
        return .upToDate(index: indexPage)
    }

    /// `index.html` of the output folder, what a person opens.
    var indexPage: URL { settings.output.appending(path: "index.html").standardizedFileURL }

    /// Runs one step, naming it in whatever it throws.
    func step<T>(_ name: BuildFailure.Step, _ body: () async throws -> T) async throws(BuildFailure) -> T {
        do {
            return try await body()
        } catch let failure as BuildFailure {
            throw failure
        } catch {
            throw BuildFailure(step: name, underlying: error)
        }
    }

    var writer: SiteWriter { SiteWriter(output: settings.output, interruption: settings.interruption) }

    /// The locks held for the whole build: the state folder's (a build from the bundled sample
    /// with no state folder to be had runs without it: it reads no state), and the output's,
    /// so that two runs with different state folders never publish into one output.
    private func takeLocks() throws -> [RunLock] {
        let state = try settings.stateDirectory.map { try RunLock(stateDirectory: $0) }
        let output = settings.outputLockHeld ? nil : try RunLock.output(writer.lockFile)
        return [state, output].compactMap { $0 }
    }

    /// Gathers every source and translates it into the site's page models. READMEs are left
    /// out, read only for the pages rendered anew, a batch at a time (`ReadmeLoader`): a run
    /// with one change reads one README, not every one the cache holds.
    private func digest(_ sources: Sources, unless unchanged: @Sendable () async throws -> Bool) async throws
        -> BuildDigest.Result?
    {
        let result = try await BuildDigest(source: sources.source, clock: clock, history: sources.history)
            .build(sources.request, readmes: .streamed, unless: unchanged)
        if let live = sources.live { reportFetching(of: live) }
        guard let result else { return nil }
        for name in result.goneFavourites {
            let gone =
                if case .sample = settings.origin { "the sample holds no such repository" } else {
                    "GitHub has no such repository (HTTP 404 or 410); it may be deleted or private"
                }
            // Where it was named is where it is removed: `favourites remove` refuses one the
            // configuration names.
            let remedy =
                settings.configuration.favourites.contains { $0.name.matches(name) }
                ? "remove it from `favourites` in the configuration"
                : "remove it with `repodigest favourites remove \(name)`"
            events.warning("favourite \(name): \(gone). Left out; \(remedy)")
        }
        let configuration = settings.configuration
        if result.snapshot.repositories.isEmpty, configuration.starredBy.isEmpty, configuration.favourites.isEmpty,
            configuration.owners.isEmpty, configuration.searches.isEmpty, configuration.listsOf.isEmpty
        {
            events.warning(
                "the configuration names no repositories (starred_by, favourites, owners, searches and lists_of "
                    + "under [digest] are all empty, and no favourite was added): the site lists none")
        }
        return result
    }

    /// Renders, checks and stages every file, and publishes the site only if all passed.
    private func publish(
        _ digest: BuildDigest.Result, into writer: SiteWriter, stamp: String?, ahead: SiteWriter.ReadAhead
    ) async throws -> Published {
        events.info("Rendering with the '\(settings.theme.name)' theme…", fields: [:])
        // A page whose inputs are those of its published copy is carried over unrendered,
        // unless forced; a new program or other shaping options render every page again.
        let build = SiteBuild(
            generator: SiteGenerator(theme: settings.theme, baseURL: settings.configuration.baseURL), writer: writer,
            options: "program \(settings.program)\noptions \(settings.shapingOptions)", force: settings.force,
            secrets: settings.secrets)
        let events = self.events
        let outcome = try await build.run(
            digest.site, readmes: digest.readmes, stamp: stamp, ahead: ahead,
            progress: { events.writing($0, of: $1) })
        events.writingFinished()
        switch outcome {
        case .invalid(let findings):
            throw InvalidSite(findings: findings, output: settings.output.path)
        case .published(let report, let files):
            return Published(report: report, files: files, index: indexPage)
        }
    }

    /// Only a published build becomes the next run's "previous". A failure here leaves the
    /// site published and is said as a warning: the next run then compares with the run
    /// before, and reports these changes again rather than losing them.
    private func record(_ snapshot: RunSnapshot, history: any HistoryStore) async -> [String] {
        do {
            try await history.record(snapshot)
            // Runs are forgotten by the earlier of the run's time and this machine's clock: one
            // run dated ahead with `SOURCE_DATE_EPOCH` (the year 9999) would otherwise forget
            // every run before it. A run dated more than a day past the clock (that one, once
            // the clock is back) is forgotten as soon as two later runs are kept; a day, so
            // that machines a little apart that share a state folder forget nothing.
            let days = Double(settings.configuration.historyDays)
            let now = Date()
            try await history.prune(
                before: min(clock.now, now).addingTimeInterval(-days * 86_400), after: now.addingTimeInterval(86_400))
            return []
        } catch {
            let file = settings.stateDirectory.map { " in \($0.appending(path: StateStores.fileName).path)" } ?? ""
            return [
                "the site is published, but recording this run\(file) failed: \(error); the next run reports these changes again"
            ]
        }
    }
}
