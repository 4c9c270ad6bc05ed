import Foundation
import Synchronization

extension SiteWriter {
    /// A build being written beside the output: files go in one at a time, from any thread,
    /// and nothing is published until `commit`.
    final class Staging: Sendable {
        let folder: URL
        let output: URL
        private let folders = Mutex(Set<String>())
        private let counts = Mutex((written: 0, unchanged: 0))

        init(folder: URL, output: URL) {
            self.folder = folder
            self.output = output
        }

        /// Puts one file into staging. An unchanged file is hard-linked from the published
        /// build rather than written again: it keeps its modification time, and costs no bytes.
        func put(_ file: OutputFile) throws(PublishError) {
            guard SiteWriter.isSafe(file.path) else { throw .unsafePath(file.path) }
            let target = folder.appending(path: file.path)
            let previous = output.appending(path: file.path)
            let parent = target.deletingLastPathComponent()
            // Under the lock, so no file is written into a folder another thread is still making.
            try folders.withLock { (made: inout Set<String>) throws(PublishError) in
                guard made.insert(parent.path).inserted else { return }
                try SiteWriter.step("creating", parent) {
                    try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
                }
            }
            let unchanged = SiteWriter.sameBytes(file.contents, atPath: previous.path)
            defer { counts.withLock { unchanged ? ($0.unchanged += 1) : ($0.written += 1) } }
            if unchanged, link(previous.path, target.path) == 0 { return }
            try SiteWriter.write(file.contents, to: target)
            guard unchanged else { return }
            // No hard links on this file system: a copy, with the published file's time.
            if let date = try? FileManager.default.attributesOfItem(atPath: previous.path)[.modificationDate] {
                try SiteWriter.step("setting the time of", target) {
                    try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: target.path)
                }
            }
        }

        var report: Report {
            counts.withLock { Report(written: $0.written, unchanged: $0.unchanged) }
        }

        /// Forgets a build that will not be published.
        func discard() { try? FileManager.default.removeItem(at: folder) }
    }

    /// Makes the staging folder, once the output is known to be ours and earlier runs' leftovers are gone.
    func stage() throws(PublishError) -> Staging {
        let parent = output.deletingLastPathComponent()
        try Self.step("creating", parent) { try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true) }
        try checkOwnership()
        try checkWritable()
        try clearLeftovers()
        let folder = parent.appending(path: ".\(output.lastPathComponent).staging-\(getpid())")
        try Self.step("creating", folder) { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false) }
        return Staging(folder: folder, output: output)
    }

    /// Publishes a complete staging folder holding `paths`: the marker, then one atomic swap.
    func commit(_ staging: Staging, paths: Set<String>, stamp: String?) throws(PublishError) -> Report {
        let marker = staging.folder.appending(path: Self.marker)
        try Self.write(Data(("repodigest\n" + (stamp.map { "\(Self.stampPrefix)\($0)\n" } ?? "")).utf8), to: marker)
        // Every byte on disk before the swap, so a power cut cannot publish empty files: one
        // `syncfs` for the build, where an fsync per file cost a fifth of the writing.
        Self.syncFileSystem(of: staging.folder)
        var report = staging.report
        report.removed = previousFiles().filter { !paths.contains($0) }.count
        do {
            try swap(staging.folder)
        } catch {
            // Published all the same: a warning for the run, not "nothing published".
            guard case .tidying = error else { throw error }
            report.problem = error.description
        }
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

    /// Writes a new file with plain system calls: `Data.write` also syncs each file to disk,
    /// which `commit` does once for the whole build instead.
    static func write(_ contents: Data, to url: URL) throws(PublishError) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .io(action: "writing", path: url.path, reason: String(cString: strerror(errno))) }
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
        if let failure { throw .io(action: "writing", path: url.path, reason: String(cString: strerror(failure))) }
    }
}
