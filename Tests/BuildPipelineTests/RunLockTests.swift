import Foundation
import Testing

@testable import BuildPipeline

@Suite struct RunLockTests {
    /// A state folder that cannot be made is said for what stands in its way.
    @Test func aFolderThatCannotBeMadeIsSaidForWhatIsInTheWay() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "runlock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("x".utf8).write(to: root.appending(path: "file"))
        try FileManager.default.createSymbolicLink(atPath: root.appending(path: "a").path, withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: root.appending(path: "b").path, withDestinationPath: "a")

        let underFile = #expect(throws: RunLockError.self) {
            try RunLock(stateDirectory: root.appending(path: "file/st"))
        }
        #expect(
            "\(underFile!)".hasSuffix("file is a file, not a folder (the state folder; --state-dir names another)"),
            "\(underFile!)")
        let looped = #expect(throws: RunLockError.self) { try RunLock(stateDirectory: root.appending(path: "a")) }
        #expect(
            "\(looped!)".hasSuffix(
                "a is a symbolic link that leads round in a loop (the state folder; --state-dir names another)"),
            "\(looped!)")
        #expect(RunLock.whyNoFolder(root.appending(path: "new/deeper")) == nil, "a folder that is merely missing")
        try FileManager.default.createSymbolicLink(
            atPath: root.appending(path: "gone").path, withDestinationPath: "nowhere")
        #expect(
            RunLock.whyNoFolder(root.appending(path: "gone/st"))?.hasSuffix(
                "gone is a symbolic link to something that does not exist") == true)
        #expect(
            RunLock.whyNoFolder(URL(fileURLWithPath: root.path + "/file/../st"))?.hasSuffix(
                "file is a file, not a folder") == true)
    }

    @Test(
        "a lock file that is a link, dangling or not, or a hard link to another file, is refused, its target untouched")
    func aLinkedLockFileIsRefused() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "runlock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let victim = root.appending(path: "victim")
        try Data("IMPORTANT\n".utf8).write(to: victim)
        let symbolic = root.appending(path: "a.lock")
        try FileManager.default.createSymbolicLink(at: symbolic, withDestinationURL: victim)
        let dangling = root.appending(path: "b.lock")
        try FileManager.default.createSymbolicLink(
            at: dangling, withDestinationURL: root.appending(path: "made-by-nobody"))
        let hard = root.appending(path: "c.lock")
        try FileManager.default.linkItem(at: victim, to: hard)
        for (file, reason) in [
            (symbolic, "a symbolic link"), (dangling, "a symbolic link"), (hard, "not a file of its own"),
        ] {
            let error = #expect(throws: RunLockError.self) { try RunLock(file: file) }
            guard case .unusable(let path, let said)? = error else { continue }
            #expect(
                path == file.path && said.hasPrefix(reason) && said.hasSuffix("remove it, and repodigest makes its own")
            )
        }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "IMPORTANT\n")
        #expect(!FileManager.default.fileExists(atPath: root.appending(path: "made-by-nobody").path))
    }

    @Test("a lock file that may not be made is said so, not as missing (a read-only state folder)")
    func aLockThatMayNotBeMadeSaysWhy() throws {
        // sysfs refuses a new file to anyone, root too: EACCES, as a folder without write access does.
        let refused = #expect(throws: RunLockError.self) { try RunLock(file: URL(fileURLWithPath: "/sys/x.lock")) }
        #expect("\(refused!)".contains("Permission denied"), "\(refused!)")
    }

    @Test("the run that finds the lock taken names the holder's pid, even over a longer one left in the file")
    func theHolderIsNamed() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "runlock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appending(path: "repodigest.lock")
        try Data("123456789\nleft by a run long gone\n".utf8).write(to: file)
        let held = try RunLock(file: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "\(getpid())\n")
        #expect(throws: RunLockError.held(path: file.path, pid: getpid())) { try RunLock(file: file) }
        held.release()

        // Locked by something that never writes its pid: asked a few times, then not named.
        try Data().write(to: file)
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        #expect(throws: RunLockError.held(path: file.path, pid: nil)) { try RunLock(file: file) }
    }
}
