/// Every word a site shows, in one language: a locale catalogue as plain data. Entries are
/// keyed by dotted names (`nav.favourites`, `count.repositories.other`) and may hold
/// `{placeholder}`s, filled in when the text is asked for. A text that depends on a count has
/// plural forms, `KEY.one` (for exactly 1) and `KEY.other`; a language without a singular
/// (Japanese) gives `other` alone.
///
/// The renderer reads catalogues from TOML (`Themes/locales/`, a theme's `locales/`) and checks
/// them; the build hands the chosen one to the translators, which build every sentence from it,
/// and to the templates, which place its entries as they are. `Phrasebook()` has no entries:
/// every text then reads as its key, which no build publishes (the pipeline always hands one in).
public struct Phrasebook: Sendable, Hashable {
    /// The language's code as HTML's `lang` and the feeds take it: `en`, `ja`, or the
    /// configuration's whole tag (`en-US`) when that reads a shorter one's catalogue.
    public var language: String
    /// Text by dotted key.
    public var entries: [String: String]

    public init(language: String = "en", entries: [String: String] = [:]) {
        self.language = language
        self.entries = entries
    }

    /// The text of `key`, its placeholders filled from `values` (a placeholder with no value
    /// stays as it is written). A key the catalogue lacks reads as the key.
    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        Self.fill(entries[key] ?? key, values)
    }

    /// The text of `key` with its one placeholder `name` filled: the same as `text(key, [name:
    /// value])`, for texts made for every repository, without a dictionary each time.
    public func text(_ key: String, _ name: String, _ value: String) -> String {
        Self.fill(entries[key] ?? key) { $0 == name ? value : nil }
    }

    /// The plural form of `key` for `count` (`KEY.one` for 1 when the catalogue has it, else
    /// `KEY.other`), with `{count}` as `countText` (the count as shown: "12,345").
    public func text(_ key: String, count: Int, countText: String, _ values: [String: String] = [:]) -> String {
        let form = count == 1 && entries[key + ".one"] != nil ? key + ".one" : key + ".other"
        var values = values
        values["count"] = countText
        return text(form, values)
    }

    /// `template` with each `{name}` replaced by its value. Values are placed as they are, never
    /// read for placeholders again, so text from the data cannot be taken for one.
    ///
    /// Done on the template's UTF-8 bytes (no byte of another character is a brace): some
    /// 100,000 texts at 10,000 repositories, which as `Character`s took 3 % of translating. (A
    /// brace joined to a combining mark counts as a brace here; no checked catalogue has one.)
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        values.isEmpty ? template : fill(template) { values[$0] }
    }

    /// The same, each placeholder's value from `value` (nil: it stays as written): for a text
    /// made tens of thousands of times a build (a day's date), without a dictionary each time.
    public static func fill(_ template: String, _ value: (String) -> String?) -> String {
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        guard template.utf8.contains(open) else { return template }
        var result: [UInt8] = []
        result.reserveCapacity(template.utf8.count + 32)
        var rest = template.utf8[...]
        while let brace = rest.firstIndex(of: open) {
            result += rest[..<brace]
            let after = rest.index(after: brace)
            if let end = rest[after...].firstIndex(of: close),
                let value = value(String(decoding: rest[after..<end], as: UTF8.self))
            {
                result += value.utf8
                rest = rest[rest.index(after: end)...]
            } else {
                result.append(open)
                rest = rest[after...]
            }
        }
        result += rest
        return String(decoding: result, as: UTF8.self)
    }

    /// The placeholders `template` names, in order; nil when a brace is not part of a
    /// well-formed `{name}` (letters, digits and `_`), which a catalogue may not hold.
    public static func placeholders(in template: String) -> [String]? {
        var names: [String] = []
        var rest = template[...]
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            guard rest[open] == "{", let close = rest[rest.index(after: open)...].firstIndex(of: "}") else {
                return nil
            }
            let name = rest[rest.index(after: open)..<close]
            guard !name.isEmpty, name.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) })
            else { return nil }
            names.append(String(name))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}

extension Phrasebook {
    /// `value` with `separator` between each three digits (12,345), a negative count as 0.
    /// By bytes, not characters: some 50,000 numbers a build at 10,000 repositories.
    public static func grouped(_ value: Int, separator: String) -> String {
        let digits = String(max(0, value))
        let count = digits.utf8.count
        guard count > 3 else { return digits }
        var result = ""
        for (index, digit) in digits.utf8.enumerated() {
            if index > 0 && (count - index) % 3 == 0 { result += separator }
            result.unicodeScalars.append(Unicode.Scalar(digit))
        }
        return result
    }
}
