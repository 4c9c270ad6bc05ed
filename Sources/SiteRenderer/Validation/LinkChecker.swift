import Foundation

/// Site-wide: every internal link names a file the site has, and every `#fragment` an id
/// in that file.
struct LinkChecker {
    var paths: Set<String>
    var pages: [String: HTMLDocumentFacts]

    func findings() -> [Finding] {
        var findings: [Finding] = []
        for (file, facts) in pages {
            for link in facts.links {
                if let problem = problem(with: link.href, from: file) {
                    findings.append(
                        Finding(file: file, line: link.line, column: link.column, rule: "broken-link", message: problem))
                }
            }
        }
        return findings
    }

    private func problem(with href: String, from file: String) -> String? {
        let withoutQuery = href.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = withoutQuery.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let pathPart = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : nil

        var target = file
        if !pathPart.isEmpty {
            guard let resolved = Self.resolve(pathPart, from: file) else {
                return "link '\(href)' leads outside the site"
            }
            target = resolved.hasSuffix("/") || resolved.isEmpty ? resolved + "index.html" : resolved
            guard paths.contains(target) else { return "link '\(href)' names no file of the site (\(target))" }
        }
        if let fragment, !fragment.isEmpty, let page = pages[target], !page.ids.contains(fragment) {
            return "link '\(href)' names no id '\(fragment)' in \(target)"
        }
        return nil
    }

    /// Resolves a relative path against a file's folder; nil when it climbs above the root.
    static func resolve(_ path: String, from file: String) -> String? {
        var components = path.hasPrefix("/") ? [] : Array(file.split(separator: "/").dropLast().map(String.init))
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(String(part))
            }
        }
        return components.joined(separator: "/") + (path.hasSuffix("/") ? "/" : "")
    }
}
