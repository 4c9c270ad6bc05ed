import Foundation
import Synchronization

/// Runs a program the way a shell would and measures it from outside: wall time, and the peak
/// resident memory the kernel reports for that child alone (`wait4`'s rusage), so repodigest
/// and Hugo are measured by the same ruler.
struct ChildProcess {
    struct Outcome {
        var status: Int32
        var started: Date
        var wall: Double
        /// Peak resident set size, in MB.
        var peakRSS: Double
        /// Processor time, user and system, in seconds.
        var cpu: Double
        var standardOutput: String
        var standardError: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    var executable: String
    var arguments: [String]
    private static let wrapped = Atomic<Int>(0)
    var environment: [String: String] = [:]

    /// Runs it through a fresh copy of this program (`Measured`), which starts it and reports
    /// its wall time and peak memory: a process started straight from this one would report
    /// this one's peak as its own, as Linux carries the memory high-water mark across `exec`.
    func run() throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appending(path: "repodigest-bench-io-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appending(path: "stdout").path
        let err = folder.appending(path: "stderr").path
        let measure = folder.appending(path: "measure").path
        // REPODIGEST_BENCH_WRAP="perf record -g -o run-%u.data" (or strace…) runs each
        // program under that command, `%u` a number of its own, to look inside a run the
        // bench sets up (its fake GitHub included).
        let run = Self.wrapped.add(1, ordering: .relaxed).newValue
        let wrapper = (ProcessInfo.processInfo.environment["REPODIGEST_BENCH_WRAP"] ?? "")
            .split(separator: " ").map { $0.replacingOccurrences(of: "%u", with: String(run)) }
        let status = try Self.spawn(
            Measured.program, [Measured.flag, measure] + wrapper + [executable] + arguments, stdout: out, stderr: err,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        guard status == 0, let measured = Measured(file: measure) else {
            throw Failure(
                description: "cannot run \(executable): \((try? String(contentsOfFile: err, encoding: .utf8)) ?? "")")
        }
        return Outcome(
            status: measured.status, started: measured.started, wall: measured.wall, peakRSS: measured.peakRSS,
            cpu: measured.cpu,
            standardOutput: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    /// Starts a program with standard input from /dev/null and the other two into files
    /// (nil: inherited), waits, and gives its exit status and resource use.
    @discardableResult
    static func spawn(
        _ executable: String, _ arguments: [String], stdout: String?, stderr: String?, environment: [String: String],
        usage: UnsafeMutablePointer<rusage>? = nil
    ) throws -> Int32 {
        let pid = try start(executable, arguments, stdout: stdout, stderr: stderr, environment: environment)
        var status: Int32 = 0
        var used = rusage()
        while wait4(pid, &status, 0, &used) < 0 && errno == EINTR {}
        usage?.pointee = used
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Starts it the same way and returns at once, with its process id.
    static func start(
        _ executable: String, _ arguments: [String], stdout: String?, stderr: String?, environment: [String: String]
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let stdout { posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        if let stderr { posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        return pid
    }

    /// Runs it and insists on exit status 0.
    func runChecked() throws -> Outcome {
        let outcome = try run()
        guard outcome.status == 0 else {
            throw Failure(
                description: "\(executable) \(arguments.joined(separator: " ")) exited \(outcome.status):\n"
                    + outcome.standardError.suffix(2_000))
        }
        return outcome
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
