internal import CCurl
import Foundation

/// One libcurl easy handle, owned by one worker thread for its whole life. Reusing the handle
/// is what keeps connections (and TLS sessions) alive between requests: libcurl caches them
/// per handle, and `curl_easy_reset` clears the options but not that cache.
final class CurlEasyHandle {
    private let handle: UnsafeMutableRawPointer
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    init?() {
        CurlEasyHandle.globalInit
        guard let handle = curl_easy_init() else { return nil }
        self.handle = handle
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// libcurl's process-wide setup, done once before the first handle (it is not thread-safe).
    private static let globalInit: Void = {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    }()

    /// Runs one GET, or POST of `body`, to completion on the calling thread.
    func perform(
        url: String, headers: HTTPHeaders, body: Data? = nil, configuration: CurlHTTPClient.Configuration,
        isCancelled: @escaping () -> Bool
    ) throws -> (status: Int, headers: HTTPHeaders, body: Data, newConnections: Int) {
        curl_easy_reset(handle)
        errorBuffer[0] = 0
        let transfer = CurlTransfer(
            maxBodyBytes: configuration.maxBodyBytes, maxHeaderBytes: configuration.maxHeaderBytes,
            isCancelled: isCancelled)
        let context = Unmanaged.passUnretained(transfer).toOpaque()

        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in headers { list = curl_slist_append(list, "\(name): \(value)") }
        defer { curl_slist_free_all(list) }

        rd_curl_setopt_string(handle, CURLOPT_URL, url)
        if let body {
            // Size first: COPYPOSTFIELDS then copies exactly that many bytes, NULs included,
            // so the body need not outlive this call.
            rd_curl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, body.count)
            body.withUnsafeBytes { bytes in
                _ = rd_curl_setopt_pointer(
                    handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
            }
        } else {
            rd_curl_setopt_long(handle, CURLOPT_HTTPGET, 1)
        }
        rd_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        // Plain http is allowed only to this machine, and never through a proxy (`http_proxy`,
        // `ALL_PROXY`): that would carry the token on unencrypted, to wherever the proxy is.
        // https goes through one as a tunnel, encrypted end to end.
        if url.prefix(7).lowercased() == "http://" { rd_curl_setopt_string(handle, CURLOPT_NOPROXY, "*") }
        // Redirects are followed by CurlHTTPClient, which decides per hop who sees the token.
        rd_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        rd_curl_setopt_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        rd_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")  // every encoding libcurl decodes
        rd_curl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
        rd_curl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
        // Timeouts with threads: libcurl must not use signals (SIGALRM) to interrupt DNS.
        rd_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        rd_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, configuration.connectTimeout.milliseconds)
        rd_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, configuration.totalTimeout.milliseconds)
        rd_curl_setopt_long(
            handle, CURLOPT_MAXAGE_CONN, Int(configuration.idleConnectionLifetime.components.seconds))
        rd_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, list)
        rd_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        rd_curl_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION, CurlTransfer.writeBody)
        rd_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        rd_curl_setopt_write_callback(handle, CURLOPT_HEADERFUNCTION, CurlTransfer.writeHeader)
        rd_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
        rd_curl_setopt_long(handle, CURLOPT_NOPROGRESS, 0)
        rd_curl_setopt_xferinfo_callback(handle, CurlTransfer.progress)
        rd_curl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context)

        let code = withExtendedLifetime(transfer) { curl_easy_perform(handle) }
        guard code == CURLE_OK else {
            if code == CURLE_ABORTED_BY_CALLBACK && isCancelled() { throw CancellationError() }
            throw error(code, url: url, transfer: transfer, configuration: configuration)
        }
        var status = 0
        var connects = 0
        rd_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        rd_curl_getinfo_long(handle, CURLINFO_NUM_CONNECTS, &connects)
        return (status, transfer.headers, transfer.body, connects)
    }

    private func error(
        _ code: CURLcode, url: String, transfer: CurlTransfer, configuration: CurlHTTPClient.Configuration
    ) -> HTTPClientError {
        let message = String(cString: errorBuffer)
        let detail = message.isEmpty ? String(cString: curl_easy_strerror(code)) : message
        let headerLimit = "the \(configuration.maxHeaderBytes >> 10) KiB of headers repodigest accepts"
        if code == CURLE_WRITE_ERROR && transfer.headersOverflowed {
            return HTTPClientError(.tooLarge, url: url, detail: "the answer's headers are larger than \(headerLimit)")
        }
        // libcurl refuses a header line over its own 100 KiB before this client sees it, with
        // a bare "Out of memory" (7.x) or CURLE_TOO_LARGE, 100 (8.6+). Before the first byte
        // of body that is what it means; said as it is, and not worth a retry.
        if (code == CURLE_OUT_OF_MEMORY && transfer.body.isEmpty) || code.rawValue == 100 {
            return HTTPClientError(
                .tooLarge, url: url,
                detail: "the answer's headers are larger than \(headerLimit) (one line passed libcurl's 100 KiB)")
        }
        let kind: HTTPClientError.Kind
        switch code {
        case CURLE_OPERATION_TIMEDOUT: kind = .timedOut
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_PROXY: kind = .cannotConnect
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_HTTP2,
            CURLE_HTTP2_STREAM, CURLE_BAD_CONTENT_ENCODING:
            kind = .connectionDropped
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CACERT_BADFILE:
            kind = .tls
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: kind = .unsupportedURL
        case CURLE_WRITE_ERROR where transfer.overflowed:
            return HTTPClientError(
                .tooLarge, url: url, detail: "the answer is larger than \(configuration.maxBodyBytes >> 20) MiB")
        default: kind = .other
        }
        return HTTPClientError(kind, url: url, detail: detail)
    }
}
