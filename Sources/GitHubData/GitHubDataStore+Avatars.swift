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
        guard let base = owner.avatarURL, let parts = URLComponents(string: base), let host = parts.host,
            let scheme = parts.scheme
        else { return nil }
        guard Self.servesAvatars(scheme: scheme, host: host, api: endpoint.root) else {
            api.log.warn(
                "the picture of \(owner.login) is at \(host), not at GitHub's avatar server; the site shows none for it"
            )
            return nil
        }
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
        guard
            let response = try? await api.client.send(
                HTTPRequest(url: url, headers: headers, authorized: false, followsRedirects: false))
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

    /// Whether a picture at `scheme://host` is GitHub's, for the API at `api`: for github.com,
    /// its avatar servers (`avatars.githubusercontent.com`, `avatars2.…`); for GitHub
    /// Enterprise Server, the API's own host or one under it (`avatars.HOST` with subdomain
    /// isolation); for GHE.com (`api.NAME.ghe.com`), a host under `NAME.ghe.com`. An answer
    /// naming any other host (a server on the runner's own network) is never asked, nor is a
    /// redirect followed from one: the build fetches pictures only from GitHub. Over https,
    /// or over http only where the API itself is (a local GitHub Enterprise).
    static func servesAvatars(scheme: String, host: String, api: String) -> Bool {
        func bare(_ host: String) -> String {
            host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        guard let apiParts = URLComponents(string: api), let apiHost = apiParts.host.map(bare) else { return false }
        let (scheme, host) = (scheme.lowercased(), bare(host))
        guard scheme == "https" || (scheme == "http" && apiParts.scheme?.lowercased() == "http") else { return false }
        func within(_ domain: String) -> Bool { host == domain || host.hasSuffix("." + domain) }
        if apiHost == "api.github.com" {
            guard host.hasSuffix(".githubusercontent.com") else { return false }
            let name = host.dropLast(".githubusercontent.com".count)
            return name.hasPrefix("avatars") && name.dropFirst("avatars".count).allSatisfy { $0.isASCII && $0.isNumber }
        }
        if apiHost.hasPrefix("api."), apiHost.hasSuffix(".ghe.com") { return within(String(apiHost.dropFirst(4))) }
        return within(apiHost)
    }

    private static func image(_ data: Data) -> Avatar? {
        Avatar.rasterFormat(of: data).map { Avatar(data: data, format: $0) }
    }
}
