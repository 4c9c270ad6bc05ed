import Foundation

extension SiteWriter {
    /// A published folder read entry by entry with `lstat`, never through a symbolic link:
    /// what is repodigest's (its marker's manifest lists it) and what is the user's.
    struct Inventory {
        enum Kind { case folder, regular, link, other, missing }

        /// Whether the folder has a marker at all (with a manifest or one that predates them).
        var hasMarker = false
        /// The marker's manifest; nil where the folder's marker predates manifests.
        var manifest: Set<String>?
        /// What the marker keeps of each of repodigest's regular files (its fingerprints, its
        /// links), for those not modified since the marker was written: a file edited by hand
        /// no longer holds what its fingerprints say, so it is neither carried over nor trusted
        /// to be unchanged without being read.
        var entries: [String: Marker.Entry] = [:]
        /// repodigest's regular files, reached through real folders only: the only files a
        /// new build may hard-link, so a planted link never enters it.
        var regularFiles: Set<String> = []
        /// Which file each of `regularFiles` is, from the same `lstat`: a spare's file that is
        /// the published one needs no linking (`SiteWriter.takeSpare`).
        var identities: [String: FileIdentity] = [:]
        /// repodigest's entries, whatever they are now (a link planted in place of a page or
        /// of one of its folders included): removed with the old build.
        var ours: [String] = []
        /// repodigest's real folders: a publish removes the old build's files from each.
        var folders: [String] = []
        /// The user's entries, each the top of what it holds: carried whole into the new build.
        var userEntries: [String] = []
        /// Entries whose names are not UTF-8, each as its path with those bytes written `\xE9`:
        /// a path repodigest handles as text cannot name them, so it could neither carry one
        /// into the new build nor remove it, and publishing is refused while one is there.
        var unnamable: [String] = []
        /// Each folder walked as `lstat` saw it, the walked folder itself as "": a folder
        /// gains or loses an entry only by changing (`isCurrent`).
        var folderStamps: [String: FolderStamp] = [:]
        /// When the walk began.
        var walked = timespec()

        /// An empty folder's, or a missing one's.
        init() {}

        /// - Parameter writing: the paths the new build writes, which are all repodigest can
        ///   know as its own when the marker predates manifests.
        init(of folder: URL, writing: Set<String>) {
            self.init(of: folder, writing: writing, marker: Marker(in: folder), withEntries: true)
        }

        /// The same, with the folder's marker as read already (a site's marker runs to a
        /// megabyte: a build reads it once), and `entries` only `withEntries`.
        init(of folder: URL, writing: Set<String>, marker: Marker?, withEntries: Bool) {
            hasMarker = marker != nil
            manifest = marker?.manifest
            // No manifest: a marker from an older repodigest. Its other pages cannot be told
            // from the user's files, so only the paths this build writes count as its own and
            // every other file is kept (with a warning): a stale page kept costs less than a
            // user's file deleted.
            let files = manifest ?? writing
            var modified: [String: timespec] = [:]
            // Before the folder is read: a change while it is read shows as a later time.
            clock_gettime(CLOCK_REALTIME, &walked)
            var status = stat()
            guard Self.kind(folder, status: &status) == .folder else { return }
            folderStamps[""] = FolderStamp(status)
            let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if descriptor >= 0 {
                walk(descriptor, "", files: files, folders: Self.folders(of: files), modified: &modified)
            }
            if withEntries, let known = marker?.entries,
                let written = Self.modified(folder.appending(path: SiteWriter.marker))
            {
                entries = known.filter { path, _ in
                    modified[path].map { !Self.isLater($0, than: written) } == true
                }
            }
        }

        /// When a file's bytes last changed (`lstat`'s modification time).
        static func modified(_ url: URL) -> timespec? {
            var status = stat()
            guard lstat(url.path, &status) == 0 else { return nil }
            return status.st_mtim
        }

        static func isLater(_ time: timespec, than other: timespec) -> Bool {
            (time.tv_sec, time.tv_nsec) > (other.tv_sec, other.tv_nsec)
        }

        /// A folder as `lstat` saw it: which it is, and when its entries and its attributes last
        /// changed. The change time cannot be set back, as the modification time can
        /// (`touch -d`, `cp -a`).
        struct FolderStamp: Equatable {
            var device: UInt
            var inode: UInt
            var modified: Int
            var modifiedNanoseconds: Int
            var changed: Int
            var changedNanoseconds: Int

            init(_ status: stat) {
                device = UInt(status.st_dev)
                inode = UInt(status.st_ino)
                modified = status.st_mtim.tv_sec
                modifiedNanoseconds = status.st_mtim.tv_nsec
                changed = status.st_ctim.tv_sec
                changedNanoseconds = status.st_ctim.tv_nsec
            }
        }

        /// A file as `lstat` saw it: two paths with one identity are one file, hard-linked.
        struct FileIdentity: Equatable {
            var device: UInt
            var inode: UInt

            init(_ status: stat) {
                device = UInt(status.st_dev)
                inode = UInt(status.st_ino)
            }
        }

