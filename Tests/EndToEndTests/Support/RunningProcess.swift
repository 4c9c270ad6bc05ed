import Foundation

/// `repodigest` started in the background, for what a test does while it runs: kill it,
/// start a second run beside it, talk to `serve`. Its standard output and error go to files,
/// so a chatty process never blocks on a full pipe and the test reads them at any moment.
final class RunningProcess {
    let process = Process()
    let folder: URL
    var pid: Int32 { process.processIdentifier }

    init(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "repodigest-e2e-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        process.executableURL = RepodigestProcess.executable
        process.arguments = arguments
        process.environment = RepodigestProcess.environment(environment, stateHome: folder.appending(path: "xdg"))
        if let directory { process.currentDirectoryURL = directory }
        _ = FileManager.default.createFile(atPath: folder.appending(path: "stdout").path, contents: nil)
        _ = FileManager.default.createFile(atPath: folder.appending(path: "stderr").path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: folder.appending(path: "stdout"))
        process.standardError = try FileHandle(forWritingTo: folder.appending(path: "stderr"))
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    var standardOutput: String { (try? String(contentsOf: folder.appending(path: "stdout"), encoding: .utf8)) ?? "" }
    var standardError: String { (try? String(contentsOf: folder.appending(path: "stderr"), encoding: .utf8)) ?? "" }

    func signal(_ number: Int32) { kill(pid, number) }

    @discardableResult
    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Polls until `condition` holds or the process ends; a bound of a minute keeps a broken
    /// build from hanging the suite (it is a safety net, not a measurement).
    @discardableResult
    func waitFor(_ condition: () -> Bool) -> Bool {
        for _ in 0..<1200 {
            if condition() { return true }
            if !process.isRunning { return condition() }
            usleep(50_000)
        }
        return false
    }
}
