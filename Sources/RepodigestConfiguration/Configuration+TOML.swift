import Entities
public import Foundation
import TOMLGuard
internal import TOMLKit

extension Configuration {
    /// `[digest]` keys that no longer do anything, still accepted (with a warning) so that a
    /// cron job's configuration keeps working after an upgrade; the starter sets none of them.
    static let retiredDigestKeys: Set<String> = ["full_refresh_days"]

    /// The keys of the file's top (`""`) and of each of its tables.
    static let tableKeys: [String: Set<String>] = [
        "": ["title", "base_url", "theme", "language", "avatars", "github", "digest"],
        "github": ["api_url", "include_private", "concurrency", "max_wait_seconds", "max_fetch_seconds"],
        "digest": [
            "starred_by", "favourites", "owners", "searches", "page_size", "starred_group", "starred_sort",
            "history_days", "details_refresh_days", "markdown", "lists_of",
        ],
    ]

    /// Parses the bytes of a `repodigest.toml` file: UTF-8, else an error at the line and
    /// column of the first byte that is not.
    public init(tomlBytes bytes: Data, source: String) throws(ConfigurationError) {
        switch TOMLGuard.utf8Text([UInt8](bytes)) {
        case .success(let text):
            try self.init(toml: text, source: source)
        case .failure(let place):
            throw ConfigurationError(
                source: source, line: place.line, column: place.column, message: "the configuration is not UTF-8 text")
        }
    }

