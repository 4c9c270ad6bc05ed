import Foundation

/// Site-wide: every internal link names a file the site has, and every `#fragment` an id in
/// that file. The file check needs only the site's paths, known before any page is rendered;
/// a fragment into another page waits until that page has been checked.
enum LinkChecker {
    /// What one link needs.
    enum Verdict: Equatable {
        /// The file it leads to, if its path names one (nil for `#id` or `?query` alone; a path
        /// may name the page itself).
        case fine(target: String?)
        case problem(String)
        /// The file exists; its id `fragment` is still to be found, if the file is a page.
        case fragment(target: String, fragment: String)
    }

    /// The link `href` on page `file`, whose own ids are `ids`.
    /// - Parameter folder: the folders `file` is in, as `folder(of:)` gives them (once per page).
    static func check(
        _ href: String, from file: String, folder: [Substring], paths: Set<String>, ids: Set<String>
    ) -> Verdict {
        // Cut as a browser cuts a URL: the fragment after the first `#`, the query after the
        // first `?` before it. Searched as UTF-8 (all three are ASCII), as every link of every
        // page comes here.
        let hash = href.utf8.firstIndex(of: UInt8(ascii: "#"))
        let beforeHash = hash.map { href[..<$0] } ?? href[...]
        let rawPath = beforeHash.utf8.firstIndex(of: UInt8(ascii: "?")).map { beforeHash[..<$0] } ?? beforeHash
        let pathPart =
            rawPath.utf8.contains(UInt8(ascii: "%"))
            ? (rawPath.removingPercentEncoding ?? String(rawPath)) : String(rawPath)
        // A fragment matches an id once decoded, as browsers match it: `#%E6%97%A5` finds `日`.
        let fragment = hash.map { String(href[href.utf8.index(after: $0)...]) }
            .map { $0.utf8.contains(UInt8(ascii: "%")) ? $0.removingPercentEncoding ?? $0 : $0 }

        var target = file
        var named: String?
        if !pathPart.isEmpty {
            guard let resolved = resolve(pathPart, from: folder) else {
                return .problem("link '\(href)' leads outside the site")
            }
            target = resolved.hasSuffix("/") || resolved.isEmpty ? resolved + "index.html" : resolved
            guard paths.contains(target) else {
                return .problem("link '\(href)' names no file of the site (\(target))")
            }
            named = target
        }
        // `#top` is the top of any page, with or without an id of that name (HTML's rule).
        guard let fragment, !fragment.isEmpty, !isTop(fragment) else { return .fine(target: named) }
        guard target == file else { return .fragment(target: target, fragment: fragment) }
        return ids.contains(fragment) ? .fine(target: named) : missingID(href, fragment, target)
    }

    /// Whether a fragment is `top`, in any case, which a browser scrolls to the top of the page.
    static func isTop(_ fragment: String) -> Bool {
        fragment.utf8.count == 3 && fragment.lowercased() == "top"
    }

    static func missingID(_ href: String, _ fragment: String, _ target: String) -> Verdict {
        .problem("link '\(href)' names no id '\(fragment)' in \(target)")
    }

    /// The folders a file of the site is in: `["repos", "owner"]` for `repos/owner/name.html`.
    static func folder(of file: String) -> [Substring] {
        Array(file.split(separator: "/").dropLast())
    }

    /// Resolves a relative path against a file's folder; nil when it climbs above the root.
    static func resolve(_ path: String, from file: String) -> String? {
        resolve(path, from: folder(of: file))
    }

    /// On the bytes, into one buffer: every link of every page comes here (400 on a list
    /// page), and arrays of substrings joined again were a few per cent of a cold build.
    static func resolve(_ path: String, from folder: [Substring]) -> String? {
        let slash = UInt8(ascii: "/")
        var resolved: [UInt8] = []
        // Where each component of `resolved` starts, to drop the last for a `..`.
        var starts: [Int] = []
        func append(_ part: some Collection<UInt8>) {
            if !starts.isEmpty { resolved.append(slash) }
            starts.append(resolved.count)
            resolved.append(contentsOf: part)
        }
        if !path.hasPrefix("/") {
            for part in folder { append(part.utf8) }
        }
        for part in path.utf8.split(separator: slash, omittingEmptySubsequences: true) {
            if part.elementsEqual(".".utf8) { continue }
            if part.elementsEqual("..".utf8) {
                guard let start = starts.popLast() else { return nil }
                resolved.removeSubrange(max(start - 1, 0)...)
                continue
            }
            append(part)
        }
        if path.utf8.last == slash { resolved.append(slash) }
        return String(decoding: resolved, as: UTF8.self)
    }
}
