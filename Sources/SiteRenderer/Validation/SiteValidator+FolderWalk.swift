import Foundation

extension SiteValidator {
    /// A folder on disk read for `validate(directory:)`: every file a server would serve from
    /// it, hidden ones and those reached through links included, and a finding for each entry
    /// it cannot read, so that a site never passes for what was left unread. Each folder is
    /// opened from its parent's descriptor, so a path of any length is read; a link to a
    /// folder is named, not followed; nothing but a regular file is read, and none larger
    /// than `largestFile`.
    struct FolderWalk {
        /// The folder, every link in its path followed.
        let root: URL
        /// The files read, by their paths in the folder.
        var files: [OutputFile] = []
        /// Links out of the folder, and what was not read, and why.
        var findings: [Finding] = []

        /// Larger than any file a site publishes (`digest.json` at 10,000 repositories is a
        /// few megabytes): a file past it is named, not read into memory.
        static let largestFile = 256 << 20

        /// Reads the folder open at `descriptor` (closed here), `relative` its path in the site.
        mutating func read(_ descriptor: Int32, _ relative: String) {
            guard let stream = fdopendir(descriptor) else {
                close(descriptor)
                return unread(relative, "a folder validate cannot read (\(String(cString: strerror(errno))))")
            }
            defer { closedir(stream) }
            let (names, undecodable) = SiteWriter.Inventory.names(in: stream)
            for name in undecodable {
                unread(
                    Self.join(relative, name),
                    "a name that is not UTF-8, which validate cannot check; a server may serve it all the same")
            }
            for name in names {
                let path = Self.join(relative, name)
                // Git's folder and the build's marker are not pages.
                if relative.isEmpty, name == ".git" || SiteWriter.markers.contains(name) { continue }
                var own = stat()
                guard fstatat(dirfd(stream), name, &own, AT_SYMLINK_NOFOLLOW) == 0 else {
                    unread(path, "an entry validate cannot look at (\(String(cString: strerror(errno))))")
                    continue
                }
                let isLink = own.st_mode & S_IFMT == S_IFLNK
                var status = own
                // A link that leads nowhere is no file of the site: a server answers 404.
                if isLink, fstatat(dirfd(stream), name, &status, 0) != 0 { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR where isLink:
                    unread(path, "a link to a folder, which validate does not follow; a server serves what it holds")
                case S_IFDIR:
                    let inner = openat(dirfd(stream), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                    guard inner >= 0 else {
                        unread(path, "a folder validate cannot open (\(String(cString: strerror(errno))))")
                        continue
                    }
                    read(inner, path)
                case S_IFREG:
                    if isLink { checkTarget(of: path) }
                    readFile(name, in: dirfd(stream), at: path, size: Int(status.st_size))
                case S_IFIFO, S_IFCHR, S_IFBLK, S_IFSOCK:
                    // Not read (a FIFO waits for a writer; /dev/zero never ends), and no site's file.
                    let kind =
                        status.st_mode & S_IFMT == S_IFIFO
                        ? "a FIFO" : status.st_mode & S_IFMT == S_IFSOCK ? "a socket" : "a device"
                    unread(
                        path,
                        "\(kind), which validate does not read and no site should hold: a server may wait on it or stream it without end"
                    )
                default: continue
                }
            }
        }

        /// A link to a file outside the folder: a server that follows links serves it as part of the site.
        private mutating func checkTarget(of path: String) {
            let target = RealPath.of(root.appending(path: path))
            guard !RealPath.isSameOrInside(target, root) else { return }
            findings.append(
                Finding(
                    file: path, line: 1, column: 1, rule: "outside",
                    message: "a link to \(target.path), outside the folder: a server that follows links "
                        + "serves that file as part of the site"))
        }

        /// Reads the regular file `name` in the folder open at `folder` (through a link too).
        private mutating func readFile(_ name: String, in folder: Int32, at path: String, size: Int) {
            guard size <= Self.largestFile else {
                return unread(
                    path,
                    "\(size >> 20) MB, larger than validate reads (\(Self.largestFile >> 20) MB): no site's file is")
            }
            let file = openat(folder, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard file >= 0 else {
                return unread(path, "a file validate cannot read (\(String(cString: strerror(errno))))")
            }
            defer { close(file) }
            var contents = Data(capacity: size)
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
                if count == 0 { break }
                guard count > 0, contents.count + count <= Self.largestFile else {
                    let reason =
                        count > 0
                        ? "it grew past \(Self.largestFile >> 20) MB while read" : String(cString: strerror(errno))
                    return unread(path, "a file validate cannot read (\(reason))")
                }
                contents.append(contentsOf: buffer[..<count])
            }
            files.append(OutputFile(path: path, contents: contents))
        }

        private mutating func unread(_ path: String, _ why: String) {
            findings.append(Finding(file: path, line: 1, column: 1, rule: "unread", message: why))
        }

        private static func join(_ folder: String, _ name: String) -> String {
            folder.isEmpty ? name : folder + "/" + name
        }
    }
}
