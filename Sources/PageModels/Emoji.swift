/// GitHub's emoji shortcodes (`:rocket:` → 🚀), for the text a page shows: READMEs and
/// release notes (outside code) and descriptions: every name GitHub knows (`Emoji+Table`); a
/// shortcode not in the table stays as it was written, as GitHub leaves an unknown one.
/// In PageModels because both the Translators (descriptions) and the renderer (READMEs) use it.
public enum Emoji {
    /// The text with every known `:name:` replaced by its emoji.
    public static func replacingShortcodes(in text: String) -> String {
        // Most text has no two colons: one scan of its bytes and no copy.
        var scanned = text
        let twoColons = scanned.withUTF8 { bytes in
            guard let first = bytes.firstIndex(of: UInt8(ascii: ":")) else { return false }
            return bytes[(first + 1)...].contains(UInt8(ascii: ":"))
        }
        guard twoColons else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: ":") {
            let afterOpen = rest.index(after: open)
            let name = rest[afterOpen...].prefix(while: isNameCharacter)
            if !name.isEmpty, name.endIndex < rest.endIndex, rest[name.endIndex] == ":",
                let emoji = shortcodes[String(name)]
            {
                result += rest[..<open]
                result += emoji
                rest = rest[rest.index(after: name.endIndex)...]
            } else {
                result += rest[...open]
                rest = rest[afterOpen...]
            }
        }
        return result + rest
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "_+-".contains(character))
    }

    /// Every shortcode GitHub knows, by name: read once from `table`.
    static let shortcodes: [String: String] = Dictionary(
        table.split(separator: "\n").map { line in
            let space = line.firstIndex(of: " ")!
            return (String(line[..<space]), String(line[line.index(after: space)...]))
        },
        uniquingKeysWith: { first, _ in first })
}
