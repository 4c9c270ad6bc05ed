import Foundation
import PageModels

/// `digest.md`: the digest page as GitHub-flavoured Markdown, for a README or a documentation
/// build. Links are absolute (the site's pages when its address is known, else GitHub), so
/// the file reads the same wherever it is copied. Text from the data is escaped, so a
/// description can never become HTML, an image, emphasis or a link with a hidden target.
struct DigestMarkdown {
    var site: Site
    var router: Router

    /// The site's catalogue.
    var words: Phrasebook { site.phrasebook }

    func file() -> OutputFile {
        let lines = site.markdownList.map(listLines) ?? digestLines()
        let generated = words.text("markdown.generated", ["date": site.generatedText])
        let text = (lines + ["_\(Self.escape(generated))_"]).joined(separator: "\n").xmlSafe + "\n"
        return OutputFile(path: Router.digestMarkdown, contents: Data(text.utf8))
    }

    /// The digest page, section by section.
    private func digestLines() -> [String] {
        let digest = site.digest
        var lines = ["# " + Self.escape(digest.title), "", Self.escape(digest.summary, startsLine: true), ""]
        if let changes = digest.changes {
            lines += [
                "## " + Self.escape(words.text("digest.since_last_run")), "",
                Self.escape(changes.summary, startsLine: true),
                "",
            ]
            lines += changes.items.map { item in
                let label = "- **\(Self.escape(item.label))** "
                guard !item.members.isEmpty else {
                    let link = item.route.flatMap(router.url(for:)) ?? URLSyntax.valid(item.url)
                    return label + "[\(Self.linkText(item.text))](<\(link)>)"
                }
                // Changes told together: the List named (linked where its name is, `around`),
                // then each repository.
                let link = item.route.flatMap(router.url(for:)) ?? URLSyntax.valid(item.url)
                let text =
                    item.around == nil ? Self.escape(item.text) : "[\(Self.linkText(item.text))](<\(link)>)"
                let members = item.members.map { member in
                    let link = member.route.flatMap(router.url(for:)) ?? URLSyntax.valid(member.url)
                    return "[\(Self.linkText(member.name))](<\(link)>)"
                }
                return label + text + Self.escape(words.text("punctuation.after_name"))
                    + members.joined(separator: Self.escape(words.text("punctuation.list")))
            }
            if !changes.items.isEmpty { lines.append("") }
        }
        for section in digest.sections {
            lines += ["## " + Self.escape(section.title), ""]
            lines += section.cards.map { item($0) }
            if let more = section.more {
                // Its title says how many (`digest.all_starred`).
                let title = Self.linkText(more.title)
                lines += ["", router.url(for: more.route).map { "[\(title)](<\($0)>)" } ?? Self.startingLine(title)]
            }
            lines.append("")
        }
        if !digest.releases.isEmpty {
            lines += ["## " + Self.escape(words.text("digest.latest_releases")), ""]
            lines += digest.releases.map { entry in
                "- \(entry.dateText): [\(Self.linkText(entry.title))](<\(router.link(for: entry))>)"
            }
            lines.append("")
        }
        let headed = [(words.text("digest.languages"), digest.languages), (words.text("digest.topics"), digest.topics)]
        for (heading, links) in headed where !links.isEmpty {
            lines += ["## " + Self.escape(heading), ""]
            lines.append(
                Self.startingLine(
                    links.map { link in
                        let text = Self.linkText(link.title) + (link.count.map { " (\($0))" } ?? "")
                        return router.url(for: link.route).map { "[\(text)](<\($0)>)" } ?? text
                    }.joined(separator: " · ")))
            lines.append("")
        }
        return lines
    }

    /// `- [owner/name](link) ★ 1.2k · Swift · Archived: description`; without the language
    /// under a heading that already names it.
    func item(_ card: RepoCard, language shown: Bool = true) -> String {
        var facts = ["★ " + card.starsText]
        if shown, let language = card.language { facts.append(Self.escape(language.title)) }
        facts += card.badges.map { Self.escape(words.text("badge.\($0.rawValue)")) }
        var line = "- [\(Self.linkText(card.fullName))](<\(router.link(for: card))>) " + facts.joined(separator: " · ")
        if let description = card.description {
            line += words.text("punctuation.after_name") + Self.escape(description)
        }
        return line
    }

