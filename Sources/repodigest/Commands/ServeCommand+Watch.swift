import Foundation
import SiteRenderer

extension ServeCommand {
    /// Rebuilds after each change and reloads the open pages: onto the new build, or onto
    /// the page that says why the build failed (the configuration, the theme, a source),
    /// until a change fixes it.
    /// - Parameters:
    ///   - signals: what runs each build with an interruption of its own, for a second Ctrl-C
    ///     to remove its staging folder, and ends the process once that is done.
    ///   - since: the watched files as they were before the first build, so that a save
    ///     while it ran, or before this task first ran, rebuilds as any other does.
    static func watch(
        _ options: BuildOptions, _ console: Console, _ events: ReloadEvents, _ problems: BuildProblems,
        _ signals: SignalStream, since: (watcher: ChangeWatcher, snapshot: ChangeWatcher.Snapshot)
    ) async {
        var watcher = since.watcher
        if watcher.paths.isEmpty {
            console.info(
                "Nothing to watch: the sample's configuration and a built-in theme; pass --config FILE or --theme DIR")
        } else {
            console.info("Watching \(watcher.paths.map(\.path).joined(separator: ", "))")
        }
        var last = since.snapshot
        while let now = await watcher.nextChange(after: last, interval: pollInterval, settle: settleTime) {
            console.info("A watched file changed; rebuilding…")
            // In a task of its own, which stopping `serve` does not cancel: a first Ctrl-C lets
            // the build under way finish and publish (cancelled, a live build's requests would
            // fail), a second removes what it staged.
            let outcome = await Task {
                await signals.build {
                    await options.buildWithFailureLines(
                        console: console, interruption: $0, signals: signals, outputLockHeld: true)
                }
            }.value
            problems.set(outcome.failure)
            await events.reload()
            let paths = watchedPaths(options)
            last = paths == watcher.paths ? now : Self.snapshot(of: paths, keeping: now)
            watcher.paths = paths
        }
    }

    /// The start for watching `paths`, new after a build (the configuration named another
    /// theme): what the old paths watched too keeps its state from before that build, so that
    /// a save while it ran (a new title, just after the new theme) is a change, not the start.
    static func snapshot(of paths: [URL], keeping before: ChangeWatcher.Snapshot) -> ChangeWatcher.Snapshot {
        var snapshot = ChangeWatcher(paths: paths).snapshot()
        for (path, stamp) in before where snapshot[path] != nil { snapshot[path] = stamp }
        return snapshot
    }

    /// The files and folders of a theme a build reads.
    static let themeParts = ["theme.toml", "templates", "assets", "locales"]

    /// The configuration file and, when the theme is a folder, what a build reads of it
    /// (`themeParts`) and of every folder it extends (an edit to the parent changes the pages
    /// as much). Read anew after each build: the configuration may have named another theme.
    /// A theme named by a name no built-in theme has is watched as a folder even while it is
    /// missing: removed and made again (a branch switched, a theme unpacked anew), its return
    /// is a change.
    static func watchedPaths(_ options: BuildOptions) -> [URL] {
        var paths: [URL] = []
        if let config = options.config {
            paths.append(URL(fileURLWithPath: config))
        } else if !options.sample {
            paths.append(URL(fileURLWithPath: "repodigest.toml"))
        }
        if let name = options.theme ?? (try? options.loadConfiguration())?.theme {
            if let folder = BuildOptions.themeFolder(name, relativeTo: options.themeBase) {
                var folders = [folder]
                for parent in Theme.lineageFolders(of: folder)
                where parent.standardizedFileURL != folder.standardizedFileURL {
                    folders.append(parent)
                }
                // What a build reads of each theme, not the whole folder: a `node_modules/`
                // beside the templates would be walked on every look, and a state or output
                // folder inside the theme would rebuild the site after each build.
                paths += folders.flatMap { folder in Self.themeParts.map { folder.appending(path: $0) } }
            } else if !Theme.builtInNames.contains(name) {
                paths.append(options.themeBase.map { $0.appending(path: name) } ?? URL(fileURLWithPath: name))
            }
        }
        return paths.map(\.standardizedFileURL)
    }
}
