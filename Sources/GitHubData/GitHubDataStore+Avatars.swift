public import Entities
import Foundation

extension GitHubDataStore {
    /// How long a fetched picture is used without asking again: pictures change seldom, and a
    /// site of 5,000 owners would otherwise send 5,000 requests a run for nothing.
    static let avatarLifetime: TimeInterval = 7 * 86_400

    /// The owner's picture from GitHub's avatar server, kept in the response cache: asked
    /// again, conditionally, once a week; from the cache alone when offline. Only PNG, JPEG,
    /// GIF or WebP is kept (an SVG could hold script, on the site's own origin). The token is
    /// never sent, not even to a picture on the API's own origin (GitHub Enterprise without
    /// subdomain isolation serves them there).
    public func avatar(of owner: Owner, size: Int) async -> Avatar? {
        guard let base = owner.avatarURL, let parts = URLComponents(string: base),
            ["https", "http"].contains(parts.scheme),
            parts.host != nil
        else { return nil }
        let url = base + (base.contains("?") ? "&" : "?") + "s=\(size)"
        let key = CachedResponse.key(url: url, accept: "image/*")
        let cached = await api.cache?.entry(for: key).flatMap { $0.isNotFound ? nil : $0 }
        let now = api.now()
        if let cached, api.settings.offline || now.timeIntervalSince(cached.fetchedAt) < Self.avatarLifetime {
            return Self.image(cached.body)
        }
        guard !api.settings.offline else { return nil }
        var headers = HTTPHeaders()
        headers["Accept"] = "image/png, image/jpeg, image/gif, image/webp"
        if let etag = cached?.etag { headers["If-None-Match"] = etag }
        guard let response = try? await api.client.send(HTTPRequest(url: url, headers: headers, authorized: false))
        else {
            api.log.warn("the picture of \(owner.login) could not be fetched; the site shows none for it")
            return cached.flatMap { Self.image($0.body) }
        }
        if response.status == 304, let cached {
            await api.cache?.markValidated(key, at: now, pushedAt: nil)
            return Self.image(cached.body)
        }
        guard response.status == 200, let image = Self.image(response.body) else {
            api.log.warn(
                "the picture of \(owner.login) is not an image GitHub serves (HTTP \(response.status)); the site shows none for it"
            )
            return nil
        }
        await api.cache?.store(
            CachedResponse(
                key: key, etag: response.headers["etag"], lastModified: response.headers["last-modified"],
                link: nil, body: response.body, fetchedAt: now, pushedAt: nil))
        return image
    }

    private static func image(_ data: Data) -> Avatar? {
        Avatar.rasterFormat(of: data).map { Avatar(data: data, format: $0) }
    }
}
