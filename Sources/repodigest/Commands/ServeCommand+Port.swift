internal import FlyingSocks
import Foundation

extension ServeCommand {
    /// Why the server could not listen at `address`, in words, found by binding the port as
    /// the server will, before the build: a port in use is said at once, not after a whole
    /// build, and not as a raw socket address with its port byte-swapped. Nil when it can.
    func listenProblem(_ address: any SocketAddress) -> String? {
        do {
            let socket = try Socket(domain: Int32(type(of: address).family))
            defer { try? socket.close() }
            try socket.setValue(true, for: .localAddressReuse)
            try socket.bind(to: address)
            try socket.listen()
            return nil
        } catch {
            return listenProblem(error)
        }
    }

    /// Raises this process's limit on open files to the most it may have: each connection a
    /// browser keeps open holds one, and a server that can accept no more stops (many
    /// systems start a process at 1,024).
    static func raiseOpenFileLimit() {
        #if os(Linux)
            var limit = rlimit()
            let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
            guard getrlimit(resource, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(resource, &limit)
        #endif
    }

    /// The system's words when the server stopped because the process may open no more
    /// files; nil for any other failure.
    static func outOfFiles(_ error: any Error) -> String? {
        guard case SocketError.failed(_, let number, let message) = error, number == EMFILE || number == ENFILE
        else { return nil }
        return message
    }

    /// What a failure to listen means for the person who typed `serve`.
    func listenProblem(_ error: any Error) -> String {
        let address = "\(host) port \(port)"
        guard case SocketError.failed(_, let number, let message) = error else {
            return "cannot serve on \(address): \(error)"
        }
        switch number {
        case EADDRINUSE:
            return "cannot serve on \(address): the port is already in use (another `repodigest serve`, "
                + "or another server?). Stop it, or pass --port with another number, or --port 0 for any free one."
        case EACCES:
            return "cannot serve on \(address): this user may not listen on ports below 1024. "
                + "Pass --port 8000, or --port 0 for any free one."
        case EADDRNOTAVAIL:
            return "cannot serve on \(address): this machine has no such address. --host 127.0.0.1 serves locally."
        case EMFILE, ENFILE:
            return "stopped serving on \(address): too many connections are open at once (\(message)); "
                + "browsers keep theirs open: close some tabs, or raise the limit with `ulimit -n`."
        default:
            return "cannot serve on \(address): \(message)"
        }
    }
}
