import Foundation

// Publishing a staged build: the marker written, every byte synced, one atomic exchange of the
// staging folder with the published one, and the old build tidied into the spare. Nothing
// here runs unless every file passed its checks (`SiteBuild.run`).
extension SiteWriter {
    /// Publishes a complete staging folder holding the files of `entries`: the marker with
    /// its manifest, then one atomic swap, then the user's entries moved across.
    func commit(_ staging: Staging, entries: [String: Marker.Entry], stamp: String?) throws(PublishError) -> Report {
        let paths = Set(entries.keys)
        try interruption.publishing()
        var published = false
        defer { interruption.ended(published: published) }
        // The user may have added a file while the build was staged: read again, unless no
        // folder changed.
        let inventory =
            staging.inventory.isCurrent(at: output)
            ? staging.inventory : inventory(writing: paths, marker: staging.published, withEntries: false)
        try Self.refuseConflicts(inventory, writing: paths, in: output)
        try Self.write(
            Data(Marker(stamp: stamp, entries: entries).bytes), to: staging.folder.appending(path: Self.marker))
        unlink(staging.folder.appending(path: Self.stagingMarker).path)
        // Every byte on disk before the swap, so a power cut cannot publish empty files: one
        // `syncfs` for the build, where an fsync per file cost a fifth of the writing.
        Self.syncFileSystem(of: staging.folder)
        var report = staging.report
        report.removed = inventory.removed(writing: paths)
        report.kept = inventory.keptFiles(in: output)
        report.notes = staging.notes
        if inventory.manifest == nil, report.kept > 0, inventory.hasMarker {
            report.notes.append(
                "\(output.path): the published build's marker has no whole list of the files it wrote (it is from "
                    + "a repodigest that kept none, or it was cut short), so the \(report.kept) file(s) this build does not write were kept, as any may be yours; "
                    + "remove the stale ones by hand (this build's marker lists its files, so this happens once)")
        }
        do {
            report.notes += try swap(
                staging.folder, manifest: paths, published: staging.published, inventory: inventory)
        } catch {
            guard case .tidying = error else { throw error }
            // Past the exchange, the staging folder holds the previous build and the user's
            // files; the new build is published all the same: a problem for the run to report,
            // not "nothing published".
            staging.markSwapped()
            report.problem = error.description
        }
        published = true
        return report
    }

    /// `syncfs(2)`, looked up at run time as Glibc's Swift module does not export it; `sync(2)`
    /// where the system lacks it.
    static func syncFileSystem(of folder: URL) {
        typealias SyncFS = @convention(c) (Int32) -> Int32
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if descriptor >= 0 { close(descriptor) } }
        guard descriptor >= 0, let symbol = dlsym(nil, "syncfs") else { return sync() }
        _ = unsafeBitCast(symbol, to: SyncFS.self)(descriptor)
    }

    /// Puts the staged build in place of the published one; what the run should warn about.
    /// - Parameters:
    ///   - manifest: the staged build's files.
    ///   - published: the published build's marker, as read when the build was staged.
    ///   - inventory: the published folder's, read (or found current) just before.
    func swap(_ staging: URL, manifest: Set<String>, published: Marker?, inventory: Inventory) throws(PublishError)
        -> [String]
    {
        let fileManager = FileManager.default
        guard Inventory.kind(output) != .missing else {
            try Self.step("publishing", output) { try fileManager.moveItem(at: staging, to: output) }
            return []
        }
        if !Self.renameAt2(staging, to: output, flags: Self.renameExchange) {
            // No atomic exchange on this file system: two renames, with a moment between them.
            let previous = output.deletingLastPathComponent()
                .appending(path: "\(previousPrefix)\(getpid())")
            try Self.step("moving aside", output) { try fileManager.moveItem(at: output, to: previous) }
            do {
                try Self.step("publishing", output) { try fileManager.moveItem(at: staging, to: output) }
            } catch {
                try? fileManager.moveItem(at: previous, to: output)
                throw error
            }
            try? fileManager.moveItem(at: previous, to: staging)
        }
        // `staging` now holds the previous build, and the new one is published: what
        // follows is tidying, which the next run's `clearLeftovers` finishes if it fails here.
        do {
            let left = try clearOldBuild(staging, inventory: inventory, manifest: manifest, published: published)
            return left.isEmpty ? [] : [Self.leftBeside(staging, left)]
        } catch {
            guard case .io(let action, let path, let reason) = error else { throw error }
            throw .tidying(action: action, path: path, reason: reason)
        }
    }
}
