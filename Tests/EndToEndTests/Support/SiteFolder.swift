import Foundation

/// What a published folder holds, as the tests compare it before and after a run.
enum SiteFolder {
    /// Every file under `folder` by its path inside it, with its bytes.
    static func files(in folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard let data = try? Data(contentsOf: url) else { continue }
            files[String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))] = data
        }
        return files
    }

    /// The inode of every file under `folder` and of the folder itself (`.`): a file a run
    /// carried over keeps its inode, one it wrote anew gets another.
    static func inodes(in folder: URL) -> [String: UInt64] {
        var result: [String: UInt64] = [:]
        for path in Self.files(in: folder).keys + ["."] {
            var status = stat()
            if stat(folder.appending(path: path).path, &status) == 0 { result[path] = UInt64(status.st_ino) }
        }
        return result
    }
}
