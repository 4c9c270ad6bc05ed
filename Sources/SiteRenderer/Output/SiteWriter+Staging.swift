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
            try SiteWriter.step("writing", target) { try file.contents.write(to: target) }
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
        try clearLeftovers()
        let folder = parent.appending(path: ".\(output.lastPathComponent).staging-\(getpid())")
        try Self.step("creating", folder) { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false) }
        return Staging(folder: folder, output: output)
    }

    /// Publishes a complete staging folder holding `paths`: the marker, then one atomic swap.
    func commit(_ staging: Staging, paths: Set<String>) throws(PublishError) -> Report {
        let marker = staging.folder.appending(path: Self.marker)
        try Self.step("writing", marker) { try Data("repodigest\n".utf8).write(to: marker) }
        var report = staging.report
        report.removed = previousFiles().filter { !paths.contains($0) }.count
        try swap(staging.folder)
        return report
    }
}
