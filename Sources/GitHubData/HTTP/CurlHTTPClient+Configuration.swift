extension CurlHTTPClient {
    /// How the client talks to the API. The token is sent to `apiURL`'s origin only.
    public struct Configuration: Sendable {
        /// The API root, e.g. `https://api.github.com` or `https://ghe.example/api/v3`.
        public var apiURL: String
        public var token: String?
        public var userAgent: String
        /// Requests in flight at once, never more. GitHub asks clients not to flood it.
        public var concurrency: Int
        public var connectTimeout: Duration
        /// The whole exchange, connect to last byte.
        public var totalTimeout: Duration
        public var maxRedirects: Int
        /// Bodies larger than this are refused rather than held in memory.
        public var maxBodyBytes: Int
        /// All header lines of an answer together; GitHub sends a few KiB. Past this the
        /// transfer stops with a message naming the bound, not libcurl's "out of memory".
        public var maxHeaderBytes: Int
        /// How long a connection may sit unused and still be used again (libcurl's
        /// `CURLOPT_MAXAGE_CONN`, whose own default this is): past it, the next request opens
        /// a new one.
        public var idleConnectionLifetime: Duration = .seconds(118)

        public init(
            apiURL: String, token: String? = nil, userAgent: String = "repodigest",
            concurrency: Int = 4, connectTimeout: Duration = .seconds(10),
            totalTimeout: Duration = .seconds(60), maxRedirects: Int = 5,
            maxBodyBytes: Int = 32 << 20, maxHeaderBytes: Int = 64 << 10
        ) {
            self.apiURL = apiURL
            self.token = token
            self.userAgent = userAgent
            self.concurrency = max(1, concurrency)
            self.connectTimeout = connectTimeout
            self.totalTimeout = totalTimeout
            self.maxRedirects = maxRedirects
            self.maxBodyBytes = maxBodyBytes
            self.maxHeaderBytes = maxHeaderBytes
        }
    }
}
