import Foundation
import GitHubData
import RepodigestConfiguration

extension BuildCommand {
    /// The live store: libcurl to `--api-url` (or the configuration's), the token from the
    /// environment, the response cache in the state folder. Asks `/rate_limit` first, so a
    /// spent budget ends the run before anything is fetched.
    func liveStore(_ configuration: Configuration, console: Console) async throws -> GitHubDataStore {
        let token = GitHubToken()
        var settings = GitHubDataStore.Configuration(
            apiURL: try options.apiURL(configuration), token: token?.value, tokenVariable: token?.variable,
            stateDirectory: try options.stateDirectory())
        settings.offline = options.offline
        settings.concurrency = configuration.concurrency
        settings.maxWait = .seconds(configuration.maxWaitSeconds)
        settings.userAgent = "repodigest/\(Repodigest.configuration.version)"
        let warnings = WarningLog()
        let store = GitHubDataStore(configuration: settings, warnings: warnings)
        warnings.all.forEach(console.warning)

        if options.offline {
            console.info("Gathering repositories from the cache in \(settings.stateDirectory?.path ?? "-") (offline)…")
            return store
        }
        console.info("Gathering repositories from \(settings.apiURL) \(token.map { "with the token in \($0.variable)" } ?? "without a token")…")
        do {
            if let budget = try await store.checkRateLimit() {
                console.info("Rate limit: \(budget.remaining) requests left, refilled at \(budget.reset.formatted(.iso8601)).")
            }
        } catch let error as GitHubDataError where !error.isAuthenticationOrRateLimit {
            // Not knowing the budget is no reason to stop: every answer reports it again.
            console.warning("\(error)")
        }
        return store
    }

    /// One line on what the run cost: a cron run that found nothing new shows only 304s.
    func report(_ store: GitHubDataStore, console: Console) {
        let report = store.report
        // Cached answers are decoded again offline, so their warnings stand in every run.
        report.dataWarnings.forEach(console.warning)
        if options.offline {
            console.info("Built offline from \(report.servedOffline) cached answers.")
            return
        }
        console.info(
            "GitHub: \(report.requests) requests, \(report.notModified) answered 304 Not Modified, "
                + "\(report.retries) retried.")
        for resource in report.cutShort {
            console.warning("\(resource): the list offers more pages than repodigest reads from one list; only the first ones are shown")
        }
        for stale in report.stale {
            console.warning("\(stale.resource): \(stale.reason); using the copy fetched \(stale.fetchedAt.formatted(.iso8601))")
        }
    }
}
