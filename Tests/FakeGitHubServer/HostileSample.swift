import Foundation

/// The bundled sample's files as they were when the sample doubled as the hostile-data test:
/// script-injection strings in descriptions, topics, homepages, READMEs and release notes.
/// They live in `Tests/Fixtures/hostile-sample/`, in the sample's layout, so the showcase a
/// newcomer builds first stays realistic while the tests keep their data. Laid over the
/// sample's own files (`SampleDataStore(files:)`), they replace the same paths.
public enum HostileSample {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Fixtures/hostile-sample")

    /// Base64 contents by relative path, as `SampleDataStore(files:)` takes them.
    public static func overrides() throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "json" else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            files[path] = try Data(contentsOf: url).base64EncodedString()
        }
        return files
    }

    /// The sample's files with the hostile ones in place.
    public static func files(over sample: [String: String]) throws -> [String: String] {
        sample.merging(try overrides()) { _, hostile in hostile }
    }
}
