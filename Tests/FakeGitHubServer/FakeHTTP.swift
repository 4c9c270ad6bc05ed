public import Foundation

/// A request as the fake server read it.
public struct FakeRequest: Sendable, Hashable {
    public var method: String
    /// The request target as sent: path and query.
    public var target: String
    public var path: String
    public var query: [String: String]
    /// Header fields by lower-case name.
    public var headers: [String: String]
    /// What a POST sent (`Content-Length` bytes); empty for a GET.
    public var body = Data()

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    init?(head: String) {
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        method = String(requestLine[0])
        target = String(requestLine[1])
        let components = URLComponents(string: target)
        path = components?.percentEncodedPath ?? target
        query = Dictionary(
            (components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        self.headers = headers
    }
}

/// What the fake server sends back, and how: whole, late, cut short, or not at all.
public struct FakeResponse: Sendable {
    public enum Delivery: Sendable, Hashable {
        case whole
        /// Close the connection without a byte of answer.
        case dropBeforeAnswer
        /// Headers promising the whole body, half of it, then close.
        case dropMidBody
        /// A complete answer whose body is the first half of the JSON.
        case truncatedBody
    }

    public var status: Int
    public var headers: [(String, String)]
    public var body: Data
    public var delivery: Delivery = .whole
    /// Seconds to wait before answering.
    public var delay: Double = 0

    public init(status: Int, headers: [(String, String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public static func json(_ status: Int, _ object: Any, headers: [(String, String)] = []) -> FakeResponse {
        let body = FakeJSON.data(object)
        return FakeResponse(
            status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers, body: body)
    }

    public static func message(_ status: Int, _ text: String, headers: [(String, String)] = []) -> FakeResponse {
        json(status, ["message": text, "documentation_url": "https://docs.github.com/rest"], headers: headers)
    }

    /// The bytes on the wire (before any cut).
    func serialised(body: Data) -> Data {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        return Data(head.utf8) + body
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 301: return "Moved Permanently"
        case 304: return "Not Modified"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }
}
