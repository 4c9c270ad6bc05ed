import Foundation
import Testing

@testable import repodigest

/// What `serve` takes for a change: a save of a watched file, however the editor saves it;
/// not a swap file beside it.
@Suite final class ChangeWatcherTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "watched-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appending(path: "theme/templates"), withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test("--port -1 is said to be a wrong port, not a missing one")
    func aNegativePortIsSaidToBeWrong() throws {
        let error = try #require(throws: (any Error).self) { try ServeCommand.parse(["--sample", "--port", "-1"]) }
        let message = ServeCommand.message(for: error)
        #expect(message.contains("The value '-1' is invalid for '--port <n>'"), "\(message)")
        #expect(try ServeCommand.parse(["--sample", "--port", "0"]).port == 0)
    }

    @Test func watchesEachFilesFolderAndEveryFolderOfATheme() {
        let folders = ChangeWatcher.folders(of: [
            folder.appending(path: "repodigest.toml"), folder.appending(path: "theme"),
        ])
        #expect(
            folders == [
                folder.path, folder.appending(path: "theme").path, folder.appending(path: "theme/templates").path,
            ])
    }

    /// A build that named another theme watches new paths; a save to the configuration while
    /// it ran was taken as the start, and lost until the next save.
    @Test func aSaveDuringABuildThatChangedThePathsIsStillAChange() throws {
        let config = folder.appending(path: "repodigest.toml")
        try Data("title = \"one\"\n".utf8).write(to: config)
        let before = ChangeWatcher(paths: [config]).snapshot()
        try Data("title = \"two, longer\"\n".utf8).write(to: config)
        let paths = [config, folder.appending(path: "theme")]
        let start = ServeCommand.snapshot(of: paths, keeping: before)
        #expect(start[config.path] == before[config.path], "the configuration as it was before the build")
        #expect(start != ChangeWatcher(paths: paths).snapshot(), "so its save is a change")
        #expect(start[folder.appending(path: "theme").path] != nil, "the new theme watched from now")
    }

    /// A theme folder named without a slash, removed (a branch switched): still watched, so
    /// its return rebuilds the site; it was dropped, and the preview kept its error page.
    @Test func aThemeFolderIsWatchedWhileItIsMissing() throws {
        let missing = ServeCommand.watchedPaths(try BuildOptions.parse(["--sample", "--theme", "my-theme"]))
        #expect(missing == [URL(fileURLWithPath: "my-theme").standardizedFileURL])
        #expect(ServeCommand.watchedPaths(try BuildOptions.parse(["--sample", "--theme", "minimal"])).isEmpty)
    }

    /// A configuration's theme, as its build reads it: from the configuration's folder, missing or not.
    @Test func aConfiguredThemeIsWatchedBesideTheConfiguration() throws {
        let config = folder.appending(path: "site/repodigest.toml")
        try FileManager.default.createDirectory(
            at: folder.appending(path: "site/themes/mine"), withIntermediateDirectories: true)
        try Data("theme = \"themes/mine\"\n".utf8).write(to: config)
        let paths = ServeCommand.watchedPaths(try BuildOptions.parse(["--sample", "--config", config.path]))
        #expect(paths.contains(folder.appending(path: "site/themes/mine/templates").standardizedFileURL), "\(paths)")
        try Data("theme = \"gone\"\n".utf8).write(to: config)
        let missing = ServeCommand.watchedPaths(try BuildOptions.parse(["--sample", "--config", config.path]))
        #expect(missing.contains(folder.appending(path: "site/gone").standardizedFileURL), "\(missing)")
    }

    /// Through a linked folder, `../theme` is the folder the system opens: beside the real one.
    @Test func aThemeBesideALinkedConfigurationIsTheRealFoldersSibling() throws {
        let real = folder.appending(path: "real/conf")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.appending(path: "real/th"), withIntermediateDirectories: true)
        try Data("theme = \"../th\"\n".utf8).write(to: real.appending(path: "rd.toml"))
        let link = folder.appending(path: "link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let options = try BuildOptions.parse(["--sample", "--config", link.appending(path: "rd.toml").path])
        let paths = ServeCommand.watchedPaths(options)
        #expect(paths.contains(folder.appending(path: "real/th/templates").standardizedFileURL), "\(paths)")
        #expect(options.themeBase?.path == real.resolvingSymlinksInPath().path)
        // The file itself a link (a dotfiles folder's): its theme is beside the real file.
        let linkedFile = folder.appending(path: "repodigest.toml")
        try FileManager.default.createSymbolicLink(at: linkedFile, withDestinationURL: real.appending(path: "rd.toml"))
        let throughFile = try BuildOptions.parse(["--sample", "--config", linkedFile.path])
        #expect(throughFile.themeBase?.path == real.resolvingSymlinksInPath().path)
    }

    /// A theme that extends another folder: an edit to the parent changes the pages as much.
    @Test func theFoldersAThemeExtendsAreWatchedToo() throws {
        let base = folder.appending(path: "base")
        let child = folder.appending(path: "child")
        for theme in [base, child] {
            try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        }
        try Data("name = \"base\"\nextends = \"default\"\n".utf8).write(to: base.appending(path: "theme.toml"))
        try Data("name = \"child\"\nextends = \"../base\"\n".utf8).write(to: child.appending(path: "theme.toml"))
        // What a build reads of each, not the whole folder (a `node_modules/` beside it).
        let expected = [child, base].flatMap { theme in
            ["theme.toml", "templates", "assets", "locales"].map { theme.appending(path: $0).path }
        }
        let paths = ServeCommand.watchedPaths(try BuildOptions.parse(["--sample", "--theme", child.path]))
        #expect(paths.map(\.path) == expected)
        // A parent that fails to load is watched all the same: the mend is the change to see.
        try Data("name = \"base\"\nextends = \"default\"\nbad = 1\n".utf8).write(to: base.appending(path: "theme.toml"))
        let failing = ServeCommand.watchedPaths(try BuildOptions.parse(["--sample", "--theme", child.path]))
        #expect(failing.map(\.path) == expected)
    }

    @Test func aSaveByRenameIsOneChangeAndASwapFileIsNone() async throws {
        let config = folder.appending(path: "repodigest.toml")
        try Data("title = \"A\"\n".utf8).write(to: config)
        let watcher = ChangeWatcher(paths: [config])
        #if os(Linux)
            #expect(watcher.wakesOnEvents, "inotify wakes the watcher on Linux")
        #endif
        let last = watcher.snapshot()
        async let change = watcher.nextChange(after: last, interval: .milliseconds(100), settle: .milliseconds(25))
        // An editor: a swap file first, then the new text written aside and renamed over.
        try Data("swap".utf8).write(to: folder.appending(path: ".repodigest.toml.swp"))
        try await Task.sleep(for: .milliseconds(150))
        try Data("title = \"Bb\"\n".utf8).write(to: folder.appending(path: "repodigest.toml.new"))
        _ = rename(folder.appending(path: "repodigest.toml.new").path, config.path)
        let now = await change
        #expect(now?.keys.sorted() == [config.path], "only the watched file is in the snapshot")
        #expect(now?[config.path]?.size == 13)
        #expect(now?[config.path] != last[config.path])
    }

    /// Truncated, then written (or moved away, then written anew) with a pause between: an
    /// empty configuration is a valid one, so the half-done save must not be built.
    @Test(arguments: ["truncate", "move away"])
    func aSaveInTwoStepsIsOneChange(_ firstStep: String) async throws {
        let config = folder.appending(path: "repodigest.toml")
        try Data("title = \"A\"\n".utf8).write(to: config)
        let watcher = ChangeWatcher(paths: [config])
        let last = watcher.snapshot()
        async let change = watcher.nextChange(after: last, interval: .milliseconds(100), settle: .milliseconds(25))
        if firstStep == "truncate" {
            try Data().write(to: config)
        } else {
            _ = rename(config.path, folder.appending(path: "repodigest.toml~").path)
        }
        try await Task.sleep(for: .milliseconds(300))
        try Data("title = \"Bb\"\n".utf8).write(to: config)
        #expect(await change?[config.path]?.size == 13, "the whole save, not the empty file between")
    }

    @Test("a dangling link removed and a file's permissions changed are changes: a failed build is made again")
    func linksAndPermissionsAreChanges() async throws {
        let theme = folder.appending(path: "theme")
        let assets = theme.appending(path: "assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        let style = assets.appending(path: "style.css")
        try Data("p {}\n".utf8).write(to: style)
        let dangling = assets.appending(path: "x.css")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "/nonexistent")
        let watcher = ChangeWatcher(paths: [theme])
        var last = watcher.snapshot()
        #expect(last[dangling.path] != nil, "a link is an entry, even one that leads nowhere")
        async let removed = watcher.nextChange(after: last, interval: .milliseconds(100), settle: .milliseconds(25))
        try FileManager.default.removeItem(at: dangling)
        last = try #require(await removed)
        #expect(last[dangling.path] == nil)
        async let modeChanged = watcher.nextChange(
            after: last, interval: .milliseconds(100), settle: .milliseconds(25))
        #expect(chmod(style.path, 0o600) == 0)
        #expect(await modeChanged?[style.path]?.mode != last[style.path]?.mode)
    }

    @Test func aFileEmptiedForGoodIsAChangeAfterAWhile() async throws {
        let config = folder.appending(path: "repodigest.toml")
        try Data("title = \"A\"\n".utf8).write(to: config)
        let watcher = ChangeWatcher(paths: [config])
        let last = watcher.snapshot()
        async let change = watcher.nextChange(after: last, interval: .milliseconds(100), settle: .milliseconds(25))
        try FileManager.default.removeItem(at: config)
        #expect(await change == [:], "removed is a change, once the rest of a save would have come")
        #expect(ChangeWatcher.emptied(from: last, to: [:]))
    }
}

/// Which theme a name means.
@Suite struct ThemeNameTests {
    @Test("a built-in theme's name is the built-in theme even beside a folder of that name; ./NAME is the folder")
    func aBuiltInNameIsTheBuiltInTheme() throws {
        let folder = try TemporaryFolder()
        let templates = folder.url.appending(path: "minimal/templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("{{<layout}}{{$main}}<p>the-folder's-page</p>{{/main}}{{/layout}}\n".utf8)
            .write(to: templates.appending(path: "not-found.mustache"))
        for (theme, fromFolder) in [("minimal", false), ("./minimal", true)] {
            let build = try RepodigestProcess.run(
                ["build", "--sample", "--theme", theme, "--output", "out-\(fromFolder)"], in: folder.url)
            #expect(build.status == 0, "\(build.standardError)")
            let page = try String(
                contentsOf: folder.url.appending(path: "out-\(fromFolder)/404.html"), encoding: .utf8)
            #expect(page.contains("the-folder's-page") == fromFolder, "\(theme)")
        }
    }
}
