import Foundation

/// Runs the built `repodigest` binary as a user would, and collects what it printed.
struct RepodigestProcess {
    struct Outcome {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The binary SwiftPM built beside this test bundle (the test target depends on it).
    static let executable: URL = {
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appending(path: "repodigest")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        fatalError("repodigest binary not found near \(Bundle.main.bundleURL.path)")
    }()

    /// - Parameter launcher: a command that runs the binary for the test (`setpriv …` to run
    ///   it as another user), given the binary's path and arguments after its own.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil,
        launcher: [String] = []
    ) throws -> Outcome {
        let process = Process()
        if let command = launcher.first {
            process.executableURL = URL(fileURLWithPath: command)
            process.arguments = launcher.dropFirst() + [executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        let state = FileManager.default.temporaryDirectory.appending(path: "repodigest-e2e-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        process.environment = Self.environment(environment, stateHome: state)
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Both read before waiting, and at once: a child that fills one pipe (64 KB of
        // findings on standard error) while the other is read to its end would wait for ever.
        let errors = Thread.readingToEnd(error.fileHandleForReading)
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            standardOutput: String(decoding: out, as: UTF8.self),
            standardError: String(decoding: err, as: UTF8.self))
    }
}

extension RepodigestProcess {
    /// The test's environment over this one's. Each run gets a state folder of its own unless
    /// the test names one (`--state-dir` or `XDG_STATE_HOME`), so that tests running side by
    /// side never share a run lock, and none writes into the developer's home.
    static func environment(_ overrides: [String: String], stateHome: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = stateHome.path
        environment.merge(overrides) { $1 }
        return environment
    }
}

/// A temporary folder removed when the test ends.
struct TemporaryFolder: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "repodigest-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

extension Thread {
    /// Reads `handle` to its end on a thread of its own; the returned function waits for it.
    static func readingToEnd(_ handle: FileHandle) -> () -> Data {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var data = Data()
        Thread {
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
        return {
            done.wait()
            return data
        }
    }
}