    /// Parses `repodigest.toml` text. Unknown keys and wrong types are errors, not silently
    /// ignored: a typo in a cron job's configuration should fail loudly, once.
    public init(toml text: String, source: String) throws(ConfigurationError) {
        // A byte order mark (Windows editors write one) is no part of the first line: left in,
        // that line's key or header would not be found, and its errors would name no line.
        let text = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        let table: TOMLTable
        do {
            if let problem = TOMLGuard.problem(in: text) {
                _ = try TOMLTable(string: problem.textBefore)
                throw ConfigurationError(
                    source: source, line: problem.line, column: problem.column, message: problem.message)
            }
            table = try TOMLTable(string: text)
        } catch let error as ConfigurationError {
            throw error
        } catch let error as TOMLParseError {
            throw ConfigurationError(
                source: source, line: error.source.begin.line, column: error.source.begin.column,
                message: TOMLGuard.reworded(error.description))
        } catch {
            throw ConfigurationError(source: source, message: "\(error)")
        }
        let reader = TOMLReader(text: text, source: source)
        self.init()
        try reader.allow(Self.tableKeys[""]!, in: table, at: [])
        title = try reader.text("title", in: table, at: [], maxCharacters: Self.maxTitleCharacters) ?? title
        baseURL = try reader.string("base_url", in: table, at: []) ?? baseURL
        avatars = try reader.choice("avatars", in: table, at: []) ?? avatars
        if !baseURL.isEmpty, let problem = Self.baseURLProblem(baseURL) {
            throw reader.error(at: ["base_url"], "base_url " + problem)
        }
        if let name = try reader.text("theme", in: table, at: [], maxCharacters: Self.maxThemeCharacters) {
            theme = name
            themeSource = source
            themeLine = reader.line(of: ["theme"])
        }

        if let code = try reader.string("language", in: table, at: []) {
            if let problem = Self.languageProblem(code) { throw reader.error(at: ["language"], problem) }
            language = code
            languageSource = source
            languageLine = reader.line(of: ["language"])
        }

        if let github = try reader.table("github", in: table, at: []) {
            let path = ["github"]
            try reader.allow(Self.tableKeys["github"]!, in: github, at: path)
            if let url = try reader.string("api_url", in: github, at: path) {
                if let problem = Self.apiURLProblem(url) {
                    throw reader.error(at: path + ["api_url"], "api_url \(problem)")
                }
                apiURL = url
                apiURLSource = source
                apiURLLine = reader.line(of: path + ["api_url"])
            }
            includePrivate = try reader.bool("include_private", in: github, at: path) ?? includePrivate
            concurrency =
                try reader.int(
                    "concurrency", in: github, at: path, within: 1...8, why: " (GitHub asks clients not to flood it)")
                ?? concurrency
            maxWaitSeconds =
                try reader.int("max_wait_seconds", in: github, at: path, within: 0...3600) ?? maxWaitSeconds
            maxFetchSeconds =
                try reader.int("max_fetch_seconds", in: github, at: path, within: 60...86_400) ?? maxFetchSeconds
        }
        if let digest = try reader.table("digest", in: table, at: []) {
            let path = ["digest"]
            try reader.allow(Self.tableKeys["digest"]!, retired: Self.retiredDigestKeys, in: digest, at: path)
            starredBy = try reader.logins("starred_by", in: digest, at: path, allowsMe: true)
            owners = try reader.logins("owners", in: digest, at: path, allowsMe: false)
            listsOf = try reader.logins("lists_of", in: digest, at: path, allowsMe: true)
            // Each gets pages of its own, named after the login; an account starring twice would
            // be read twice and named twice in the digest's summary.
            for (key, logins) in [("starred_by", starredBy), ("owners", owners), ("lists_of", listsOf)] {
                if let twice = Self.firstRepeated(logins) {
                    throw reader.error(
                        at: path + [key], "digest.\(key) names '\(twice)' twice (logins ignore case)")
                }
            }
            if !listsOf.isEmpty {
                listsOfSource = source
                listsOfLine = reader.line(of: path + ["lists_of"])
            }
            for text in try reader.strings("favourites", in: digest, at: path) ?? [] {
                guard text.utf8.count <= Self.maxRepoNameCharacters else {
                    throw reader.error(
                        at: path + ["favourites"],
                        "digest.favourites: a repository name has at most "
                            + "\(Self.maxRepoNameCharacters) characters, found one of \(text.utf8.count) bytes")
                }
                do {
                    favourites.append(Favourite(name: try RepoName(parsingWritten: text)))
                } catch {
                    throw reader.error(at: path + ["favourites"], "digest.favourites: \(error)")
                }
            }
            if let twice = Self.firstRepeated(favourites.map(\.name.description)) {
                throw reader.error(
                    at: path + ["favourites"], "digest.favourites names '\(twice)' twice (names ignore case)")
            }
            detailsRefreshDays =
                try reader.int("details_refresh_days", in: digest, at: path, within: 1...365) ?? detailsRefreshDays
            if try reader.int("full_refresh_days", in: digest, at: path) != nil {
                warnings.append(
                    reader.error(
                        at: path + ["full_refresh_days"],
                        "full_refresh_days no longer does anything (every run reads every starred list to its end); "
                            + "remove it. details_refresh_days sets how often unchanged repositories are checked again"
                    ).description)
            }
            historyDays = try reader.int("history_days", in: digest, at: path, within: 1...3650) ?? historyDays
            pageSize = try reader.int("page_size", in: digest, at: path, within: 1...1000) ?? pageSize
            searches = try reader.searches(in: digest, at: path)
            starred.grouping = try reader.choice("starred_group", in: digest, at: path) ?? starred.grouping
            starred.order = try reader.choice("starred_sort", in: digest, at: path) ?? starred.order
            markdown = try reader.choice("markdown", in: digest, at: path) ?? markdown
        }
    }
}

/// Typed reads from a TOML table, each failure naming the key, its line and what was expected.
private struct TOMLReader {
    var text: String
    var source: String

    /// `retired` keys are accepted too, but not offered in the message.
    func allow(_ keys: Set<String>, retired: Set<String> = [], in table: TOMLTable, at path: [String])
        throws(ConfigurationError)
    {
        for (key, _) in table where !keys.contains(key) && !retired.contains(key) {
            let hint = Self.hint(for: key, among: keys, at: path)
            throw error(
                at: path + [key],
                "unknown key '\(Self.shortened((path + [key]).joined(separator: ".")))'"
                    + (hint.map { ": \($0) Expected" } ?? "; expected") + " one of: "
                    + keys.sorted().joined(separator: ", "))
        }
    }

