import FakeGitHubServer
import Foundation
import RepodigestConfiguration
import Testing

@testable import repodigest

/// `repodigest serve` as a person runs it: it answers only files inside the output folder,
/// with the right types and the site's 404 page, reloads open pages after a theme edit, and
/// stops cleanly on Ctrl-C.
@Suite struct ServeTests {
    /// A `serve` of the sample on a free port, in a folder of its own with a copy of the
    /// default theme, so the test can edit templates.
    final class Server {
        let folder: TemporaryFolder
        let process: RunningProcess
        let port: UInt16

        var output: URL { folder.url.appending(path: "site") }
        var theme: URL { folder.url.appending(path: "theme") }

        /// - Parameter prepare: told the theme's copy before `serve` starts, to change it.
        init(extra: [String] = [], prepare: (URL) throws -> Void = { _ in }) throws {
            folder = try TemporaryFolder()
            try FileManager.default.copyItem(at: BrokenThemeTests.defaultTheme, to: folder.url.appending(path: "theme"))
            try prepare(folder.url.appending(path: "theme"))
            let process = try RunningProcess(
                [
                    "serve", "--sample", "--port", "0", "--output", folder.url.appending(path: "site").path,
                    "--theme", folder.url.appending(path: "theme").path,
                ] + extra,
                environment: ["SOURCE_DATE_EPOCH": "1795000000"])
            var port: UInt16 = 0
            process.waitFor {
                guard
                    let line = process.standardOutput.split(separator: "\n").first(where: { $0.hasPrefix("http://") }),
                    let found = line.split(separator: ":").last.flatMap({
                        UInt16($0.trimmingCharacters(in: CharacterSet(charactersIn: "/")))
                    })
                else { return false }
                port = found
                return true
            }
            self.process = process
            self.port = port
        }

        func get(_ target: String, method: String = "GET", host: String = "127.0.0.1", headers: [String] = []) throws
            -> RawHTTPConnection.Response
        {
            try RawHTTPConnection.request(target, port: port, method: method, host: host, headers: headers)
        }
    }

    @Test("every kind of file a site may publish is served with its type; a module script as JavaScript")
    func everyKindHasItsType() {
        #expect(ContentType.of(path: "assets/app.mjs") == "text/javascript; charset=utf-8")
        for kind in [
            "css", "js", "mjs", "map", "md", "txt", "webmanifest", "pdf", "png", "jpg", "jpeg", "gif", "webp", "avif",
            "ico", "bmp", "woff", "woff2", "ttf", "otf", "eot", "mp4", "webm", "mp3", "ogg", "wav", "svg", "html",
            "xml", "opml", "json",
        ] {
            #expect(ContentType.of(path: "a/b." + kind) != "application/octet-stream", "\(kind)")
        }
        #expect(ContentType.of(path: "a.b/c") == "application/octet-stream")
    }

    @Test func servesTheSiteWithTypesAnd404AndTheReloadScriptOnlyWhileServing() throws {
        let server = try Server()
        #expect(server.port != 0, "serve printed its address: \(server.process.standardError)")

        let index = try server.get("/")
        #expect(index.status == 200)
        #expect(index.headers["content-type"] == "text/html; charset=utf-8")
        #expect(index.text.contains("<script src=\"/__repodigest/reload.js\"></script></body>"))
        let published = try String(contentsOf: server.output.appending(path: "index.html"), encoding: .utf8)
        #expect(!published.contains("__repodigest"), "the published file never holds the script")

        #expect(try server.get("/assets/style.css").headers["content-type"] == "text/css; charset=utf-8")
        #expect(try server.get("/digest.json").headers["content-type"] == "application/json")
        #expect(try server.get("/__repodigest/reload.js").headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(try server.get("/assets/style.css").headers["x-content-type-options"] == "nosniff")

        let folder = try server.get("/starred")
        #expect(
            folder.status == 301 && folder.headers["location"] == "/starred/",
            "a folder gets its slash, for relative links")
        #expect(try server.get("/starred?q=swift").headers["location"] == "/starred/?q=swift", "its query too")
        #expect(folder.headers["cache-control"] == "no-store", "a browser would keep a 301 for good")
        #expect(try server.get("/starred/").text.contains("<main"))

