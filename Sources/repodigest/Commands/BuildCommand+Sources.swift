import GitHubData
import RepodigestConfiguration
import UseCases

extension BuildCommand {
    /// Where a build's data comes from, and the history it compares with.
    struct Sources {
        var source: any RepositorySource
        var history: any HistoryStore
        /// The live store, for its report of what the run cost; nil for the sample.
        var live: GitHubDataStore?
        /// The state folder's stores; nil for the sample.
        var state: StateStores?
    }

    /// The bundled sample with its day-before history (no state read or written), or GitHub
    /// with the state folder's history and the favourites added there, shown together with
    /// the configuration's.
    func gathering(_ configuration: Configuration, console: Console) async throws -> (Sources, BuildDigest.Request) {
        var request = configuration.digestRequest
        request.fullRefresh = options.full
        if options.sample {
            console.info("Gathering repositories from the bundled sample…")
            return (Sources(source: SampleDataStore(), history: SampleHistory()), request)
        }
        let state = try StateStores(folder: try options.stateDirectory(), warn: console.warning)
        request.favourites = try await ManageFavourites(store: state.favourites, source: nil)
            .list(configured: configuration.favourites)
        // From the cache alone nothing can turn stale, so READMEs are read as their pages
        // are rendered instead of all held at once.
        request.defersReadmes = options.offline
        let live = try await liveStore(configuration, console: console)
        return (Sources(source: live, history: state.history, live: live, state: state), request)
    }
}