    /// What an unknown key was likely meant to be: a key of this table spelt nearly so
    /// (`concurency`, `favorites`, `Title`), or one of another table (`title` written after
    /// `[digest]`, `concurrency` under `[digest]`), as a sentence; nil when neither.
    static func hint(for key: String, among keys: Set<String>, at path: [String]) -> String? {
        if let near = TOMLGuard.nearest(to: key, among: keys.sorted(), shortest: 5) { return "did you mean '\(near)'?" }
        guard path.count <= 1 else { return nil }
        let here = path.first ?? ""
        // Spelt as a key is (`base-url` is `base_url`); a table's name is no key to move.
        let name = TOMLGuard.keySpelling(key)
        for (table, names) in Configuration.tableKeys.sorted(by: { $0.key < $1.key })
        where table != here && names.contains(name) && Configuration.tableKeys[name] == nil {
            return table.isEmpty
                ? "'\(name)' belongs at the top of the file, before the first [table]."
                : "'\(name)' belongs in the [\(table)] table."
        }
        return nil
    }

    /// A name from the file as a message repeats it: whole up to 80 characters, else its start
    /// and "…" (a key a megabyte long is not printed whole).
    static func shortened(_ name: String) -> String {
        name.count <= 80 ? name : name.prefix(60) + "…"
    }

    func string(_ key: String, in table: TOMLTable, at path: [String]) throws(ConfigurationError) -> String? {
        guard let value = table[key] else { return nil }
        guard let string = value.string else { throw mismatch(path + [key], "a string", value) }
        return string
    }

    /// A string that reaches pages: checked by `Configuration.textProblem`.
    func text(_ key: String, in table: TOMLTable, at path: [String], maxCharacters: Int) throws(ConfigurationError)
        -> String?
    {
        guard let value = try string(key, in: table, at: path) else { return nil }
        if let problem = Configuration.textProblem(
            value, name: (path + [key]).joined(separator: "."), maxCharacters: maxCharacters)
        {
            throw error(at: path + [key], problem)
        }
        return value
    }

    /// Account names (or `@me`, the token's owner, where `allowsMe`), each checked by
    /// `Configuration.loginProblem`. A login goes into request paths, so one GitHub cannot
    /// have (`..`, `a/b`) is an error here, not a request to a wrong place.
    func logins(_ key: String, in table: TOMLTable, at path: [String], allowsMe: Bool) throws(ConfigurationError)
        -> [String]
    {
        let logins = try strings(key, in: table, at: path) ?? []
        for login in logins {
            if let problem = Configuration.loginProblem(
                login, name: (path + [key]).joined(separator: "."), allowsMe: allowsMe)
            {
                throw error(at: path + [key], problem)
            }
        }
        return logins
    }

    func int(_ key: String, in table: TOMLTable, at path: [String]) throws(ConfigurationError) -> Int? {
        guard let value = table[key] else { return nil }
        guard let int = value.int else { throw mismatch(path + [key], "an integer", value) }
        return int
    }

    /// The same, refused naming the bounds (and `why`, where they have a reason) outside `range`.
    func int(_ key: String, in table: TOMLTable, at path: [String], within range: ClosedRange<Int>, why: String = "")
        throws(ConfigurationError) -> Int?
    {
        guard let int = try int(key, in: table, at: path) else { return nil }
        guard range.contains(int) else {
            throw error(
                at: path + [key],
                "'\((path + [key]).joined(separator: "."))' must be between \(range.lowerBound) and \(range.upperBound)\(why), found \(int)"
            )
        }
        return int
    }

    func bool(_ key: String, in table: TOMLTable, at path: [String]) throws(ConfigurationError) -> Bool? {
        guard let value = table[key] else { return nil }
        guard let bool = value.bool else { throw mismatch(path + [key], "true or false", value) }
        return bool
    }

    /// A string that must be one of an enumeration's raw values.
    func choice<Choice: RawRepresentable & CaseIterable>(
        _ key: String, in table: TOMLTable, at path: [String]
    ) throws(ConfigurationError) -> Choice? where Choice.RawValue == String {
        guard let text = try string(key, in: table, at: path) else { return nil }
        guard let value = Choice(rawValue: text) else {
            throw error(
                at: path + [key],
                "'\((path + [key]).joined(separator: "."))' must be one of "
                    + Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + ", found \"\(text)\"")
        }
        return value
    }

