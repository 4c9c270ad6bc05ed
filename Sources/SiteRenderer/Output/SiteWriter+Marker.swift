import Foundation

extension SiteWriter {
    /// `.repodigest-site`, read: the stamp of the build's inputs and the manifest of the files
    /// it wrote, so that a later build removes only those and keeps every other file as the user's.
    ///
    /// ```
    /// repodigest
    /// inputs <stamp>
    /// manifest
    /// file index.html
    /// file repos/apple/swift.html
    /// ```
    /// Each path takes a line of its own, after a `file ` prefix, so no path can pass for the
    /// stamp line; `isSafe` refuses paths with a line break or any other control character.
    struct Marker: Equatable {
        static let manifestLine = "manifest"
        static let filePrefix = "file "

        var stamp: String?
        /// The files the build wrote; nil for a marker written before manifests existed.
        var manifest: Set<String>?

        init(stamp: String?, manifest: Set<String>?) {
            self.stamp = stamp
            self.manifest = manifest
        }

        init(text: String) {
            var manifest: Set<String>?
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                if stamp == nil, line.hasPrefix(SiteWriter.stampPrefix) {
                    stamp = String(line.dropFirst(SiteWriter.stampPrefix.count))
                } else if line == Self.manifestLine {
                    manifest = manifest ?? []
                } else if manifest != nil, line.hasPrefix(Self.filePrefix) {
                    manifest?.insert(String(line.dropFirst(Self.filePrefix.count)))
                }
            }
            self.manifest = manifest
        }

        /// The marker of the folder `url`, or nil where there is none (or it cannot be read).
        init?(in folder: URL) {
            guard let text = try? String(contentsOf: folder.appending(path: SiteWriter.marker), encoding: .utf8)
            else { return nil }
            self.init(text: text)
        }

        var text: String {
            var text = "repodigest\n"
            if let stamp { text += "\(SiteWriter.stampPrefix)\(stamp)\n" }
            if let manifest {
                text += "\(Self.manifestLine)\n"
                for path in manifest.sorted() { text += "\(Self.filePrefix)\(path)\n" }
            }
            return text
        }
    }
}
