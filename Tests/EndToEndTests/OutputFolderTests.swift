import Foundation
import Testing

/// Issue 17, items 1, 4 and 16, as a user meets them: files of their own in the published
/// folder, an output given as a link, and output folders that overlap the state folder or
/// the configuration's.
@Suite struct OutputFolderTests {
    static func build(_ arguments: [String], in folder: URL) throws -> RepodigestProcess.Outcome {
        try RepodigestProcess.run(["build", "--sample", "--state-dir", "state"] + arguments, in: folder)
    }

    @Test("A user's files in the published folder survive a rebuild, and the run says how many it kept")
    func theUsersFilesSurviveARebuild() throws {
        let folder = try TemporaryFolder()
        let site = folder.url.appending(path: "site")
        #expect(try Self.build(["--output", "site", "--quiet"], in: folder.url).status == 0)
        try Data("mine".utf8).write(to: site.appending(path: "notes.txt"))
        try FileManager.default.createDirectory(at: site.appending(path: "mine"), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: site.appending(path: "mine/important.txt"))

        let forced = try Self.build(["--output", "site", "--force"], in: folder.url)
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(
            forced.standardError.contains("0 removed, 2 kept (not written by repodigest)"), "\(forced.standardError)")
        #expect(try String(contentsOf: site.appending(path: "notes.txt"), encoding: .utf8) == "mine")
        #expect(try String(contentsOf: site.appending(path: "mine/important.txt"), encoding: .utf8) == "keep")
    }

    @Test("Users' files whose names are not UTF-8 stop the run with exit 1 naming each, and nothing changes")
    func aNameThatIsNotUTF8IsRefused() throws {
        let folder = try TemporaryFolder()
        let site = folder.url.appending(path: "site")
        #expect(try Self.build(["--output", "site", "--quiet"], in: folder.url).status == 0)
        // "café.txt" and "été.md" in Latin-1: no String names them, so the shell makes them.
        let made = try RepodigestProcess.run(
            [], in: folder.url,
            launcher: [
                "/bin/sh", "-c", #"e=$(printf '\351'); printf mine > "site/caf$e.txt" && printf x > "site/${e}t$e.md""#,
                "sh",
            ])
        #expect(made.status == 0, "\(made.standardError)")
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()

        let refused = try Self.build(["--output", "site", "--force"], in: folder.url)
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains(#"the names of \xE9t\xE9.md, caf\xE9.txt are not UTF-8"#),
            "\(refused.standardError)")
        // Nothing moved: the file is still in the published folder, no staging folder is left.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: site.path).count(where: { $0.hasPrefix("caf") }) == 1)
    }

