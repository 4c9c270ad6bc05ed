import Foundation
import SiteRenderer
import Testing

/// What cron needs: one run at a time per state folder (exit 75 naming the holder), a lock
/// left by a dead run taken over, and unchanged files left alone.
@Suite struct CronSafetyTests {
    static func lockFile(in state: URL) -> URL { state.appending(path: "repodigest.lock") }

    @Test func aHeldLockStopsTheRunWithExit75NamingTheHolder() throws {
        let folder = try TemporaryFolder()
        let state = folder.url.appending(path: "state")
        let output = folder.url.appending(path: "site")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        // This test process is the holder, as another repodigest run would be.
        let descriptor = open(Self.lockFile(in: state).path, O_RDWR | O_CREAT, 0o644)
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        _ = "\(getpid())\n".withCString { write(descriptor, $0, strlen($0)) }

        let held = try RepodigestProcess.run(["build", "--sample", "--output", output.path, "--state-dir", state.path])
        #expect(held.status == 75, "\(held.standardError)")
        #expect(held.standardError.contains("process \(getpid())"), "names the holder: \(held.standardError)")
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing touched")

        close(descriptor)
        let next = try RepodigestProcess.run([
            "build", "--sample", "--output", output.path, "--state-dir", state.path, "--quiet",
        ])
        #expect(next.status == 0, "the lock is free once its holder lets go: \(next.standardError)")
    }

    @Test func aLockLeftByADeadRunIsTakenOver() throws {
        let folder = try TemporaryFolder()
        let state = folder.url.appending(path: "state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        try Data("\(gone.processIdentifier)\n".utf8).write(to: Self.lockFile(in: state))

        let outcome = try RepodigestProcess.run(
            [
                "build", "--sample", "--output", folder.url.appending(path: "site").path, "--state-dir", state.path,
                "--quiet",
            ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
    }

    /// Two real runs: the first is frozen (SIGSTOP) while it holds the lock, so the second
    /// meets it every time, however slow the machine.
    @Test func twoConcurrentRunsOneExits75() throws {
        let folder = try TemporaryFolder()
        let state = folder.url.appending(path: "state")
        let first = try RunningProcess([
            "build", "--sample", "--output", folder.url.appending(path: "one").path, "--state-dir", state.path,
        ])
        let holding = first.waitFor {
            (try? String(contentsOf: Self.lockFile(in: state), encoding: .utf8)) == "\(first.pid)\n"
        }
        #expect(holding, "the first run wrote its pid into the lock: \(first.standardError)")
        first.signal(SIGSTOP)
        let second = try RepodigestProcess.run(
            ["build", "--sample", "--output", folder.url.appending(path: "two").path, "--state-dir", state.path])
        first.signal(SIGCONT)

        #expect(second.status == 75, "\(second.standardError)")
        #expect(second.standardError.contains("process \(first.pid)"), "\(second.standardError)")
        #expect(first.wait() == 0, "the first run finishes as if alone: \(first.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "two").path))
    }

    /// Issue 17, item 2: the state folders differ, so only the output's own lock can keep
    /// the second run from publishing over the first's half-done swap.
    @Test("Two runs with different state folders publishing into one output: the second exits 75 naming the holder")
    func twoStateFoldersOneOutput() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appending(path: "site")
        let lock = folder.url.appending(path: ".site.lock")
        let first = try RunningProcess([
            "build", "--sample", "--output", output.path, "--state-dir", folder.url.appending(path: "one").path,
        ])
        let holding = first.waitFor { (try? String(contentsOf: lock, encoding: .utf8)) == "\(first.pid)\n" }
        #expect(holding, "the first run wrote its pid into the output's lock: \(first.standardError)")
        first.signal(SIGSTOP)
        let second = try RepodigestProcess.run(
            ["build", "--sample", "--output", output.path, "--state-dir", folder.url.appending(path: "two").path])
        first.signal(SIGCONT)

        #expect(second.status == 75, "\(second.standardError)")
        #expect(
            second.standardError.contains("process \(first.pid)") && second.standardError.contains(lock.path),
            "\(second.standardError)")
        #expect(first.wait() == 0, "the first run finishes as if alone: \(first.standardError)")
        #expect(try SiteValidator().validate(directory: output) == [])
    }

    @Test func aRebuildWithNoChangeKeepsEveryModificationTime() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appending(path: "site")
        let environment = ["SOURCE_DATE_EPOCH": "1795000000"]
        #expect(
            try RepodigestProcess.run(
                ["build", "--sample", "--output", output.path, "--quiet"], environment: environment
            ).status == 0)
        let past = Date(timeIntervalSince1970: 1_700_000_000)
        let paths = SiteFolder.files(in: output).keys.filter { !$0.hasPrefix(".") }
        #expect(paths.count > 100)
        for path in paths {
            try FileManager.default.setAttributes(
                [.modificationDate: past], ofItemAtPath: output.appending(path: path).path)
        }

        // Nothing changed: nothing is built. Forced: every page is built and none rewritten.
        let again = try RepodigestProcess.run(["build", "--sample", "--output", output.path], environment: environment)
        #expect(again.status == 0)
        #expect(again.standardError.contains("Up to date"), "\(again.standardError)")
        let forced = try RepodigestProcess.run(
            ["build", "--sample", "--output", output.path, "--force"], environment: environment)
        #expect(forced.status == 0)
        #expect(forced.standardError.contains("(0 written, "), "\(forced.standardError)")
        for path in paths {
            let date =
                try FileManager.default.attributesOfItem(atPath: output.appending(path: path).path)[.modificationDate]
                as? Date
            #expect(date == past, "\(path) kept its time")
        }
    }
}
