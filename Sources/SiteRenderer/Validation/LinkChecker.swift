import Foundation

/// Site-wide: every internal link names a file the site has, and every `#fragment` an id in
/// that file. The file check needs only the site's paths, known before any page is rendered;
/// a fragment into another page waits until that page has been checked.
enum LinkChecker {
    /// What one link needs.
    enum Verdict: Equatable {
        case fine
        case problem(String)
        /// The file exists; its id `fragment` is still to be found, if the file is a page.
        case fragment(target: String, fragment: String)
    }

    /// The link `href` on page `file`, whose own ids are `ids`.
    static func check(_ href: String, from file: String, paths: Set<String>, ids: Set<String>) -> Verdict {
        let withoutQuery = href.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = withoutQuery.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let pathPart = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : nil

        var target = file
        if !pathPart.isEmpty {
            guard let resolved = resolve(pathPart, from: file) else {
                return .problem("link '\(href)' leads outside the site")
            }
            target = resolved.hasSuffix("/") || resolved.isEmpty ? resolved + "index.html" : resolved
            guard paths.contains(target) else { return .problem("link '\(href)' names no file of the site (\(target))") }
        }
        guard let fragment, !fragment.isEmpty else { return .fine }
        guard target == file else { return .fragment(target: target, fragment: fragment) }
        return ids.contains(fragment) ? .fine : missingID(href, fragment, target)
    }

    static func missingID(_ href: String, _ fragment: String, _ target: String) -> Verdict {
        .problem("link '\(href)' names no id '\(fragment)' in \(target)")
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
