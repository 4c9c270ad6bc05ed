internal import CCurl
import Foundation

/// What one transfer collects while libcurl runs it, reached from libcurl's C callbacks
/// through their user-data pointer.
final class CurlTransfer {
    var body = Data()
    var headerLines: [String] = []
    var overflowed = false
    /// The header fields passed `maxHeaderBytes` (all lines of all answers of the transfer).
    var headersOverflowed = false
    private var headerBytes = 0
    let maxBodyBytes: Int
    let maxHeaderBytes: Int
    let isCancelled: () -> Bool

    init(maxBodyBytes: Int, maxHeaderBytes: Int, isCancelled: @escaping () -> Bool) {
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.isCancelled = isCancelled
    }

    /// Header fields of the final answer. A status line starts a new answer (a `100
    /// Continue`, or a proxy's), so fields seen before the last one are dropped.
    var headers: HTTPHeaders {
        var headers = HTTPHeaders()
        for line in headerLines {
            if line.hasPrefix("HTTP/") {
                headers = HTTPHeaders()
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            // A field with a control character inside (a bare CR) is not HTTP; kept, it could
            // travel back in a later request's headers.
            guard HTTPHeaders.isValidValue(value) else { continue }
            headers.add(name, value)
        }
        return headers
    }

    static let writeBody: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
        bytes, size, count, context in
        guard let bytes, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        guard transfer.body.count + length <= transfer.maxBodyBytes else {
            transfer.overflowed = true
            return 0  // libcurl stops the transfer with CURLE_WRITE_ERROR
        }
        bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
            transfer.body.append($0, count: length)
        }
        return length
    }

    static let writeHeader: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
        bytes, size, count, context in
        guard let bytes, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        transfer.headerBytes += length
        guard transfer.headerBytes <= transfer.maxHeaderBytes else {
            transfer.headersOverflowed = true
            return 0  // libcurl stops the transfer with CURLE_WRITE_ERROR
        }
        let line = bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty { transfer.headerLines.append(trimmed) }
        return length
    }

    /// Non-zero aborts the transfer: how a cancelled task stops a download in flight.
    static let progress:
        @convention(c) (UnsafeMutableRawPointer?, curl_off_t, curl_off_t, curl_off_t, curl_off_t) -> Int32 = {
            context, _, _, _, _ in
            guard let context else { return 0 }
            return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().isCancelled() ? 1 : 0
        }
}
