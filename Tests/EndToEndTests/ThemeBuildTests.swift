import Foundation
import Testing

/// The built `repodigest` binary, run as a user would: the sample built with each theme must
/// pass the validator, and two builds with `SOURCE_DATE_EPOCH` must be byte-identical.
@Suite(.serialized) struct ThemeBuildTests {
    /// The binary SwiftPM built beside this test bundle.
    static let binary: URL = {
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appending(path: "repodigest")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return folder.appending(path: "repodigest")
    }()

    final class ScratchFolder {
        let url = FileManager.default.temporaryDirectory.appending(path: "repodigest-e2e-\(UUID().uuidString)")
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    /// Runs the binary; returns its exit status and standard error.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func contents(of folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let root = folder.standardizedFileURL.path
        for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) ?? .init()
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files[String(url.standardizedFileURL.path.dropFirst(root.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }

    @Test(arguments: ["default", "minimal"])
    func theSampleBuildsAndValidatesInEachTheme(_ theme: String) throws {
        let scratch = ScratchFolder()
        for baseURL in ["", "https://example.org/docs/digest/"] {
            let output = scratch.url.appending(path: baseURL.isEmpty ? "relative" : "absolute").path
            let build = try Self.run(["build", "--sample", "--quiet", "--theme", theme, "--base-url", baseURL, "--output", output])
            #expect(build.status == 0, "\(build.stderr)")
            let check = try Self.run(["validate", output])
            #expect(check.status == 0, "\(check.stderr)")
            let files = try Self.contents(of: URL(fileURLWithPath: output))
            #expect(files["feed.xml"] != nil && files["feed.json"] != nil && files["digest.md"] != nil)
            #expect((files["sitemap.xml"] != nil) == !baseURL.isEmpty)
        }
    }

    @Test func twoBuildsWithSourceDateEpochAreByteIdentical() throws {
        let scratch = ScratchFolder()
        var builds: [[String: Data]] = []
        for name in ["one", "two"] {
            let output = scratch.url.appending(path: name)
            let build = try Self.run(
                ["build", "--sample", "--quiet", "--base-url", "https://example.org/", "--output", output.path],
                environment: ["SOURCE_DATE_EPOCH": "1795000000"])
            #expect(build.status == 0, "\(build.stderr)")
            builds.append(try Self.contents(of: output))
        }
        #expect(builds[0].count > 100)
        #expect(builds[0] == builds[1], "differing: \(builds[0].keys.filter { builds[0][$0] != builds[1][$0] }.sorted())")
    }

    @Test func aBadBaseURLIsAUsageError() throws {
        let scratch = ScratchFolder()
        let build = try Self.run(["build", "--sample", "--base-url", "example.org", "--output", scratch.url.path])
        #expect(build.status == 1)
        #expect(build.stderr.contains("--base-url"))
    }
}