    func table(_ key: String, in table: TOMLTable, at path: [String]) throws(ConfigurationError) -> TOMLTable? {
        guard let value = table[key] else { return nil }
        guard let nested = value.table else { throw mismatch(path + [key], "a table", value) }
        return nested
    }

    func strings(_ key: String, in table: TOMLTable, at path: [String]) throws(ConfigurationError) -> [String]? {
        guard let value = table[key] else { return nil }
        guard let array = value.array else { throw mismatch(path + [key], "an array of strings", value) }
        var strings: [String] = []
        for element in array {
            guard let string = element.string else { throw mismatch(path + [key], "an array of strings", element) }
            strings.append(string)
        }
        return strings
    }

    /// The saved searches, each with a name, a query and its options checked. A mistake in
    /// one is said at the line where that search starts, with its number and name.
    func searches(in digest: TOMLTable, at path: [String]) throws(ConfigurationError) -> [SavedSearch] {
        guard let value = digest["searches"] else { return [] }
        let keyPath = path + ["searches"]
        let expected = "an array of tables like { name = \"…\", query = \"…\" }"
        guard let array = value.array else { throw mismatch(keyPath, expected, value) }
        var searches: [SavedSearch] = []
        for (index, element) in array.enumerated() {
            let name = element.table?["name"]?.string
            do throws(ConfigurationError) {
                searches.append(try search(element, at: keyPath, after: searches))
            } catch {
                var error = error
                // The key's own line where it is in this search (`[[digest.searches]]` tables
                // one key a line), else the line where this search starts.
                if let start = TOMLGuard.line(ofElement: index, in: keyPath, text: text) {
                    let next = TOMLGuard.line(ofElement: index + 1, in: keyPath, text: text) ?? Int.max
                    if !(error.line.map { start < $0 && $0 < next } ?? false) { error.line = start }
                }
                error.column = error.line.map { _ in 1 }
                let named = name.flatMap {
                    Configuration.textProblem($0, name: "", maxCharacters: 80) == nil ? $0 : nil
                }
                error.message = "search \(index + 1)" + (named.map { " ('\($0)')" } ?? "") + ": " + error.message
                throw error
            }
        }
        return searches
    }

    /// One saved search, `element` of the array at `keyPath`, after the `earlier` ones.
    private func search(_ element: any TOMLValueConvertible, at keyPath: [String], after earlier: [SavedSearch])
        throws(ConfigurationError) -> SavedSearch
    {
        let expected = "a table like { name = \"…\", query = \"…\" }"
        guard let search = element.table else { throw mismatch(keyPath, expected, element) }
        try allow(["name", "query", "sort", "limit"], in: search, at: keyPath)
        guard let name = try string("name", in: search, at: keyPath), !name.isEmpty,
            let query = try string("query", in: search, at: keyPath), !query.isEmpty
        else { throw error(at: keyPath, "every search needs a non-empty name and query") }
        for (label, value, limit) in [
            ("name", name, Configuration.maxSearchNameCharacters),
            ("query", query, Configuration.maxSearchQueryCharacters),
        ] {
            if let problem = Configuration.textProblem(value, name: "a search's \(label)", maxCharacters: limit) {
                throw error(at: keyPath, problem)
            }
        }
        var saved = SavedSearch(name: name, query: query)
        if let sort = try string("sort", in: search, at: keyPath) {
            guard let value = SavedSearch.Sort(rawValue: sort) else {
                throw error(
                    at: keyPath,
                    "sort must be one of " + SavedSearch.Sort.allCases.map(\.rawValue).joined(separator: ", ")
                        + ", found '\(sort)'")
            }
            saved.sort = value
        }
        if let limit = try int("limit", in: search, at: keyPath) {
            guard (1...1000).contains(limit) else {
                throw error(at: keyPath, "limit must be between 1 and 1000 (GitHub's cap), found \(limit)")
            }
            saved.limit = limit
        }
        guard !earlier.contains(where: { $0.name == name }) else {
            throw error(at: keyPath, "another search before it is named '\(name)'")
        }
        return saved
    }

