import Foundation
import PageModels
import TOMLGuard
internal import TOMLKit

/// One locale catalogue file (`Themes/locales/ja.toml`, a theme's `locales/ja.toml`): TOML
/// whose tables nest the dotted keys (`[nav] digest = "…"` is `nav.digest`) and whose values
/// are strings. Checked against the English catalogue, which lists every key there is: a key
/// it lacks, a placeholder its English text does not have, a stray brace or a control
/// character is an error naming the file and the key.
struct Catalogue: Sendable, Equatable {
    /// The language, from the file's name: `ja` for `ja.toml`.
    var language: String
    /// How messages name the file.
    var file: String
    var entries: [String: String]

    /// - Parameter reference: the English entries; nil while reading English itself.
    init(toml text: String, language: String, file: String, reference: [String: String]?) throws(LocaleError) {
        let table: TOMLTable
        do {
            table = try TOMLFile.table(text)
        } catch {
            throw .unreadable(file: file, line: error.line, column: error.column, reason: error.reason)
        }
        self.language = language
        self.file = file
        entries = [:]
        do throws(LocaleError) {
            try flatten(table, prefix: "")
            try check(against: reference ?? entries)
        } catch .entry(let file, let key, let reason, nil) {
            // Said at the key's line (a table's key is found under its `[table]` header).
            let line = TOMLGuard.line(of: key.split(separator: ".").map(String.init), in: text)
            throw .entry(file: file, key: key, reason: reason, line: line)
        }
    }

    private mutating func flatten(_ table: TOMLTable, prefix: String) throws(LocaleError) {
        for (key, value) in table {
            let name = prefix + key
            if let nested = value.table {
                try flatten(nested, prefix: name + ".")
            } else if let string = value.string {
                entries[name] = string
            } else {
                throw .entry(file: file, key: name, reason: "must be a string, found \(value.type)")
            }
        }
    }

    private func check(against reference: [String: String]) throws(LocaleError) {
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
            guard let english = reference[key] else {
                throw .entry(
                    file: file, key: key,
                    reason:
                        "no such key (Themes/locales/en.toml lists every key; a plural form is KEY.one or KEY.other)"
                )
            }
            if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw .entry(file: file, key: key, reason: "holds a control character")
            }
            guard let names = Phrasebook.placeholders(in: value) else {
                throw .entry(
                    file: file, key: key, reason: "a brace that is not part of a {placeholder}: \(Self.quoted(value))")
            }
            // A plural form may use what either form of its English does.
            var allowed = Set(Phrasebook.placeholders(in: english) ?? [])
            for sibling in Self.pluralSiblings(of: key) {
                allowed.formUnion(reference[sibling].flatMap(Phrasebook.placeholders(in:)) ?? [])
            }
            if let unknown = names.first(where: { !allowed.contains($0) }) {
                throw .entry(
                    file: file, key: key,
                    reason: "unknown placeholder {\(unknown)}; this text may use "
                        + (allowed.isEmpty ? "none" : allowed.sorted().map { "{\($0)}" }.joined(separator: ", ")))
            }
            if let problem = Self.formatProblem(key: key, value: value) {
                throw .entry(file: file, key: key, reason: problem)
            }
        }
    }

    /// The other plural form of a `KEY.one` or `KEY.other`.
    static func pluralSiblings(of key: String) -> [String] {
        if key.hasSuffix(".one") { return [String(key.dropLast(4)) + ".other"] }
        if key.hasSuffix(".other") { return [String(key.dropLast(6)) + ".one"] }
        return []
    }

    /// The number formats the arithmetic reads: a step that is a power of ten, units that are words.
    private static func formatProblem(key: String, value: String) -> String? {
        switch key {
        case "format.compact_step":
            guard let step = Int(value), [10, 100, 1_000, 10_000].contains(step) else {
                return "must be \"10\", \"100\", \"1000\" or \"10000\", found \(quoted(value))"
            }
        case "format.compact_units":
            let units = value.split(separator: " ")
            guard !units.isEmpty, units.count <= 4,
                !units.contains(where: { $0.contains(where: { $0.isASCII && $0.isNumber }) })
            else {
                return "must be one to four units without digits 0-9, separated by spaces, found \(quoted(value))"
            }
        default: break
        }
        return nil
    }

    private static func quoted(_ text: String) -> String {
        "\"" + (text.count > 60 ? String(text.prefix(60)) + "…" : text) + "\""
    }
}
