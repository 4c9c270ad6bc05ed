import Foundation

/// Whether traffic to an address or a host name stays on this machine. `serve` warns when it
/// listens anywhere else and, on loopback, answers only requests that name it; a token goes
/// over plain http only to such a host.
enum Loopback {
    /// Whether `ip` is this machine's own: 127.0.0.0/8, or `::1` however it is written
    /// (`0:0:0:0:0:0:0:1`, or `::ffff:127.0.0.1`, IPv4's loopback in IPv6).
    static func isAddress(_ ip: String) -> Bool {
        // An address, not a name that starts like one (`127.0.0.1.example.org`).
        var v4 = in_addr()
        if inet_pton(AF_INET, ip, &v4) == 1 { return withUnsafeBytes(of: v4) { $0[0] == 127 } }
        var address = in6_addr()
        guard inet_pton(AF_INET6, ip, &address) == 1 else { return false }
        let bytes = withUnsafeBytes(of: address) { Array($0) }
        return bytes == Array(repeating: 0, count: 15) + [1]
            || (bytes.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] && bytes[12] == 127)
    }

    /// Whether a URL's or a `Host` header's host names this machine: `localhost`, or a loopback
    /// address, an IPv6 one bare or in brackets (`[::ffff:7f00:1]`, as browsers write
    /// `::ffff:127.0.0.1`). A rebinding page's requests name its own domain, never an address.
    static func isHost(_ host: String) -> Bool {
        // A name may end in the root's dot (`localhost.`): the same name.
        var host = host.lowercased()
        if host.hasSuffix("."), !host.hasSuffix("..") { host.removeLast() }
        if host == "localhost" { return true }
        return isAddress(host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host)
    }
}
