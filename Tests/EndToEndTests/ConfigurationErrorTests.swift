import Foundation
import Testing

/// A configuration that cannot be used is reported at its file and line with what was
/// expected, exits 1, and touches nothing: no output folder, no state folder, no lock.
@Suite struct ConfigurationErrorTests {
    /// (repodigest.toml, what the error must say)
    static let cases: [(String, String)] = [
        (
            "[github]\napi_url = \"https://api.github.com\"\ntoken = \"x\"\n",
            "repodigest.toml:3:1: unknown key 'github.token'; expected one of: api_url, concurrency, include_private, max_fetch_seconds, max_wait_seconds"
        ),
        (
            "[github]\nmax_fetch_seconds = 10\n",
            "repodigest.toml:2:1: 'github.max_fetch_seconds' must be between 60 and 86400, found 10"
        ),
        (
            "[github]\nconcurrency = \"four\"\n",
            "repodigest.toml:2:1: 'github.concurrency' must be an integer, found string"
        ),
        (
            "title = \"x\"\n\n[digest]\nowners = \"vapor\"\n",
            "repodigest.toml:4:1: 'digest.owners' must be an array of strings, found string"
        ),
        (
            "[digest]\nfavourites = [\"apple/swift/extra\"]\n",
            "repodigest.toml:2:1: digest.favourites: 'apple/swift/extra' is not a repository name: expected OWNER/NAME"
        ),
        (
            "title = \"x\"\ntheme = \"no-such-theme\"\n",
            "repodigest.toml:2:1: theme: no theme named 'no-such-theme': built-in themes are"
        ),
        (
            "theme = \"no-such-theme\"\n",
            "repodigest.toml:1:1: theme: no theme named 'no-such-theme': built-in themes are default, minimal; "
                + "a folder path may be given instead (no folder 'no-such-theme' in /"
        ),
        (
            "title = \"x\"\n\ntheme = \"./no-such-folder/\"\n",
            "repodigest.toml:3:1: theme: /"
        ),
        ("[digest]\npage_size = 0\n", "repodigest.toml:2:1: 'digest.page_size' must be between 1 and 1000, found 0"),
        (
            "[digest]\nsearches = [{ name = \"x\", query = \"y\", sort = \"newest\" }]\n",
            "repodigest.toml:2:1: search 1 ('x'): sort must be one of best-match, stars, forks, updated, found 'newest'"
        ),
        ("title = \n", "repodigest.toml:1:9: "),
        ("title = \"  \"\n", "repodigest.toml:1:1: title must not be blank (white space only)"),
        (
            "title = \"" + String(repeating: "é", count: 201) + "\"\n",
            "repodigest.toml:1:1: title must be at most 200 characters long, found 201 characters"
        ),
        (
            String(repeating: "k", count: 100_000) + " = 1\n",
            "repodigest.toml:1:1: unknown key '" + String(repeating: "k", count: 60) + "…'; expected one of:"
        ),
        (
            "title = \"" + String(repeating: "x", count: 1_000_000) + "\"\n",
            "repodigest.toml:1:1: title must be at most 200 characters and 6400 bytes long, found 1000000 bytes"
        ),
        (
            "\ntitle = \"a\\u001Bb\"\n",
            "repodigest.toml:2:1: title must not hold a control character, found U+001B at character 2"
        ),
        (
            "base_url = \"https://u:secret@example.org/\"\n",
            "repodigest.toml:1:1: base_url must not hold a user name or password"
        ),
        (
            "base_url = \"https://example.org/?a=1#x/\"\n",
            "repodigest.toml:1:1: base_url must not hold a query ('?') or a fragment ('#')"
        ),
        (
            "base_url = \"https://example.org/?q=1\"\n",
            "repodigest.toml:1:1: base_url must not hold a query ('?') or a fragment ('#')"
        ),
        (
            "base_url = \"https://example.org/#top\"\n",
            "repodigest.toml:1:1: base_url must not hold a query ('?') or a fragment ('#')"
        ),
        (
            "[digest]\nsearches = [{ name = \" \", query = \"q\" }]\n",
            "repodigest.toml:2:1: search 1: a search's name must not be blank (white space only)"
        ),
        (
            "[digest]\nstarred_by = [\"@me\", \"../x\"]\n",
            "repodigest.toml:2:1: digest.starred_by must be GitHub account names"
        ),
        ("theme = \"\"\n", "repodigest.toml:1:1: theme must not be empty"),
        // Everything after a NUL was once silently ignored (toml++ reads a C string): an empty site replaced the full one.
        (
            "title = \"x\"\n\u{0}\n[digest]\nstarred_by = []\n",
            "repodigest.toml:2:1: the control character U+0000 is not allowed in TOML"
        ),
    ]

