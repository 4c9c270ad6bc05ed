import PageModels

/// A list summary's names (logins, a language, a topic), marked where the catalogue's text
/// places them, so that a page can keep each whole on a line (`ListPage.summaryNames`). Found
/// by place, never by search: the count "100 repositories" is not the login `100`, and
/// "12 repositories tagged repositories" holds the topic once.
enum SummaryNames {
    private static let open: Character = "\u{E000}"
    private static let close: Character = "\u{E001}"

    /// `name` as a value of the summary's text, marked (any mark it held itself dropped).
    static func mark(_ name: String) -> String {
        String(open) + name.filter { $0 != open && $0 != close } + String(close)
    }

    /// The text without its marks, and the places of the names it marked, in characters.
    static func unmark(_ marked: String) -> (text: String, names: [Range<Int>]) {
        var text = ""
        var names: [Range<Int>] = []
        var count = 0
        var start: Int?
        for character in marked {
            switch character {
            case open: start = count
            case close:
                if let begun = start, begun < count { names.append(begun..<count) }
                start = nil
            default:
                text.append(character)
                count += 1
            }
        }
        return (text, names)
    }
}