    @Test(
        "An output folder that is a mount point is refused before anything is staged, saying so",
        arguments: ["mount -t tmpfs tmpfs volume", "mkdir -p source && mount --bind source volume"])
    func aMountPointIsRefused(mounting: String) throws {
        let folder = try TemporaryFolder()
        let mounted = folder.url.appending(path: "volume")
        try FileManager.default.createDirectory(at: mounted, withIntermediateDirectories: true)
        // Only where this test may mount (root with CAP_SYS_ADMIN, as in CI's container). A
        // bind mount has its parent's device: the kernel's table of mounts tells it.
        let mount = try RepodigestProcess.run(
            [], in: folder.url, launcher: ["/bin/sh", "-c", mounting + " 2>/dev/null"])
        guard mount.status == 0 else { return }
        defer {
            _ = try? RepodigestProcess.run([], in: folder.url, launcher: ["/bin/sh", "-c", "umount volume"])
        }
        let refused = try Self.build(["--output", "volume"], in: folder.url)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("volume: it is a mount point"), "\(refused.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: mounted.path).isEmpty)
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!beside.contains { $0.contains("staging") || $0.contains("spare") }, "\(beside)")
    }

    @Test("A folder of the user's in the output with a file system mounted on it is refused before staging")
    func aMountPointInsideTheOutputIsRefused() throws {
        let folder = try TemporaryFolder()
        #expect(try Self.build(["--output", "site"], in: folder.url).status == 0)
        let media = folder.url.appending(path: "site/media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        let mount = try RepodigestProcess.run(
            [], in: folder.url, launcher: ["/bin/sh", "-c", "mount -t tmpfs tmpfs site/media 2>/dev/null"])
        guard mount.status == 0 else { return }
        defer { _ = try? RepodigestProcess.run([], in: folder.url, launcher: ["/bin/sh", "-c", "umount site/media"]) }
        try Data("mine".utf8).write(to: media.appending(path: "p.txt"))
        let refused = try Self.build(["--output", "site", "--base-url", "https://example.org/"], in: folder.url)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("site/media in it is a mount point"), "\(refused.standardError)")
        #expect(try String(contentsOf: media.appending(path: "p.txt"), encoding: .utf8) == "mine")
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!beside.contains { $0.contains("staging") }, "\(beside)")
    }

    @Test("A current folder that no longer exists is an error that says so, not a crash")
    func aDeletedCurrentFolderIsSaid() throws {
        let folder = try TemporaryFolder()
        let outcome = try RepodigestProcess.run(
            ["build", "--sample", "--output", "site"], in: folder.url,
            launcher: ["/bin/sh", "-c", #"mkdir gone && cd gone && rmdir ../gone && exec "$@""#, "sh"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("the current folder: it no longer exists"), "\(outcome.standardError)")
    }

    @Test("A user's file where the build writes stops the run with exit 1 naming it, and nothing changes")
    func aUsersFileInTheWayIsRefused() throws {
        let folder = try TemporaryFolder()
        let site = folder.url.appending(path: "site")
        #expect(try Self.build(["--output", "site", "--quiet"], in: folder.url).status == 0)
        // As if the user had written the page before this build came to write it: the
        // published build's manifest does not list it.
        let marker = site.appending(path: ".repodigest-site")
        let text = try String(contentsOf: marker, encoding: .utf8)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("file digest.md ") }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: marker)
        try Data("my own digest".utf8).write(to: site.appending(path: "digest.md"))
        let before = SiteFolder.files(in: site)

        let refused = try Self.build(["--output", "site", "--force"], in: folder.url)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("digest.md is not repodigest's"), "\(refused.standardError)")
        #expect(SiteFolder.files(in: site) == before, "nothing touched")
    }

    @Test("An output link to nothing (a volume not mounted) is refused, and the folder it names is not made")
    func anOutputLinkToNothingIsRefused() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appending(path: "site").path, withDestinationPath: "volume/site")
        let outcome = try Self.build(["--output", "site", "--quiet"], in: folder.url)
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError.contains("is a link to volume/site, which does not exist"), "\(outcome.standardError)"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["site"])
        // A link to itself leads nowhere too, but not "to nothing".
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appending(path: "loop").path, withDestinationPath: "loop")
        let loop = try Self.build(["--output", "loop", "--quiet"], in: folder.url)
        #expect(loop.status == 1)
        #expect(loop.standardError.contains("which leads back through links to itself"), "\(loop.standardError)")
    }

    @Test("An output named as another output's spare (.site.spare) is refused: the run publishing site would empty it")
    func anOutputNamedAsASpareIsRefused() throws {
        let folder = try TemporaryFolder()
        let outcome = try Self.build(["--output", ".site.spare", "--quiet"], in: folder.url)
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError.contains("the spare build repodigest keeps beside an output named 'site'"),
            "\(outcome.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
        // Names only like it are outputs as any other.
        #expect(try Self.build(["--output", ".spare", "--quiet"], in: folder.url).status == 0)
    }

    @Test("An output folder given as a symbolic link is published through it: the link stays, its folder gets the site")
    func anOutputLinkStaysALink() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appending(path: "real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appending(path: "site").path, withDestinationPath: "real")
        for _ in 0..<2 {
            let outcome = try Self.build(["--output", "site", "--force", "--quiet"], in: folder.url)
            #expect(outcome.status == 0, "\(outcome.standardError)")
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.url.appending(path: "site").path)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(FileManager.default.fileExists(atPath: folder.url.appending(path: "real/index.html").path))
        #expect(
            !(try FileManager.default.contentsOfDirectory(atPath: folder.url.path)).contains { $0.contains("staging") })
    }

    @Test(
        "An output folder that is, holds or lies in the state folder, or holds the configuration, is refused naming both"
    )
    func overlappingFoldersAreRefused() throws {
        let folder = try TemporaryFolder()
        try Data(#"title = "T""#.utf8).write(to: folder.url.appending(path: "repodigest.toml"))
        try FileManager.default.createDirectory(
            at: folder.url.appending(path: "conf"), withIntermediateDirectories: true)
        try Data(#"title = "T""#.utf8).write(to: folder.url.appending(path: "conf/repodigest.toml"))
        let theme = folder.url.appending(path: "themed/mine")
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        try Data("name = \"mine\"\nextends = \"default\"\n".utf8).write(to: theme.appending(path: "theme.toml"))
        // A theme that extends that one: the output may lie inside neither.
        let kid = folder.url.appending(path: "kid")
        try FileManager.default.createDirectory(at: kid, withIntermediateDirectories: true)
        try Data("name = \"kid\"\nextends = \"../themed/mine\"\n".utf8).write(to: kid.appending(path: "theme.toml"))
        // A link to a folder not made yet: resolved as the kernel would when the run makes it.
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appending(path: "alias").path, withDestinationPath: "later")
        let root = folder.url.resolvingSymlinksInPath().path
        let cases: [(arguments: [String], says: String)] = [
            (
                ["--output", "out", "--state-dir", "out/.state"],
                "\(root)/out contains the state folder \(root)/out/.state"
            ),
            (
                ["--output", "state/site", "--state-dir", "state"],
                "\(root)/state/site is inside the state folder \(root)/state"
            ),
            (["--output", "state", "--state-dir", "state/../state"], "\(root)/state is the state folder"),
            (
                ["--output", ".", "--state-dir", "state", "--config", "repodigest.toml"],
                "\(root) contains the state folder"
            ),
            (
                ["--output", "conf", "--state-dir", "state", "--config", "conf/repodigest.toml"],
                "\(root)/conf is the configuration file's folder (--config)"
            ),
            (["--output", "", "--state-dir", "state"], "--output: an empty path; name the folder to publish into"),
            (["--output", "two\nlines", "--state-dir", "state"], "--output: the path holds a control character"),
            (["--output", "site", "--state-dir", ""], "--state-dir: an empty path; name the folder for the cache"),
            (["--output", "site", "--config", ""], "--config: an empty path; name the configuration file"),
            (
                ["--output", "themed", "--state-dir", "state", "--theme", "themed/mine"],
                "\(root)/themed contains the theme folder \(root)/themed/mine"
            ),
            (
                ["--output", "themed/mine/assets", "--state-dir", "state", "--theme", "kid"],
                "\(root)/themed/mine/assets is inside the theme folder \(root)/themed/mine"
            ),
            (
                ["--output", "site", "--state-dir", "themed/mine/locales/st", "--theme", "themed/mine"],
                "--state-dir: the state folder \(root)/themed/mine/locales/st is inside the theme folder \(root)/themed/mine"
            ),
            (
                ["--output", "later", "--state-dir", "alias/.state"],
                "\(root)/later contains the state folder \(root)/later/.state"
            ),
            // Paths whose files Linux could not make: refused before the folders above them are made.
            (
                ["--output", Array(repeating: "d", count: 2_000).joined(separator: "/"), "--state-dir", "state"],
                "--output: the output folder's path is"
            ),
            (
                ["--output", "deep/" + String(repeating: "n", count: 240), "--state-dir", "state"],
                "--output: the output folder's path has a name of 240 bytes"
            ),
        ]
        for (arguments, says) in cases {
            let outcome = try RepodigestProcess.run(["build", "--sample"] + arguments, in: folder.url)
            #expect(outcome.status == 1, "\(arguments): \(outcome.standardError)")
            #expect(outcome.standardError.contains(says), "\(arguments): \(outcome.standardError)")
        }
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path)) == [
                "repodigest.toml", "conf", "themed", "alias", "kid",
            ], "nothing touched")
        // A folder where no lock file can be made, though it is not read-only: said as the output's.
        let proc = try RepodigestProcess.run(
            ["build", "--sample", "--output", "/proc/self", "--state-dir", "state"], in: folder.url)
        #expect(proc.status == 1)
        #expect(
            proc.standardError.contains("(the lock file beside the output folder, --output)"), "\(proc.standardError)")
        let apart = try RepodigestProcess.run(
            [
                "build", "--sample", "--quiet", "--output", "site", "--state-dir", "state", "--config",
                "repodigest.toml",
            ], in: folder.url)
        #expect(apart.status == 0, "an output beside the configuration is the usual setup: \(apart.standardError)")
    }
}
