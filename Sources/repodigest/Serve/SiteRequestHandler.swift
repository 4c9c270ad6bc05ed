internal import FlyingFox
import Foundation
import SiteRenderer
import Synchronization

/// Answers the preview server's requests: the site's files, the reload script and its event
/// stream. HTML is answered with one `<script src>` added before `</body>`, at serve time
/// only: the published files never hold it (and the validator forbids inline scripts).
struct SiteRequestHandler: HTTPHandler {
    static let eventsPath = "/__repodigest/events"
    static let scriptPath = "/__repodigest/reload.js"
    static let scriptTag = "<script src=\"\(scriptPath)\"></script>"
    /// Reloads the page when a rebuild is published; EventSource reconnects by itself. One
    /// tab holds the stream and tells the others (`BroadcastChannel`; which one, a lock held
    /// while it is open): a browser opens at most six connections to a server, and a stream
    /// held by every open tab would leave the seventh waiting to load. Where the browser has
    /// neither (a page not served from loopback is no secure context), or refuses the lock (a
    /// sandboxed frame), each tab listens.
    static let script = """
        // Added by `repodigest serve`; never part of the published site.
        (() => {
          const listen = (told) => new EventSource("\(eventsPath)").addEventListener("reload", () => {
            told();
            location.reload();
          });
          if (!navigator.locks || !window.BroadcastChannel) return listen(() => {});
          const tabs = new BroadcastChannel("repodigest-reload");
          tabs.onmessage = () => location.reload();
          navigator.locks
            .request("repodigest-reload", () => new Promise(() => listen(() => tabs.postMessage("reload"))))
            .catch(() => listen(() => {}));
        })();

        """

