import Foundation

// Reading a paged list. A repeat run asks for every page of every list, conditionally; one
// after another along `Link`, ten pages cost ten round trips, each queued behind whatever
// else is in flight (a hundred favourites). The cache knows the chain of pages from the last
// run, so they are asked for all at once and checked against the chain GitHub sends now.
extension GitHubDataStore {
    /// The pages of a list along `Link: rel="next"`, until the last, an empty one, `enough`
    /// (a repository's releases: as many as it shows), or `maxPages` (then `complete` is
    /// false); the other parameters as in `GitHubAPI.fetch`.
    /// `atOnce` first asks, together, for the pages the cache's copies chain to.
    func pages<Item: CheckedDTO & Sendable>(
        _ type: Item.Type, _ url: String, accept: String = MediaType.json, formerAccept: String? = nil,
        cachedIsEnough: Bool = false, pushedAt: String? = nil, atOnce: Bool = false,
        enough: ([Item]) -> Bool = { _ in false }
    ) async throws -> (items: [Item], complete: Bool) {
        var items: [Item] = []
        var next: String? = url
        var pages = 0
        let known = atOnce ? try await knownPages(type, url, accept: accept) : []
        for (current, page) in known {
            // A fresh page that no longer chains to the next one (the list shrank or grew past a
            // page boundary) ends what the early requests can be used for; the rest is followed.
            guard current == next else { break }
            items += page.value.values(resource: "GET \(current)", warn: api.log.warn)
            pages += 1
            next = page.value.isEmpty ? nil : page.next
        }
        while let current = next {
            guard pages < maxPages else {
                // A `Link` may claim any number of pages; the bound holds, and the run says so.
                api.log.cutShort("GET \(url)")
                return (items, false)
            }
            let page = try await api.fetch(
                [Lenient<Item>].self, current, accept: accept, formerAccept: formerAccept,
                cachedIsEnough: cachedIsEnough, pushedAt: pushedAt)
            items += page.value.values(resource: "GET \(current)", warn: api.log.warn)
            pages += 1
            if enough(items) || page.value.isEmpty { break }
            next = page.next
        }
        return (items, true)
    }

    /// The pages the cache chains `url` to, each asked for (conditionally) at once, in order.
    private func knownPages<Item: CheckedDTO & Sendable>(
        _ type: Item.Type, _ url: String, accept: String
    ) async throws -> [(url: String, page: Page<[Lenient<Item>]>)] {
        let chain = await cachedChain(url, accept: accept)
        guard chain.count > 1 else { return [] }
        let api = self.api
        return try await withThrowingTaskGroup(of: (Int, Page<[Lenient<Item>]>).self) { group in
            for (index, page) in chain.enumerated() {
                group.addTask { (index, try await api.fetch([Lenient<Item>].self, page, accept: accept)) }
            }
            var pages = [Page<[Lenient<Item>]>?](repeating: nil, count: chain.count)
            for try await (index, page) in group { pages[index] = page }
            return zip(chain, pages).compactMap { url, page in page.map { (url, $0) } }
        }
    }

    /// `url` and the pages its cached copy links to, one after another, read from the cache
    /// only; at most `maxPages`, and never a page twice (a `Link` loop).
    private func cachedChain(_ url: String, accept: String) async -> [String] {
        guard let cache = api.cache else { return [] }
        return await cache.chain(from: url, limit: maxPages) { CachedResponse.key(url: $0, accept: accept) }
    }
}
