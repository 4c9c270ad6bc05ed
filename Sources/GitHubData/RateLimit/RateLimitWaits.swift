import Foundation

/// How long the whole run may sit waiting for rate limits, `max_wait_seconds`, shared by
/// every request and every retry: without it a `Retry-After: 30` on each of three tries
/// waits 90 s under a limit of 60, and four requests in flight could each wait the limit.
/// Waits that overlap in time are charged once, so the bound is the run's wall-clock time
/// spent waiting, not a sum of what each request would like.
actor RateLimitWaits {
    private let allowance: TimeInterval
    private var spent: TimeInterval = 0
    /// The end of the latest wait admitted: time before it is already paid for.
    private var paidUntil: Date?

    init(allowance: Duration) {
        self.allowance = max(0, allowance.timeInterval)
    }

    /// True, and the wait charged, when waiting from `now` until `until` keeps the run
    /// within its allowance; false, and nothing charged, when it would not.
    func admit(until: Date, now: Date) -> Bool {
        let from = max(now, paidUntil ?? now)
        let extra = max(0, until.timeIntervalSince(from))
        guard spent + extra <= allowance else { return false }
        spent += extra
        paidUntil = max(paidUntil ?? until, until)
        return true
    }

    /// What is left to wait this run.
    var remaining: TimeInterval { allowance - spent }
}
