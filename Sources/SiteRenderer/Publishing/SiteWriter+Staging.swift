import Foundation
import ParallelWork
import Synchronization

extension SiteWriter {
    /// A build being written beside the output: files go in one at a time, from any thread,
    /// and nothing is published until `commit`.
    final class Staging: Sendable {
        let folder: URL
        let output: URL
        /// The published folder as it was when the build was staged.
        let inventory: Inventory
        /// The published build's own regular files: only these may be hard-linked into the new one.
        var previous: Set<String> { inventory.regularFiles }
        /// What the published build's marker keeps of each of its files.
        var known: [String: Marker.Entry] { inventory.entries }
        /// The published build's marker, read once for the whole build.
        let published: Marker?
        let interruption: PublishInterruption
        /// Warnings from making it (leftovers left alone).
        let notes: [String]
        /// The files the build was staged for: each checked by `stage` (`isSafe`) and its folders
        /// made, so only these are put or carried, from any thread, with no lock and no `mkdir`.
        let paths: Set<String>
        /// The spare's files and folders the build was staged in, if it was (`takeSpare`).
        let spare: Spare?
        private let counts = Mutex((written: 0, unchanged: 0))
        /// From the swap on, this folder holds the previous build with the user's files: never discarded.
        private let swapped = Mutex(false)

        init(
            folder: URL, output: URL, inventory: Inventory, published: Marker?, interruption: PublishInterruption,
            notes: [String], paths: Set<String>, spare: Spare? = nil
        ) {
            self.paths = paths
            self.spare = spare
            self.folder = folder
            self.output = output
            self.inventory = inventory
            self.published = published
            self.interruption = interruption
            self.notes = notes
        }

        /// Puts one file into staging; the fingerprint of its bytes, for the marker. An unchanged
        /// file is hard-linked from the published build rather than written again: it keeps
        /// its modification time, and costs no bytes. Unchanged is told by the size, then by
        /// the fingerprint the marker kept (reading the published file only where it kept none).
        @discardableResult
        func put(_ file: OutputFile) throws(PublishError) -> String {
            guard !interruption.isStopped else { throw .interrupted }
            guard paths.contains(file.path) else { throw .unsafePath(file.path) }
            let target = folder.appending(path: file.path)
            let previousFile = output.appending(path: file.path)
            let fingerprint = StableHasher.fingerprint(of: file.contents)
            let unchanged =
                previous.contains(file.path)
                && SiteWriter.sameBytes(
                    file.contents, fingerprint: fingerprint, known: known[file.path]?.bytes, atPath: previousFile.path)
            defer { counts.withLock { unchanged ? ($0.unchanged += 1) : ($0.written += 1) } }
            if unchanged, isPublishedFile(file.path) { return fingerprint }
            try vacate(target, file.path)
            if unchanged, link(previousFile.path, target.path) == 0 { return fingerprint }
            try SiteWriter.write(file.contents, to: target)
            if unchanged { try keepTime(of: previousFile, on: target) }
            return fingerprint
        }

        /// Puts the published build's copy of `path` into staging, unread: false where it has
        /// none of its own (it may only carry a regular file repodigest wrote).
        func carry(_ path: String) throws(PublishError) -> Bool {
            guard !interruption.isStopped else { throw .interrupted }
            guard previous.contains(path), paths.contains(path) else { return false }
            if isPublishedFile(path) {
                counts.withLock { $0.unchanged += 1 }
                return true
            }
            // Only now: at 10,000 pages, making two URLs for each file the spare holds already
            // took a quarter of carrying them.
            let target = folder.appending(path: path)
            let previousFile = output.appending(path: path)
            try vacate(target, path)
            if link(previousFile.path, target.path) != 0 {
                guard errno != ENOENT, let contents = FileManager.default.contents(atPath: previousFile.path) else {
                    return false
                }
                try SiteWriter.write(contents, to: target)
                try keepTime(of: previousFile, on: target)
            }
            counts.withLock { $0.unchanged += 1 }
            return true
        }

        /// Whether the spare's file at `path` is the published one already, hard-linked.
        private func isPublishedFile(_ path: String) -> Bool {
            guard let staged = spare?.files[path] else { return false }
            return staged == inventory.identities[path]
        }

        /// Unlinks the spare's file at `path` before anything is put there: a file of the
        /// spare may be a hard link of a published one, which writing into would change.
        private func vacate(_ target: URL, _ path: String) throws(PublishError) {
            guard spare?.files[path] != nil, unlink(target.path) != 0, errno != ENOENT else { return }
            throw .io(action: "replacing", path: target.path, reason: String(cString: strerror(errno)))
        }

        /// No hard links on this file system: a copy, with the published file's time.
        private func keepTime(of previousFile: URL, on target: URL) throws(PublishError) {
            guard let date = try? FileManager.default.attributesOfItem(atPath: previousFile.path)[.modificationDate]
            else { return }
            try SiteWriter.step("setting the time of", target) {
                try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: target.path)
            }
        }

        /// Makes the folders of every staged file that the spare lacks, each after its parent
        /// (those of one depth after those of the depth above, on every core: a cold build's
        /// 1,464 folders took a quarter of a second on one, with nothing else to do meanwhile),
        /// inside the staging folder and never the staging folder itself: once a signal has
        /// removed it, nothing brings it back.
        func makeFolders() throws(PublishError) {
            let missing = Inventory.folders(of: paths).subtracting(spare?.folders ?? [])
            let byDepth = Dictionary(grouping: missing) { $0.utf8.count { $0 == UInt8(ascii: "/") } }
            for depth in byDepth.keys.sorted() {
                let folders = byDepth[depth]!.sorted()
                try Parallel.forEach(folders.count) { (index) throws(PublishError) in
                    let url = folder.appending(path: folders[index])
                    guard mkdir(url.path, 0o777) == 0 || errno == EEXIST else {
                        if interruption.isStopped { throw .interrupted }
                        throw .io(action: "creating", path: url.path, reason: String(cString: strerror(errno)))
                    }
                }
            }
        }