    var root: URL
    var events: ReloadEvents
    var console: Console
    var problems = BuildProblems()
    /// Whether it listens on loopback only, and so answers only requests that name this
    /// machine (`Host`); when it listens beyond, the person chose to show it. A web page
    /// elsewhere could otherwise rename its own host to 127.0.0.1 (DNS rebinding) and read the
    /// preview, private repositories and all.
    var loopbackOnly = false
    /// Whether the terminal was told that the output folder is gone, so it is told once.
    let outputGone = OutputGone()

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            return Self.plain(.methodNotAllowed, "only GET and HEAD\n", extra: [HTTPHeader("Allow"): "GET, HEAD"])
        }
        let (path, host) = Self.pathAndHost(request.target.path(), hostHeader: request.headers[.host])
        if loopbackOnly, !Loopback.isHost(host) {
            return Self.plain(.forbidden, "refused: this preview answers only to its own address\n")
        }
        let response: HTTPResponse
        switch path {
        case Self.eventsPath where request.method == .HEAD:
            let headers: HTTPHeaders = [.contentType: "text/event-stream", .cacheControl: "no-store"]
            response = HTTPResponse(statusCode: .ok, headers: headers)
        case Self.eventsPath:
            return HTTPResponse(
                statusCode: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: HTTPBodySequence(from: EventStreamBody(messages: await events.subscribe())))
        case Self.scriptPath:
            response = Self.answer(.ok, Data(Self.script.utf8), type: "text/javascript; charset=utf-8")
        default:
            // A range is for GET alone (RFC 9110, 14.2): HEAD says what GET of the whole would.
            let range = request.method == .GET ? request.headers[HTTPHeader("Range")] : nil
            response = file(path, query: request.target.query(), range: range)
        }
        return request.method == .HEAD ? Self.headOnly(response) : response
    }

    /// - Parameter query: kept on a redirect to the folder's `/` (a list's filter, `?q=`).
    /// - Parameter range: the request's `Range`, for a file that is not a page.
    private func file(_ rawPath: String, query: String, range: String?) -> HTTPResponse {
        // Only a folder repodigest published is served: a first build that refused the output
        // (`--output /etc`, a folder of the user's own) must not hand out what it holds.
        guard SiteWriter.holdsPublishedSite(root) else { return unpublished() }
        outputGone.noteThere()
        switch ServedPath.resolve(rawPath: rawPath, root: root) {
        case .file(let url) where ContentType.of(path: url.path).hasPrefix("text/html"):
            guard let data = FileManager.default.contents(atPath: url.path) else { return notFound() }
            return page(.ok, data, path: url.path)
        case .file(let url):
            guard let file = FileBody.OpenFile(path: url.path) else { return notFound() }
            return Self.streamed(
                file, type: ContentType.of(path: url.path), range: ByteRange(header: range, size: file.size))
        case .redirect(let location):
            // Not kept (a browser keeps a 301 for good): another site previewed later at this
            // address may have a file where this one has a folder.
            let headers: HTTPHeaders = [
                .location: Self.locationValue(location + (query.isEmpty ? "" : "?" + query)), .contentLength: "0",
                .cacheControl: "no-store",
            ]
            return HTTPResponse(statusCode: .movedPermanently, headers: headers)
        case .notFound:
            return notFound()
        case .refused(let reason):
            return Self.plain(.badRequest, "refused: \(reason)\n")
        case .outside:
            // Not found, as a link to nothing is: a 403 would tell whoever planted the link
            // which files exist outside the site. The person serving is told.
            console.warning("refused \(rawPath): it leads outside \(root.path)")
            return notFound()
        }
    }

    /// The site's own `404.html`, found as any file is (never through a link that leads
    /// outside the site), else a line of text; while the last build failed, the page that
    /// says why, so that a first build that failed (no site yet) shows it too.
    private func notFound() -> HTTPResponse {
        guard case .file(let page) = ServedPath.resolve(rawPath: "/404.html", root: root),
            let data = FileManager.default.contents(atPath: page.path)
        else {
            if let lines = problems.current {
                return Self.answer(.internalServerError, ErrorPage.html(lines), type: "text/html; charset=utf-8")
            }
            return Self.plain(.notFound, "not found\n")
        }
        return self.page(.notFound, data, path: page.path)
    }

    /// The path asked for and the host named: an absolute-form target (`GET http://HOST/PATH`,
    /// as a proxy sends, which RFC 9112 has a server accept) names both, its host in place of
    /// the `Host` header's; any other target is the path, and `Host` names the host.
    static func pathAndHost(_ target: String, hostHeader: String?) -> (path: String, host: String) {
        for scheme in ["http://", "https://"] where target.lowercased().hasPrefix(scheme) {
            let afterScheme = target.dropFirst(scheme.count)
            let authority = afterScheme.prefix { $0 != "/" }
            let path = afterScheme.dropFirst(authority.count)
            return (path.isEmpty ? "/" : String(path), hostName(String(authority)))
        }
        return (target, hostName(hostHeader))
    }

    /// A `Host` header's name, lower-cased, its port aside (`[::1]:8000` → `[::1]`). Anything
    /// after the name but `:PORT` (`[::1].evil.com`, `localhost:80x`) leaves the header whole:
    /// no name this server answers to.
    static func hostName(_ header: String?) -> String {
        guard let header = header?.lowercased() else { return "" }
        let end: String.Index
        if header.hasPrefix("[") {
            guard let close = header.firstIndex(of: "]") else { return header }
            end = header.index(after: close)
        } else {
            end = header.firstIndex(of: ":") ?? header.endIndex
        }
        let port = header[end...]
        guard port.isEmpty || (port.first == ":" && port.dropFirst().allSatisfy { ("0"..."9").contains($0) })
        else { return header }
        return String(header[..<end])
    }

    /// A `Location` header's value: every byte that is not printable ASCII percent-encoded, so
    /// that no control character a request carried (a CR in its query) reaches the answer's
    /// headers.
    static func locationValue(_ location: String) -> String {
        location.addingPercentEncoding(withAllowedCharacters: printableASCII) ?? location
    }

    /// `!` to `~`: what a header's value may hold as it is.
    /// Any path while the output holds no published site: the page that says why the build
    /// failed, else that the folder is gone or not repodigest's.
    private func unpublished() -> HTTPResponse {
        if let lines = problems.current {
            return Self.answer(.internalServerError, ErrorPage.html(lines), type: "text/html; charset=utf-8")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            // Deleted or moved away while serving: no page can be found until a rebuild.
            let message = "the output folder \(root.path) is gone; save a watched file to build it again"
            if outputGone.noteGone() { console.warning(message) }
            return Self.plain(.serviceUnavailable, "\(message)\n")
        }
        return Self.plain(
            .serviceUnavailable,
            "the output folder \(root.path) holds no site repodigest published; nothing is served\n")
    }

    private static let printableASCII = CharacterSet(charactersIn: Unicode.Scalar(0x21)...Unicode.Scalar(0x7E))

    private func page(_ status: HTTPStatusCode, _ data: Data, path: String) -> HTTPResponse {
        let type = ContentType.of(path: path)
        guard type.hasPrefix("text/html") else { return Self.answer(status, data, type: type) }
        if let lines = problems.current {
            return Self.answer(.internalServerError, ErrorPage.html(lines), type: type)
        }
        return Self.answer(status, Self.injectingScript(into: data), type: type)
    }

    /// The page with the reload script before its last `</body>` (or at its end), every other
    /// byte as it was: a page of the user's own in another encoding than UTF-8 is not mended
    /// into U+FFFD.
    static func injectingScript(into data: Data) -> Data {
        let bytes = [UInt8](data)
        let end = Array("</body>".utf8)
        func lowered(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        let at =
            bytes.count < end.count
            ? nil
            : (0...(bytes.count - end.count)).reversed().first { start in
                end.indices.allSatisfy { lowered(bytes[start + $0]) == end[$0] }
            }
        var page = Data(bytes[..<(at ?? bytes.count)])
        page.append(contentsOf: scriptTag.utf8)
        page.append(contentsOf: bytes[(at ?? bytes.count)...])
        return page
    }

    /// A file other than a page, sent as it is read, whole or the range asked for (206; 416
    /// past its end, naming its size); every such answer says that ranges may be asked.
    static func streamed(_ file: FileBody.OpenFile, type: String, range: ByteRange) -> HTTPResponse {
        let (status, bytes, contentRange): (HTTPStatusCode, Range<Int>, String?) =
            switch range {
            case .whole: (.ok, 0..<file.size, nil)
            case .part(let part):
                (.partialContent, part, "bytes \(part.lowerBound)-\(part.upperBound - 1)/\(file.size)")
            case .unsatisfiable: (.rangeNotSatisfiable, 0..<0, "bytes */\(file.size)")
            }
        var headers = Self.headers(type: type)
        headers[HTTPHeader("Accept-Ranges")] = "bytes"
        if let contentRange { headers[HTTPHeader("Content-Range")] = contentRange }
        return HTTPResponse(
            statusCode: status, headers: headers,
            body: HTTPBodySequence(from: FileBody(file: file, range: bytes), count: bytes.count))
    }

    private static func answer(_ status: HTTPStatusCode, _ body: Data, type: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: headers(type: type), body: body)
    }

    /// What every file's answer says: its type, never to cache it (a preview shows the latest
    /// build), never to guess another type.
    private static func headers(type: String) -> HTTPHeaders {
        [.contentType: type, .cacheControl: "no-store", HTTPHeader("X-Content-Type-Options"): "nosniff"]
    }

    private static func plain(_ status: HTTPStatusCode, _ text: String, extra: [HTTPHeader: String] = [:])
        -> HTTPResponse
    {
        var response = answer(status, Data(text.utf8), type: "text/plain; charset=utf-8")
        for (header, value) in extra { response.headers[header] = value }
        return response
    }

    /// HEAD: the headers GET would send, its length included, and no body.
    private static func headOnly(_ response: HTTPResponse) -> HTTPResponse {
        var head = response
        if case .httpBody(let body) = response.payload, let count = body.count {
            head.headers[.contentLength] = String(count)
        }
        head.payload = .httpBody(HTTPBodySequence(data: Data()))
        return head
    }
}

/// Whether `serve` found its output folder gone and said so: told once each time it goes.
final class OutputGone: Sendable {
    private let told = Atomic<Bool>(false)

    /// True the first time it is found gone since it was last there.
    func noteGone() -> Bool { !told.exchange(true, ordering: .relaxed) }

    func noteThere() { told.store(false, ordering: .relaxed) }
}
