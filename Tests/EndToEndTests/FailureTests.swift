import Foundation
import Testing

/// Bad input gets a clear error and the exit code the README promises; nothing published
/// before is touched.
@Suite struct FailureTests {
    @Test func aThemeThatBreaksValidationPublishesNothingAndExits4() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appending(path: "site")
        #expect(try RepodigestProcess.run(["build", "--sample", "--output", output.path, "--quiet"]).status == 0)
        let before = SiteFolder.files(in: output)

        let theme = folder.url.appending(path: "broken-theme")
        try FileManager.default.createDirectory(
            at: theme.appending(path: "templates"), withIntermediateDirectories: true)
        for name in ["layout", "digest", "list", "repository", "not-found", "topics", "languages", "star-lists"] {
            try Data(
                "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\" /><title>x</title></head><body><main><p>unclosed</main></body></html>\n"
                    .utf8
            )
            .write(to: theme.appending(path: "templates/\(name).mustache"))
        }
        let outcome = try RepodigestProcess.run(["build", "--sample", "--output", output.path, "--theme", theme.path])
        #expect(outcome.status == 4)
        #expect(
            outcome.standardError.contains("index.html:2:"), "findings name file and line: \(outcome.standardError)")
        #expect(outcome.standardError.contains("[well-formed]"))
        #expect(SiteFolder.files(in: output) == before, "the previous site is exactly as it was")
    }

    @Test func aBadConfigurationNamesFileLineAndKeyAndExits1() throws {
        let folder = try TemporaryFolder()
        let config = folder.url.appending(path: "repodigest.toml")
        try Data("title = \"x\"\n\n[digest]\nfavourites = [\"apple/swift\", \"not a repo\"]\n".utf8).write(to: config)
        let outcome = try RepodigestProcess.run([
            "build", "--sample", "--config", config.path, "--output", folder.url.appending(path: "o").path,
        ])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError.contains(
                "repodigest.toml:4:1: digest.favourites: 'not a repo' is not a repository name"),
            "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "o").path), "nothing touched")

        try Data("titel = \"x\"\n".utf8).write(to: config)
        let typo = try RepodigestProcess.run(["build", "--sample", "--config", config.path])
        #expect(typo.status == 1)
        #expect(typo.standardError.contains("repodigest.toml:1:1: unknown key 'titel'"), "\(typo.standardError)")
    }

    @Test func anUnknownThemeListsTheKnownOnes() throws {
        let outcome = try RepodigestProcess.run(["build", "--sample", "--theme", "nope", "--output", "/nonexistent/x"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("no theme named 'nope': built-in themes are default"))
    }

    @Test func validateChecksAnyFolderWithTheSameRules() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appending(path: "site")
        _ = try RepodigestProcess.run(["build", "--sample", "--output", output.path, "--quiet"])
        #expect(try RepodigestProcess.run(["validate", output.path]).status == 0)
        try Data(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\" /><title>x</title></head><body><main><a href=\"gone.html\">x</a></main></body></html>"
                .utf8
        )
        .write(to: output.appending(path: "edited.html"))
        let outcome = try RepodigestProcess.run(["validate", output.path])
        #expect(outcome.status == 4)
        #expect(outcome.standardError.contains("edited.html:2:"))
        #expect(outcome.standardError.contains("[broken-link]"))
        let slashed = try RepodigestProcess.run(["validate", output.path + "/"])
        #expect(slashed.standardError.contains("\(output.path)/edited.html:2:"), "one slash: \(slashed.standardError)")
    }

    @Test("--offline with a state folder that does not exist stops at once, and makes no folder or file")
    func offlineWithNoStateFolder() throws {
        let folder = try TemporaryFolder()
        try Data("[digest]\nstarred_by = [\"mona\"]\n".utf8).write(to: folder.url.appending(path: "repodigest.toml"))
        let outcome = try RepodigestProcess.run(
            ["build", "--offline", "--output", "site", "--state-dir", "never-used"], in: folder.url)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("--offline: the state folder"), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("run once without --offline"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["repodigest.toml"])
    }

    @Test("validate refuses an empty path and a folder that holds no page: neither passes as a valid site")
    func validateNeedsASite() throws {
        let folder = try TemporaryFolder()
        let empty = try RepodigestProcess.run(["validate", ""], in: folder.url)
        #expect(empty.status == 1 && empty.standardError.contains("an empty path"), "\(empty.standardError)")
        try Data("# notes\n".utf8).write(to: folder.url.appending(path: "notes.md"))
        try FileManager.default.createDirectory(
            at: folder.url.appending(path: "x.html"), withIntermediateDirectories: true)
        let git = folder.url.appending(path: ".git")
        try FileManager.default.createDirectory(at: git, withIntermediateDirectories: true)
        try Data("<p>not checked".utf8).write(to: git.appending(path: "a.html"))
        let noPage = try RepodigestProcess.run(["validate", folder.url.path])
        #expect(noPage.status == 1, "\(noPage.standardError)")
        #expect(noPage.standardError.contains("holds no page (no .html file outside .git)"), "\(noPage.standardError)")
    }

    @Test("validate names a FIFO and a link to a device as findings, without reading either")
    func validateNamesSpecialFiles() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.url.appending(path: "pipe.html").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appending(path: "zero.html").path, withDestinationPath: "/dev/zero")
        let outcome = try RepodigestProcess.run(["validate", folder.url.path])
        #expect(outcome.status == 4)
        #expect(outcome.standardError.contains("pipe.html:1:1: a FIFO, which validate does not read"))
        #expect(outcome.standardError.contains("zero.html:1:1: a device, which validate does not read"))
    }

    @Test("validate prints the first 500 findings and says how many more there are")
    func validateBoundsWhatItPrints() throws {
        let folder = try TemporaryFolder()
        let links = (1...600).map { "<a href=\"#gone\($0)\">x</a>\n" }.joined()
        try Data(
            ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\" /><title>x</title></head><body><main>\n"
                + links + "</main></body></html>").utf8
        ).write(to: folder.url.appending(path: "index.html"))
        let outcome = try RepodigestProcess.run(["validate", folder.url.path])
        #expect(outcome.status == 4)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 502, "\(lines.suffix(3))")
        #expect(lines.suffix(2) == ["error: … and 100 more finding(s), not shown", "error: 600 finding(s)"])
    }
}