        let missing = try server.get("/no/such/page.html")
        #expect(missing.status == 404)
        let notFoundPage = try String(contentsOf: server.output.appending(path: "404.html"), encoding: .utf8)
        #expect(missing.text.hasPrefix(String(notFoundPage.prefix(200))), "the site's own 404 page")

        let head = try server.get("/digest.json", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(
            Int(head.headers["content-length"] ?? "")
                == (try Data(contentsOf: server.output.appending(path: "digest.json"))).count)
        #expect(try server.get("/", method: "POST").status == 405)
    }

    @Test(
        "a file that is not a page is sent as read, and the one range a video player asks for (206, 416 past its end)")
    func rangesOfAFile() throws {
        let server = try Server()
        let whole = try Data(contentsOf: server.output.appending(path: "assets/style.css"))
        let all = try server.get("/assets/style.css")
        #expect(all.status == 200 && all.body == whole && all.headers["accept-ranges"] == "bytes")
        #expect(all.headers["content-length"] == String(whole.count))

        let first = try server.get("/assets/style.css", headers: ["Range: bytes=0-9"])
        #expect(first.status == 206 && first.body == whole.prefix(10))
        #expect(first.headers["content-range"] == "bytes 0-9/\(whole.count)")
        #expect(first.headers["content-length"] == "10")
        let last = try server.get("/assets/style.css", headers: ["Range: bytes=-5"])
        #expect(last.status == 206 && last.body == whole.suffix(5))
        let rest = try server.get("/assets/style.css", headers: ["Range: bytes=\(whole.count - 3)-"])
        #expect(rest.status == 206 && rest.body == whole.suffix(3))

        let past = try server.get("/assets/style.css", headers: ["Range: bytes=\(whole.count)-"])
        #expect(past.status == 416 && past.body.isEmpty && past.headers["content-range"] == "bytes */\(whole.count)")
        let several = try server.get("/assets/style.css", headers: ["Range: bytes=0-1,5-6"])
        #expect(several.status == 200 && several.body == whole, "several ranges: the whole file, as RFC 9110 allows")
        let head = try server.get("/assets/style.css", method: "HEAD", headers: ["Range: bytes=0-9"])
        #expect(
            head.status == 200 && head.body.isEmpty && head.headers["content-length"] == String(whole.count),
            "a range is for GET alone")

