import Foundation
import PageModels

/// Stale data → the notice every page shows: what could not be refreshed, and how old the
/// data in its place is, as a date and as an age relative to the build.
struct NoticeTranslator: Sendable {
    var now: Date
    /// Resources named one by one; beyond that, a count.
    var named = 3
    /// The site's language.
    var format = DisplayFormat(Phrasebook())

    /// One notice for what is shown from earlier runs, one for what no run had fetched
    /// and is left out (a new repository's README that GitHub would not give), and one for
    /// lists shown as far as they could be read (a `Link` that loops).
    func notices(for stale: [StaleData]) -> [Notice] {
        let served = stale.filter { !$0.isPartial && $0.fetchedAt != nil }
        let missing = stale.filter { !$0.isPartial && $0.fetchedAt == nil }
        let partial = stale.filter(\.isPartial)
        var notices: [Notice] = []
        if let oldest = served.compactMap(\.fetchedAt).min() {
            notices.append(
                notice("notice.stale", served, ["age": age(of: oldest), "date": format.minute(oldest)]))
        }
        if !missing.isEmpty { notices.append(notice("notice.missing", missing)) }
        if !partial.isEmpty { notices.append(notice("notice.partial", partial)) }
        return notices
    }

    /// The catalogue's `key` for `stale`, counted, naming the resources.
    private func notice(_ key: String, _ stale: [StaleData], _ values: [String: String] = [:]) -> Notice {
        Notice(
            text: format.phrasebook.text(
                key, count: stale.count, countText: format.grouped(stale.count),
                values.merging(["resources": resources(stale)]) { $1 }))
    }

    /// The first few resources with why each failed, and how many more.
    private func resources(_ stale: [StaleData]) -> String {
        let first = stale.prefix(named).map {
            format.text("notice.resource", ["resource": $0.resource, "reason": reason($0.cause)])
        }
        let resources = first.joined(separator: format.text("notice.separator"))
        guard stale.count > named else { return resources }
        return format.text("notice.more", ["resources": resources, "count": format.grouped(stale.count - named)])
    }

    /// "HTTP 502 after 3 attempts", in the site's language (a detail from the client or from
    /// GitHub stays as they worded it).
    private func reason(_ cause: StaleData.Cause) -> String {
        switch cause {
        case .status(let status, let attempts):
            format.text(
                "notice.reason.status", ["status": String(status), "attempts": format.count(attempts, "attempts")])
        case .failure(let detail, let attempts):
            format.text("notice.reason.failure", ["detail": detail, "attempts": format.count(attempts, "attempts")])
        case .notJSON(let detail, let attempts):
            format.text("notice.reason.not_json", ["detail": detail, "attempts": format.count(attempts, "attempts")])
        case .undecodable(let detail): format.text("notice.reason.undecodable", ["detail": detail])
        case .refused(let summary): format.text("notice.reason.refused", ["detail": summary])
        case .outOfTime(let seconds): format.text("notice.reason.out_of_time", ["seconds": String(seconds)])
        case .offline: format.text("notice.reason.offline")
        case .unfollowedLink(_, let loops):
            // Not the address: a server's header, of any length, on every page of a public site.
            format.text(loops ? "notice.reason.link_loop" : "notice.reason.link_nowhere")
        }
    }

    /// "3 hours before this build"; under a minute, or a build whose fixed clock
    /// (`SOURCE_DATE_EPOCH`) predates its data: "less than a minute before this build".
    private func age(of date: Date) -> String {
        // A date read back from the cache may be anything; converting an out-of-range
        // Double to Int would trap, so the age is bounded first (a century is "days").
        let seconds = now.timeIntervalSince(date)
        let minutes = seconds.isFinite ? Int(min(max(seconds / 60, -1), 100 * 366 * 24 * 60)) : 0
        let age: String
        switch minutes {
        case ..<1: return format.text("notice.now")
        case ..<60: age = format.count(minutes, "minutes")
        case ..<(48 * 60): age = format.count(minutes / 60, "hours")
        default: age = format.count(minutes / (24 * 60), "days")
        }
        return format.text("notice.ago", ["age": age])
    }
}