    @Test(arguments: 0..<cases.count)
    func isReportedAtItsLineAndTouchesNothing(_ index: Int) throws {
        let (toml, expected) = Self.cases[index]
        let folder = try TemporaryFolder()
        try Data(toml.utf8).write(to: folder.url.appending(path: "repodigest.toml"))
        for mode in [["--sample"], []] {
            let outcome = try RepodigestProcess.run(
                ["build", "--config", "repodigest.toml", "--output", "site", "--state-dir", "state"] + mode,
                in: folder.url)
            #expect(outcome.status == 1, "\(outcome.standardError)")
            #expect(outcome.standardError.contains("error: " + expected), "\(outcome.standardError)")
            #expect(outcome.standardOutput.isEmpty)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["repodigest.toml"],
                "nothing touched")
        }
    }

    @Test("--base-url with a password is refused without repeating it, and touches nothing")
    func aBaseURLWithAPasswordIsRefused() throws {
        let folder = try TemporaryFolder()
        let outcome = try RepodigestProcess.run(
            [
                "build", "--sample", "--base-url", "https://u:secret@example.org/", "--output", "site", "--state-dir",
                "state",
            ], in: folder.url)
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError.contains("error: --base-url: must not hold a user name or password"),
            "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("secret"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "nothing touched")
    }

    @Test func aMissingThemeFolderSaysWhatWasExpected() throws {
        let folder = try TemporaryFolder()
        try Data("theme = \"./gone/\"\n".utf8).write(to: folder.url.appending(path: "repodigest.toml"))
        let outcome = try RepodigestProcess.run(["build", "--sample", "--config", "repodigest.toml"], in: folder.url)
        #expect(
            outcome.standardError.contains(
                "gone: cannot read theme: no such folder (expected a built-in theme's name or a theme folder)"),
            "\(outcome.standardError)")
        let file = try RepodigestProcess.run(
            ["build", "--sample", "--theme", "./repodigest.toml", "--output", "out"], in: folder.url)
        #expect(
            file.standardError.contains("repodigest.toml: cannot read theme: not a folder (expected"),
            "\(file.standardError)")
    }

    @Test("a configuration's relative theme path is read from the file's folder; --theme's from the working directory")
    func aConfiguredThemeIsFoundBesideTheConfiguration() throws {
        let folder = try TemporaryFolder()
        let project = folder.url.appending(path: "project")
        let theme = project.appending(path: "themes/mine")
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        try Data("name = \"mine\"\nextends = \"minimal\"\n".utf8).write(to: theme.appending(path: "theme.toml"))
        let config = project.appending(path: "repodigest.toml")
        try Data("theme = \"themes/mine\"\n".utf8).write(to: config)
        // From cron: another working directory.
        let elsewhere = try RepodigestProcess.run(
            ["build", "--sample", "--config", config.path, "--output", "site", "--quiet"], in: folder.url)
        #expect(elsewhere.status == 0, "\(elsewhere.standardError)")
        let index = try String(contentsOf: folder.url.appending(path: "site/index.html"), encoding: .utf8)
        #expect(index.contains("class=\"rd-pages"), "the minimal theme's pages, through the theme that extends it")

        let option = try RepodigestProcess.run(
            ["build", "--sample", "--theme", "themes/mine", "--output", "site2"], in: folder.url)
        #expect(option.status == 1)
        #expect(
            option.standardError.contains(
                "--theme: \(folder.url.standardizedFileURL.path)/themes/mine: cannot read theme"),
            "\(option.standardError)")
    }

    @Test("a mistake in a theme's theme.toml or catalogue is said from the start of the line at that file and line")
    func aThemeFilesMistakeStartsWithItsFileAndLine() throws {
        let folder = try TemporaryFolder()
        let theme = folder.url.appending(path: "mine")
        try FileManager.default.createDirectory(
            at: theme.appending(path: "locales"), withIntermediateDirectories: true)
        try Data("name = \"mine\"\ncolour = \"red\"\n".utf8).write(to: theme.appending(path: "theme.toml"))
        let manifest = try RepodigestProcess.run(["build", "--sample", "--theme", "./mine/"], in: folder.url)
        #expect(
            manifest.standardError.hasPrefix(
                "error: \(theme.standardizedFileURL.path)/theme.toml:2:1: theme.toml error: unknown key 'colour'"),
            "\(manifest.standardError)")
        try Data("name = \"mine\"\nextends = \"default\"\n".utf8).write(to: theme.appending(path: "theme.toml"))
        try Data("[nav]\n\ndigest = 3\n".utf8).write(to: theme.appending(path: "locales/en.toml"))
        let catalogue = try RepodigestProcess.run(["build", "--sample", "--theme", "./mine/"], in: folder.url)
        #expect(
            catalogue.standardError.contains(
                "/locales/en.toml:3:1: catalogue key 'nav.digest': must be a string, found integer"),
            "\(catalogue.standardError)")
    }

    @Test func aConfigurationFileThatCannotBeReadSaysWhy() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appending(path: "conf"), withIntermediateDirectories: true)
        // A FIFO is not opened: reading it would wait for a writer.
        #expect(mkfifo(folder.url.appending(path: "fifo.toml").path, 0o644) == 0)
        for (file, reason) in [
            ("gone.toml", "no such file"), ("conf", "it is a folder"), ("/dev/null", "it is a device, not a file"),
            ("fifo.toml", "it is a FIFO, not a file"),
        ] {
            let outcome = try RepodigestProcess.run(["build", "--sample", "--config", file], in: folder.url)
            #expect(outcome.status == 1)
            #expect(
                outcome.standardError.contains("\(file): cannot read the configuration file: \(reason)"),
                "\(outcome.standardError)")
        }
    }

    @Test("lists_of in a build from GitHub without a token is refused at its line, exit 1, before anything is touched")
    func listsOfWithoutATokenIsRefused() throws {
        let folder = try TemporaryFolder()
        try Data("[digest]\nstarred_by = [\"mona\"]\nlists_of = [\"@me\"]\n".utf8).write(
            to: folder.url.appending(path: "repodigest.toml"))
        let outcome = try RepodigestProcess.run(
            [
                "build", "--config", "repodigest.toml", "--output", "site", "--state-dir", "state", "--api-url",
                "http://127.0.0.1:9/",
            ],
            environment: ["GITHUB_TOKEN": "", "GH_TOKEN": ""], in: folder.url)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(
            outcome.standardError.contains("error: repodigest.toml:3:1: digest.lists_of needs a token"),
            "\(outcome.standardError)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["repodigest.toml"],
            "nothing touched")
    }
}
