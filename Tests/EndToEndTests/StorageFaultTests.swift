import Foundation
import Testing

/// An output folder on storage that says no: read-only by its permissions, on a read-only
/// mount, or on a full disk. Each run says which folder and why, exits 1, and leaves the
/// previous site exactly as it was, with no staging folder beside it; once the storage is
/// fixed the next run publishes. Mounts need root (a small tmpfs); without it those tests
/// are skipped, and the permissions test runs as `nobody` when the suite runs as root.
@Suite(.serialized) struct StorageFaultTests {
    static let oldEpoch = "1795000000"
    static let newEpoch = "1795086400"

    /// Runs the binary as an unprivileged user: root writes through any permission bits.
    static let launcher: [String]? = {
        if getuid() != 0 { return [] }
        let setpriv = "/usr/bin/setpriv"
        return FileManager.default.isExecutableFile(atPath: setpriv)
            ? [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] : nil
    }()

    static func build(
        _ site: URL, state: URL, epoch: String, theme: String = "default", launcher: [String] = []
    ) throws -> RepodigestProcess.Outcome {
        try RepodigestProcess.run(
            ["build", "--sample", "--quiet", "--output", site.path, "--state-dir", state.path, "--theme", theme],
            environment: ["SOURCE_DATE_EPOCH": epoch], launcher: launcher)
    }

    static func setMode(_ mode: Int, _ url: URL) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }

    @Test(.enabled(if: launcher != nil, "needs an unprivileged user: setpriv when run as root"))
    func aReadOnlyOutputFolderIsReportedAndTheOldSiteKept() throws {
        let launcher = Self.launcher!
        let folder = try TemporaryFolder()
        let site = folder.url.appending(path: "site")
        let state = folder.url.appending(path: "state")
        if getuid() == 0 {
            try FileManager.default.setAttributes(
                [.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: folder.url.path)
        }
        let first = try Self.build(site, state: state, epoch: Self.oldEpoch, launcher: launcher)
        #expect(first.status == 0, "\(first.standardError)")
        // The user's own git checkout of the site, which every publish carries over.
        try FileManager.default.createDirectory(at: site.appending(path: ".git"), withIntermediateDirectories: false)
        try Data("ref: refs/heads/main\n".utf8).write(to: site.appending(path: ".git/HEAD"))
        if getuid() == 0 {
            for path in [".git", ".git/HEAD"] {
                try FileManager.default.setAttributes(
                    [.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: site.appending(path: path).path
                )
            }
        }
        let before = SiteFolder.files(in: site)
        defer { try? Self.setMode(0o755, site) }

        // The published folder itself, then one folder inside it.
        for readOnly in [site, site.appending(path: "assets")] {
            try Self.setMode(0o555, readOnly)
            let refused = try Self.build(site, state: state, epoch: Self.newEpoch, launcher: launcher)
            #expect(refused.status == 1)
            #expect(
                refused.standardError.contains("cannot publish: \(readOnly.path) is not writable (Permission denied)"),
                "\(refused.standardError)")
            #expect(refused.standardError.contains("any site published before is as it was"))
            let untouched = SiteFolder.files(in: site) == before
            #expect(untouched, "the old site, .git included, is as it was")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
                    ".site.lock", "site", "state",
                ])
            try Self.setMode(0o755, readOnly)
        }

        let fixed = try Self.build(site, state: state, epoch: Self.newEpoch, launcher: launcher)
        #expect(fixed.status == 0, "\(fixed.standardError)")
        let replaced = SiteFolder.files(in: site) != before
        #expect(replaced, "the new site is published")
        #expect(
            FileManager.default.fileExists(atPath: site.appending(path: ".git/HEAD").path),
            "the user's .git is carried over")
    }

    @Test(.enabled(if: Tmpfs.canMount, "needs root to mount a tmpfs"))
    func aReadOnlyMountIsReportedAndTheOldSiteKept() throws {
        let folder = try TemporaryFolder()
        let mount = try Tmpfs(at: folder.url.appending(path: "mnt"), kilobytes: 8192)
        let site = mount.folder.appending(path: "site")
        let state = folder.url.appending(path: "state")
        #expect(try Self.build(site, state: state, epoch: Self.oldEpoch).status == 0)
        let before = SiteFolder.files(in: site)

        try mount.remount("ro")
        let refused = try Self.build(site, state: state, epoch: Self.newEpoch)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("is not writable (Read-only file system)"), "\(refused.standardError)")
        let untouched = SiteFolder.files(in: site) == before
        #expect(untouched, "the old site is as it was")

        try mount.remount("rw")
        #expect(try Self.build(site, state: state, epoch: Self.newEpoch).status == 0)
        let replaced = SiteFolder.files(in: site) != before
        #expect(replaced, "once writable, the next run publishes")
    }

    @Test(.enabled(if: Tmpfs.canMount, "needs root to mount a tmpfs"))
    func aFullDiskIsReportedAndTheOldSiteKept() throws {
        let folder = try TemporaryFolder()
        let mount = try Tmpfs(at: folder.url.appending(path: "mnt"), kilobytes: 16384)
        let site = mount.folder.appending(path: "site")
        let state = folder.url.appending(path: "state")
        #expect(try Self.build(site, state: state, epoch: Self.oldEpoch).status == 0)
        let before = SiteFolder.files(in: site)

        // Room for one build and a half: a build in another theme changes every page, so it
        // cannot be staged beside the published one.
        let used = try mount.usedKilobytes()
        try mount.remount("size=\(used + used / 2)k")
        let refused = try Self.build(site, state: state, epoch: Self.newEpoch, theme: "minimal")
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("failed: "), "\(refused.standardError)")
        #expect(refused.standardError.lowercased().contains("space"), "says the disk is full: \(refused.standardError)")
        #expect(refused.standardError.contains("nothing was published, any site published before is as it was"))
        let untouched = SiteFolder.files(in: site) == before
        #expect(untouched, "the old site is as it was")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: mount.folder.path).sorted() == [".site.lock", "site"],
            "the staging folder is gone; the output's lock stays, as the state folder's does")
        #expect(try mount.usedKilobytes() <= used + 4, "and its space is free again")

        try mount.remount("size=16384k")
        #expect(try Self.build(site, state: state, epoch: Self.newEpoch).status == 0)
        let replaced = SiteFolder.files(in: site) != before
        #expect(replaced, "with room again, the next run publishes")
    }
}

/// A small tmpfs for one test, unmounted when the test ends.
struct Tmpfs: ~Copyable {
    let folder: URL

    /// Whether this process may mount one (root, and a kernel and container that allow it).
    static let canMount: Bool = {
        guard getuid() == 0, let folder = try? TemporaryFolder(),
            let mount = try? Tmpfs(at: folder.url.appending(path: "probe"), kilobytes: 64)
        else { return false }
        _ = consume mount
        return true
    }()

    init(at folder: URL, kilobytes: Int) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", folder.path])
        self.folder = folder
    }

    deinit {
        try? Self.run("/usr/bin/umount", [folder.path])
    }

    func remount(_ options: String) throws {
        try Self.run("/usr/bin/mount", ["-o", "remount,\(options)", folder.path])
    }

    func usedKilobytes() throws -> Int {
        var status = statvfs()
        guard statvfs(folder.path, &status) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return Int(status.f_blocks - status.f_bfree) * Int(status.f_frsize) / 1024
    }

    private static func run(_ command: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: arguments.last ?? command])
        }
    }
}
