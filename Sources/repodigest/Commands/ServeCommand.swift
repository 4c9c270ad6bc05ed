internal import ArgumentParser
import BuildPipeline
internal import FlyingFox
internal import FlyingSocks
import Foundation
import SiteRenderer
import Synchronization

/// `repodigest serve`: build, serve the output folder, rebuild when the configuration or the
/// theme folder changes, and reload the open pages.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it for a browser, and rebuild and reload it on every change.",
        // Spelled out, as `build`'s is: past a length the parser would say only `<options>`.
        usage: "repodigest serve [--port <port>] [--host <address>] [--config <file>] [--sample] [--output <dir>] "
            + "[--theme <name|dir>] [--api-url <url>] [--state-dir <dir>] [--offline] [--full] [--force] "
            + "[--base-url <url>] [--quiet] [--log-format <format>]",
        discussion: """
            Watches the configuration file and the theme folder (a theme given as a folder, \
            and the folders it extends). Open pages reload after each rebuild through a script \
            added to HTML answers while serving; the published files never contain it. Ctrl-C \
            or SIGTERM stops the server once a build under way is done (exit 0); a second \
            signal stops it at once (130 or 143; 2 if a rebuild had just published).
            """
    )

    @OptionGroup var options: BuildOptions

    // Unconditional: `--port -1` is a wrong port to say so of, not a missing one.
    @Option(
        name: .customLong("port"), parsing: .unconditional,
        help: ArgumentHelp("The port to listen on, 0 to 65535; 0 picks a free one. Default: 8000.", valueName: "n"))
    var portOption: UInt16?
    var port: UInt16 { portOption ?? 8000 }

    @Option(
        name: .customLong("host"),
        help: ArgumentHelp(
            "The IP address (or localhost) to listen on. Default: 127.0.0.1. Anything but loopback shows the site to the network.",
            valueName: "address"))
    var hostOption: String?
    var host: String { hostOption ?? "127.0.0.1" }

    /// How often the watched files are looked at when no event wakes the watcher (inotify
    /// wakes it at once on Linux). A few dozen stats each time cost nothing.
    static let pollInterval = Duration.milliseconds(100)
    /// How long the files must hold still after a change before the rebuild (an editor's save
    /// can come in steps: truncate, write, rename).
    static let settleTime = Duration.milliseconds(25)

    enum Stop: Sendable {
        case signal(Int32)
        case failed(String)
    }

    func run() async throws {
        let console = Console(quiet: options.quiet, format: options.logFormat)
        Self.raiseOpenFileLimit()
        let address = try listenAddress(console)
        if let problem = listenProblem(address) {
            console.error(problem)
            throw ExitStatus.failure
        }
        // Before the first build: a Ctrl-C during any build waits in the stream until that
        // build is done, so no staging folder is ever left beside the output; a second one
        // stops at once, and removes the staging folder of the build under way.
        let signals = SignalStream(console: console)
        let options = options
        // The output's lock, held while it serves: a second serve (or a build) into the same
        // folder would publish its own site under this one's pages, and reload them.
        let outputLock: RunLock?
        do {
            outputLock = try RunLock.output(SiteWriter(output: URL(fileURLWithPath: options.output)).lockFile)
        } catch {
            console.error("\(error)")
            throw ExitStatus.code(for: error)
        }
        defer { outputLock?.release() }
        // What is watched, as it is before the first build reads it: a save while that build
        // runs, or before the watching task first runs, is a change like any later one (taken
        // after, it would be the starting point, and the preview would show the file unsaved).
        let watcher = ChangeWatcher(paths: Self.watchedPaths(options))
        let watched = (watcher: watcher, snapshot: watcher.snapshot())
        let first = await signals.build {
            await options.buildWithFailureLines(
                console: console, interruption: $0, signals: signals, outputLockHeld: true)
        }
        // A first build that failed on the configuration, the theme or a source (1) serves the
        // page that says why, as a rebuild's failure does, until a save mends it: an author may
        // start the preview on a theme mid-edit. GitHub's refusal (3) and a lock held (75) end it.
        guard
            [ExitStatus.success, ExitStatus.partial, ExitStatus.invalidOutput, ExitStatus.failure].contains(first.code)
        else {
            throw first.code
        }

        let events = ReloadEvents()
        let problems = BuildProblems(first.failure)
        let root = URL(fileURLWithPath: options.output).standardizedFileURL
        let handler = SiteRequestHandler(
            root: root, events: events, console: console, problems: problems, loopbackOnly: Loopback.isAddress(ip))
        let slot = ServerSlot(HTTPServer(config: .init(address: address, logger: .disabled), handler: handler))
        let (stops, stop) = AsyncStream.makeStream(of: Stop.self)
        let ip = ip

        let failure: String? = await withTaskGroup(of: Void.self) { group in
            group.addTask {
                while true {
                    do {
                        try await slot.server.run()
                        return
                    } catch {
                        // Out of files (every connection a browser keeps holds one, and idle
                        // ones are never timed out): the server closed them all with its
                        // socket. It listens again, as before, rather than stop serving.
                        guard let reason = Self.outOfFiles(error), let port = slot.port,
                            let again = try? Self.socketAddress(ip, port: port)
                        else {
                            stop.yield(.failed(listenProblem(error)))
                            return
                        }
                        console.warning(
                            "too many connections were open at once (\(reason)): closed them all; serving again on port \(port)"
                        )
                        slot.server = HTTPServer(config: .init(address: again, logger: .disabled), handler: handler)
                        try? await Task.sleep(for: .milliseconds(100))
                    }
                }
            }
            group.addTask {
                for await number in signals.signals {
                    stop.yield(.signal(number))
                    return
                }
            }
            group.addTask {
                let first = slot.server
                guard (try? await first.waitUntilListening(timeout: 30)) != nil,
                    let address = await first.listeningAddress
                else { return }
                slot.port = Self.port(of: address)
                let url = Self.url(of: address)
                console.info("Serving \(root.path) at \(url) (Ctrl-C stops)", fields: ["url": url])
                console.result(url)
            }
            group.addTask { await Self.watch(options, console, events, problems, signals, since: watched) }
            group.addTask {
                while (try? await Task.sleep(for: .seconds(15))) != nil { await events.heartbeat() }
            }

            var failure: String?
            for await reason in stops {
                if case .failed(let message) = reason { failure = message }
                break
            }
            console.info("Stopping…")
            await events.finish()
            await slot.server.stop(timeout: 1)
            group.cancelAll()
            return failure
        }
        // A second signal while stopping: its thread is removing a staging folder, and ends the process.
        if signals.isEnding { signals.awaitExit() }
        if let failure {
            console.error(failure)
            throw ExitStatus.failure
        }
    }

}

/// The server `serve` runs, which it replaces with one listening on the same port when the
/// first runs out of files, and that port once known (`--port 0` picks one), so that the
/// open pages find the new one.
private final class ServerSlot: Sendable {
    private let state: Mutex<(server: HTTPServer, port: UInt16?)>

    init(_ server: HTTPServer) { state = Mutex((server, nil)) }

    var server: HTTPServer {
        get { state.withLock { $0.server } }
        set { state.withLock { $0.server = newValue } }
    }

    var port: UInt16? {
        get { state.withLock { $0.port } }
        set { state.withLock { $0.port = newValue } }
    }
}