        /// Whether `folder` (the one walked, or the same tree moved) still holds the entries
        /// found, told by its folders alone, without reading it again: each is the same folder,
        /// none has changed, and none had an entry added or removed within two seconds before
        /// the walk, as a file system keeping coarse times cannot tell a change just after the
        /// walk from one just before (a change after it sets the modification time anew, which
        /// then differs from a settled one). The contents of files are not its concern.
        ///
        /// The walked folder's own change time is not compared: the swap renames it, which sets
        /// that time, so the old build would never be found current after it. An entry added
        /// to it still sets its modification time, and one hidden from that (`touch -d`) is
        /// found all the same, as removing the old build ends with `rmdir`, which fails on it.
        func isCurrent(at folder: URL) -> Bool {
            guard !folderStamps.isEmpty else { return false }
            let settled = walked.tv_sec - 2
            return folderStamps.allSatisfy { path, stamp in
                var status = stat()
                guard Self.kind(path.isEmpty ? folder : folder.appending(path: path), status: &status) == .folder
                else { return false }
                var now = FolderStamp(status)
                if path.isEmpty { (now.changed, now.changedNanoseconds) = (stamp.changed, stamp.changedNanoseconds) }
                return now == stamp && stamp.modified < settled
            }
        }

        /// Sorts every entry under `relative`, the folder open at `descriptor` (closed here);
        /// `modified` gets the time of each of repodigest's regular files, from the same
        /// `lstat`. Each entry is looked at and each folder opened from its folder's
        /// descriptor, never through a link, and with no path built from the top: a site of
        /// 10,000 pages is read in about a tenth of the time `FileManager` and URLs took.
        private mutating func walk(
            _ descriptor: Int32, _ relative: String, files: Set<String>, folders owned: Set<String>,
            modified: inout [String: timespec]
        ) {
            guard let stream = fdopendir(descriptor) else {
                close(descriptor)
                return
            }
            defer { closedir(stream) }
            let (names, undecodable) = Self.names(in: stream)
            unnamable += undecodable.map { relative.isEmpty ? $0 : "\(relative)/\($0)" }
            for name in names {
                if relative.isEmpty, SiteWriter.markers.contains(name) { continue }
                let path = relative.isEmpty ? name : "\(relative)/\(name)"
                var status = stat()
                let kind =
                    fstatat(dirfd(stream), name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? Self.kind(of: status) : .missing
                switch kind {
                case .folder where owned.contains(path):
                    folders.append(path)
                    folderStamps[path] = FolderStamp(status)
                    let folder = openat(dirfd(stream), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                    if folder >= 0 { walk(folder, path, files: files, folders: owned, modified: &modified) }
                case .regular where files.contains(path):
                    ours.append(path)
                    regularFiles.insert(path)
                    identities[path] = FileIdentity(status)
                    modified[path] = status.st_mtim
                case .link where files.contains(path) || owned.contains(path), .other where files.contains(path):
                    ours.append(path)
                case .missing:
                    continue
                default:
                    userEntries.append(path)
                }
            }
        }

        /// The names a folder holds, but `.` and `..`, sorted; and apart, those that are not
        /// UTF-8, their other bytes written `\xE9`.
        static func names(in stream: OpaquePointer) -> (names: [String], undecodable: [String]) {
            var names: [String] = []
            var undecodable: [String] = []
            while let entry = readdir(stream) {
                let bytes = withUnsafeBytes(of: &entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                guard let name = String(validating: bytes, as: UTF8.self) else {
                    undecodable.append(
                        bytes.map {
                            (0x20..<0x7F).contains($0)
                                ? String(UnicodeScalar($0))
                                : "\\x" + ($0 < 0x10 ? "0" : "") + String($0, radix: 16, uppercase: true)
                        }
                        .joined())
                    continue
                }
                if name != "." && name != ".." { names.append(name) }
            }
            return (names.sorted(), undecodable.sorted())
        }

        /// The user's entries the new build would write over, or would need as folders.
        func conflicts(writing paths: Set<String>) -> [String] {
            guard !userEntries.isEmpty else { return [] }
            let folders = Self.folders(of: paths)
            return userEntries.filter { entry in
                paths.contains(entry) || folders.contains(entry)
                    || Self.ancestors(of: entry).contains { paths.contains($0) }
            }
        }

        /// How many of repodigest's files the new build no longer writes.
        func removed(writing paths: Set<String>) -> Int {
            ours.filter { !paths.contains($0) }.count
        }

        /// The user's visible files (a folder counts for what it holds), for the run's report;
        /// the hidden entries at the top (`.git`) are kept without a word, as always.
        func keptFiles(in folder: URL) -> Int {
            userEntries.filter { !$0.hasPrefix(".") }.reduce(0) { $0 + Self.fileCount(folder.appending(path: $1)) }
        }

        static func fileCount(_ url: URL) -> Int {
            guard kind(url) == .folder else { return 1 }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.reduce(0) { $0 + fileCount(url.appending(path: $1)) }
        }

        static func kind(_ url: URL) -> Kind {
            var status = stat()
            return kind(url, status: &status)
        }

        static func kind(_ url: URL, status: inout stat) -> Kind {
            guard lstat(url.path, &status) == 0 else { return .missing }
            return kind(of: status)
        }

        static func kind(of status: stat) -> Kind {
            switch status.st_mode & S_IFMT {
            case S_IFDIR: return .folder
            case S_IFREG: return .regular
            case S_IFLNK: return .link
            default: return .other
            }
        }

        /// Every folder that holds one of `paths`, at any depth.
        static func folders(of paths: Set<String>) -> Set<String> {
            var folders = Set<String>()
            for path in paths {
                for index in path.utf8.indices where path.utf8[index] == UInt8(ascii: "/") {
                    folders.insert(String(path[..<index]))
                }
            }
            return folders
        }

        /// `a`, `a/b` for `a/b/c`.
        static func ancestors(of path: String) -> [String] {
            let parts = path.split(separator: "/")
            return parts.indices.dropLast().map { parts[...$0].joined(separator: "/") }
        }
    }
}
