public import Foundation

/// A fake GitHub API: a small world of accounts, repositories, stars and searches, served
/// over HTTP on 127.0.0.1 the way api.github.com serves it (ETags and 304s, `Link` paging,
/// rate-limit headers, 301 for renamed repositories, the star+json media type), with faults
/// a test can script per path. Tests and benchmarks change the world between runs.
public final class FakeGitHub: @unchecked Sendable {
    let lock = NSLock()
    // The world and the log, guarded by `lock`.
    var accounts: [String: Account] = [:] { didSet { accountsVersion &+= 1 } }
    /// Moves with every change of `accounts` or `avatars`, which a repository's JSON shows.
    var accountsVersion = 0
    var repos: [String: Repo] = [:] { didSet { worldVersion &+= 1 } }
    var stars: [String: [(repo: String, at: String)]] = [:] { didSet { worldVersion &+= 1 } }
    /// Moves with every change of `repos` or `stars`.
    var worldVersion = 0
    /// Each starred list as last served, and the `worldVersion` it was made at: a benchmark
    /// reads 10,000 stars a page at a time, and looking up every repository for every page
    /// cost a core of the machine it measures on.
    var servedStars: [String: (version: Int, stars: [(at: String, repo: Repo)])] = [:]
    /// Each page of a starred list as last served, with what it was made from: the stars on
    /// it, the length of the list (its `Link`) and the accounts' version.
    var servedStarPages:
        [String: (items: [(at: String, repo: Repo)], total: Int, accounts: Int, response: FakeResponse)] =
            [:]
    var searches: [String: [String]] = [:]
    var renamed: [String: Int64] = [:]
    /// Pictures by account id, served at `/avatars/u/ID` as GitHub's avatar server does.
    var avatars: [Int64: Data] = [:] { didSet { accountsVersion &+= 1 } }
    var faults: [String: [Fault]] = [:]
    var starLists: [String: [StarList]] = [:]
    var exchanges: [(request: FakeRequest, status: Int)] = []
    var rateLimitRemaining = 5000
    var rateLimitReset = Date().addingTimeInterval(3600)

    /// The token requests must carry; nil accepts any or none.
    public let token: String?
    /// Whose token it is: `/user` and `@me`.
    public let tokenOwner: String?
    /// Seconds added to every answer (the fetch benchmark's network).
    public var latency: Double = 0
    /// Answer searches with no `ETag`, as GitHub's search often does: nothing is then a 304.
    public var searchesWithoutValidators = false

    private var server: FakeHTTPServer?

    public init(token: String? = nil, tokenOwner: String? = nil) {
        self.token = token
        self.tokenOwner = tokenOwner
    }

    /// Starts serving; the API root is then `baseURL`.
    public func start() throws {
        server = try FakeHTTPServer { [unowned self] request in self.answer(request) }
    }

    public func stop() { server?.stop() }

    deinit { server?.stop() }

    public var baseURL: String { "http://127.0.0.1:\(server?.port ?? 0)" }
    public var connectionsAccepted: Int { server?.connectionsAccepted ?? 0 }
    public var maxRequestsInFlight: Int { server?.maxRequestsInFlight ?? 0 }

    // MARK: The world

    public func add(_ account: Account) { lock.withLock { accounts[account.login.lowercased()] = account } }
    public func add(_ repo: Repo) { lock.withLock { repos[repo.fullName.lowercased()] = repo } }
    /// The account's picture: its JSON then carries an `avatar_url` on this server.
    public func setAvatar(of login: String, to data: Data) {
        lock.withLock {
            if let id = accounts[login.lowercased()]?.id { avatars[id] = data }
        }
    }

    public func remove(repo fullName: String) { lock.withLock { _ = repos.removeValue(forKey: fullName.lowercased()) } }

    public func update(_ fullName: String, _ change: (inout Repo) -> Void) {
        lock.withLock {
            guard var repo = repos[fullName.lowercased()] else { return }
            change(&repo)
            repos[fullName.lowercased()] = repo
        }
    }

    /// `login` starred `repo` at `at`; GitHub lists stars newest first.
    public func star(_ repo: String, by login: String, at: String) {
        lock.withLock {
            stars[login.lowercased(), default: []].append((repo, at))
            stars[login.lowercased()]!.sort { $0.at > $1.at }
        }
    }

    /// `login` no longer stars `repo`.
    public func unstar(_ repo: String, by login: String) {
        lock.withLock { stars[login.lowercased()]?.removeAll { $0.repo.lowercased() == repo.lowercased() } }
    }

    /// Many stars at once: one sort, where `star` sorts for each (a benchmark stars 10,000).
    public func star(_ starred: [(repo: String, at: String)], by login: String) {
        lock.withLock {
            stars[login.lowercased(), default: []] += starred
            stars[login.lowercased()]!.sort { $0.at > $1.at }
        }
    }

    /// `login`'s Star Lists, replacing any it had; GitHub shows private ones to their owner only.
    public func setStarLists(_ lists: [StarList], of login: String) {
        lock.withLock { starLists[login.lowercased()] = lists }
    }

    /// What a search query finds, best first.
    public func search(_ query: String, finds fullNames: [String]) { lock.withLock { searches[query] = fullNames } }

    /// The repository moves to `newOwner/newName`; its old name answers 301.
    public func rename(_ fullName: String, to newFullName: String) {
        lock.withLock {
            guard var repo = repos.removeValue(forKey: fullName.lowercased()) else { return }
            let parts = newFullName.split(separator: "/").map(String.init)
            repo.owner = parts[0]
            repo.name = parts[1]
            repos[newFullName.lowercased()] = repo
            renamed[fullName.lowercased()] = repo.id
        }
    }

    public func setRateLimit(remaining: Int, resetIn seconds: TimeInterval = 3600) {
        lock.withLock {
            rateLimitRemaining = remaining
            rateLimitReset = Date().addingTimeInterval(seconds)
        }
    }

    // MARK: Faults and the log

    /// The next `times` requests for `path` (no query) get `fault` instead of the real answer.
    public func inject(_ fault: Fault, at path: String, times: Int = 1) {
        lock.withLock { faults[path, default: []] += Array(repeating: fault, count: times) }
    }

    /// Forgets every fault not yet served.
    public func clearFaults() { lock.withLock { faults.removeAll() } }

    /// Every request so far, with the status it was answered.
    public var log: [(request: FakeRequest, status: Int)] { lock.withLock { exchanges } }
    public var requests: [FakeRequest] { log.map(\.request) }
    public func clearLog() { lock.withLock { exchanges.removeAll() } }
}
