import Foundation

/// GitHub's website for the API a build reads: where the site links what the data gives no
/// address of (a topic, a saved search, a Star List, a repository in the news). Derived here
/// alone, from the API root: `https://api.github.com` is github.com; GitHub Enterprise
/// Server's `https://HOST/api/v3` is `https://HOST`; GHE.com's `https://api.NAME.ghe.com` is
/// `https://NAME.ghe.com`. Any other root (a test server, a proxy on this machine) serves
/// github.com's data, so its links go to github.com. (The data's own addresses, a
/// repository's or an owner's `html_url`, already name the right host.)
public struct GitHubWeb: Sendable, Hashable {
    /// The website's origin, with no `/` at its end: `https://github.com`.
    public let origin: String

    /// github.com: the sample's, and what a build of api.github.com links.
    public static let gitHubCom = GitHubWeb(origin: "https://github.com")

    private init(origin: String) {
        self.origin = origin
    }

    /// The website of the API at `apiURL`, an absolute http(s) URL as the configuration
    /// checks it (`Configuration.apiURLProblem`).
    public init(apiURL: String) {
        var text = Substring(apiURL)
        while text.hasSuffix("/") { text = text.dropLast() }
        guard let separator = text.range(of: "://") else {
            self = .gitHubCom
            return
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        let authority = text[separator.upperBound...].prefix { $0 != "/" }
        let path = text[separator.upperBound...].dropFirst(authority.count)
        let host = authority.lowercased()
        // The name alone, without a port (`api.acme.ghe.com:8443`), is GHE.com's or not.
        let name = host.split(separator: ":", maxSplits: 1).first ?? ""
        if scheme == "https", name.hasPrefix("api."), name.hasSuffix(".ghe.com") {
            origin = "https://" + host.dropFirst("api.".count)
        } else if scheme == "https" || scheme == "http", path.lowercased().hasSuffix("/api/v3") {
            // A server at a path of its own (`https://HOST/github/api/v3`) keeps it.
            origin = scheme + "://" + authority + path.dropLast("/api/v3".count)
        } else {
            self = .gitHubCom
        }
    }

    /// A page of the website named by values from the data (owner, repository, topic), each
    /// percent-encoded as one path segment: a name GitHub would never accept (`<script>`,
    /// `">`, a tab) cannot end a Markdown link target or an attribute, nor add a segment.
    func page(_ segments: String...) -> String {
        origin + "/" + segments.map { SafeURL.encoded($0) }.joined(separator: "/")
    }
}
