public import Foundation

/// Publishes a site so that the output folder always holds one complete build.
///
/// The files go into a staging folder beside the output; only when all are written does one
/// atomic `renameat2(RENAME_EXCHANGE)` swap it with the published folder. A run killed at any
/// moment leaves the previous site in place, and the next run clears what it left behind.
/// Files whose bytes did not change keep their modification time, so rsync, git and
/// documentation builds see only real changes. Hidden entries at the top of the output folder
/// (`.git`, `.gitignore`, `.nojekyll`) are the user's, not the build's: like Jekyll's
/// `keep_files`, they are carried over into each new build.
public struct SiteWriter: Sendable {
    /// Written into every published folder, so the next build knows the folder is its own.
    static let marker = ".repodigest-site"

    /// The line of the marker that holds the stamp of the build's inputs.
    static let stampPrefix = "inputs "

    public var output: URL

    public init(output: URL) {
        self.output = output.standardizedFileURL
    }

    /// What a publish changed.
    public struct Report: Sendable, Equatable {
        public var written = 0
        public var unchanged = 0
        public var removed = 0
        /// The new build is published, but tidying after the swap failed (`PublishError.tidying`).
        public var problem: String?
    }

    /// The stamp the published build was given (see `publish`), or nil: none, or no build.
    public func publishedStamp() -> String? {
        guard let marker = try? String(contentsOf: output.appending(path: Self.marker), encoding: .utf8) else { return nil }
        return marker.split(separator: "\n").first { $0.hasPrefix(Self.stampPrefix) }.map { String($0.dropFirst(Self.stampPrefix.count)) }
    }

    /// - Parameters:
    ///   - stamp: what the build was made from, in one line, kept beside it for `publishedStamp`.
    ///   - progress: hears (files staged, files in all) after each file, for a progress bar.
    @discardableResult
    public func publish(
        _ files: [OutputFile], stamp: String? = nil, progress: (_ staged: Int, _ total: Int) -> Void = { _, _ in }
    ) throws(PublishError) -> Report {
        let staging = try stage()
        do {
            for (index, file) in files.enumerated() {
                try staging.put(file)
                progress(index + 1, files.count)
            }
            return try commit(staging, paths: Set(files.map(\.path)), stamp: stamp)
        } catch {
            staging.discard()
            throw error
        }
    }

