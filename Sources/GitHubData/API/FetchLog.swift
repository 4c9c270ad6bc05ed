import Foundation
public import UseCases

/// What one run asked of GitHub, and what it had to take from the cache instead.
public struct FetchReport: Sendable, Hashable {
    /// Requests sent (each retry and each page counts).
    public var requests = 0
    /// Of those, answered 304: free with a token.
    public var notModified = 0
    /// Answers taken from the cache without asking (`--offline`).
    public var servedOffline = 0
    /// Answers taken from the cache without asking: the releases and READMEs of repositories
    /// not pushed to since they were cached (and not due their slow refresh).
    public var kept = 0
    /// Requests sent again: after a 5xx, a timeout or a dropped connection, a body that is
    /// not JSON, or a 304 whose cached copy is gone.
    public var retries = 0
    /// Resources served from an earlier run because refreshing them failed.
    public var stale: [StaleData] = []
    /// Lists whose `Link` offered more pages than one list may take (`GitHubDataStore.maxPages`):
    /// read up to that bound, the rest left out.
    public var cutShort: [String] = []
    /// What the data held that GitHub could not have sent, and what was done about it: an
    /// item left out, a count clamped, topics past GitHub's bound dropped. Each once.
    public var dataWarnings: [String] = []
    /// Data warnings past the first `FetchLog.maxDataWarnings`, counted, not told.
    public var moreDataWarnings = 0

    /// Requests that may have cost rate limit: everything but 304s.
    public var charged: Int { requests - notModified }
}

/// Collects the `FetchReport` while requests run concurrently.
final class FetchLog: @unchecked Sendable {
    private let lock = NSLock()
    private var report = FetchReport()
    /// The data warnings given, for telling one again in constant time: an answer of 200,000
    /// broken items took minutes when each was looked for in the list.
    private var warned: Set<String> = []
    /// The most data warnings a run keeps to tell; the rest are counted.
    static let maxDataWarnings = 1_000

    var snapshot: FetchReport { lock.withLock { report } }

    func sent(retry: Bool) {
        lock.withLock {
            report.requests += 1
            if retry { report.retries += 1 }
        }
    }

    func notModified() { lock.withLock { report.notModified += 1 } }

    func servedOffline() { lock.withLock { report.servedOffline += 1 } }
    func kept() { lock.withLock { report.kept += 1 } }

    func cutShort(_ resource: String) {
        lock.withLock {
            if !report.cutShort.contains(resource) { report.cutShort.append(resource) }
        }
    }

    func warn(_ message: String) {
        lock.withLock {
            guard warned.insert(message).inserted else { return }
            if warned.count <= Self.maxDataWarnings {
                report.dataWarnings.append(message)
            } else {
                report.moreDataWarnings += 1
            }
        }
    }

    func stale(_ data: StaleData) {
        lock.withLock {
            if !report.stale.contains(where: { $0.resource == data.resource }) { report.stale.append(data) }
        }
    }
}
