import Foundation
import PageModels

/// Stale data → the notice every page shows: what could not be refreshed, and how old the
/// data in its place is, as a date and as an age relative to the build.
struct NoticeTranslator: Sendable {
    var now: Date
    /// Resources named one by one; beyond that, a count.
    var named = 3

    func notices(for stale: [StaleData]) -> [Notice] {
        guard let oldest = stale.map(\.fetchedAt).min() else { return [] }
        let first = stale.prefix(named).map { "\($0.resource) (\($0.reason))" }
        let more = stale.count > named ? " and \(stale.count - named) more" : ""
        let when = stale.count == 1 ? "the data shown for it was fetched" : "the oldest data shown for them was fetched"
        return [
            Notice(
                text: "GitHub could not be reached for " + first.joined(separator: "; ") + more
                    + "; \(when) " + age(of: oldest) + " (\(DisplayFormat.minute(oldest))), in an earlier run.")
        ]
    }

    /// "3 hours before this build". A build with a fixed clock may predate its data: "at this build".
    private func age(of date: Date) -> String {
        // A date read back from the cache may be anything; converting an out-of-range
        // Double to Int would trap, so the age is bounded first (a century is "days").
        let seconds = now.timeIntervalSince(date)
        let minutes = seconds.isFinite ? Int(min(max(seconds / 60, -1), 100 * 366 * 24 * 60)) : 0
        switch minutes {
        case ..<1: return "at the time of this build"
        case ..<60: return DisplayFormat.count(minutes, "minute", "minutes") + " before this build"
        case ..<(48 * 60): return DisplayFormat.count(minutes / 60, "hour", "hours") + " before this build"
        default: return DisplayFormat.count(minutes / (24 * 60), "day", "days") + " before this build"
        }
    }
}
