import Foundation

/// A plain TCP connection to the preview server: the request line goes out byte for byte, as
/// an attacker would send it (URLSession would tidy `..` and escapes away before sending).
final class RawHTTPConnection {
    struct Response {
        var status: Int
        /// By lower-case name.
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let descriptor: Int32
    private var received = Data()

    init(port: UInt16) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        // A bound on every read, so a server that never answers fails the test instead of hanging it.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED) }
    }

    deinit { close(descriptor) }

    func send(_ text: String) {
        _ = text.withCString { write(descriptor, $0, strlen($0)) }
    }

    /// Reads until `text` has arrived (true), or the server closes or a minute passes (false):
    /// an event stream's heartbeats would otherwise keep a test that waits in vain waiting.
    func read(until text: String) -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while received.range(of: Data(text.utf8)) == nil {
            guard ContinuousClock.now < deadline, readMore() else { return false }
        }
        return true
    }

    var receivedText: String { String(decoding: received, as: UTF8.self) }

    private func readMore() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let count = Glibc.read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return false }
        received.append(contentsOf: buffer[..<count])
        return true
    }

    /// One request on a new connection, answered and closed.
    /// - Parameter headers: more header lines, each without its line end (`Range: bytes=0-9`).
    static func request(
        _ target: String, port: UInt16, method: String = "GET", host: String = "127.0.0.1", headers: [String] = []
    ) throws -> Response {
        let connection = try RawHTTPConnection(port: port)
        let more = headers.map { $0 + "\r\n" }.joined()
        connection.send("\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\n\(more)Connection: close\r\n\r\n")
        while connection.readMore() {}
        let separator = Data("\r\n\r\n".utf8)
        guard let end = connection.received.range(of: separator) else {
            return Response(status: 0, headers: [:], body: connection.received)
        }
        let head = String(decoding: connection.received[..<end.lowerBound], as: UTF8.self).components(
            separatedBy: "\r\n")
        let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Data(connection.received[end.upperBound...]))
    }
}
