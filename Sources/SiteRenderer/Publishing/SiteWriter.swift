public import Foundation

/// Publishes a site so that the output folder always holds one complete build.
///
/// The files go into a staging folder beside the output (the spare, the build before the
/// published one, where there is one: `SiteWriter+Spare.swift`); only when all are written
/// does one atomic `renameat2(RENAME_EXCHANGE)` swap it with the published folder. A run killed at any
/// moment leaves the previous site in place, and the next run clears what it left behind.
/// Files whose bytes did not change keep their modification time, so rsync, git and
/// documentation builds see only real changes.
///
/// repodigest never deletes a file it did not write. The marker lists every file the build
/// wrote (its manifest); anything else in the output, hidden (`.git`, `.nojekyll`) or not
/// (`notes.txt`, `mine/`), is the user's and is carried over into each new build, like
/// Jekyll's `keep_files`. A new build that would write over one of them is refused.
///
/// The folders beside an output `site`, one publish (the extensions named at each step):
///
/// ```
///  .site.spare ──rename──► .site.staging-PID   the spare taken as staging (+Spare), or a new
///                                │              folder (+Staging)
///                  each file checked and written, or, unchanged, linked from site (or
///                  already there, in the spare)
///                                │
///  site ◄────renameat2(EXCHANGE)─┘              the new build is published at once (+Commit)
///  .site.staging-PID  now holds the old build: the user's files in it go into site,
///                                │              then (+Leftovers, clearOldBuild)
///  .site.spare ◄──rename─────────┘              it is the next build's spare (+Spare, setAside),
///                                               or is removed where no spare can be kept
/// ```
///
/// Without `renameat2`, the exchange is two renames through `.site.previous-PID`. A run stopped
/// at any step leaves `site` whole; what it left beside it (a staging folder, a previous one,
/// both carrying their marker) the next run clears (`clearLeftovers`), its user's files first.
public struct SiteWriter: Sendable {
    /// Written into every published folder, so the next build knows the folder is its own.
    static let marker = ".repodigest-site"
    /// Written into a staging folder before anything else, so that only a folder repodigest
    /// made is ever cleared as a leftover.
    static let stagingMarker = ".repodigest-staging"
    static let markers: Set<String> = [marker, stagingMarker]

    /// Whether `folder` holds a site repodigest published: its marker, a regular file (not
    /// followed through a link). What the preview serves, and nothing else.
    public static func holdsPublishedSite(_ folder: URL) -> Bool {
        Inventory.kind(folder.appending(path: marker)) == .regular
    }

    /// The line of the marker that holds the build's stamp (`SiteBuild.run`'s `stamp`).
    static let stampPrefix = "inputs "

    /// The folder published into. An output given as a symbolic link is the folder the link
    /// leads to: the build is staged beside that folder and swapped with it, so the link
    /// stays a link and the folder it names gets the new site.
    public let output: URL

    /// Stops this writer's publish from a signal handler.
    public let interruption: PublishInterruption

    public init(output: URL, interruption: PublishInterruption = PublishInterruption()) {
        self.output = RealPath.of(output)
        self.interruption = interruption
    }

