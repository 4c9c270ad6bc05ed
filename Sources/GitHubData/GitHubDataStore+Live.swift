public import Foundation

extension GitHubDataStore {
    /// What the composition root decides about the live store.
    public struct Options: Sendable {
        public var apiURL: String
        public var token: String?
        /// The environment variable the token came from, named in messages instead of its value.
        public var tokenVariable: String?
        /// Holds `cache.sqlite`; nil runs without a cache.
        public var stateDirectory: URL?
        public var offline = false
        public var concurrency = 4
        public var maxWait: Duration = .seconds(60)
        /// How long the run may spend asking GitHub (`max_fetch_seconds`); nil: no bound.
        public var maxFetch: Duration? = .seconds(1_800)
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
    public init(options: Options, warnings: WarningLog) {
        let client = CurlHTTPClient(
            configuration: CurlHTTPClient.Configuration(
                apiURL: options.apiURL, token: options.token, userAgent: options.userAgent,
                concurrency: options.concurrency, connectTimeout: options.connectTimeout,
                totalTimeout: options.totalTimeout))
        let cache = options.stateDirectory.flatMap {
            SQLiteResponseCache.open(at: $0.appending(path: SQLiteResponseCache.fileName), warnings: warnings)
        }
        self.init(client: client, cache: cache, options: options)
        self.warnings = warnings
    }

    /// The same store over any client and cache; tests pass their own sleep to wait for nothing.
    init(
        client: any HTTPClient, cache: (any ResponseCache)?, options: Options,
        sleep: (@Sendable (Duration) async throws -> Void)? = nil, now: (@Sendable () -> Date)? = nil
    ) {
        var api = GitHubAPI(client: client, cache: cache)
        api.settings = GitHubAPI.Settings(
            offline: options.offline, maxWait: options.maxWait, retry: options.retry,
            tokenVariable: options.token == nil ? nil : (options.tokenVariable ?? "the token"))
        api.waits = RateLimitWaits(allowance: options.maxWait)
        api.redactor = Redactor(secrets: [options.token])
        if let sleep { api.sleep = sleep }
        if let now { api.now = now }
        api.settings.fetchTime = options.maxFetch.map { ($0, api.now().addingTimeInterval($0.timeInterval)) }
        self.init(api: api, apiURL: options.apiURL, hasToken: options.token != nil)
    }
}
