import PageModels
import Testing

@testable import SiteRenderer

@Suite struct RouterTests {
    @Test func everyKindHasItsPlace() {
        let router = Router(routes: [])
        #expect(router.path(for: .digest) == "index.html")
        #expect(router.path(for: .notFound) == "404.html")
        #expect(router.path(for: Route(.starred)) == "starred/index.html")
        #expect(router.path(for: Route(.starred, page: 3)) == "starred/3.html")
        #expect(router.path(for: Route(.repository(owner: "Apple", name: "swift-nio"))) == "repos/apple/swift-nio.html")
        #expect(router.path(for: Route(.language(name: "C++"))) == "languages/c-plus-plus/index.html")
        #expect(router.path(for: Route(.topic(name: "static-site"))) == "topics/static-site/index.html")
    }

    @Test func linksAreRelativeToThePageTheyAreOn() {
        let router = Router(routes: [])
        let repo = Route(.repository(owner: "a", name: "b"))
        #expect(router.href(from: .digest, to: repo) == "repos/a/b.html")
        #expect(router.href(from: repo, to: .digest) == "../../index.html")
        #expect(router.href(from: repo, to: Route(.repository(owner: "a", name: "c"))) == "c.html")
        #expect(router.href(from: Route(.starred, page: 2), to: Route(.starred)) == "index.html")
        #expect(router.href(from: repo, toFile: "assets/style.css") == "../../assets/style.css")
    }

    @Test func namesDifferingOnlyByCaseNeverShareAFile() {
        let upper = Route(.repository(owner: "Foo", name: "Bar"))
        let lower = Route(.repository(owner: "foo", name: "bar"))
        let router = Router(routes: [lower, upper])
        #expect(router.path(for: upper) != router.path(for: lower))
        #expect(
            Router(routes: [upper, lower]).path(for: upper) == router.path(for: upper), "independent of input order")
    }

    @Test("A published page keeps its file when a repository named as its safe form is starred after it")
    func aNewcomerNeverTakesAPublishedPagesFile() {
        for (published, newcomer) in [("con", "_con"), ("COM1.txt", "_com1.txt"), (".github", "github")] {
            let old = Route(.repository(owner: "foo", name: published))
            let new = Route(.repository(owner: "foo", name: newcomer))
            let before = Router(routes: [old]).path(for: old)
            let after = Router(routes: [old, new])
            #expect(after.path(for: old) == before, "\(published) beside \(newcomer)")
            #expect(after.path(for: new) == "repos/foo/\(newcomer.lowercased()).html")
        }
    }

    @Test("A saved search named as a file of the Searches folder never takes that file")
    func aMemberNeverTakesItsSectionsFile() {
        let names = ["index.html", "INDEX.HTML", "2.html", "search.json", "index.html?"]
        let routes = names.map { Route(.search(name: $0)) } + [Route(.searches), Route(.searches, page: 2)]
        let router = Router(routes: routes)
        let sectionFiles: Set = ["searches/index.html", "searches/2.html", "searches/search.json"]
        for name in names {
            let folder = String(router.path(for: Route(.search(name: name))).dropLast("/index.html".count))
            #expect(!sectionFiles.contains(folder), "\(name) took \(folder)")
        }
        #expect(router.path(for: Route(.searches)) == "searches/index.html")
        #expect(PathSegment.make("2.html").hasPrefix("_2.html-"))
        #expect(PathSegment.make("v2.html") == "v2.html", "only a page's own names")
    }

    @Test func pathsFromTheDataStayInsideTheirFolder() {
        let hostile = ["..", "../../etc/passwd", "a/b", "CON", "nul.txt", "", "<script>", ".hidden", "x\u{0}y"]
        let paths = Set(hostile.map { Router(routes: []).path(for: Route(.topic(name: $0))) })
        #expect(paths.count == hostile.count, "no two of them collide")
        for path in paths {
            let segments = path.split(separator: "/")
            #expect(segments.count == 3 && segments[0] == "topics", "\(path)")
            #expect(!segments.contains { $0 == ".." || $0 == "." || $0.hasPrefix(".") }, "\(path)")
        }
        #expect(PathSegment.make("CON").hasPrefix("_con-"))
        #expect(PathSegment.make("a/b") != PathSegment.make("a?b"))
    }
}
