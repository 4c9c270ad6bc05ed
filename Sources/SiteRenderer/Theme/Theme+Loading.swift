public import Foundation
import TOMLGuard

/// Finding themes, reading their folders and applying `extends`: a theme's own templates and
/// assets win, anything it lacks comes from the theme it extends, and so on up the line.
extension Theme {
    /// The names of the themes compiled into the binary.
    public static var builtInNames: [String] {
        // A folder with a theme.toml: `locales/` holds the shared catalogues, not a theme.
        BuiltInThemes.files.keys.compactMap { key -> String? in
            let parts = key.split(separator: "/")
            return parts.count == 2 && parts[1] == "theme.toml" ? String(parts[0]) : nil
        }.sorted()
    }

    /// A theme compiled into the binary.
    public static func builtIn(_ name: String) throws(ThemeError) -> Theme {
        try load(try ThemeFolder.builtIn(name), followed: [])
    }

    /// A theme from a folder on disk. With no `theme.toml` the folder is taken as a set of
    /// overrides of the default theme, which is what someone changing one template wants.
    public init(directory: URL) throws(ThemeError) {
        self = try Self.load(try ThemeFolder.directory(directory), followed: [])
    }

    /// The folders of the theme in `directory` and of those it builds on by `extends`, itself
    /// first, as far as each can be read: what `serve` watches, also while one of them fails
    /// to load (its error page then goes once that theme's files are mended).
    public static func lineageFolders(of directory: URL) -> [URL] {
        var folders: [URL] = []
        var folder = try? ThemeFolder.directory(directory)
        while let current = folder, case .directory(let root) = current.origin,
            !folders.contains(URL(fileURLWithPath: root))
        {
            folders.append(URL(fileURLWithPath: root))
            let parent = (try? current.manifest())?.extends
            folder = parent.flatMap { try? current.resolve($0) }
        }
        return folders
    }

    /// - Parameter followed: the themes that led here by `extends`, to catch a circle.
    private static func load(_ folder: ThemeFolder, followed: [ThemeFolder]) throws(ThemeError) -> Theme {
        guard !followed.contains(where: { $0.origin == folder.origin }) else {
            throw .extendsCycle(chain: (followed + [folder]).map(\.label))
        }
        let manifest = try folder.manifest()
        var theme: Theme
        if let parentName = manifest.extends {
            let parent: ThemeFolder
            do {
                parent = try folder.resolve(parentName)
            } catch {
                throw .manifest(
                    file: folder.display("theme.toml"), line: manifest.extendsLine, column: 1,
                    reason: "extends: \(error)")
            }
            theme = try load(parent, followed: followed + [folder])
            theme.lineage.insert(manifest.name, at: 0)
        } else {
            theme = Theme(name: manifest.name, description: "", lineage: [manifest.name], templates: [:], assets: [:])
        }
        theme.name = manifest.name
        theme.description = manifest.description
        if case .directory(let root) = folder.origin { theme.folders.insert(URL(fileURLWithPath: root), at: 0) }
        theme.warnings += folder.nearMisses.map {
            "\(folder.display($0))/ is not read: a theme's folders are templates/, assets/ and locales/"
        }
        for (path, data) in folder.files.sorted(by: { $0.key < $1.key }) {
            if path.hasPrefix("templates/"), path.hasSuffix(".mustache") {
                let name = String(path.dropFirst("templates/".count).dropLast(".mustache".count))
                theme.templates[name] = TemplateSource(text: try folder.text(path, data), file: folder.display(path))
            } else if path.hasPrefix("assets/") {
                theme.assets[String(path.dropFirst("assets/".count))] = data
            } else if path.hasPrefix(localesFolder), path.hasSuffix(".toml"),
                case let language = String(path.dropFirst(localesFolder.count).dropLast(".toml".count)),
                !language.contains("/")
            {
                theme.locales[language, default: []].append(
                    TemplateSource(text: try folder.text(path, data), file: folder.display(path)))
            } else if path.hasPrefix("templates/") || path.hasPrefix(localesFolder) {
                // A catalogue in a folder of its own (`locales/de/de.toml`) is not read either: said so.
                theme.warnings.append(
                    "\(folder.display(path)) is not read: a template is templates/NAME.mustache, a catalogue locales/LANGUAGE.toml"
                )
            }
        }
        if followed.isEmpty, let missing = pageTemplates.first(where: { theme.templates[$0] == nil }) {
            throw .missingTemplate(theme: theme.name, name: missing)
        }
        if followed.isEmpty { theme.warnings += theme.unusedTemplateWarnings + theme.unknownValueWarnings }
        return theme
    }
}

