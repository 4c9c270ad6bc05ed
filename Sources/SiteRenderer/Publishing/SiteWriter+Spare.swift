import Foundation
import ParallelWork
import Synchronization

/// The build before the published one, kept beside the output as the next build's staging
/// folder. A build staged in a fresh folder makes every folder of the site and links every
/// unchanged file into it, and the old build is then unlinked file by file: at 10,000
/// repositories, 1,464 `mkdir`s, 10,900 `link`s and as many `unlink`s for a run that
/// changed 11 files. Staged in the spare, whose unchanged files are already the published
/// ones (hard links of the same inodes), a build touches only what changed since the build
/// before the published one, and the old build is set aside with one `rename`.
///
/// The spare holds nothing but repodigest's files: an old build is set aside only once the
/// user's entries have left it and its folders are known unchanged since they were read.
/// Anything else found in it when it is taken goes into the published folder, as from any
/// old build; where that folder has the same name already, the spare is left alone, with a
/// warning, and not used.
extension SiteWriter {
    /// `.NAME.spare` beside the output `NAME`: hidden, and named unlike a leftover.
    var spareFolder: URL {
        output.deletingLastPathComponent().appending(path: ".\(output.lastPathComponent).spare")
    }

    /// The output whose spare a folder named `name` would be taken for (`.site.spare` →
    /// `site`), or nil. A build's output may not be so named: the run publishing `site` beside
    /// it would take that site for its spare, and empty it.
    public static func outputSpared(byFolderNamed name: String) -> String? {
        guard name.hasPrefix("."), name.hasSuffix(".spare") else { return nil }
        let output = name.dropFirst().dropLast(".spare".count)
        return output.isEmpty ? nil : String(output)
    }

    /// What a build staged in the spare starts from.
    struct Spare {
        /// The spare's regular files that the new build writes, each as `lstat` saw it.
        var files: [String: Inventory.FileIdentity]
        /// Its folders that the new build keeps.
        var folders: Set<String>
    }

    /// Makes the spare this build's staging folder `folder`, marked as staging first, then
    /// emptied of what the new build does not write; nil where there is no spare fit to use
    /// (a note says why, where it is left alone, which is only where it may hold another's).
    /// - Parameter read: the spare's marker and inventory as read earlier in the run
    ///   (`readAhead`): used if no folder in it has changed since, read anew if one has.
    func takeSpare(
        as folder: URL, writing paths: Set<String>, read: (marker: Marker, inventory: Inventory)? = nil,
        notes: inout [String]
    ) throws(PublishError) -> Spare? {
        let spare = spareFolder
        guard Inventory.kind(spare) == .folder else { return nil }
        // What a walk finds of the spare holds for the staging folder it becomes: the rename
        // moves the same folders, and the unlinking below fails on any changed since.
        let early = read.flatMap { $0.inventory.isCurrent(at: spare) ? $0 : nil }
        let marker = early?.marker ?? Marker(in: spare, manifestOnly: true)
        guard marker?.manifest != nil else {
            let why =
                Inventory.kind(spare.appending(path: Self.marker)) == .missing
                ? "lacks its marker" : "its marker \(Self.marker) cannot be read"
            notes.append(
                "\(spare.path) is named like repodigest's spare build but \(why); left alone, and every build stages afresh while it is there: delete it if nothing in it is yours (a spare holds only a published build's files)"
            )
            return nil
        }
        guard Inventory.kind(spare.appending(path: Self.stagingMarker)) == .missing else {
            notes.append("\(spare.path) is named like repodigest's spare build but holds a staging marker; left alone")
            return nil
        }
        var taken = false
        try interruption.staging(folder) { () throws(PublishError) in
            guard Glibc.rename(spare.path, folder.path) == 0 else { return }
            // The staging marker first: a stop from here on leaves a leftover the next run clears.
            do throws(PublishError) {
                try Self.markStaging(folder)
            } catch {
                Glibc.rename(folder.path, spare.path)
                throw error
            }
            taken = true
        }
        guard taken else { return nil }
        let found = early?.inventory ?? Inventory(of: folder, writing: paths, marker: marker, withEntries: false)
        if !found.userEntries.isEmpty {
            // Put there after it was set aside: back into the published folder, as from any old build.
            let left = Inventory.kind(output) == .folder ? try keep(found.userEntries, from: folder) : found.userEntries
            guard left.isEmpty else {
                Glibc.unlink(folder.appending(path: Self.stagingMarker).path)
                Glibc.rename(folder.path, spare.path)
                notes.append(Self.leftBeside(spare, left))
                return nil
            }
        }
        let needed = Inventory.folders(of: paths)
        let files = found.identities.filter { paths.contains($0.key) }
        let stale = found.ours.filter { files[$0] == nil } + [Self.marker]
        let emptied = Set(found.folders).subtracting(needed)
        guard Self.unlinkEntries(stale, in: folder), Self.removeFolders(emptied, in: folder) else {
            // Changed while it was read: staged afresh instead.
            try Self.removeMarked(folder, step: "removing")
            return nil
        }
        return Spare(files: files, folders: Set(found.folders).intersection(needed))
    }

