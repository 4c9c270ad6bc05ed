import Foundation
import PageModels
import Testing

@testable import SiteRenderer

/// URLs in attributes are checked as the W3C checker checks them, and every URL from the
/// data is written in its valid, percent-encoded form, so data never produces a finding.
@Suite struct URLSyntaxTests {
    static let matrix = "https://matrix.to/#/#forgejo-chat:matrix.org"

    @Test(
        "the validator finds an illegal character in a URL, in every attribute that holds one",
        arguments: [
            "<a href=\"\(matrix)\">chat</a>", "<a href=\"https://e.example/a b\">x</a>",
            "<a href=\"https://e.example/caf\u{E9}\">x</a>", "<a href=\"https://e.example/100%\">x</a>",
            "<img src=\"https://e.example/a|b.png\" alt=\"\" />",
            "<blockquote cite=\"https://e.example/{x}\">q</blockquote>",
            "<img srcset=\"https://e.example/a.png 1x, https://e.example/b^.png 2x\" alt=\"\" />",
            "<a href=\"https://e.example/[x]\">x</a>", "<a href=\"https://exa%20mple.example/\">x</a>",
            "<a href=\"https://e.example:99999/\">x</a>", "<img src=\"//e%7Cx.example/a.png\" alt=\"\" />",
        ])
    func theValidatorFindsIllegalCharacters(_ body: String) {
        let findings = SiteValidator().validate([
            OutputFile(path: "index.html", contents: Data(SiteValidatorTests.page(body).utf8))
        ])
        #expect(findings.map(\.rule) == ["url-syntax"], "\(findings)")
    }

    @Test("the finding names the part of the URL and the character, as the W3C checker does")
    func theFindingSaysWhere() {
        #expect(URLSyntax.problem(in: Self.matrix) == "illegal character in fragment: '#' is not allowed")
        #expect(URLSyntax.problem(in: "https://e.example/a b") == "illegal character in path: space is not allowed")
        #expect(
            URLSyntax.problem(in: "https://e.example/?q=\u{E9}")
                == "illegal character in query: 'é' must be percent-encoded")
        #expect(URLSyntax.problem(in: "https://exa%20mple.example/") == "invalid host: a space in the host")
        #expect(
            URLSyntax.problem(in: "https://e.example:70000/") == "invalid host: a port that is no number below 65536")
    }

    @Test("a URL whose host or port no encoding mends is no link; a host in its own script is one")
    func hostsNoEncodingMends() {
        for url in ["http://exa mple.example/", "https://e|x.example/", "https://e.example:65536/", "https:///x"] {
            #expect(URLSyntax.link(url) == nil, "\(url)")
        }
        #expect(URLSyntax.link("https://b\u{FC}cher.example/") == "https://b%C3%BCcher.example/")
        #expect(URLSyntax.link("https://user:pw@e.example:0443/a b") == "https://user:pw@e.example:0443/a%20b")
        #expect(URLSyntax.link("mailto:a@b.example") == "mailto:a@b.example")
        #expect(URLSyntax.link("../x.html") == "../x.html")
    }

    @Test(
        "valid URLs pass as they are, and are written unchanged",
        arguments: [
            "https://matrix.to/#/%23forgejo-chat:matrix.org", "https://[::1]:8080/a?b=c&d=e#f?g/h",
            "../../repos/o/r.html#readme-x",
            "#top", "mailto:a@b.example", "https://e.example/a%20b/(x)!$'*+,;=@~", " https://e.example/ ",
        ])
    func validURLsPass(_ url: String) {
        #expect(URLSyntax.problem(in: url) == nil)
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        #expect(URLSyntax.valid(trimmed) == trimmed)
    }

    @Test("a URL from the data is written in its valid form")
    func dataURLsAreEncoded() {
        #expect(URLSyntax.valid(Self.matrix) == "https://matrix.to/#/%23forgejo-chat:matrix.org")
        #expect(URLSyntax.valid("https://e.example/caf\u{E9} 100%|x") == "https://e.example/caf%C3%A9%20100%25%7Cx")
        #expect(URLSyntax.valid("https://e.example/[x]#a#b") == "https://e.example/%5Bx%5D#a%23b")
    }

    @Test("a README and a homepage holding such URLs publish, and every page passes the validator")
    func aReadmeAndHomepageWithSuchURLsPublish() throws {
        var site = DeepNestingTests.site(
            "[chat](\(Self.matrix)) [caf\u{E9}](https://e.example/caf\u{E9}) ![x](https://e.example/a b.png \"t\")\n\n"
                + "<https://e.example/x|y> [50%](https://e.example/50%) [top](#日本語)\n\n## 日本語\n")
        let index = try #require(site.repositories.firstIndex { $0.card.fullName == "o/r" })
        site.repositories[index].homepageURL = Self.matrix
        site.repositories[index].releases[0].url = "https://e.example/releases/tag/v1#a#b"
        let files = try SiteGenerator(theme: Theme.builtIn("default"), baseURL: "https://example.org/").render(site)
        let findings = SiteValidator().validate(files)
        #expect(findings.isEmpty, "\(findings.prefix(5))")
        let page = String(decoding: try #require(files.first { $0.path == "repos/o/r.html" }).contents, as: UTF8.self)
        let written = page.contains("href=\"https://matrix.to/#/%23forgejo-chat:matrix.org\"")
        #expect(written)
    }

    @Test("a README link and a homepage whose host is none are no links, and every page passes the validator")
    func hostsThatAreNoneAreNoLinks() throws {
        var site = DeepNestingTests.site(
            "<a href=\"http://exa mple.example/x\">space</a> [port](https://e.example:99999/)\n")
        let index = try #require(site.repositories.firstIndex { $0.card.fullName == "o/r" })
        site.repositories[index].homepageURL = "https://exa|mple.example/"
        let files = try SiteGenerator(theme: Theme.builtIn("default"), baseURL: "https://example.org/").render(site)
        let findings = SiteValidator().validate(files)
        #expect(findings.isEmpty, "\(findings.prefix(5))")
        let page = String(decoding: try #require(files.first { $0.path == "repos/o/r.html" }).contents, as: UTF8.self)
        #expect(!page.contains("mple.example"))
        #expect(!page.contains("99999"))
        #expect(page.contains("space"))
    }
}

/// The quick join of a plain path to a README's base gives what Foundation's URL resolution gives.
@Suite struct LinkJoinTests {
    @Test(arguments: [
        "docs/guide.md", "README.ja.md", "a/b/c/", "img/logo-2x.png", "x~y_z", "...", ".hidden/file", "docs/../x",
        "./docs/x", "a/./b", "a/..", "a/.", "..", ".", "docs//x", "a b", "a?b=c", "a#frag", "%E6%97%A5.md", "日本.md",
        "a:b", "a@b/c",
    ])
    func aPathJoinsAsFoundationResolvesIt(_ path: String) {
        for base in [
            "https://github.com/lumen-labs/lantern/blob/main/", "https://raw.githubusercontent.com/o/n/HEAD/docs/",
            "http://example.org/a/", "https://github.com/o/n/blob/feature%2Fx/",
        ] {
            // What Foundation resolves, kept only as an http(s) URL, as the policy keeps it.
            let foundation = URL(string: base).flatMap { URL(string: path, relativeTo: $0) }.map(
                \.absoluteURL.absoluteString
            )
            .flatMap { $0.hasPrefix("https:") || $0.hasPrefix("http:") ? $0 : nil }
            #expect(LinkPolicy.join(path, to: base) == foundation, "\(path) against \(base)")
        }
    }
}