    /// Text that Markdown shows as it is, outside a link: `linkText`'s escaping, and each
    /// address GFM would link by itself (`https://…`, `http://…`, `www.…`) written as a link
    /// to itself, as GFM links one with its backslashes (`a\_b` led to `a%5C_b`).
    static func escape(_ text: String, startsLine: Bool = false) -> String {
        let characters = Array(text.directionsClosed)
        var result = ""
        var plain = ""
        var index = 0
        while index < characters.count {
            if let (address, end) = bareAddress(in: characters, at: index) {
                result += backslashed(plain) + address
                plain = ""
                index = end
            } else {
                plain.append(characters[index])
                index += 1
            }
        }
        result += backslashed(plain)
        return startsLine ? Self.startingLine(result) : result
    }

    /// The address GFM's autolinks would take at `start` (up to a space, `<` or `>`, less the
    /// punctuation after it and an unmatched `)`), as a link, and where it ends; nil for none.
    /// As cmark-gfm finds them: a scheme after anything but a letter (`<https://…` too), `www.`
    /// at the start, after a space or after `*`, `_`, `~` or `(`.
    static func bareAddress(in characters: [Character], at start: Int) -> (link: String, end: Int)? {
        let ahead = String(characters[start..<min(start + 8, characters.count)]).lowercased()
        guard let prefix = ["https://", "http://", "www."].first(where: ahead.hasPrefix) else { return nil }
        if start > 0 {
            let before = characters[start - 1]
            let opens =
                prefix == "www." ? before.isWhitespace || "*_~(".contains(before) : !(before.isASCII && before.isLetter)
            guard opens else { return nil }
        }
        var end = start
        while end < characters.count, !characters[end].isWhitespace, characters[end] != "<", characters[end] != ">",
            !characters[end].unicodeScalars.contains(where: {
                $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
            })
        {
            end += 1
        }
        while end > start {
            let last = characters[end - 1]
            let run = characters[start..<end]
            if "?!.,:*_~".contains(last) || (last == ")" && run.count { $0 == ")" } > run.count { $0 == "(" }) {
                end -= 1
            } else {
                break
            }
        }
        guard end - start > prefix.count else { return nil }
        let address = String(characters[start..<end])
        // `www.…` leads to its http address, as GFM has it.
        guard let target = destination(prefix == "www." ? "http://" + address : address) else { return nil }
        return ("[\(backslashed(address))](<\(target)>)", end)
    }

    /// A link's target as the file writes it, between `<` and `>`: valid, and with nothing
    /// Markdown or HTML could read otherwise (a quote, a backslash, a bracket) but
    /// percent-encoded; nil for a host no encoding mends.
    static func destination(_ url: String) -> String? {
        guard let valid = URLSyntax.link(url) else { return nil }
        var result = ""
        for scalar in valid.unicodeScalars {
            switch scalar {
            case "\"", "'", "`", "\\", "<", ">", " ":
                result += String(format: "%%%02X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Text that Markdown shows as it is inside a link's brackets, where GFM links no bare
    /// address: `backslashed`, with any writing direction it opens closed.
    static func linkText(_ text: String) -> String { backslashed(text.directionsClosed) }

    /// The characters GFM gives an inline meaning to backslash-escaped (`$` too, which opens
    /// math on GitHub), and line breaks as spaces so a value stays on its line.
    static func backslashed(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\n", "\r", "\u{2028}", "\u{2029}": result.append(" ")
            case "\\", "`", "*", "_", "[", "]", "<", ">", "!", "|", "~", "&", "$":
                result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }

    /// An escaped line (or its start) that opens no block: its leading spaces (four make code,
    /// fewer still let `#` open a heading) dropped, and a `#`, `-`, `+`, `=` or `1.` escaped.
    static func startingLine(_ escaped: String) -> String {
        var result = String(escaped.drop { $0 == " " || $0 == "\t" })
        guard let first = result.first else { return result }
        if "#-+=".contains(first) { return "\\" + result }
        // "1. " or "1) " would start an ordered list; a backslash before a digit is no escape.
        if let end = result.firstIndex(where: { !$0.isASCII || !$0.isNumber }), end != result.startIndex,
            result[end] == "." || result[end] == ")"
        {
            result.insert("\\", at: end)
        }
        return result
    }
}
