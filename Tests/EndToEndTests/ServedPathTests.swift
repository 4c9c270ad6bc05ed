import Foundation
import Testing

@testable import repodigest

/// What `serve` answers for a request path, on a real folder: only files inside it.
@Suite final class ServedPathTests {
    let base: URL
    let root: URL
    let outside: URL

    init() throws {
        base = FileManager.default.temporaryDirectory.appending(path: "served-\(UUID().uuidString)")
        root = base.appending(path: "site")
        outside = base.appending(path: "secret.txt")
        try FileManager.default.createDirectory(at: root.appending(path: "repos/o"), withIntermediateDirectories: true)
        try Data("index".utf8).write(to: root.appending(path: "index.html"))
        try Data("repo".utf8).write(to: root.appending(path: "repos/o/n.html"))
        try Data("folder".utf8).write(to: root.appending(path: "repos/index.html"))
        try Data("a space".utf8).write(to: root.appending(path: "a b.html"))
        try Data("mark".utf8).write(to: root.appending(path: ".repodigest-site"))
        try Data("secret".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(at: root.appending(path: "leak.html"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(
            at: root.appending(path: "marker.txt"), withDestinationURL: root.appending(path: ".repodigest-site"))
    }

    deinit { try? FileManager.default.removeItem(at: base) }

    func resolve(_ path: String) -> ServedPath { ServedPath.resolve(rawPath: path, root: root) }

    func file(_ path: String) -> String? {
        guard case .file(let url) = resolve(path) else { return nil }
        return try? String(contentsOf: url, encoding: .utf8)
    }

    @Test("files inside the folder, folders through their index, escapes decoded once")
    func filesInside() {
        #expect(file("/") == "index")
        #expect(file("/repos/o/n.html") == "repo")
        #expect(file("/repos/") == "folder")
        #expect(file("/a%20b.html") == "a space")
        #expect(resolve("/repos") == .redirect("/repos/"))
        #expect(resolve("/nope.html") == .notFound)
        #expect(resolve("/repos/o/n.html/") == .notFound, "a file is no folder: its relative links would be wrong")
    }

    @Test("climbing out, NUL, backslashes and bad escapes are refused; hidden entries are not found")
    func attempts() {
        for path in [
            "/../secret.txt", "/repos/%2e%2e/%2e%2e/secret.txt", "/a%00b", "/repos\\o", "/%zz", "relative",
            "/./index.html",
        ] {
            guard case .refused = resolve(path) else {
                Issue.record("\(path) must be refused, got \(resolve(path))")
                continue
            }
        }
        #expect(resolve("/.repodigest-site") == .notFound)
        #expect(resolve("/%2Erepodigest-site") == .notFound)
    }

    @Test("an output folder replaced by a file serves nothing, not that file as the site")
    func anOutputThatIsAFileServesNothing() {
        #expect(ServedPath.resolve(rawPath: "/", root: outside) == .notFound)
        #expect(ServedPath.resolve(rawPath: "/index.html", root: outside) == .notFound)
    }

    @Test("a symlink that leads outside the folder is not followed")
    func symlinkOutside() {
        #expect(resolve("/leak.html") == .outside)
    }

    @Test("a visible link to a hidden entry is not found, as the hidden entry is not")
    func symlinkToAHiddenEntry() {
        #expect(resolve("/marker.txt") == .notFound)
    }
}
