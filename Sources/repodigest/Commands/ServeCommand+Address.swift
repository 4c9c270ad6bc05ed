internal import ArgumentParser
internal import FlyingSocks
import Foundation

extension ServeCommand {
    /// `--host` and `--port` as a socket address; a warning when the site would be visible
    /// beyond this machine.
    func listenAddress(_ console: Console) throws -> any SocketAddress {
        let address: any SocketAddress
        do {
            address = try Self.socketAddress(ip, port: port)
        } catch {
            console.error("--host: '\(host)' is not an IPv4 or IPv6 address (e.g. 127.0.0.1, ::1, 0.0.0.0)")
            throw ExitStatus.failure
        }
        if !Self.isLoopback(ip) {
            console.warning(
                "serving on \(host), beyond this machine: anyone who can reach it can read the site; --host 127.0.0.1 keeps it local"
            )
        }
        return address
    }

    /// Whether `ip` is this machine's own: 127.0.0.0/8, or `::1` however it is written
    /// (`0:0:0:0:0:0:0:1`, or `::ffff:127.0.0.1`, IPv4's loopback in IPv6).
    static func isLoopback(_ ip: String) -> Bool {
        // An address, not a name that starts like one (`127.0.0.1.example.org`).
        var v4 = in_addr()
        if inet_pton(AF_INET, ip, &v4) == 1 { return withUnsafeBytes(of: v4) { $0[0] == 127 } }
        var address = in6_addr()
        guard inet_pton(AF_INET6, ip, &address) == 1 else { return false }
        let bytes = withUnsafeBytes(of: address) { Array($0) }
        return bytes == Array(repeating: 0, count: 15) + [1]
            || (bytes.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] && bytes[12] == 127)
    }

    /// An IPv4 or IPv6 address and a port, as a socket address.
    static func socketAddress(_ ip: String, port: UInt16) throws -> any SocketAddress {
        ip.contains(":") ? try sockaddr_in6.inet6(ip6: ip, port: port) : try sockaddr_in.inet(ip4: ip, port: port)
    }

    /// The port of an address listened on.
    static func port(of address: Socket.Address) -> UInt16? {
        switch address {
        case .ip4(_, let port), .ip6(_, let port): port
        case .unix: nil
        }
    }

    /// `--host` as an address: `localhost` is 127.0.0.1.
    var ip: String { host == "localhost" ? "127.0.0.1" : host }

    static func url(of address: Socket.Address) -> String {
        switch address {
        case .ip4(let ip, let port): return "http://\(ip):\(port)/"
        case .ip6(let ip, let port): return "http://[\(ip)]:\(port)/"
        case .unix(let path): return "unix:\(path)"
        }
    }
}
