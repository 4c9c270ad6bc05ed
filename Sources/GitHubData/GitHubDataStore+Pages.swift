import Foundation
import UseCases

// Reading a paged list. A repeat run asks for every page of every list, conditionally; one
// after another along `Link`, ten pages cost ten round trips, each queued behind whatever
// else is in flight (a hundred favourites). The cache knows the chain of pages from the last
// run, so they are asked for all at once and checked against the chain GitHub sends now.
extension GitHubDataStore {
    /// The pages of a list along `Link: rel="next"`, until the last, an empty one, `enough`
    /// (a repository's releases: as many as it shows), or `maxPages`; the other parameters as
    /// in `GitHubAPI.fetch`. `complete` is false when the list was not read whole: past
    /// `maxPages`, a `Link` back to a page already read or to no address, an item left out,
    /// a page an earlier run's copy (asking failed: the list may have moved past it since),
    /// an empty page that links to a next (so a repository missing from it is never taken as
    /// unstarred).
    /// `atOnce` first asks, together, for the pages the cache's copies chain to.
    func pages<Item: CheckedDTO & Sendable>(
        _ type: Item.Type, _ url: String, accept: String = MediaType.json, formerAccept: String? = nil,
        cachedIsEnough: Bool = false, pushedAt: String? = nil, atOnce: Bool = false, rememberNotFound: Bool = false,
        enough: ([Item]) -> Bool = { _ in false }
    ) async throws -> (items: [Item], complete: Bool) {
        var items: [Item] = []
        var next: String? = url
        var (pages, complete) = (0, true)
        var read: Set<String> = []
        var last: String?
        func take(_ page: Page<[Lenient<Item>]>, from current: String) {
            let values = page.value.values(resource: "GET \(current)", warn: api.log.warn)
            if values.count < page.value.count || page.isStale { complete = false }
            if page.value.isEmpty, page.next != nil {
                api.log.warn("GET \(current): an empty page that links to another; the list is read to there")
                complete = false
            }
            items += values
            pages += 1
            read.insert(current)
            last = current
            next = page.next.map { LinkHeader.resolve($0, against: current) }
        }
        let known = atOnce ? await knownPages(type, url, accept: accept) : []
        for (current, page) in known {
            // A fresh page that no longer chains to the next one (the list shrank or grew past a
            // page boundary) ends what the early requests can be used for; the rest is followed.
            guard current == next else { break }
            take(page, from: current)
            if page.value.isEmpty { next = nil }
        }
        while let current = next {
            guard pages < maxPages else {
                // A `Link` may claim any number of pages; the bound holds, and the run says so.
                api.log.cutShort("GET \(url)")
                return (items, false)
            }
            if let wrong = Self.wrongLink(to: current, read: read) {
                api.log.warn(
                    "GET \(url): the list's Link leads \(wrong) (\(Self.shown(current))); the list is read to there")
                // Not read whole, which a schedule is told as any source that failed (exit 2).
                api.log.stale(Self.unfollowed("GET \(url)", link: current, read: read))
                if let last { await askAfresh(last, accept: accept) }
                return (items, false)
            }
            let page = try await api.fetch(
                [Lenient<Item>].self, current, accept: accept, formerAccept: formerAccept,
                rememberNotFound: rememberNotFound, cachedIsEnough: cachedIsEnough, pushedAt: pushedAt)
            take(page, from: current)
            if enough(items) || page.value.isEmpty { break }
        }
        return (items, complete)
    }

    /// Why a `Link` to `url` is not followed: it leads back to a page of `read`, or to no
    /// address; nil when it is followed.
    static func wrongLink(to url: String, read: Set<String>) -> String? {
        if read.contains(url) { return "back to a page already read" }
        return LinkHeader.isFetchable(url) ? nil : "to no address"
    }

    /// The page at `url`, which holds a `Link` that `wrongLink` refused, asked for afresh next
    /// time, not confirmed by a 304 that would keep that `Link` as it is: its validators
    /// forgotten, its copy kept, so that a run that cannot ask (`--offline`, GitHub down)
    /// still shows the list as far as this one did, not nothing.
    func askAfresh(_ url: String, accept: String) async {
        let key = CachedResponse.key(url: url, accept: accept)
        guard var copy = await api.cache?.entry(for: key) else { return }
        (copy.etag, copy.lastModified) = (nil, nil)
        await api.cache?.store(copy, decoded: copy.decoded)
    }

    /// `list`, read only as far as a `Link` to `link` that `wrongLink` refused: shown so, and
    /// counted among what could not be read as it is now.
    static func unfollowed(_ list: String, link: String, read: Set<String>) -> StaleData {
        StaleData(resource: list, fetchedAt: nil, cause: .unfollowedLink(url: shown(link), loops: read.contains(link)))
    }

    /// A `Link`'s address as a warning names it: cut as a server's words are, and without a
    /// user name or password (the very "no address" a `Link` may give).
    static func shown(_ link: String) -> String {
        var shown = link
        if let scheme = shown.range(of: "://"),
            let at = shown[scheme.upperBound...].prefix(while: { !"/?#".contains($0) }).lastIndex(of: "@")
        {
            shown.replaceSubrange(scheme.upperBound...at, with: "…@")
        }
        return GitHubAPI.shown(shown)
    }

    /// The pages the cache chains `url` to, each asked for (conditionally) at once, in order,
    /// up to the first that failed: the fresh chain is followed from there, and a page the
    /// list no longer links to (its last answer's `Link` was wrong) costs only its request.
    private func knownPages<Item: CheckedDTO & Sendable>(
        _ type: Item.Type, _ url: String, accept: String
    ) async -> [(url: String, page: Page<[Lenient<Item>]>)] {
        let chain = await cachedChain(url, accept: accept)
        guard chain.count > 1 else { return [] }
        let api = self.api
        return await withTaskGroup(of: (Int, Page<[Lenient<Item>]>?).self) { group in
            for (index, page) in chain.enumerated() {
                group.addTask { (index, try? await api.fetch([Lenient<Item>].self, page, accept: accept)) }
            }
            var pages = [Page<[Lenient<Item>]>?](repeating: nil, count: chain.count)
            for await (index, page) in group { pages[index] = page }
            return Array(zip(chain, pages).prefix { $0.1 != nil }.map { ($0, $1!) })
        }
    }

    /// `url` and the pages its cached copy links to, one after another, read from the cache
    /// only; at most `maxPages`, and never a page twice (a `Link` loop).
    private func cachedChain(_ url: String, accept: String) async -> [String] {
        guard let cache = api.cache else { return [] }
        return await cache.chain(from: url, limit: maxPages) { CachedResponse.key(url: $0, accept: accept) }
    }
}
