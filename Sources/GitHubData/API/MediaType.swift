/// The `Accept` values the data layer asks GitHub for.
enum MediaType {
    static let json = "application/vnd.github+json"
    /// Stars with the time they were given: `[{starred_at, repo}]`.
    static let starJSON = "application/vnd.github.star+json"
    /// A README as GitHub renders it, whatever its markup: the body is HTML, not JSON.
    static let html = "application/vnd.github.html+json"
    /// A release with its notes three ways: `body` (Markdown), `body_text` and `body_html`
    /// (GitHub's own rendering, which the site shows).
    static let fullJSON = "application/vnd.github.full+json"
}
