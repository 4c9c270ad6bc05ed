import Entities
public import Foundation
public import GitHubData
public import RepodigestConfiguration
import UseCases

extension BuildPipeline {
    /// What `openSources` opened: where the build's data comes from, the history it compares
    /// with, and what to build. Nothing is fetched yet: `BuildDigest` asks the source.
    struct Sources: Sendable {
        var source: any RepositorySource
        var history: any HistoryStore
        /// The live store, for its report of what the run cost; nil for the sample.
        var live: GitHubDataStore?
        /// The state folder's stores; nil for the sample.
        var state: StateStores?
        var request: BuildDigest.Request

        /// Some source failed and its previous data was kept, or, with none, was left out.
        var isStale: Bool { !(live?.report.stale.isEmpty ?? true) }

        /// What the data and the history are now, for comparing with the published stamp: the
        /// bundled sample never changes; GitHub's data is the cache's generation, and the
        /// history is its newest run.
        func reading() async throws -> BuildStamp.Reading {
            guard let live, let state else { return .init(data: "sample", newestRun: nil) }
            return .init(data: await live.dataGeneration(), newestRun: try await state.latestRunID())
        }
    }

    /// The bundled sample with its day-before history (no state read or written), or GitHub
    /// with the state folder's history and the favourites added there, shown together with
    /// the configuration's; of GitHub, only `/rate_limit` is asked here.
    /// - Parameter prepared: `Settings.digestRequest()`, if the caller read the catalogues already.
    func openSources(_ prepared: (BuildDigest.Request, warnings: [String])? = nil) async throws -> Sources {
        settings.configuration.warnings.forEach(events.warning)
        var (request, warnings) = try prepared ?? settings.digestRequest()
        warnings.forEach(events.warning)
        request.detailRefresh.everything = settings.fullRefresh
        guard case .github(let github) = settings.origin else {
            events.info("Gathering repositories from the bundled sample…", fields: [:])
            return Sources(source: SampleDataStore(), history: SampleHistory(), request: request)
        }
        guard let folder = settings.stateDirectory else {
            throw ConfigurationError(
                source: "the state folder", message: "a build from GitHub needs one, for its cache and history")
        }
        let events = self.events
        let state = try StateStores(folder: folder, warn: { events.warning($0) })
        request.favourites = try await ManageFavourites(store: state.favourites, source: nil)
            .list(configured: settings.configuration.favourites)
        let live = try await Self.liveStore(
            github, configuration: settings.configuration, stateDirectory: folder, events: events)
        return Sources(source: live, history: state.history, live: live, state: state, request: request)
    }

    /// The live store: libcurl to the API, the token, the response cache in the state folder.
    /// Asks `/rate_limit` first, so a spent budget ends the run before anything is fetched.
    /// Also what `favourites add` checks a repository with.
    public static func liveStore(
        _ github: Settings.GitHub, configuration: Configuration, stateDirectory: URL, events: any BuildEvents
    ) async throws -> GitHubDataStore {
        var settings = GitHubDataStore.Options(
            apiURL: github.apiURL, token: github.token?.value, tokenVariable: github.token?.variable,
            stateDirectory: stateDirectory)
        settings.offline = github.offline
        settings.concurrency = configuration.concurrency
        settings.maxWait = .seconds(configuration.maxWaitSeconds)
        settings.maxFetch = .seconds(configuration.maxFetchSeconds)
        settings.userAgent = github.userAgent
        let warnings = WarningLog()
        let store = GitHubDataStore(options: settings, warnings: warnings)
        store.untoldWarnings().forEach(events.warning)

        if github.offline {
            events.info("Gathering repositories from the cache in \(stateDirectory.path) (offline)…", fields: [:])
            return store
        }
        let with = github.token.map { "with the token in \($0.variable)" } ?? "without a token"
        events.info("Gathering repositories from \(settings.apiURL) \(with)…", fields: [:])
        do {
            if let budget = try await store.checkRateLimit() {
                events.info(
                    "Rate limit: \(budget.remaining) requests left, refilled at \(budget.reset.formatted(.iso8601)).",
                    fields: [:])
            }
        } catch let error as GitHubDataError where !error.isAuthenticationOrRateLimit {
            // Not knowing the budget is no reason to stop: every answer reports it again.
            events.warning("\(error)")
        }
        return store
    }

    /// What fetching told, once every answer is in: the data's warnings, the lists cut short,
    /// what could not be refreshed, and one line on what the run cost (a cron run that found
    /// nothing new shows only 304s).
    func reportFetching(of store: GitHubDataStore) {
        let report = store.report
        store.untoldWarnings().forEach(events.warning)
        // Cached answers are decoded again offline, so their warnings stand in every run.
        report.dataWarnings.forEach(events.warning)
        if report.moreDataWarnings > 0 {
            events.warning("… and \(report.moreDataWarnings) more such warnings about the data GitHub sent")
        }
        if settings.isOffline {
            events.info("Built offline from \(report.servedOffline) cached answers.", fields: [:])
        } else {
            events.info(
                "GitHub: \(report.requests) requests, \(report.notModified) answered 304 Not Modified, \(report.retries) retried; "
                    + "\(report.kept) answers of repositories not pushed to taken from the cache "
                    + "(their releases; a README is read only for a page that changed).",
                fields: [:])
            for resource in report.cutShort {
                events.warning(
                    "\(resource): the list offers more pages than repodigest reads from one list; only the first ones are shown"
                )
            }
        }
        // Offline too: a repository's releases or README no run fetched (a live run left them out).
        warnStale(report.stale)
    }

    /// Each resource refreshing failed for: the copy shown instead, or none, left out. (A list
    /// read only in part was said as its `Link` was found wrong, among the data's warnings.)
    private func warnStale(_ stale: [StaleData]) {
        for stale in stale where !stale.isPartial {
            guard let fetchedAt = stale.fetchedAt else {
                events.warning(
                    "\(stale.resource): \(stale.reason), and no earlier copy is cached; left out of this build")
                continue
            }
            events.warning(
                "\(stale.resource): \(stale.reason); using the copy fetched \(fetchedAt.formatted(.iso8601))")
        }
    }
}
