import Foundation

/// The `Link` header of a paged answer (RFC 8288), as GitHub writes it:
/// `<https://api.github.com/repositories/1/releases?page=2>; rel="next", <…>; rel="last"`.
package struct LinkHeader: Sendable, Hashable {
    /// Target URL by relation (`next`, `last`, `prev`, `first`).
    package var links: [String: String] = [:]

    package init(_ value: String?) {
        guard let value else { return }
        for entry in Self.entries(value) {
            let parts = entry.split(separator: ";", omittingEmptySubsequences: true)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = parts.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            let url = String(target.dropFirst().dropLast())
            // A URI reference holds no raw angle brackets: `<a>b>` is junk, not a page to fetch.
            guard !url.isEmpty, !url.contains("<"), !url.contains(">") else { continue }
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { continue }
                let relations = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                for relation in relations.split(separator: " ") where links[relation.lowercased()] == nil {
                    links[relation.lowercased()] = url
                }
            }
        }
    }

    package var next: String? { links["next"] }

    /// Splits on the commas between entries, not those inside `<…>` or quotes.
    private static func entries(_ value: String) -> [String] {
        var entries: [String] = []
        var current = ""
        var inURL = false
        var inQuotes = false
        for character in value {
            switch character {
            case "<" where !inQuotes: inURL = true
            case ">" where !inQuotes: inURL = false
            case "\"" where !inURL: inQuotes.toggle()
            case "," where !inURL && !inQuotes:
                entries.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        entries.append(current)
        return entries.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