        let page = try server.get("/", headers: ["Range: bytes=0-9"])
        #expect(page.status == 200 && page.text.contains("</html>"), "a page is whole: the reload script goes in it")
    }

    @Test("a file's body gives its range's bytes, a byte or a buffer at a time, and throws where the file ends short")
    func fileBodyReadsItsRange() async throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appending(path: "digits.txt").path
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
        let file = try #require(FileBody.OpenFile(path: path))
        #expect(file.size == 10)
        var bytes = FileBody(file: file, range: 2..<7).makeAsyncIterator()
        var read: [UInt8] = []
        while let byte = try await bytes.next() { read.append(byte) }
        #expect(String(decoding: read, as: UTF8.self) == "23456")
        var buffers = FileBody(file: file, range: 2..<7).makeAsyncIterator()
        #expect(try buffers.nextBuffer(suggested: 4096).map { String(decoding: $0, as: UTF8.self) } == "23456")
        #expect(try buffers.nextBuffer(suggested: 4096) == nil)
        var past = FileBody(file: file, range: 8..<20).makeAsyncIterator()
        #expect(try past.nextBuffer(suggested: 4096) == Array("89".utf8))
        #expect(throws: FileBody.CutShort.self) { try past.nextBuffer(suggested: 4096) }
        #expect(FileBody.OpenFile(path: folder.url.path) == nil, "a folder is no file to send")
    }

    @Test(
        "a Range header read as RFC 9110 says",
        arguments: [
            ("bytes=0-9", ByteRange.part(0..<10)), ("bytes=5-", .part(5..<100)), ("bytes=-10", .part(90..<100)),
            ("bytes=90-500", .part(90..<100)), ("bytes=-500", .part(0..<100)), ("bytes=100-", .unsatisfiable),
            ("bytes=-0", .unsatisfiable), ("bytes=9-5", .whole), ("bytes=0-1,3-4", .whole), ("items=0-9", .whole),
            ("bytes=a-b", .whole), ("bytes=-", .whole), ("bytes=+1-2", .whole), ("bytes=99999999999999999999-", .whole),
            ("bytes= 0-9", .part(0..<10)),
        ])
    func rangeHeader(header: String, range: ByteRange) {
        #expect(ByteRange(header: header, size: 100) == range)
        #expect(ByteRange(header: nil, size: 100) == .whole)
        #expect(ByteRange(header: "bytes=0-", size: 0) == .unsatisfiable)
    }

    static let traversals = [
        "/../../../../etc/passwd", "/starred/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/%2E%2E/%2E%2E/%2E%2E/etc/passwd", "/..%2f..%2f..%2f..%2fetc%2fpasswd",
        "/starred/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc/passwd",
        "/.%2e/.%2e/.%2e/etc/passwd", "/%252e%252e/%252e%252e/etc/passwd", "/..\\..\\..\\etc\\passwd",
        "/%5c..%5c..%5cetc%5cpasswd", "/index.html%00.css", "/%00", "/.repodigest-site", "/%2erepodigest-site",
        "//etc/passwd", "/%zz", "etc/passwd", "http://127.0.0.1/../../etc/passwd",
    ]

    @Test("a serve holds its output's lock while it serves: a second into the same folder exits 75, naming it")
    func aSecondServeIntoTheSameOutputIsRefused() throws {
        let server = try Server()
        let second = try RepodigestProcess.run(
            ["serve", "--sample", "--port", "0", "--output", server.output.path], in: server.folder.url)
        #expect(second.status == 75, "\(second.standardError)")
        #expect(second.standardError.contains("holds the lock"), "\(second.standardError)")
        let build = try RepodigestProcess.run(
            ["build", "--sample", "--output", server.output.path], in: server.folder.url)
        #expect(build.status == 75, "a build into the served folder waits its turn: \(build.standardError)")
        #expect(try server.get("/").status == 200, "the first still serves")
    }

    @Test func refusesEverythingOutsideTheOutputFolder() throws {
        let server = try Server()
        let secret = server.folder.url.appending(path: "secret.txt")
        try Data("the-secret-beside-the-site\n".utf8).write(to: secret)
        try FileManager.default.createSymbolicLink(
            at: server.output.appending(path: "leak.txt"), withDestinationURL: secret)
        try FileManager.default.createSymbolicLink(
            at: server.output.appending(path: "up"), withDestinationURL: server.folder.url)
        try FileManager.default.createSymbolicLink(
            at: server.output.appending(path: "inside.css"),
            withDestinationURL: server.output.appending(path: "assets/style.css"))

        for target in Self.traversals + ["/leak.txt", "/up/secret.txt", "/up/", "/up/site/../secret.txt"] {
            let response = try server.get(target)
            #expect([400, 403, 404].contains(response.status), "\(target) answered \(response.status)")
            #expect(!response.text.contains("root:") && !response.text.contains("the-secret"), "\(target) leaked")
        }
        #expect(try server.get("/leak.txt").status == 404, "a symlink out is not found, as a link to nothing is")
        #expect(try server.get("/inside.css").status == 200, "a symlink that stays inside is fine")
        #expect(server.process.standardError.contains("refused /leak.txt"))

        // The site's own 404 page is found as any file is: a link out is not followed.
        try FileManager.default.removeItem(at: server.output.appending(path: "404.html"))
        try FileManager.default.createSymbolicLink(
            at: server.output.appending(path: "404.html"), withDestinationURL: secret)
        let missing = try server.get("/no/such/page.html")
        #expect(missing.status == 404 && !missing.text.contains("the-secret"), "\(missing.text)")
    }

    @Test("Bound to loopback, it answers only requests that name it: a rebound DNS name is refused")
    func answersOnlyToItsOwnNames() throws {
        let server = try Server()
        for host in [
            "127.0.0.1", "127.0.0.1:\(server.port)", "localhost:\(server.port)", "LOCALHOST", "localhost.",
            "[::1]:\(server.port)",
            "[::ffff:7f00:1]:\(server.port)", "127.0.0.2",
        ] {
            #expect(try server.get("/", host: host).status == 200, "\(host)")
        }
        for host in ["evil.example", "evil.example:\(server.port)", "127.0.0.1.evil.example", "[evil]", ""] {
            let response = try server.get("/", host: host)
            #expect(response.status == 403 && !response.text.contains("<main"), "\(host)")
        }
        // Absolute-form, as a proxy asks (RFC 9112 3.2.2): the target's host is the one checked.
        #expect(try server.get("http://127.0.0.1:\(server.port)/starred/", host: "evil.example").status == 200)
        #expect(try server.get("HTTP://localhost", host: "evil.example").status == 200)
        let rebound = try server.get("http://evil.example:\(server.port)/", host: "127.0.0.1")
        #expect(rebound.status == 403 && !rebound.text.contains("<main"))
        let head = try server.get("/__repodigest/events", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty, "HEAD of the event stream: headers only, and done")
    }

    @Test(
        "Loopback however it is written is loopback; anything else is beyond this machine",
        arguments: [
            ("127.0.0.1", true), ("127.8.9.10", true), ("::1", true), ("0:0:0:0:0:0:0:1", true),
            ("::ffff:127.0.0.1", true), ("0.0.0.0", false), ("::", false), ("10.0.0.1", false),
            ("::ffff:10.0.0.1", false), ("127.0.0.1.example.org", false), ("localhost", false),
        ])
    func loopback(ip: String, isLoopback: Bool) {
        #expect(Loopback.isAddress(ip) == isLoopback)
    }

    @Test("the reload script goes before the last </body>, any case, every other byte as it was")
    func theScriptIsAddedToTheBytes() {
        let tag = Array(SiteRequestHandler.scriptTag.utf8)
        let latin1: [UInt8] = Array("<p>caf".utf8) + [0xE9] + Array("</p></BODY></html>".utf8)
        #expect(
            [UInt8](SiteRequestHandler.injectingScript(into: Data(latin1)))
                == Array("<p>caf".utf8) + [0xE9] + Array("</p>".utf8) + tag + Array("</BODY></html>".utf8))
        let twice = Data("<body></body><!-- </body> --></body>".utf8)
        #expect(
            String(decoding: SiteRequestHandler.injectingScript(into: twice), as: UTF8.self)
                == "<body></body><!-- </body> -->" + SiteRequestHandler.scriptTag + "</body>")
        #expect([UInt8](SiteRequestHandler.injectingScript(into: Data("<p>".utf8))) == Array("<p>".utf8) + tag)
        #expect([UInt8](SiteRequestHandler.injectingScript(into: Data())) == tag)
    }

    @Test("a Host header names this server only as a name and a port; a redirect's Location carries no control byte")
    func hostAndLocation() {
        #expect(SiteRequestHandler.hostName("[::1]:8000") == "[::1]")
        #expect(SiteRequestHandler.hostName("LocalHost") == "localhost")
        #expect(SiteRequestHandler.hostName("127.0.0.1:80") == "127.0.0.1")
        for odd in ["[::1].evil.com", "[::1]evil", "localhost:80x", "localhost:80:80", "[::1"] {
            #expect(SiteRequestHandler.hostName(odd) == odd.lowercased(), "\(odd): not a loopback name")
        }
        #expect(
            SiteRequestHandler.locationValue("/favourites/?a\rX-Injected:1\u{0}é")
                == "/favourites/?a%0DX-Injected:1%00%C3%A9")
        #expect(SiteRequestHandler.locationValue("/starred/?q=swift") == "/starred/?q=swift")
    }

    @Test func aTemplateEditRebuildsAndReloadsOpenPages() throws {
        let server = try Server()
        let events = try RawHTTPConnection(port: server.port)
        events.send("GET /__repodigest/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        #expect(events.read(until: ": connected"), "the stream opens: \(events.receivedText)")
        #expect(events.receivedText.lowercased().contains("content-type: text/event-stream"))

        let template = server.theme.appending(path: "templates/digest.mustache")
        let text = try String(contentsOf: template, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "</h1>", with: "</h1><p>edited-while-serving</p>").utf8).write(
            to: template)

        #expect(
            events.read(until: "event: reload"), "a reload event follows the rebuild: \(server.process.standardError)")
        #expect(try server.get("/").text.contains("edited-while-serving"))
        let published = try String(contentsOf: server.output.appending(path: "index.html"), encoding: .utf8)
        #expect(published.contains("edited-while-serving") && !published.contains("__repodigest"))
    }

    @Test func aConfigurationEditRebuildsToo() throws {
        let folder = try TemporaryFolder()
        let config = folder.url.appending(path: "repodigest.toml")
        try Data(Configuration.starter.utf8).write(to: config)
        let server = try Server(extra: ["--config", config.path])
        let events = try RawHTTPConnection(port: server.port)
        events.send("GET /__repodigest/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(events.read(until: ": connected"))

        try Data(
            Configuration.starter.replacingOccurrences(of: "Things mona-sample follows", with: "Retitled while serving")
                .utf8
        ).write(to: config)
        #expect(events.read(until: "event: reload"), "\(server.process.standardError)")
        #expect(try server.get("/").text.contains("Retitled while serving"))
    }

    @Test("the output folder removed while serving: every page says so (503), the terminal once, until a rebuild")
    func theOutputFolderGoneIsSaid() throws {
        let server = try Server()
        try FileManager.default.removeItem(at: server.output)
        for path in ["/", "/starred/"] {
            let gone = try server.get(path)
            #expect(gone.status == 503 && gone.text.contains("is gone"), "\(gone.text)")
        }
        server.process.signal(SIGTERM)
        #expect(server.process.wait() == 0)
        let warnings = server.process.standardError.components(separatedBy: "is gone").count - 1
        #expect(warnings == 1, "\(server.process.standardError)")
    }

    /// A `serve` of a configuration on a file, reading the fake GitHub (the answers slowed by
    /// `latency` seconds from the start), for tests that save that file while builds run.
    final class LiveServer {
        let folder: TemporaryFolder
        let github: FakeGitHub
        let process: RunningProcess

        var config: URL { folder.url.appending(path: "repodigest.toml") }
        var index: URL { folder.url.appending(path: "site/index.html") }

        init(latency: Double = 0) throws {
            folder = try TemporaryFolder()
            github = try LiveBuildProcessTests.world()
            github.latency = latency
            let config = folder.url.appending(path: "repodigest.toml")
            try Self.configuration(title: "Before", github: github).write(to: config)
            process = try RunningProcess(
                [
                    "serve", "--config", config.path, "--port", "0", "--output",
                    folder.url.appending(path: "site").path, "--state-dir", folder.url.appending(path: "state").path,
                ],
                environment: ["GITHUB_TOKEN": LiveBuildProcessTests.token, "GH_TOKEN": ""])
        }

        deinit { github.stop() }

        /// Saves the configuration with another title.
        func save(title: String) throws {
            try Self.configuration(title: title, github: github).write(to: config)
        }

        private static func configuration(title: String, github: FakeGitHub) -> Data {
            Data(
                "title = \"\(title)\"\n[github]\napi_url = \"\(github.baseURL)\"\n[digest]\nstarred_by = [\"mona\"]\n"
                    .utf8)
        }
    }

    /// A rebuild waiting on GitHub when the first Ctrl-C comes: it finishes and publishes, as
    /// the message says; it was cancelled ("CancellationError") and nothing was published.
    @Test func aFirstCtrlCDuringALiveRebuildLetsItPublish() throws {
        let server = try LiveServer()
        let process = server.process
        #expect(process.waitFor { process.standardOutput.contains("http://") }, "\(process.standardError)")
        server.github.latency = 1
        try server.save(title: "After")
        #expect(process.waitFor { process.standardError.contains("rebuilding") })
        usleep(300_000)
        process.signal(SIGINT)
        #expect(process.wait() == 0, "\(process.standardError)")
        #expect(!process.standardError.contains("Cancellation"), "\(process.standardError)")
        let index = try String(contentsOf: server.index, encoding: .utf8)
        #expect(index.contains("After"), "the rebuild under way was published")
    }

    @Test("a rebuild GitHub refuses (a revoked token: exit 3) shows why in the open page, not the site as it was")
    func aRebuildGitHubRefusesShowsWhy() throws {
        let server = try LiveServer()
        let process = server.process
        #expect(process.waitFor { process.standardOutput.contains("http://") }, "\(process.standardError)")
        let line = try #require(process.standardOutput.split(separator: "\n").first { $0.hasPrefix("http://") })
        let port = try #require(
            line.split(separator: ":").last.flatMap { UInt16($0.trimmingCharacters(in: .init(charactersIn: "/"))) })
        #expect(try RawHTTPConnection.request("/", port: port).status == 200)
        server.github.inject(.status(401), at: "/rate_limit", times: 20)
        try server.save(title: "After")
        #expect(process.waitFor { process.standardError.contains("401") }, "\(process.standardError)")
        #expect(process.waitFor { (try? RawHTTPConnection.request("/", port: port).status) == 500 })
        #expect(try RawHTTPConnection.request("/", port: port).text.contains("401"))
        process.signal(SIGINT)
        #expect(process.wait() == 0, "\(process.standardError)")
    }

    @Test("a save while the first build runs rebuilds once it is done: the preview never shows the file unsaved")
    func aSaveDuringTheFirstBuildRebuilds() throws {
        let server = try LiveServer(latency: 1)
        let process = server.process
        #expect(process.waitFor { process.standardError.contains("Gathering") }, "\(process.standardError)")
        try server.save(title: "After")
        #expect(process.waitFor { process.standardOutput.contains("http://") }, "\(process.standardError)")
        server.github.latency = 0
        #expect(process.waitFor { process.standardError.contains("rebuilding") }, "\(process.standardError)")
        #expect(
            process.waitFor { (try? String(contentsOf: server.index, encoding: .utf8))?.contains("After") == true },
            "\(process.standardError)")
        process.signal(SIGINT)
        #expect(process.wait() == 0, "\(process.standardError)")
    }

    @Test func ctrlCStopsCleanlyWithOpenEventStreams() throws {
        let server = try Server()
        let events = try RawHTTPConnection(port: server.port)
        events.send("GET /__repodigest/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(events.read(until: ": connected"))

        server.process.signal(SIGINT)
        #expect(server.process.wait() == 0, "\(server.process.standardError)")
        #expect(server.process.standardError.contains("Stopping"))
        #expect(throws: (any Error).self, "nothing listens any more") { try RawHTTPConnection(port: server.port) }
    }

    /// The second signal stops it at once, even when Swift's threads are too busy for the
    /// orderly stop: the two arrive together while the process is frozen.
    @Test func aSecondSignalStopsAtOnce() throws {
        let server = try Server()
        server.process.signal(SIGSTOP)
        server.process.signal(SIGINT)
        server.process.signal(SIGTERM)
        server.process.signal(SIGCONT)
        #expect([130, 143].contains(server.process.wait()), "\(server.process.standardError)")
        #expect(server.process.standardError.contains("stopped by a second SIG"))
    }

    /// And while clients keep every thread Swift's tasks run on busy: two request lines of
    /// 200 KB, which FlyingFox reads in time that grows with their square (some 20 s each).
    @Test func aSecondSignalStopsItWhileClientsKeepItBusy() throws {
        let server = try Server()
        let clients = try (0..<2).map { _ in try RawHTTPConnection(port: server.port) }
        for client in clients { client.send("GET /" + String(repeating: "a", count: 200_000)) }
        usleep(500_000)
        server.process.signal(SIGINT)
        server.process.signal(SIGTERM)
        let stopped = server.process.waitFor { !server.process.process.isRunning }
        if !stopped { server.process.signal(SIGKILL) }
        #expect(stopped, "still running a minute after the second signal")
        #expect([130, 143].contains(server.process.wait()), "\(server.process.standardError)")
    }

    @Test func warnsWhenBoundBeyondLoopback() throws {
        let server = try Server(extra: ["--host", "0.0.0.0"])
        #expect(server.port != 0)
        #expect(server.process.standardError.contains("warning: serving on 0.0.0.0, beyond this machine"))
        server.process.signal(SIGTERM)
        #expect(server.process.wait() == 0)
    }

    @Test("A theme error while serving shows in the open page, and the site comes back when it is fixed")
    func aBuildErrorShowsInTheBrowserUntilFixed() throws {
        let server = try Server()
        let events = try RawHTTPConnection(port: server.port)
        events.send("GET /__repodigest/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(events.read(until: ": connected"))

        let template = server.theme.appending(path: "templates/digest.mustache")
        let good = try Data(contentsOf: template)
        try Data("{{#unclosed}}<b>&".utf8).write(to: template)
        #expect(
            events.read(until: "event: reload"), "the open page reloads onto the error: \(server.process.standardError)"
        )
        let failed = try server.get("/")
        #expect(failed.status == 500)
        #expect(failed.text.contains("The last build failed") && failed.text.contains("digest"), "\(failed.text)")
        #expect(failed.text.contains(SiteRequestHandler.scriptTag), "the error page reloads by itself")
        #expect(try server.get("/assets/style.css").status == 200, "assets are still served")

        try good.write(to: template)
        #expect(events.read(until: "data: 2"), "a second reload once fixed: \(events.receivedText)")
        let fixed = try server.get("/")
        #expect(fixed.status == 200 && !fixed.text.contains("The last build failed"))
    }

    @Test("Out of files, with connections that never finish a request, it closes them all and serves on")
    func outOfFilesItServesOn() throws {
        let server = try Server()
        // As if the system allowed this process 64 files: idle connections soon take them all.
        let lower = try Process.run(
            URL(fileURLWithPath: "/usr/bin/prlimit"), arguments: ["--pid", "\(server.process.pid)", "--nofile=64:64"])
        lower.waitUntilExit()
        #expect(lower.terminationStatus == 0)
        var idle: [RawHTTPConnection] = []
        for _ in 0..<80 {
            guard let connection = try? RawHTTPConnection(port: server.port) else { break }
            connection.send("GET / HTTP/1.1\r\n")
            idle.append(connection)
        }
        #expect(server.process.waitFor { server.process.standardError.contains("too many connections were open") })
        // Listening again a moment later, on the same port.
        #expect(
            server.process.waitFor { (try? server.get("/index.html").status) == 200 }, "\(server.process.standardError)"
        )
        #expect(!server.process.standardError.contains("stopped serving"))
        server.process.signal(SIGINT)
        #expect(server.process.wait() == 0)
    }

    @Test("a first build that fails on the theme serves the page that says why, until a save mends it")
    func aThemeMidEditStillStartsThePreview() throws {
        var card = ""
        let server = try Server { theme in
            let file = theme.appending(path: "templates/card.mustache")
            card = try String(contentsOf: file, encoding: .utf8)
            try Data((card + "{{#unclosed}}").utf8).write(to: file)
        }
        let failing = try server.get("/")
        #expect(failing.status == 500, "\(server.process.standardError)")
        #expect(failing.text.contains("card.mustache"), "\(failing.text)")
        try Data(card.utf8).write(to: server.theme.appending(path: "templates/card.mustache"))
        #expect(server.process.waitFor { (try? server.get("/").status) == 200 }, "\(server.process.standardError)")
        server.process.signal(SIGINT)
        #expect(server.process.wait() == 0)
    }

    @Test("an output folder the first build refused (not repodigest's) is never served: every path says why")
    func aRefusedOutputIsNeverServed() throws {
        let server = try Server { theme in
            let site = theme.deletingLastPathComponent().appending(path: "site")
            try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
            try Data("the user's secret".utf8).write(to: site.appending(path: "secret.txt"))
        }
        for path in ["/secret.txt", "/", "/nothing"] {
            let answer = try server.get(path)
            #expect(answer.status == 500, "\(path): \(answer.text)")
            #expect(
                !answer.text.contains("the user's secret") && answer.text.contains("refusing to publish"),
                "\(answer.text)")
        }
        server.process.signal(SIGINT)
        #expect(server.process.wait() == 0)
    }

    @Test("A port in use is said plainly, before anything is built")
    func aPortInUseIsSaidBeforeBuilding() throws {
        let first = try Server()
        let folder = try TemporaryFolder()
        let second = try RunningProcess(
            ["serve", "--sample", "--port", String(first.port), "--output", folder.url.appending(path: "site").path])
        #expect(second.wait() == 1)
        #expect(
            second.standardError.contains("127.0.0.1 port \(first.port): the port is already in use"),
            "\(second.standardError)")
        #expect(!second.standardError.contains("sockaddr") && !second.standardError.contains("Published"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "site").path), "nothing was built")
    }
}
