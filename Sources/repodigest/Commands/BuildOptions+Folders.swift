import Foundation
import RepodigestConfiguration
import SiteRenderer

extension BuildOptions {
    /// Refuses an output folder that overlaps a folder the run reads or keeps: publishing
    /// swaps the output folder out whole, and carries what it holds into the site. An output
    /// holding the state folder (`--state-dir out/.state`) would publish the cache; one inside
    /// it would be swapped under the cache and the lock; one that is (or holds) the
    /// configuration's folder would publish the configuration, and before repodigest kept the
    /// user's files, deleted it; a theme folder on either side of it would be read from the
    /// site it builds. Paths are compared resolved (links, `..`), as the writer publishes into
    /// the real folder.
    func checkFolders(output: URL, state: URL?, configuration: Configuration, theme: Theme) throws(ConfigurationError) {
        // An empty path would mean the current folder, which a build then replaces.
        guard !self.output.isEmpty else {
            throw ConfigurationError(
                source: "--output", message: "an empty path; name the folder to publish into (such as Output)")
        }
        // Its path is the line a build prints last, for scripts to read: a newline in it would
        // make two.
        if self.output.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw ConfigurationError(
                source: "--output",
                message: "the path holds a control character (a newline, a tab); name a folder without one")
        }
        // Refused even where the build reads no state (`--sample`): an empty path is a mistake.
        try Self.refuseEmpty(stateDir: stateDir)
        try Self.refuseDanglingLink(output)
        let output = RealPath.of(output)
        try Self.refuseTooLong(output)
        try Self.refuseSpareName(output)
        if let state {
            try Self.refuseOverlap(
                output, RealPath.of(state), what: "the state folder", option: "--state-dir", inside: true)
        }
        if !(config == nil && sample) {
            let file = RealPath.of(URL(fileURLWithPath: config ?? "repodigest.toml"))
            try Self.refuseOverlap(
                output, file.deletingLastPathComponent(), what: "the configuration file's folder", option: "--config",
                inside: false)
        }
        // The theme's folder and every folder it extends: a build reads them all.
        for folder in theme.folders {
            try Self.refuseOverlap(
                output, RealPath.of(folder), what: "the theme folder",
                option: self.theme != nil ? "--theme" : "theme in \(config ?? "repodigest.toml")", inside: true)
            // Nor the state folder: every build writes its cache there, which `serve` watching
            // the theme took for an edit, and rebuilt, asking GitHub, for ever.
            if let state, RealPath.isSameOrInside(RealPath.of(state), RealPath.of(folder)) {
                throw ConfigurationError(
                    source: "--state-dir",
                    message: "the state folder \(RealPath.of(state).path) is inside the theme folder "
                        + "\(RealPath.of(folder).path); each build writes the cache there, and a theme is only read. "
                        + "Keep them apart. Nothing was changed")
            }
        }
    }

    /// An output that is a link to nothing: publishing would make the folder it names, where
    /// the user meant another (a volume not mounted, whose mount point later hides the site).
    private static func refuseDanglingLink(_ output: URL) throws(ConfigurationError) {
        var status = stat()
        guard lstat(output.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK, stat(output.path, &status) != 0
        else { return }
        let loops = errno == ELOOP
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: output.path)) ?? "?"
        if loops {
            throw ConfigurationError(
                source: "--output",
                message: "the output folder \(output.path) is a link to \(target), which leads back through links "
                    + "to itself (too many levels of symbolic links); give the output's real path. Nothing was changed")
        }
        throw ConfigurationError(
            source: "--output",
            message: "the output folder \(output.path) is a link to \(target), which does not exist "
                + "(a volume not mounted?); make that folder, or give the output's real path. Nothing was changed")
    }

    /// How many bytes below the output a site's deepest file may need: its longest path
    /// (`lists/ACCOUNT/SLUG/search.json`, each name at most `PathSegment`'s 64 bytes and a
    /// hash) is some 170, and the staging folder beside the output (`.NAME.staging-N`, where
    /// the files are first written) is some 20 bytes longer than the output.
    private static let deepestFile = 256

    /// An output whose files would pass Linux's limits (4,096 bytes a path, 255 a name): the
    /// folders above it would be made as far as they could be, then the build fail, leaving
    /// them behind.
    private static func refuseTooLong(_ output: URL) throws(ConfigurationError) {
        let path = output.path
        // The output's own name is also that of the lock and staging folders beside it,
        // with some 24 bytes more (`.NAME.staging-12345678`).
        let names = path.split(separator: "/")
        for (index, name) in names.enumerated() {
            let isLast = index == names.count - 1
            let most = Int(NAME_MAX) - (isLast ? 24 : 0)
            guard name.utf8.count > most else { continue }
            throw ConfigurationError(
                source: "--output",
                message: "the output folder's path has a name of \(name.utf8.count) bytes ('\(name.prefix(40))…'); "
                    + "it may have \(most)" + (isLast ? " (the lock and staging folders beside it add to it)" : "")
                    + ". Nothing was changed")
        }
        guard path.utf8.count + deepestFile >= Int(PATH_MAX) else { return }
        throw ConfigurationError(
            source: "--output",
            message: "the output folder's path is \(path.utf8.count) bytes long; the site's files below it would "
                + "pass the \(PATH_MAX) bytes a path may have (at most \(Int(PATH_MAX) - deepestFile - 1) for the "
                + "output). Nothing was changed")
    }

    /// An output named as another output's spare build (`.site.spare` beside `site`): a run
    /// publishing `site` would take it for its spare, move its files into that site and
    /// remove the rest.
    private static func refuseSpareName(_ output: URL) throws(ConfigurationError) {
        guard let spared = SiteWriter.outputSpared(byFolderNamed: output.lastPathComponent) else { return }
        throw ConfigurationError(
            source: "--output",
            message: "the output folder \(output.path) is named as the spare build repodigest keeps beside an "
                + "output named '\(spared)'; a build publishing '\(spared)' would take it for its own and empty it. "
                + "Choose another name. Nothing was changed")
    }

    /// - Parameter inside: whether an output inside `folder` overlaps too (it does not for
    ///   the configuration's folder: `./repodigest.toml` with `--output Output` is the usual setup).
    private static func refuseOverlap(_ output: URL, _ folder: URL, what: String, option: String, inside: Bool)
        throws(ConfigurationError)
    {
        let relation: String
        if output == folder {
            relation = "is \(what) (\(option))"
        } else if RealPath.isSameOrInside(folder, output) {
            relation = "contains \(what) \(folder.path) (\(option))"
        } else if inside, RealPath.isSameOrInside(output, folder) {
            relation = "is inside \(what) \(folder.path) (\(option))"
        } else {
            return
        }
        throw ConfigurationError(
            source: "--output",
            message: "the output folder \(output.path) \(relation); publishing replaces the output folder whole, "
                + "so the two must be apart. Nothing was changed")
    }
}
