internal import ArgumentParser
internal import FlyingSocks
import Foundation

extension ServeCommand {
    /// `--host` and `--port` as a socket address; a warning when the site would be visible
    /// beyond this machine.
    func listenAddress(_ console: Console) throws -> any SocketAddress {
        let ip = host == "localhost" ? "127.0.0.1" : host
        let address: any SocketAddress
        do {
            address =
                ip.contains(":")
                ? try sockaddr_in6.inet6(ip6: ip, port: port) : try sockaddr_in.inet(ip4: ip, port: port)
        } catch {
            console.error("--host: '\(host)' is not an IPv4 or IPv6 address (e.g. 127.0.0.1, ::1, 0.0.0.0)")
            throw ExitStatus.usage
        }
        if !Self.isLoopback(ip) {
            console.warning(
                "serving on \(host), beyond this machine: anyone who can reach it can read the site; --host 127.0.0.1 keeps it local"
            )
        }
        return address
    }

    static func isLoopback(_ ip: String) -> Bool {
        ip.hasPrefix("127.") || ip == "::1"
    }

    static func url(of address: Socket.Address) -> String {
        switch address {
        case .ip4(let ip, let port): return "http://\(ip):\(port)/"
        case .ip6(let ip, let port): return "http://[\(ip)]:\(port)/"
        case .unix(let path): return "unix:\(path)"
        }
    }
}