/// One theme folder's own files, before any fallback.
struct ThemeFolder: Sendable {
    enum Origin: Sendable, Hashable {
        case builtIn(String)
        case directory(String)
    }

    var origin: Origin
    /// Bytes by path inside the folder: `theme.toml`, `templates/card.mustache`, `assets/style.css`.
    var files: [String: Data]
    /// Folders at its top named almost as one that is read (`template/`, `Assets/`): never
    /// read, which an author is told (`Theme.warnings`).
    var nearMisses: [String] = []

    static func builtIn(_ name: String) throws(ThemeError) -> ThemeFolder {
        let prefix = name + "/"
        let files = BuiltInThemes.files.filter { $0.key.hasPrefix(prefix) }
        guard !name.isEmpty, !name.contains("/"), files[prefix + "theme.toml"] != nil else {
            throw .unknownTheme(name: name, known: Theme.builtInNames)
        }
        return ThemeFolder(
            origin: .builtIn(name),
            files: Dictionary(
                uniqueKeysWithValues: files.compactMap { key, base64 in
                    Data(base64Encoded: base64).map { (String(key.dropFirst(prefix.count)), $0) }
                }))
    }

    /// What a theme folder may hold that is read; anything else in it (a README, screenshots,
    /// a video, `--theme /`'s whole disk) is never opened.
    static let readFolders = ["templates", "assets", "locales"]
    /// The largest file a theme may hold: every one is read whole into each build.
    static let maxFileBytes = 32 << 20

    /// The first entry a folder's walk could not read, told by the walk's error handler.
    private final class Unreadable: @unchecked Sendable {
        private(set) var first: (path: String, reason: String)?

        func note(_ url: URL, _ error: any Error) -> Bool {
            if first == nil {
                first = (url.path, "a folder or file that cannot be read (\((error as NSError).localizedDescription))")
            }
            return true
        }
    }

