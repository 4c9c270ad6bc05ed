import Foundation
import Testing

@testable import SiteRenderer

/// What the suites that publish into a real folder share: a fresh root in the temporary
/// folder (each suite names its own), the site and its spare in it, a small site of three
/// files, and folders set back in time as an hourly run finds them (a folder changed within
/// two seconds of its reading is never trusted).
protocol SiteFolderSuite {
    /// A folder of its own for each test, removed by the test.
    var root: URL { get }
}

extension SiteFolderSuite {
    var output: URL { root.appending(path: "site") }
    var spare: URL { root.appending(path: ".site.spare") }

    func file(_ path: String, _ text: String) -> OutputFile {
        OutputFile(path: path, contents: Data(text.utf8))
    }

    /// An index page and two pages in `repos/a`.
    var site: [OutputFile] {
        [file("index.html", "1"), file("repos/a/x.html", "x"), file("repos/a/y.html", "y")]
    }

    func text(_ path: String, in folder: URL? = nil) throws -> String {
        try String(contentsOf: (folder ?? output).appending(path: path), encoding: .utf8)
    }

    func exists(_ path: String, in folder: URL? = nil) -> Bool {
        FileManager.default.fileExists(atPath: (folder ?? output).appending(path: path).path)
    }

    /// Sets the modification time of each of `folders` in `top` (the output when nil) that
    /// exists to one moment in 2023.
    func settle(_ folders: [String] = ["", "repos", "repos/a", "repos/b"], in top: URL? = nil) {
        let top = top ?? output
        for folder in folders {
            let url = folder.isEmpty ? top : top.appending(path: folder)
            guard SiteWriter.Inventory.kind(url) == .folder else { continue }
            var times = [timespec](repeating: timespec(tv_sec: 1_700_000_000, tv_nsec: 0), count: 2)
            #expect(utimensat(AT_FDCWD, url.path, &times, AT_SYMLINK_NOFOLLOW) == 0, "\(url.path)")
        }
    }

    /// Publishes, then settles every folder of the output.
    @discardableResult
    func publishSettled(_ writer: SiteWriter, _ files: [OutputFile]) throws -> SiteWriter.Report {
        let report = try writer.publish(files)
        settle()
        return report
    }
}
