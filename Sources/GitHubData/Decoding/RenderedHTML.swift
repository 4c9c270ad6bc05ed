/// An answer whose body is HTML, not JSON: a README as GitHub renders it
/// (`Accept: application/vnd.github.html+json`). `GitHubDecoder` takes the body as it is, so
/// it goes through the same cache, retries and redaction as every other answer.
struct RenderedHTML: Decodable, Sendable {
    var html: String

    init(html: String) {
        self.html = html
    }

    /// Never called: `GitHubDecoder` reads the body itself. Here for the `Decodable` that `fetch` asks for.
    init(from decoder: any Decoder) throws {
        html = try decoder.singleValueContainer().decode(String.self)
    }
}
