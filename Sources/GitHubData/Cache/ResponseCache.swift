import Foundation

/// Answers kept between runs, so every repeat request can be conditional and a 304 (free
/// with a token) reuses the stored body. Interface only; `SQLiteResponseCache` is the live one.
protocol ResponseCache: Sendable {
    func entry(for key: String) async -> CachedResponse?
    /// The entries of those of `keys` that are stored, read together.
    func entries(for keys: [String]) async -> [String: CachedResponse]
    /// `url` and the pages its stored answer links to along `rel="next"`, one after another,
    /// read from the `Link`s of stored answers (stored under `key(url)`) without their bodies,
    /// in one turn of the cache: at most `limit`, never a page twice (a `Link` loop), and
    /// ending at a page with no answer stored (a remembered 404 is none).
    func chain(from url: String, limit: Int, key: @escaping @Sendable (String) -> String) async -> [String]
    /// Stores the answer, with its value as decoded (`DecodedCopy`) when it is kept so.
    func store(_ response: CachedResponse, decoded copy: Data?) async
    /// Keeps `copy`, the value decoded from `entry`'s body, for the runs after: written with
    /// the 304s, and only while the stored answer is still `entry`'s.
    func keep(decoded copy: Data, of entry: CachedResponse)
    /// The decoded copies kept of those of `keys` that have one, with the `Link` of their
    /// answers, without reading the answers.
    func decodedCopies(for keys: [String]) async -> [String: CachedResponse.Copy]
    /// The server confirmed the stored body (a 304): it is as fresh as now, and, given a
    /// `pushedAt`, taken at that state of its repository.
    func markValidated(_ key: String, at date: Date, pushedAt: String?) async
    /// When each of `keys` that is stored was last sent or confirmed, and at which `pushed_at`,
    /// without reading the bodies: what a run needs to decide which details to ask for.
    func checks(for keys: [String]) async -> [String: CachedResponse.Check]
    func remove(_ key: String) async
    /// Removes the answers this run neither read nor stored that were last sent or confirmed
    /// before `cutoff`: those of repositories, lists and searches the site no longer shows.
    /// Leaves the generation as it was (no build of the data this run read reads them).
    /// Returns how many went.
    func prune(untouchedSince cutoff: Date) async -> Int
    /// Changes whenever a stored answer does (not when one is only confirmed by a 304): a
    /// build that reads the same generation reads the same data. Nil when it cannot be told.
    func generation() async -> String?
}

extension ResponseCache {
    /// Stores an answer kept only as it was sent (a picture, a remembered 404).
    func store(_ response: CachedResponse) async {
        await store(response, decoded: nil)
    }
}

/// One stored answer. The key is the media type and the URL: the same URL answers differently
/// as `star+json` and as plain JSON.
struct CachedResponse: Sendable, Hashable {
    var key: String
    /// 200, or 404 for a remembered absence (a repository without a README): a 404 carries no
    /// validator, so without this every run would pay for asking again.
    var status = 200
    var etag: String?
    var lastModified: String?
    /// The `Link` header, so that paging through cached pages still finds the next one.
    var link: String?
    var body: Data
    /// When the server last sent or confirmed this body.
    var fetchedAt: Date
    /// For a repository's releases and README: its `pushed_at` when they were asked for
    /// (`GitHubDataStore.version(of:)`), so a later run can tell whether a push came since.
    var pushedAt: String?

    /// The answer as decoded, when the cache keeps it so (`DecodedCopy`); nil when it does not.
    var decoded: Data? = nil

    /// A decoded copy and the `Link` of its answer.
    struct Copy: Sendable, Hashable {
        var link: String?
        var bytes: Data
    }

    /// What `ResponseCache.checks` reads of an entry.
    struct Check: Sendable, Hashable {
        var fetchedAt: Date
        var pushedAt: String?
        /// `CachedResponse.content` as stored; nil for a row kept before it was (never, once upgraded).
        var content: String? = nil
    }

    var isNotFound: Bool { status == 404 }

    /// Names what the answer says, its status and body, without holding it: equal names,
    /// equal answers. Stored beside the body, so a build can tell that a README is the one
    /// its published page shows without reading (and decoding) it. The `Link` is left out:
    /// a README or a first page of releases is read for its body.
    var content: String { Self.content(status: status, body: body) }

    /// FNV-1a over the body, eight bytes at a time (each step folded, as a word's high bits
    /// would otherwise reach only the hash's), with its length and the status. Not
    /// cryptographic: a collision, which a server would have to craft, costs one page carried
    /// over when it should have been rendered again.
    static func content(status: Int, body: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0x100_0000_01b3
            hash ^= hash >> 32
        }
        body.withUnsafeBytes { bytes in
            var offset = 0
            while offset + 8 <= bytes.count {
                mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            while offset < bytes.count {
                mix(UInt64(bytes[offset]))
                offset += 1
            }
        }
        return "\(status)-\(body.count)-\(String(hash, radix: 16))"
    }

    static func key(url: String, accept: String) -> String {
        var key = accept
        key.reserveCapacity(accept.utf8.count + 1 + url.utf8.count)
        key += " "
        key += url
        return key
    }
}