    /// What a publish changed.
    public struct Report: Sendable, Equatable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
        /// The user's files (not repodigest's) carried over into the new build.
        public var kept = 0
        /// What the run should warn about: leftovers left alone, files kept for want of a manifest.
        public var notes: [String] = []
        /// The new build is published, but tidying after the swap failed (`PublishError.tidying`).
        public var problem: String?
    }

    /// The stamp the published build was given (see `commit`), or nil: none, or no build.
    public func publishedStamp() -> String? {
        Marker.stamp(in: output)
    }

    /// Whether every file the published build's marker lists is still there as that build
    /// left it: a regular file, reached through real folders, not modified since the marker
    /// was written. A run whose inputs are unchanged is up to date only then: a page removed
    /// or edited by hand (a `git checkout` in the output) is made again, not left so.
    /// - Parameter read: the published folder as this run read it already (`readAhead`),
    ///   rather than walked again.
    public func publishedIsWhole(as read: ReadAhead? = nil) -> Bool {
        let marker = read.map(\.published.marker) ?? Marker(in: output, manifestOnly: true)
        guard let marker, let listed = marker.entries else { return false }
        let found = read?.published.inventory ?? inventory(writing: [], marker: marker)
        return found.entries.count == listed.count
    }

    /// Beside the output, hidden, and named so that no leftover cleanup takes it: the lock
    /// a run holds on the output, whatever its state folder.
    public var lockFile: URL {
        output.deletingLastPathComponent().appending(path: ".\(output.lastPathComponent).lock")
    }

    /// Stages `files` and publishes them in one swap: for tests and the benchmark's phases. A
    /// build stages each file as it is checked (`SiteBuild`, through `stage` and `commit`).
    /// - Parameters:
    ///   - stamp: what the build was made from, in one line, kept beside it for `publishedStamp`.
    ///   - progress: hears (files staged, files in all) after each file, for a progress bar.
    @discardableResult
    public func publish(
        _ files: [OutputFile], stamp: String? = nil, progress: (_ staged: Int, _ total: Int) -> Void = { _, _ in }
    ) throws(PublishError) -> Report {
        let staging = try stage(writing: Set(files.map(\.path)))
        do {
            var entries: [String: Marker.Entry] = [:]
            for (index, file) in files.enumerated() {
                entries[file.path] = Marker.Entry(bytes: try staging.put(file))
                progress(index + 1, files.count)
            }
            return try commit(staging, entries: entries, stamp: stamp)
        } catch {
            staging.discard()
            throw error
        }
    }

    /// Whether a regular file (not a link to one) holds exactly these bytes: its size first,
    /// then the fingerprint of its bytes the marker kept (`known`), and only where it kept none
    /// the file itself, read. Reading every page back made `--force` cost twice a cold build.
    static func sameBytes(_ contents: Data, fingerprint: String, known: String?, atPath path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) == contents.count
        else { return false }
        if let known { return known == fingerprint }
        return FileManager.default.contents(atPath: path) == contents
    }

    /// What makes a publish fail whatever the build holds, found before anything is gathered
    /// or rendered (a live run would otherwise ask GitHub for everything first): an output
    /// that is not a folder, or one of someone else's files; one that is a mount point; a
    /// folder beside which, or in which, nothing can be written. Publishing checks all of it
    /// again, with every folder of the published site (`checkWritable`).
    public func checkBeforeBuilding() throws(PublishError) {
        try checkOwnership()
        try checkOutputFolder(userEntries: [])
    }

    /// The output and the folder that holds it, for both checks: neither the output nor one of
    /// `userEntries` in it a mount point, and both folders writable (the parent, or the
    /// nearest folder above it that is there: publishing makes the rest).
    private func checkOutputFolder(userEntries: [String]) throws(PublishError) {
        // The new build is staged beside the output and swapped with it by a rename, which no
        // file system allows across its own edge: found at the swap, every page was made for nothing.
        if Self.isMountPoint(output) { throw .mountPoint(output.standardizedFileURL.path) }
        // Nor can a file system mounted on a folder of the user's be moved into the new build:
        // found then, the site was published without it and every later run refused.
        if let mounted = userEntries.first(where: { Self.isMountPoint(output.appending(path: $0)) }) {
            throw .mountPointInside(
                output.standardizedFileURL.path, output.appending(path: mounted).standardizedFileURL.path)
        }
        var parent = output.deletingLastPathComponent()
        while Inventory.kind(parent) == .missing, parent.path != "/" { parent = parent.deletingLastPathComponent() }
        for folder in [parent, output] where Inventory.kind(folder) == .folder {
            guard access(folder.path, W_OK) == 0 else { throw notWritable(folder) }
        }
    }

    /// `folder` not writable, as `access` just said; for a folder above the output that
    /// the user may not write, why it must be (the user named only the output).
    func notWritable(_ folder: URL) -> PublishError {
        let denied = errno == EACCES || errno == EPERM
        let reason = String(cString: strerror(errno))
        let path = folder.standardizedFileURL.path
        guard denied, RealPath.isSameOrInside(output, folder), output.standardizedFileURL.path != path else {
            return .notWritable(path, reason: reason)
        }
        return .notWritable(
            path,
            reason: "\(reason); each build is staged beside the output folder and swapped with it, so the "
                + "folder that holds the output must be writable too")
    }

    /// Refuses to replace a folder that holds files and was not published by repodigest.
    func checkOwnership() throws(PublishError) {
        let fileManager = FileManager.default
        switch Inventory.kind(output) {
        case .missing: return
        case .folder: break
        default: throw .notOurs(output.path, reason: "it is not a folder")
        }
        let visible = ((try? fileManager.contentsOfDirectory(atPath: output.path)) ?? []).filter { !$0.hasPrefix(".") }
        if !visible.isEmpty && Inventory.kind(output.appending(path: Self.marker)) != .regular {
            throw .notOurs(
                output.path, reason: "it holds files but no \(Self.marker) marker, so repodigest did not publish it")
        }
    }

    /// Refuses a build while entries of the published folder have names that are not UTF-8
    /// (naming them all), or that would write over a file of the user's (naming the first).
    static func refuseConflicts(_ inventory: Inventory, writing paths: Set<String>, in output: URL) throws(PublishError)
    {
        if !inventory.unnamable.isEmpty {
            throw .unnamable(inventory.unnamable.sorted(), output: output.path)
        }
        if let conflict = inventory.conflicts(writing: paths).first {
            throw .usersFile(conflict, output: output.path)
        }
    }

    /// Every folder a publish changes must be writable before anything is staged: the
    /// parent (staging, the swap), the published folder and each of repodigest's folders in
    /// it (the old build's files are removed after the swap), and the user's folders (moved
    /// into the new build, which for a folder needs its own write permission). Found only
    /// after the swap, a read-only one would leave the new site published, the old one
    /// beside it, the user's `.git` behind, and every later run failing.
    func checkWritable(_ inventory: Inventory) throws(PublishError) {
        try checkOutputFolder(userEntries: inventory.userEntries)
        guard Inventory.kind(output) == .folder else { return }
        let folders = (inventory.folders + inventory.userEntries).map { output.appending(path: $0) }
        for folder in folders where Inventory.kind(folder) == .folder {
            guard access(folder.path, W_OK) == 0 else { throw notWritable(folder) }
        }
    }

    /// A relative path that stays inside the output folder, and fits on one manifest line.
    /// Checked on bytes where the path is ASCII (every path the router makes), for each file
    /// when its build is staged.
    static func isSafe(_ path: String) -> Bool {
        let bytes = path.utf8
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        guard !bytes.isEmpty, bytes.first != slash else { return false }
        let control =
            bytes.allSatisfy { $0 < 0x80 }
            ? bytes.contains { $0 < 0x20 || $0 == 0x7F }
            : path.unicodeScalars.contains { $0.properties.generalCategory == .control }
        // An empty segment, `.`, `..`, or a hidden name: each is empty or starts with a dot.
        return !control
            && !bytes.split(separator: slash, omittingEmptySubsequences: false).contains {
                $0.isEmpty || $0.first == dot
            }
    }

    /// Whether a file system is mounted at `folder`: another device than its parent's (a
    /// tmpfs, a volume), or a mount point the kernel lists (a bind mount of the same device).
    static func isMountPoint(_ folder: URL) -> Bool {
        var parentStatus = stat()
        var status = stat()
        guard lstat(folder.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return false }
        if lstat(folder.deletingLastPathComponent().path, &parentStatus) == 0, status.st_dev != parentStatus.st_dev {
            return true
        }
        guard let table = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return false }
        let real = RealPath.of(folder).path
        // The fifth field is where a mount is, with a space, a tab, a newline or a backslash as `\040` and so on.
        return table.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            guard fields.count > 4 else { return false }
            return fields[4].replacing(/\\([0-7]{3})/) { String(UnicodeScalar(UInt8($0.output.1, radix: 8) ?? 0)) }
                == real
        }
    }

    static func step(_ action: String, _ url: URL, _ body: () throws -> Void) throws(PublishError) {
        do {
            try body()
        } catch {
            throw .io(action: action, path: url.path, reason: reason(error))
        }
    }

    /// What went wrong, as the system said it, and from where for a move: Foundation's own
    /// words for a failed move are "(NSCocoaErrorDomain error 512.)", its cause beneath them
    /// ("Device or resource busy": a mount point).
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        var reason = error.localizedDescription
        if let cause = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }),
            cause.domain == NSPOSIXErrorDomain
        {
            reason = String(cString: strerror(Int32(cause.code)))
        }
        if let source = error.userInfo["NSSourceFilePathErrorKey"] as? String,
            let destination = error.userInfo["NSDestinationFilePath"] as? String
        {
            reason += " (moving \(source) to \(destination))"
        }
        return reason
    }
}
