import Foundation

/// Scheme, host and port: what decides whether a URL is "the API" and may see the token.
struct URLOrigin: Hashable, Sendable {
    var scheme: String
    var host: String
    var port: Int

    init?(_ url: String) {
        guard let components = URLComponents(string: url),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host?.lowercased(), !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = components.port ?? (scheme == "https" ? 443 : 80)
    }

    /// `location` (absolute, or relative as RFC 9110 allows) resolved against `base`.
    static func resolve(_ location: String, against base: String) -> String? {
        guard let baseURL = URL(string: base), let resolved = URL(string: location, relativeTo: baseURL) else {
            return nil
        }
        return resolved.absoluteString
    }
}
