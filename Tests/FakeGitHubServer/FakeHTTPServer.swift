import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A small HTTP/1.1 server on 127.0.0.1 and an ephemeral port, on plain POSIX sockets: one
/// thread accepts, one thread per connection reads requests (keep-alive) and asks `handler`
/// for each answer. Enough for a client's tests, and nothing a test would need to install.
public final class FakeHTTPServer: @unchecked Sendable {
    public let port: Int
    private let listener: Int32
    private let handler: @Sendable (FakeRequest) -> FakeResponse
    private let lock = NSLock()
    // Guarded by `lock`.
    private var clients: Set<Int32> = []
    private var accepted = 0
    private var inFlight = 0
    private var mostInFlight = 0
    private var stopped = false
    /// The accept thread ended and closed the listening socket: its number is no longer ours.
    private var listenerClosed = false

    public init(handler: @escaping @Sendable (FakeRequest) -> FakeResponse) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw FakeServerError("socket() failed: errno \(errno)") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw FakeServerError("bind/listen on 127.0.0.1 failed: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in acceptLoop() }.start()
    }

    deinit { stop() }

    /// Connections accepted so far: with a keep-alive client, fewer than requests.
    public var connectionsAccepted: Int { lock.withLock { accepted } }

    /// The most requests this server was answering at one moment: the client's real concurrency.
    public var maxRequestsInFlight: Int { lock.withLock { mostInFlight } }

    /// Shuts the sockets down, which wakes the threads blocked on them; each thread closes its
    /// own socket as it ends. Closed here instead, a socket's number could go to the next
    /// test's server while its thread was between two calls, and that thread would then
    /// accept (and drop) the next server's connections: "Empty reply from server". For the
    /// same reason the clients' sockets are shut down under the lock: a connection's thread
    /// takes its socket out of `clients` under it before closing it.
    public func stop() {
        lock.withLock {
            guard !stopped else { return }
            stopped = true
            if !listenerClosed { shutdown(listener, Int32(SHUT_RDWR)) }
            for client in clients { shutdown(client, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop() {
        defer {
            lock.withLock {
                listenerClosed = true
                close(listener)
            }
        }
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                // A client that gave up before it was accepted is no reason to stop.
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            let keep = lock.withLock {
                guard !stopped else { return false }
                accepted += 1
                clients.insert(client)
                return true
            }
            guard keep else {
                close(client)
                return
            }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer {
            lock.withLock { _ = clients.remove(client) }
            close(client)
        }
        var buffer = Data()
        while true {
            guard let head = readHead(client, &buffer) else { return }
            guard var request = FakeRequest(head: head) else { return }
            if let length = request.header("content-length").flatMap(Int.init), length > 0 {
                guard let body = readBody(client, &buffer, length: length) else { return }
                request.body = body
            }
            lock.withLock {
                inFlight += 1
                mostInFlight = max(mostInFlight, inFlight)
            }
            defer { lock.withLock { inFlight -= 1 } }
            let response = handler(request)
            if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
            switch response.delivery {
            case .whole:
                guard write(client, response.serialised(body: response.body)) else { return }
            case .dropBeforeAnswer:
                return
            case .dropMidBody:
                let bytes = response.serialised(body: response.body)
                _ = write(client, bytes.prefix(bytes.count - max(1, response.body.count / 2)))
                return
            case .truncatedBody:
                guard write(client, response.serialised(body: response.body.prefix(response.body.count / 2))) else {
                    return
                }
            }
            if request.header("connection")?.lowercased() == "close" { return }
        }
    }

    /// The `length` bytes of a request's body, leaving any further bytes in `buffer`.
    private func readBody(_ client: Int32, _ buffer: inout Data, length: Int) -> Data? {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while buffer.count < length {
            let count = recv(client, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
        let body = Data(buffer.prefix(length))
        buffer = Data(buffer.dropFirst(length))
        return body
    }

    /// The next request's head (request line and fields), leaving any further bytes in `buffer`.
    private func readHead(_ client: Int32, _ buffer: inout Data) -> String? {
        let separator = Data("\r\n\r\n".utf8)
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            if let range = buffer.range(of: separator) {
                let head = String(decoding: buffer[buffer.startIndex..<range.lowerBound], as: UTF8.self)
                buffer = Data(buffer[range.upperBound...])
                return head
            }
            let count = recv(client, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    private func write(_ client: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                // MSG_NOSIGNAL: a client that hung up (timed out) must not kill the test process.
                let sent = send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0 && errno == EINTR { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }
}

public struct FakeServerError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
