import TOMLGuard
internal import TOMLKit

/// A theme's `theme.toml`: what the theme is called, one line about it, and which theme it
/// builds on. Unknown keys are errors, so a typo (`extend = …`) fails loudly instead of
/// silently dropping the fallback.
struct ThemeManifest: Sendable, Equatable {
    var name: String
    var description: String
    /// A built-in theme's name, or a folder (absolute, or relative to this theme's folder);
    /// nil when the theme stands alone and must bring every template itself.
    var extends: String?
    /// The line of `extends` in the file, for a message about the theme it names.
    var extendsLine = 1

    static let keys: Set<String> = ["name", "description", "extends"]

    init(name: String, description: String = "", extends: String? = nil) {
        self.name = name
        self.description = description
        self.extends = extends
    }

    /// - Parameter file: the manifest's path, for messages.
    init(toml text: String, file: String) throws(ThemeError) {
        let table: TOMLTable
        do {
            table = try TOMLFile.table(text)
        } catch {
            throw .manifest(file: file, line: error.line, column: error.column, reason: error.reason)
        }
        for (key, _) in table where !Self.keys.contains(key) {
            throw .manifest(
                file: file, line: Self.line(of: key, in: text), column: 1,
                reason: "unknown key '\(key)'; expected one of: " + Self.keys.sorted().joined(separator: ", "))
        }
        func string(_ key: String) throws(ThemeError) -> String? {
            guard let value = table[key] else { return nil }
            guard let string = value.string else {
                throw .manifest(
                    file: file, line: Self.line(of: key, in: text), column: 1,
                    reason: "'\(key)' must be a string, found \(value.type)")
            }
            // `repodigest themes` prints these to a terminal: no control character, no megabytes.
            if string.utf8.count > 1000
                || string.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            {
                throw .manifest(
                    file: file, line: Self.line(of: key, in: text), column: 1,
                    reason: "'\(key)' must be at most 1000 bytes with no control character")
            }
            return string
        }
        guard let name = try string("name"), !name.isEmpty else {
            throw .manifest(file: file, line: 1, column: 1, reason: "'name' is required and must not be empty")
        }
        self.name = name
        self.description = try string("description") ?? ""
        self.extends = try string("extends").flatMap { $0.isEmpty ? nil : $0 }
        extendsLine = Self.line(of: "extends", in: text)
    }

    /// The line where a top-level key is written, or opens a table (`TOMLGuard.line(of:in:)`).
    private static func line(of key: String, in text: String) -> Int {
        TOMLGuard.line(of: [key], in: text) ?? 1
    }
}