    func mismatch(_ path: [String], _ expected: String, _ value: any TOMLValueConvertible) -> ConfigurationError {
        error(at: path, "'\(path.joined(separator: "."))' must be \(expected), found \(value.type)")
    }

    /// An error at the line where the key's value is written.
    func error(at path: [String], _ message: String) -> ConfigurationError {
        let line = line(of: path)
        return ConfigurationError(source: source, line: line, column: line.map { _ in 1 }, message: message)
    }

    /// The line where a key is written (`TOMLGuard.line(of:in:)`).
    func line(of path: [String]) -> Int? {
        TOMLGuard.line(of: path, in: text)
    }
}

extension Configuration {
    /// Whether a URL's text names a user or a password: an `@` before its path, with or
    /// without `//` (`user:pw@host` and `http:user:pw@host` are read so too).
    static func holdsUserInfo(_ text: String) -> Bool {
        authority(of: text).contains("@")
    }

    /// What comes before a URL's path, after its `//` (or its start without one): the user,
    /// the host and the port.
    private static func authority(of text: String) -> Substring {
        let afterScheme = text.range(of: "://").map { text[$0.upperBound...] } ?? text[...]
        return afterScheme.prefix { !"/?#".contains($0) }
    }

    /// What a URL's text holds that no server can be reached at or no browser reads alike: a
    /// port past 65535 or not a number, a `%` not followed by two hex digits. Nil when neither.
    static func portOrEscapeProblem(_ text: String) -> String? {
        let authority = authority(of: text)
        // The port follows the last ':' of the authority, unless that ':' is inside an IPv6 `[…]`.
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            let port = authority[authority.index(after: colon)...]
            // Digits only: `Int` reads "+80" too, which no browser does.
            guard port.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(port), (1...65535).contains(number)
            else {
                return "has the port '\(port)', which is not a number from 1 to 65535"
            }
        }
        var rest = text[...]
        while let percent = rest.firstIndex(of: "%") {
            let digits = rest[rest.index(after: percent)...].prefix(2)
            guard digits.count == 2, digits.allSatisfy(\.isHexDigit) else {
                return "has '%\(digits)', but '%' must be followed by two hex digits (write '%25' for '%' itself)"
            }
            rest = rest[rest.index(after: percent)...]
        }
        return nil
    }

    /// An API root the client can talk to: `https://…` (or `http://…` for a test server).
    public static func isAPIURL(_ text: String) -> Bool {
        apiURLProblem(text) == nil
    }

    /// Why `text` cannot be the API root, or nil when it can: an absolute http(s) URL with a
    /// host, no user name or password (the URL is logged and keys every cached answer; the
    /// token comes from the environment), no query or fragment (request paths follow it).
    public static func apiURLProblem(_ text: String) -> String? {
        // First, so that no message below repeats a password.
        if holdsUserInfo(text) {
            return "must not hold a user name or password (the URL is logged and kept in the cache; "
                + "the token is read from GITHUB_TOKEN or GH_TOKEN)"
        }
        // Then the length, as `baseURLProblem` checks it: no message quotes a long value.
        guard text.utf8.count <= maxURLCharacters else {
            return
                "must be an absolute http(s) URL of at most \(maxURLCharacters) characters, found \(text.utf8.count) bytes"
        }
        guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty,
            components.scheme == "https" || components.scheme == "http"
        else {
            // `HTTPS://`: a URL all the same, but every address the client compares is written
            // in lower case; said as what to change, not as no URL.
            if let scheme = URLComponents(string: text)?.scheme, ["http", "https"].contains(scheme.lowercased()) {
                return "must begin with '\(scheme.lowercased())://' in lower case, found '\(text)'"
            }
            return "must be an absolute http(s) URL, found '\(text)'"
        }
        if components.query != nil || components.fragment != nil {
            return "must not hold a query ('?') or a fragment ('#'): request paths are appended to it, found '\(text)'"
        }
        return portOrEscapeProblem(text).map { "\($0), found '\(text)'" }
    }
}
