import PageModels
import Testing

@testable import SiteRenderer

/// Paths and links from the `Router`: safe segments, no collisions, links that resolve from
/// every page, absolute URLs only with a base URL.
@Suite struct RoutingTests {
    static let kinds: [@Sendable (String) -> Route.Kind] = [
        { .owner(login: $0) }, { .topic(name: $0) }, { .language(name: $0) }, { .search(name: $0) },
        { .repository(owner: $0, name: $0) },
    ]
    static let awkward = [
        "..", ".", "../x", "a/b", "a\\b", "/abs", "CON", "con", "Con.txt", "nul", "com1", "LPT9.md", "aux.",
        "Foo", "foo", "FOO", "x y", "x?y", "x#y", "c++", "c-plus-plus", "émoji 🦀", "日本語", "", " ", "-",
        ".hidden", "trailing.", String(repeating: "long", count: 80), String(repeating: "long", count: 81),
    ]

    @Test("plain names take the short way to the same segment")
    func plainNamesMatchTheGeneralWay() {
        let plain = ["swift", "Swift-NIO", "a_b.c", "x1", "README.md", "v1.2.3", String(repeating: "a", count: 64)]
        for name in plain + Self.awkward + [String(repeating: "a", count: 65), "Ab-", "-ab", "com1.x", "a..b"] {
            #expect(PathSegment.make(name) == PathSegment.general(name), "\(name)")
        }
        #expect(plain.allSatisfy { PathSegment.plain($0) != nil })
    }

    @Test func awkwardNamesBecomeSafeSegments() {
        for name in Self.awkward {
            let segment = PathSegment.make(name)
            #expect(!segment.isEmpty && segment != "." && segment != "..", "\(name)")
            #expect(!segment.hasPrefix(".") && !segment.hasSuffix("."), "\(name) → \(segment)")
            #expect(
                segment.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || "-_.".contains($0)) },
                "\(name) → \(segment)")
            #expect(segment.count <= PathSegment.maxLength + 9, "\(name) → \(segment)")
            let stem = segment.split(separator: ".").first.map(String.init) ?? segment
            #expect(!["con", "prn", "aux", "nul", "com1", "lpt9"].contains(stem), "\(name) → \(segment)")
        }
    }

    @Test(arguments: 0..<kinds.count)
    func noTwoRoutesShareAFileEvenOnACaseInsensitiveDisk(_ kind: Int) {
        let routes = Self.awkward.map { Route(Self.kinds[kind]($0)) }
        let router = Router(routes: routes + [.digest, .notFound])
        let paths = routes.map { router.path(for: $0).lowercased() }
        #expect(Set(paths).count == routes.count, "\(paths)")
        for path in paths {
            #expect(!path.split(separator: "/").contains { $0 == ".." || $0 == "." || $0.hasPrefix(".") }, "\(path)")
            #expect(SiteWriter.isSafe(path), "\(path)")
        }
    }

    @Test func aNameThatLooksLikeAnotherOnesHashedFolderStillGetsItsOwn() {
        let foo = Route(.topic(name: "Foo"))
        let lower = Route(.topic(name: "foo"))
        let router = Router(routes: [foo, lower])
        let taken = router.path(for: lower).split(separator: "/")[1]
        let lookalike = Route(.topic(name: String(taken)))
        let all = Router(routes: [foo, lower, lookalike])
        #expect(Set([foo, lower, lookalike].map { all.path(for: $0) }).count == 3)
    }

    @Test func everyLinkResolvesToThePageItNames() {
        let routes = [
            Route.digest, .notFound, Route(.starred), Route(.starred, page: 3), Route(.favourites),
            Route(.repository(owner: "a", name: "b")), Route(.owner(login: "a")),
            Route(.search(name: "x y")), Route(.topic(name: "t")), Route(.language(name: "C#")),
        ]
        let router = Router(routes: routes)
        for from in routes {
            for to in routes {
                let href = router.href(from: from, to: to)
                #expect(
                    LinkChecker.resolve(href, from: router.path(for: from)) == router.path(for: to),
                    "\(from) → \(to): \(href)")
            }
            #expect(
                LinkChecker.resolve(
                    router.href(from: from, toFolder: "assets/") + "style.css", from: router.path(for: from))
                    == "assets/style.css")
        }
    }

    @Test("A link is cut at its first # and the ? before it, as bytes, and resolved with . and .. as a browser would")
    func linksAreCutAndResolvedAsBytes() {
        let paths: Set<String> = ["index.html", "repos/o/n.html", "starred/index.html"]
        let folder = LinkChecker.folder(of: "repos/o/n.html")
        func check(_ href: String, ids: Set<String> = []) -> LinkChecker.Verdict {
            LinkChecker.check(href, from: "repos/o/n.html", folder: folder, paths: paths, ids: ids)
        }
        #expect(check("../../starred/?page=2#list") == .fragment(target: "starred/index.html", fragment: "list"))
        #expect(check("../../starred/?page=2#top") == .fine(target: "starred/index.html"), "the top of any page")
        #expect(check("./n.html?x=1") == .fine(target: "repos/o/n.html"))
        #expect(check("#a?b", ids: ["a?b"]) == .fine(target: nil), "a ? in the fragment is the fragment's")
        // A combining mark after `#` belongs to the fragment, not to the `#`.
        #expect(check("#\u{301}a", ids: ["\u{301}a"]) == .fine(target: nil))
        #expect(check("#%E6%97%A5", ids: ["日"]) == .fine(target: nil))
        #expect(check("../../../x.html") == .problem("link '../../../x.html' leads outside the site"))
        #expect(LinkChecker.resolve("/starred//./index.html", from: "repos/o/n.html") == "starred/index.html")
        #expect(LinkChecker.resolve("../", from: "repos/o/n.html") == "repos/")
        #expect(LinkChecker.resolve("..", from: "index.html") == nil)
    }

    @Test("The 404 page of a site without a base URL links from the server's root, so it works at any depth")
    func notFoundPageLinksFromTheRootWithoutABaseURL() {
        let router = Router(routes: [.digest, .notFound, Route(.starred)])
        #expect(router.href(from: .notFound, to: .digest) == "/index.html")
        #expect(router.href(from: .notFound, toFile: "assets/style.css") == "/assets/style.css")
        #expect(router.href(from: .notFound, toFolder: "assets/") == "/assets/")
        // Every other page still links relatively, so the site opens from disk.
        #expect(router.href(from: Route(.starred), to: .digest) == "../index.html")
    }

    @Test func absoluteURLsExistOnlyWithABaseURL() {
        let relative = Router(routes: [])
        #expect(relative.url(for: .digest) == nil)
        #expect(relative.href(from: .notFound, to: Route(.starred)) == "/starred/index.html")

        let router = Router(routes: [], baseURL: "https://example.org/docs/digest")
        #expect(router.baseURL == "https://example.org/docs/digest/", "a missing trailing slash is added")
        #expect(router.url(for: .digest) == "https://example.org/docs/digest/")
        #expect(router.url(for: Route(.starred)) == "https://example.org/docs/digest/starred/")
        #expect(router.url(for: Route(.starred, page: 2)) == "https://example.org/docs/digest/starred/2.html")
        #expect(
            router.url(for: Route(.repository(owner: "a", name: "b")))
                == "https://example.org/docs/digest/repos/a/b.html")
        #expect(
            router.href(from: .notFound, to: .digest) == "https://example.org/docs/digest/",
            "404 is shown at any address")
        #expect(router.href(from: Route(.starred), to: .digest) == "../index.html", "other pages stay relative")
        #expect(Router(routes: [], baseURL: "").baseURL == nil)
    }
}
