/// A language the site cannot be built in, or a catalogue that cannot be used: the language
/// and the catalogues there are, or the file at fault and the key where there is one.
public enum LocaleError: Error, Equatable, CustomStringConvertible {
    /// No built-in catalogue and no theme of the line has one for the language.
    case unknownLanguage(String, available: [String])
    /// A catalogue that is not TOML (a value that is not a string is an `entry`).
    case unreadable(file: String, line: Int, column: Int, reason: String)
    /// A key of a catalogue: unknown, not a string, a bad placeholder, a control character;
    /// with the line it is written on, where the file's text is at hand.
    case entry(file: String, key: String, reason: String, line: Int? = nil)

    public var description: String {
        switch self {
        case .unknownLanguage(let language, let available):
            return "no catalogue for the language '\(language)': the languages available are "
                + available.joined(separator: ", ") + " (a theme folder may add one as locales/\(language).toml)"
        case .unreadable(let file, let line, let column, let reason):
            return "\(file):\(line):\(column): catalogue error: \(reason)"
        case .entry(let file, let key, let reason, let line):
            return "\(file)\(line.map { ":\($0):1" } ?? ""): catalogue key '\(key)': \(reason)"
        }
    }
}
