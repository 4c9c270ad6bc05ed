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
            console.error(
                "--host: '\(host)' is neither localhost nor an IPv4 or IPv6 address (e.g. 127.0.0.1, ::1, 0.0.0.0)")
            throw ExitStatus.failure
        }
        if !Loopback.isAddress(ip) {
            console.warning(
                "serving on \(host), beyond this machine: anyone who can reach it can read the site; --host 127.0.0.1 keeps it local"
            )
        }
        return address
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
