public import Foundation
internal import Mustache

/// A theme: Mustache templates and the assets they use. Built-in themes are compiled into
/// the binary from the repository's `Themes/` folder; a user's theme is any folder with the
/// same layout (`templates/*.mustache`, `assets/…`).
public struct Theme: Sendable {
    public var name: String
    /// Template source by name (`layout`, `digest`, `card`, …).
    var templates: [String: String]
    /// Asset bytes by path inside `assets/`.
    var assets: [String: Data]

    /// The names of the themes compiled into the binary.
    public static var builtInNames: [String] {
        Set(BuiltInThemes.files.keys.compactMap { $0.split(separator: "/").first.map(String.init) })
            .filter { !$0.hasSuffix(".md") }
            .sorted()
    }

    /// A theme compiled into the binary.
    public static func builtIn(_ name: String) throws(ThemeError) -> Theme {
        let prefix = name + "/"
        let files = BuiltInThemes.files.filter { $0.key.hasPrefix(prefix) }
        guard !files.isEmpty else { throw .unknownTheme(name: name, known: builtInNames) }
        return Theme(
            name: name,
            files: files.compactMap { key, base64 in
                Data(base64Encoded: base64).map { (String(key.dropFirst(prefix.count)), $0) }
            })
    }

    /// A theme from a folder on disk.
    public init(directory: URL) throws(ThemeError) {
        let root = directory.standardizedFileURL
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else { throw .unreadable(path: root.path, reason: "no such folder") }
        var files: [(String, Data)] = []
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            do {
                files.append((path, try Data(contentsOf: url)))
            } catch {
                throw .unreadable(path: url.path, reason: error.localizedDescription)
            }
        }
        self.init(name: root.lastPathComponent, files: files)
    }

    private init(name: String, files: [(String, Data)]) {
        self.name = name
        var templates: [String: String] = [:]
        var assets: [String: Data] = [:]
        for (path, data) in files {
            if path.hasPrefix("templates/"), path.hasSuffix(".mustache") {
                let template = String(path.dropFirst("templates/".count).dropLast(".mustache".count))
                templates[template] = String(decoding: data, as: UTF8.self)
            } else if path.hasPrefix("assets/") {
                assets[String(path.dropFirst("assets/".count))] = data
            }
        }
        self.templates = templates
        self.assets = assets
    }

    /// The templates, parsed. A syntax error names the template file, line and column.
    func library() throws(ThemeError) -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, source) in templates.sorted(by: { $0.key < $1.key }) {
            do {
                library.register(try MustacheTemplate(string: source), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw .template(
                    file: "\(self.name)/templates/\(name).mustache",
                    line: error.context.lineNumber, column: error.context.columnNumber,
                    reason: "\(error.error)")
            } catch {
                throw .template(
                    file: "\(self.name)/templates/\(name).mustache", line: 0, column: 0,
                    reason: "\(error)")
            }
        }
        return library
    }
}

/// A theme that cannot be used, and why.
public enum ThemeError: Error, Equatable, CustomStringConvertible {
    case unknownTheme(name: String, known: [String])
    case unreadable(path: String, reason: String)
    case template(file: String, line: Int, column: Int, reason: String)
    case missingTemplate(theme: String, name: String)

    public var description: String {
        switch self {
        case .unknownTheme(let name, let known):
            return "no theme named '\(name)': built-in themes are \(known.joined(separator: ", ")); "
                + "a folder path may be given instead"
        case .unreadable(let path, let reason):
            return "\(path): cannot read theme: \(reason)"
        case .template(let file, let line, let column, let reason):
            return "\(file):\(line):\(column): template error: \(reason)"
        case .missingTemplate(let theme, let name):
            return "theme '\(theme)' has no template '\(name)' (expected templates/\(name).mustache)"
        }
    }
}
