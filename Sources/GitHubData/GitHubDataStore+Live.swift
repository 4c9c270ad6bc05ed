public import Foundation

extension GitHubDataStore {
    /// What the composition root decides about the live store.
    public struct Configuration: Sendable {
        public var apiURL: String
        public var token: String?
        /// The environment variable the token came from, named in messages instead of its value.
        public var tokenVariable: String?
        /// Holds `cache.sqlite`; nil runs without a cache.
        public var stateDirectory: URL?
        public var offline = false
        public var concurrency = 4
        public var maxWait: Duration = .seconds(60)
        public var retry = RetryPolicy()
        public var connectTimeout: Duration = .seconds(10)
        public var totalTimeout: Duration = .seconds(60)
        public var userAgent = "repodigest"

        public init(apiURL: String, token: String? = nil, tokenVariable: String? = nil, stateDirectory: URL? = nil) {
            self.apiURL = apiURL
            self.token = token
            self.tokenVariable = tokenVariable
            self.stateDirectory = stateDirectory
        }
    }

    /// The store on libcurl and the SQLite cache in the state directory. Anything worth a
    /// person's attention while opening the cache lands in `warnings`.
    public init(configuration: Configuration, warnings: WarningLog) {
        let client = CurlHTTPClient(
            configuration: CurlHTTPClient.Configuration(
                apiURL: configuration.apiURL, token: configuration.token, userAgent: configuration.userAgent,
                concurrency: configuration.concurrency, connectTimeout: configuration.connectTimeout,
                totalTimeout: configuration.totalTimeout))
        let cache = configuration.stateDirectory.flatMap {
            SQLiteResponseCache.open(at: $0.appending(path: "cache.sqlite"), warnings: warnings)
        }
        self.init(client: client, cache: cache, configuration: configuration)
        self.warnings = warnings
    }

    /// The same store over any client and cache; tests pass their own sleep to wait for nothing.
    init(
        client: any HTTPClient, cache: (any ResponseCache)?, configuration: Configuration,
        sleep: (@Sendable (Duration) async throws -> Void)? = nil, now: (@Sendable () -> Date)? = nil
    ) {
        var api = GitHubAPI(client: client, cache: cache)
        api.settings = GitHubAPI.Settings(
            offline: configuration.offline, maxWait: configuration.maxWait, retry: configuration.retry,
            tokenVariable: configuration.token == nil ? nil : (configuration.tokenVariable ?? "the token"))
        api.waits = RateLimitWaits(allowance: configuration.maxWait)
        api.redactor = Redactor(secrets: [configuration.token])
        if let sleep { api.sleep = sleep }
        if let now { api.now = now }
        self.init(api: api, apiURL: configuration.apiURL, hasToken: configuration.token != nil)
    }
}
