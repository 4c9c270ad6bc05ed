import Foundation

/// The run's view of its rate limits, from every answer's headers (and `/rate_limit` at the
/// start). A request is sent only while the budget, less the requests already in flight, is
/// above zero: the run stops before GitHub has to refuse it.
actor RateLimitBudget {
    private struct Window {
        var remaining: Int
        var reset: Date
    }

    private var windows: [String: Window] = [:]
    private var inFlight: [String: Int] = [:]

    /// Nil: go ahead (and count the request as in flight). A date: the budget is spent until then.
    func reserve(_ resource: String, now: Date) -> Date? {
        if let window = windows[resource], window.reset > now,
            window.remaining - inFlight[resource, default: 0] <= 0
        {
            return window.reset
        }
        inFlight[resource, default: 0] += 1
        return nil
    }

    /// The request is over; its answer's reading, if any, is the newest word on the budget.
    func settle(_ resource: String, reading: RateLimitReading?) {
        inFlight[resource] = max(0, inFlight[resource, default: 0] - 1)
        if let reading { record(reading) }
    }

    func record(_ reading: RateLimitReading) {
        windows[reading.resource] = Window(remaining: reading.remaining, reset: reading.reset)
    }

    /// GitHub refused for the primary limit: nothing more for this budget until `reset`.
    func exhaust(_ resource: String, until reset: Date) {
        windows[resource] = Window(remaining: 0, reset: reset)
    }
}
