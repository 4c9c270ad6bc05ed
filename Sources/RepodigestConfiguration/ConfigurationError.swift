/// A configuration that cannot be used: where, and what was expected.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    /// What is at fault: the file, an environment variable, a command-line option
    /// (`--base-url`) or a theme (`theme 'name'`).
    public var source: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(source: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.source = source
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        let position = [line, column].compactMap { $0 }.map { ":\($0)" }.joined()
        return "\(source)\(position): \(message)"
    }
}
