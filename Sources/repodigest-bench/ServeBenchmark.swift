import Foundation
import GitHubData

#if canImport(Glibc)
    internal import Glibc
#endif

/// `repodigest serve` on the bundled sample, as a person previewing a theme uses it: the
/// configuration is saved with a new title (every page changes) and the clock runs from the
/// save to the `reload` event the open page receives. Also timed: a save that changes nothing
/// on the site (a comment added), which still rebuilds.
struct ServeBenchmark {
    struct Result {
        var saves: Int
        /// From the save to the reload event, each save in turn.
        var retitled: [Double]
        var commented: [Double]
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    var work: URL
    var repodigest: String
    static let defaultSaves = 5
    var saves = defaultSaves

    func run(progress: (String) -> Void) throws -> Result {
        let folder = work.appending(path: "serve")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appending(path: "repodigest.toml")
        try write(config, title: "Serve benchmark 0", comment: 0)
        let log = folder.appending(path: "serve.log").path
        let server = try Server.start(
            repodigest,
            [
                "serve", "--sample", "--config", config.path, "--output", folder.appending(path: "site").path,
                "--port", "0", "--quiet",
            ], stdout: log)
        defer { server.stop() }
        let port = try server.port(fromLog: log)
        let events = try EventStream(port: port)
        var result = Result(saves: saves, retitled: [], commented: [])
        for save in 1...saves {
            progress("serve: save \(save) of \(saves)")
            result.retitled.append(
                try events.timeToReload { try write(config, title: "Serve benchmark \(save)", comment: 0) })
            result.commented.append(
                try events.timeToReload { try write(config, title: "Serve benchmark \(save)", comment: save) })
        }
        return result
    }

    /// The sample's configuration with another title (and a comment that changes nothing).
    private func write(_ config: URL, title: String, comment: Int) throws {
        let lines = SampleDataStore.configuration.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasPrefix("title = ") ? "title = \"\(title)\"" : String($0)
        }
        try Data((["# save \(comment)"] + lines).joined(separator: "\n").utf8).write(to: config)
    }
}

/// A `repodigest serve` child process, stopped with SIGINT as a person stops it.
private struct Server {
    var pid: pid_t

    static func start(_ executable: String, _ arguments: [String], stdout: String) throws -> Server {
        Server(
            pid: try ChildProcess.start(
                executable, arguments, stdout: stdout, stderr: stdout + ".err",
                environment: ProcessInfo.processInfo.environment))
    }

    /// The port from the address `serve` prints on standard output once it listens.
    func port(fromLog log: String) throws -> UInt16 {
        for _ in 0..<600 {
            if let text = try? String(contentsOfFile: log, encoding: .utf8),
                let range = text.range(of: #"http://127\.0\.0\.1:(\d+)"#, options: .regularExpression),
                let port = UInt16(text[range].split(separator: ":").last ?? "")
            {
                return port
            }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                let errors = (try? String(contentsOfFile: log + ".err", encoding: .utf8)) ?? ""
                throw ServeBenchmark.Failure(description: "serve stopped before listening: \(errors)")
            }
            usleep(50_000)
        }
        throw ServeBenchmark.Failure(description: "serve did not print its address within 30 s")
    }

    func stop() {
        kill(pid, SIGINT)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

/// One open page's server-sent event stream (`/__repodigest/events`), read on a plain socket.
private final class EventStream {
    let socket: Int32
    private var pending = ""

    init(port: UInt16) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            throw ServeBenchmark.Failure(description: "cannot connect to serve on port \(port)")
        }
        let request = "GET /__repodigest/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
        _ = request.withCString { send(socket, $0, strlen($0), 0) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(socket) }

    /// Seconds from `change` to the next `event: reload`.
    func timeToReload(after change: () throws -> Void) throws -> Double {
        let start = DispatchTime.now()
        try change()
        while !pending.contains("event: reload") {
            var buffer = [UInt8](repeating: 0, count: 4_096)
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { throw ServeBenchmark.Failure(description: "no reload event within 60 s") }
            pending += String(decoding: buffer[..<count], as: UTF8.self)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        pending = String(pending[pending.range(of: "event: reload")!.upperBound...])
        return seconds
    }
}