    /// Sets the old build aside as the next build's spare, once the user's entries have left
    /// it and its folders were found as read (`clearOldBuild`); false where the spare's name
    /// is taken, the old build holds a staging marker, or the system has no `renameat2` (no
    /// spare is then ever kept): the old build is then removed as before. Something the user puts in it in
    /// the moment between is found by the next run's reading, which moves it into the
    /// published folder.
    func setAside(_ tree: URL) -> Bool {
        guard Inventory.kind(tree.appending(path: Self.stagingMarker)) == .missing else { return false }
        return Self.renameAt2(tree, to: spareFolder, flags: Self.renameNoReplace)
    }

    /// Unlinks these entries of `tree`, a folder at a time on every core; false if any
    /// could not be (one already gone is no failure). Each folder is opened from `tree` down
    /// without following a link, so a folder swapped for a link since it was read cannot lead
    /// the unlinking anywhere else.
    static func unlinkEntries(_ paths: [String], in tree: URL) -> Bool {
        guard !paths.isEmpty else { return true }
        let root = open(tree.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard root >= 0 else { return false }
        defer { close(root) }
        let names = Dictionary(grouping: paths.map(split), by: \.folder).mapValues { $0.map(\.name) }
        let folders = Array(names.keys)
        let failed = Atomic<Bool>(false)
        Parallel.forEach(folders.count) { index in
            guard let folder = openFolder(folders[index], in: root) else {
                return failed.store(true, ordering: .relaxed)
            }
            defer { if folder != root { close(folder) } }
            for name in names[folders[index]]! where unlinkat(folder, name, 0) != 0 && errno != ENOENT {
                failed.store(true, ordering: .relaxed)
            }
        }
        return !failed.load(ordering: .relaxed)
    }

    /// Removes these (emptied) folders of `tree`, deepest first; false at the first that fails.
    static func removeFolders(_ folders: some Collection<String>, in tree: URL) -> Bool {
        guard !folders.isEmpty else { return true }
        let root = open(tree.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard root >= 0 else { return false }
        defer { close(root) }
        // A folder sorts before every folder it holds, so in reversed order each is emptied first.
        return folders.sorted(by: >).allSatisfy { path in
            let (parent, name) = split(path)
            guard let folder = openFolder(parent, in: root) else { return false }
            defer { if folder != root { close(folder) } }
            return unlinkat(folder, name, AT_REMOVEDIR) == 0
        }
    }

    /// `a/b` and `c` for `a/b/c`; "" for the folder of a path at the top.
    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return ("", path) }
        return (String(path[..<slash]), String(path[path.utf8.index(after: slash)...]))
    }

    /// The folder at `relative` inside `root`, opened a folder at a time without following a
    /// link; `root` itself for "". nil where one is missing or is not a real folder.
    private static func openFolder(_ relative: String, in root: Int32) -> Int32? {
        var folder = root
        for part in relative.split(separator: "/") {
            let next = openat(folder, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if folder != root { close(folder) }
            guard next >= 0 else { return nil }
            folder = next
        }
        return folder
    }

    static let renameExchange: UInt32 = 1 << 1
    static let renameNoReplace: UInt32 = 1 << 0

    /// `renameat2(2)`: with `renameExchange` both names swap in one step; with
    /// `renameNoReplace` nothing already at `second` is replaced. Glibc's Swift module does
    /// not export it, so it is looked up at run time; false where the system lacks it.
    static func renameAt2(_ first: URL, to second: URL, flags: UInt32) -> Bool {
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(nil, "renameat2") else { return false }
        return unsafeBitCast(symbol, to: RenameAt2.self)(AT_FDCWD, first.path, AT_FDCWD, second.path, flags) == 0
    }
}
