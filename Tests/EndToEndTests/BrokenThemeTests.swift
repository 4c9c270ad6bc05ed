import Foundation
import Testing

/// Themes broken on purpose: each must fail the build with the right finding (exit 4) and
/// leave the previously published site byte for byte as it was.
@Suite struct BrokenThemeTests {
    static let defaultTheme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Themes/default")

    /// (template, text to replace, replacement, the rule expected, a file it must name)
    static let breakages: [(String, String, String, String, String)] = [
        ("repository", "</h1>", "</h1><p><b>unclosed</p>", "well-formed", "repos/"),
        ("list", "<h1>", "<p id=\"dup\">a</p><p id=\"dup\">b</p><h1>", "duplicate-id", "starred/index.html"),
        ("digest", "<h1>", "<img src=\"assets/style.css\" /><h1>", "img-alt", "index.html"),
        ("not-found", "<h1>", "<a href=\"no-such-page.html\">x</a><h1>", "broken-link", "404.html"),
    ]

    @Test(arguments: 0..<breakages.count)
    func aBrokenTemplateFailsTheBuildAndKeepsTheOldSite(_ index: Int) throws {
        let (template, target, replacement, rule, file) = Self.breakages[index]
        let folder = try TemporaryFolder()
        let output = folder.url.appending(path: "site")
        #expect(try RepodigestProcess.run(["build", "--sample", "--output", output.path, "--quiet"]).status == 0)
        let before = SiteFolder.files(in: output)
        let modified =
            try FileManager.default.attributesOfItem(atPath: output.appending(path: "index.html").path)[
                .modificationDate] as? Date

        let theme = folder.url.appending(path: "theme")
        try FileManager.default.copyItem(at: Self.defaultTheme, to: theme)
        let templateFile = theme.appending(path: "templates/\(template).mustache")
        let text = try String(contentsOf: templateFile, encoding: .utf8)
        #expect(text.contains(target))
        try Data(text.replacingOccurrences(of: target, with: replacement).utf8).write(to: templateFile)

        let outcome = try RepodigestProcess.run(["build", "--sample", "--output", output.path, "--theme", theme.path])
        #expect(outcome.status == 4, "\(outcome.standardError)")
        // A mistake on every page of a kind is printed for three of them, then counted.
        let lines = outcome.standardError.split(separator: "\n").filter { $0.contains("[\(rule)]") }
        let findings = lines.filter { !$0.contains("more like it") }
        #expect(!findings.isEmpty, "expected a [\(rule)] finding in: \(outcome.standardError.prefix(500))")
        #expect(
            findings.contains { $0.contains("error: \(file)") } || lines.count > findings.count,
            "the finding names \(file)")
        #expect(
            findings.allSatisfy { $0.range(of: #":\d+:\d+: "#, options: .regularExpression) != nil }, "line and column")
        #expect(SiteFolder.files(in: output) == before, "the previous site is untouched")
        let after =
            try FileManager.default.attributesOfItem(atPath: output.appending(path: "index.html").path)[
                .modificationDate] as? Date
        #expect(after == modified)
    }
}
