import Foundation

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
        var standardOutput: String
        var standardError: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    var executable: String
    var arguments: [String]
    var environment: [String: String] = [:]

    func run() throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appending(path: "repodigest-bench-io-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appending(path: "stdout").path
        let err = folder.appending(path: "stderr").path

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid: pid_t = 0
        let started = Date()
        let start = ContinuousClock.now
        let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else { throw Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = ContinuousClock.now - start
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Outcome(
            status: exit, started: started, wall: elapsed.seconds, peakRSS: Double(usage.ru_maxrss) / 1024,
            standardOutput: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    /// Runs it and insists on exit status 0.
    func runChecked() throws -> Outcome {
        let outcome = try run()
        guard outcome.status == 0 else {
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) exited \(outcome.status):\n"
                + outcome.standardError.suffix(2_000))
        }
        return outcome
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
