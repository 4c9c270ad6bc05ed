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
                let link = item.route.flatMap(router.url(for:)) ?? URLSyntax.valid(item.url)
                return "- **\(Self.escape(item.label))** [\(Self.escape(item.text))](<\(link)>)"
            }
            if !changes.items.isEmpty { lines.append("") }
        }
        for section in digest.sections {
            lines += ["## " + Self.escape(section.title), ""]
            lines += section.cards.map { item($0) }
            if let more = section.more {
                // Its title says how many (`digest.all_starred`).
                let title = Self.escape(more.title)
                lines += ["", router.url(for: more.route).map { "[\(title)](<\($0)>)" } ?? Self.startingLine(title)]
            }
            lines.append("")
        }
        if !digest.releases.isEmpty {
            lines += ["## " + Self.escape(words.text("digest.latest_releases")), ""]
            lines += digest.releases.map { entry in
                "- \(entry.dateText): [\(Self.escape(entry.title))](<\(router.link(for: entry))>)"
            }
            lines.append("")
        }
        let headed = [(words.text("digest.languages"), digest.languages), (words.text("digest.topics"), digest.topics)]
        for (heading, links) in headed where !links.isEmpty {
            lines += ["## " + Self.escape(heading), ""]
            lines.append(
                Self.startingLine(
                    links.map { link in
                        let text = Self.escape(link.title) + (link.count.map { " (\($0))" } ?? "")
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
        var line = "- [\(Self.escape(card.fullName))](<\(router.link(for: card))>) " + facts.joined(separator: " · ")
        if let description = card.description {
            line += words.text("punctuation.after_name") + Self.escape(description)
        }
        return line
    }

    /// Text that Markdown shows as it is: the characters GFM gives an inline meaning to are
    /// backslash-escaped (`$` too, which opens math on GitHub), line breaks become spaces so a
    /// value stays on its line, and at the start of a line whatever could open a block (`#`,
    /// `-`, `1.`, `>`, an indent) is escaped too.
    static func escape(_ text: String, startsLine: Bool = false) -> String {
        var result = ""
        for character in text.directionsClosed {
            switch character {
            case "\n", "\r", "\u{2028}", "\u{2029}": result.append(" ")
            case "\\", "`", "*", "_", "[", "]", "<", ">", "!", "|", "~", "&", "$":
                result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return startsLine ? Self.startingLine(result) : result
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