        var report: Report {
            counts.withLock { Report(written: $0.written, unchanged: $0.unchanged) }
        }

        func markSwapped() { swapped.withLock { $0 = true } }

        /// Forgets a build that will not be published.
        func discard() {
            interruption.ended(published: false)
            guard !swapped.withLock({ $0 }) else { return }
            SiteWriter.removeMarked(folder)
        }
    }

    /// The published folder and the spare read ahead, while the run gathers its data: each
    /// one's marker (a megabyte at 10,000 repositories) and, where the marker lists its
    /// files, its inventory, which then needs nothing of the new build. Only read: staging
    /// takes a folder's while every folder in it is as it was read (`Inventory.isCurrent`),
    /// else reads it again.
    public struct ReadAhead: Sendable {
        let published: (marker: Marker?, inventory: Inventory?)
        let spare: (marker: Marker, inventory: Inventory)?
    }

    public func readAhead() -> ReadAhead {
        let marker = Marker(in: output)
        var spare: (Marker, Inventory)?
        if Inventory.kind(spareFolder) == .folder, let found = Marker(in: spareFolder, manifestOnly: true),
            found.manifest != nil
        {
            spare = (found, Inventory(of: spareFolder, writing: [], marker: found, withEntries: false))
        }
        return ReadAhead(
            published: (marker, marker?.manifest == nil ? nil : inventory(writing: [], marker: marker)), spare: spare)
    }

    /// Makes the staging folder, once the output is known to be ours, the new build known
    /// to write over no file of the user's, and earlier runs' leftovers gone.
    /// - Parameter ahead: the published folder and the spare as read earlier in the run
    ///   (`readAhead`), if they were.
    func stage(writing paths: Set<String>, ahead: ReadAhead? = nil) throws(PublishError) -> Staging {
        // Before anything is made: the build's folders are made from these paths.
        if let unsafe = paths.filter({ !Self.isSafe($0) }).min() { throw .unsafePath(unsafe) }
        let parent = output.deletingLastPathComponent()
        try Self.step("creating", parent) {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        }
        try checkOwnership()
        var published: Marker?
        var inventory: Inventory
        if let ahead, let read = ahead.published.inventory, read.isCurrent(at: output) {
            (published, inventory) = (ahead.published.marker, read)
        } else {
            published = Marker(in: output)
            inventory = self.inventory(writing: paths, marker: published)
        }
        try Self.refuseConflicts(inventory, writing: paths, in: output)
        try checkWritable(inventory)
        var notes: [String] = []
        if hasLeftovers {
            notes = try clearLeftovers()
            // They may have put a site moved aside back in place, or the user's files into it:
            // read, and checked, again.
            published = Marker(in: output)
            inventory = self.inventory(writing: paths, marker: published)
            try Self.refuseConflicts(inventory, writing: paths, in: output)
            try checkWritable(inventory)
        }
        let folder = parent.appending(path: "\(stagingPrefix)\(getpid())")
        let spare = try takeSpare(as: folder, writing: paths, read: ahead?.spare, notes: &notes)
        if spare == nil {
            try interruption.staging(folder) { () throws(PublishError) in
                try Self.step("creating", folder) {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
                }
                // The marker first, so that a stop at any later moment leaves a folder the next run knows as its own.
                do throws(PublishError) {
                    try Self.markStaging(folder)
                } catch {
                    rmdir(folder.path)
                    throw error
                }
            }
        }
        let staging = Staging(
            folder: folder, output: output, inventory: inventory, published: published, interruption: interruption,
            notes: notes, paths: paths, spare: spare)
        do throws(PublishError) {
            try staging.makeFolders()
        } catch {
            staging.discard()
            throw error
        }
        return staging
    }

    /// The published folder's inventory, or an empty one where there is none; `entries` only `withEntries`.
    func inventory(writing paths: Set<String>, marker: Marker?, withEntries: Bool = true) -> Inventory {
        guard Inventory.kind(output) == .folder else { return Inventory() }
        return Inventory(of: output, writing: paths, marker: marker, withEntries: withEntries)
    }

    /// Writes the staging marker into `folder`, naming this process: before anything else is
    /// put there, so that a stop at any later moment leaves a folder the next run knows as its own.
    static func markStaging(_ folder: URL) throws(PublishError) {
        try write(Data("repodigest staging \(getpid())\n".utf8), to: folder.appending(path: stagingMarker))
    }

    /// Writes a new file with plain system calls: `Data.write` also syncs each file to disk,
    /// which `commit` does once for the whole build instead. Never into a file already there:
    /// in a spare, that file may be a hard link of a published one.
    static func write(_ contents: Data, to url: URL) throws(PublishError) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard descriptor >= 0 else {
            throw .io(action: "writing", path: url.path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        let failure: Int32? = contents.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure {
            // Made here (O_EXCL), so ours to remove: an empty staging marker left in a spare on a
            // full disk kept every later run from taking it, and the folder from being removed.
            unlink(url.path)
            throw .io(action: "writing", path: url.path, reason: String(cString: strerror(failure)))
        }
    }
}