    static func directory(_ url: URL) throws(ThemeError) -> ThemeFolder {
        let root = url.standardizedFileURL
        if let problem = RealPath.folderProblem(root) { throw .unreadable(path: root.path, reason: problem) }
        let real = RealPath.of(root).path
        let inside = real == "/" ? "" : real
        var files: [String: Data] = [:]
        if let manifest = try read(root.appending(path: "theme.toml"), inside: inside) {
            files["theme.toml"] = manifest
        }
        for folder in readFolders {
            let top = root.appending(path: folder)
            var status = stat()
            guard lstat(top.path, &status) == 0 else { continue }
            guard status.st_mode & S_IFMT != S_IFLNK else {
                throw .unreadable(
                    path: top.path, reason: "a link; a theme's \(folder)/ must be a folder in it (move the folder in)")
            }
            // Never skipped without a word: a theme built from the default's templates because
            // its own could not be read looks like a theme that builds.
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw .unreadable(
                    path: top.path, reason: "not a folder; a theme's \(folder)/ must be a folder of files")
            }
            if let name = Self.undecodableNames(under: top.path).first {
                throw .unreadable(
                    path: "\(top.path)/\(name)",
                    reason: "a name that is not UTF-8, which no page could link to: rename it")
            }
            let unreadable = Unreadable()
            guard
                let enumerator = FileManager.default.enumerator(
                    at: top, includingPropertiesForKeys: nil, options: [],
                    errorHandler: { url, error in unreadable.note(url, error) })
            else { continue }
            for case let file as URL in enumerator {
                if isLeftover(file.lastPathComponent) {
                    enumerator.skipDescendants()
                    continue
                }
                guard let data = try read(file, inside: inside) else { continue }
                files[String(file.standardizedFileURL.path.dropFirst(root.path.count + 1))] = data
            }
            if let (path, reason) = unreadable.first { throw .unreadable(path: path, reason: reason) }
        }
        var folder = ThemeFolder(origin: .directory(root.path), files: files)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        folder.nearMisses = entries.filter { entry in
            !readFolders.contains(entry)
                && readFolders.contains { $0 == entry.lowercased() || $0.dropLast() == entry.lowercased() }
        }.sorted()
        return folder
    }

    /// Whether a file is an editor's or a system's own, never part of a theme, and is skipped
    /// unread: hidden (vim's `.style.css.swp`, macOS's `.DS_Store`, emacs's `.#style.css` lock,
    /// a link to nothing), a backup (`style.css~`), emacs's autosave (`#style.css#`). An
    /// author editing a theme while `serve` watches it would otherwise fail every build.
    static func isLeftover(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || (name.count > 1 && name.hasPrefix("#") && name.hasSuffix("#"))
    }

    /// The names under `folder` that are not UTF-8 (their other bytes written `\xE9`), as paths
    /// from it: Foundation's walk skips them without a word.
    private static func undecodableNames(under folder: String, relative: String = "") -> [String] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        let (names, undecodable) = SiteWriter.Inventory.names(in: stream)
        var found = undecodable.map { relative.isEmpty ? $0 : "\(relative)/\($0)" }
        for name in names {
            var status = stat()
            guard lstat("\(folder)/\(name)", &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { continue }
            found += undecodableNames(
                under: "\(folder)/\(name)", relative: relative.isEmpty ? name : "\(relative)/\(name)")
        }
        return found
    }

    /// The bytes of `file` when it is a regular file, or a link to one inside the theme's real
    /// folder `inside`; nil for a folder (its files are read one by one). A FIFO, a socket or
    /// a device is an error: no template or asset, it was skipped without a word, and one
    /// named as a template left the theme's own out.
    /// A link out of the theme is an error: a theme downloaded with `assets/x -> ~/.ssh/id_rsa`
    /// would publish that file. A link to a folder is too: it would be skipped without a word.
    private static func read(_ file: URL, inside: String) throws(ThemeError) -> Data? {
        var status = stat()
        guard lstat(file.path, &status) == 0 else { return nil }
        if status.st_mode & S_IFMT == S_IFLNK {
            var followed = stat()
            if stat(file.path, &followed) != 0, errno == ELOOP {
                throw .unreadable(path: file.path, reason: "a link that leads round to itself (a loop of links)")
            }
            let target = RealPath.of(file).path
            guard target.hasPrefix(inside + "/") else {
                throw .unreadable(
                    path: file.path,
                    reason: "a link out of the theme's folder (to \(target)); a theme publishes only its own files: "
                        + "copy the file in")
            }
            guard stat(file.path, &status) == 0 else {
                throw .unreadable(path: file.path, reason: "a link to nothing")
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                throw .unreadable(
                    path: file.path, reason: "a link to a folder, which is not followed; move the folder in")
            }
        }
        if status.st_mode & S_IFMT == S_IFDIR { return nil }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .unreadable(
                path: file.path, reason: "not a file (a FIFO, a socket or a device); a theme holds files and folders")
        }
        guard status.st_size <= maxFileBytes else {
            throw .unreadable(
                path: file.path,
                reason: "\(status.st_size / (1 << 20)) MB, past the \(maxFileBytes >> 20) MB a theme's file may be "
                    + "(each is read whole into every build)")
        }
        do {
            return try Data(contentsOf: file)
        } catch {
            throw .unreadable(path: file.path, reason: error.localizedDescription)
        }
    }

    /// How messages name this theme.
    var label: String {
        switch origin {
        case .builtIn(let name): return name
        case .directory(let path): return path
        }
    }

    /// How messages name one of its files: the repository's path for a built-in theme.
    func display(_ path: String) -> String {
        switch origin {
        case .builtIn(let name): return "Themes/\(name)/\(path)"
        case .directory(let root): return root + "/" + path
        }
    }

    func manifest() throws(ThemeError) -> ThemeManifest {
        guard let data = files["theme.toml"] else {
            switch origin {
            case .builtIn(let name):
                throw .unreadable(path: display("theme.toml"), reason: "built-in theme '\(name)' has no theme.toml")
            case .directory(let root):
                return ThemeManifest(name: URL(fileURLWithPath: root).lastPathComponent, extends: "default")
            }
        }
        return try ThemeManifest(toml: try text("theme.toml", data), file: display("theme.toml"))
    }

    /// The text of the file at `path` (a template or a catalogue), whose bytes are `data`:
    /// UTF-8, else an error naming the file and the line of the first byte that is not. A byte
    /// order mark first is no part of it: a layout would write it into every page, before its
    /// DOCTYPE.
    func text(_ path: String, _ data: Data) throws(ThemeError) -> String {
        switch TOMLGuard.utf8Text([UInt8](data.droppingByteOrderMark)) {
        case .success(let text): return text
        case .failure(let place): throw .unreadable(path: "\(display(path)):\(place.line)", reason: "not UTF-8 text")
        }
    }

    /// The folder an `extends` names: a built-in theme, or (from a folder on disk) a path,
    /// absolute or relative to this folder, when it holds a slash or starts with a dot.
    func resolve(_ parent: String) throws(ThemeError) -> ThemeFolder {
        if case .directory(let root) = origin, parent.contains("/") || parent.hasPrefix(".") {
            let url =
                parent.hasPrefix("/")
                ? URL(fileURLWithPath: parent) : URL(fileURLWithPath: root).appending(path: parent)
            return try .directory(url)
        }
        return try .builtIn(parent)
    }
}
