/// How often and how patiently a failed request is tried again: exponential backoff with
/// jitter, so that many clients failing together do not come back together.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    public var baseDelay: Duration
    public var maxDelay: Duration

    public init(maxAttempts: Int = 4, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(8)) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// Before attempt `attempt + 1`: half of base·2^(attempt-1) (capped), plus up to as much again at random.
    public func delay(after attempt: Int) -> Duration {
        let exponential = baseDelay * (1 << min(max(0, attempt - 1), 20))
        let ceiling = min(exponential, maxDelay)
        return ceiling / 2 + ceiling / 2 * Double.random(in: 0...1)
    }
}