    /// Whether a regular file holds exactly these bytes; its size is checked before it is read.
    static func sameBytes(_ contents: Data, atPath path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) == contents.count
        else { return false }
        return FileManager.default.contents(atPath: path) == contents
    }

    /// Puts the staged build in place of the published one.
    func swap(_ staging: URL) throws(PublishError) {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: output.path) else {
            try Self.step("publishing", output) { try fileManager.moveItem(at: staging, to: output) }
            return
        }
        if !Self.exchange(staging, output) {
            // No atomic exchange on this file system: two renames, with a moment between them.
            let previous = output.deletingLastPathComponent()
                .appending(path: ".\(output.lastPathComponent).previous-\(getpid())")
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
            try keepHiddenEntries(from: staging)
            try Self.step("removing", staging) { try fileManager.removeItem(at: staging) }
        } catch {
            guard case .io(let action, let path, let reason) = error else { throw error }
            throw .tidying(action: action, path: path, reason: reason)
        }
    }

    /// Moves the user's hidden entries from a previous build into the published folder.
    private func keepHiddenEntries(from previous: URL) throws(PublishError) {
        let fileManager = FileManager.default
        for name in (try? fileManager.contentsOfDirectory(atPath: previous.path)) ?? []
        where name.hasPrefix(".") && name != Self.marker {
            let destination = output.appending(path: name)
            guard !fileManager.fileExists(atPath: destination.path) else { continue }
            try Self.step("keeping", destination) { try fileManager.moveItem(at: previous.appending(path: name), to: destination) }
        }
    }

    /// Staging folders of runs that were killed: anything of the user's in them goes back
    /// into the output, then they go.
    func clearLeftovers() throws(PublishError) {
        let parent = output.deletingLastPathComponent()
        let prefixes = [".\(output.lastPathComponent).staging-", ".\(output.lastPathComponent).previous-"]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        where prefixes.contains(where: name.hasPrefix) {
            let leftover = parent.appending(path: name)
            if FileManager.default.fileExists(atPath: output.path) { try keepHiddenEntries(from: leftover) }
            try Self.step("removing", leftover) { try FileManager.default.removeItem(at: leftover) }
        }
    }

    /// Refuses to replace a folder that holds files and was not published by repodigest.
    func checkOwnership() throws(PublishError) {
        let fileManager = FileManager.default
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: output.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else { throw .notOurs(output.path, reason: "it is a file, not a folder") }
        let visible = ((try? fileManager.contentsOfDirectory(atPath: output.path)) ?? []).filter { !$0.hasPrefix(".") }
        if !visible.isEmpty && !fileManager.fileExists(atPath: output.appending(path: Self.marker).path) {
            throw .notOurs(output.path, reason: "it holds files that repodigest did not write")
        }
    }

    /// Every folder a publish changes must be writable before anything is staged: the
    /// parent (staging, the swap), the published folder and each folder in it (the old
    /// build's files are removed after the swap), and the user's hidden folders (moved into
    /// the new build). Found only after the swap, a read-only one would leave the new site
    /// published, the old one beside it, the user's `.git` behind, and every later run failing.
    func checkWritable() throws(PublishError) {
        let fileManager = FileManager.default
        var folders = [output.deletingLastPathComponent()]
        var isFolder: ObjCBool = false
        if fileManager.fileExists(atPath: output.path, isDirectory: &isFolder), isFolder.boolValue {
            folders.append(output)
            for name in (try? fileManager.contentsOfDirectory(atPath: output.path)) ?? [] where name.hasPrefix(".") {
                folders.append(output.appending(path: name))
            }
            let enumerator = fileManager.enumerator(
                at: output, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey], options: [.skipsHiddenFiles])
            while let url = enumerator?.nextObject() as? URL {
                let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
                if values?.isDirectory == true && values?.isSymbolicLink != true { folders.append(url) }
            }
        }
        for folder in folders where fileManager.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue {
            guard access(folder.path, W_OK) == 0 else {
                throw .notWritable(folder.standardizedFileURL.path, reason: String(cString: strerror(errno)))
            }
        }
    }

    func previousFiles() -> [String] {
        guard let enumerator = FileManager.default.enumerator(
            at: output, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        return enumerator.compactMap { item in
            guard let url = item as? URL,
                (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            else { return nil }
            return String(url.standardizedFileURL.path.dropFirst(output.path.count + 1))
        }
    }

    /// A relative path that stays inside the output folder.
    static func isSafe(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.contains("\0")
            && !path.split(separator: "/", omittingEmptySubsequences: false).contains {
                $0.isEmpty || $0 == "." || $0 == ".." || $0.hasPrefix(".")
            }
    }

    /// `renameat2(RENAME_EXCHANGE)`: both names swap in one step. Glibc's Swift module does
    /// not export it, so it is looked up at run time; false where the system lacks it.
    private static func exchange(_ first: URL, _ second: URL) -> Bool {
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(nil, "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 1 << 1
        return renameat2(AT_FDCWD, first.path, AT_FDCWD, second.path, renameExchange) == 0
    }

    static func step(_ action: String, _ url: URL, _ body: () throws -> Void) throws(PublishError) {
        do {
            try body()
        } catch {
            throw .io(action: action, path: url.path, reason: (error as NSError).localizedDescription)
        }
    }
}

/// Why a site could not be published. The previous site is untouched in every case but
/// `tidying`, where the new one is published and only clearing the old one failed.
public enum PublishError: Error, Equatable, CustomStringConvertible {
    case unsafePath(String)
    case notOurs(String, reason: String)
    /// A folder the publish must change is read-only (a read-only mount, or permissions).
    case notWritable(String, reason: String)
    /// Staging the new build failed (a full disk, say).
    case io(action: String, path: String, reason: String)
    /// The new build is published; putting the user's hidden entries into it or removing
    /// the old build failed.
    case tidying(action: String, path: String, reason: String)

    public var description: String {
        switch self {
        case .unsafePath(let path):
            return "refusing to write '\(path)': it would land outside the output folder"
        case .notOurs(let path, let reason):
            return "refusing to publish into \(path): \(reason); choose an empty folder or one repodigest published"
        case .notWritable(let path, let reason):
            return "cannot publish: \(path) is not writable (\(reason)); nothing was changed, the previous site is as it was"
        case .io(let action, let path, let reason):
            return "\(action) \(path) failed: \(reason); nothing was published, the previous site is as it was"
        case .tidying(let action, let path, let reason):
            return "the site is published, but \(action) \(path) failed: \(reason); the next run tries again"
        }
    }
}
