/// One rule a published file breaks, and where.
public struct Finding: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Path relative to the site's folder.
    public var file: String
    public var line: Int
    public var column: Int
    /// A short stable name of the rule, e.g. `duplicate-id`, `broken-link`.
    public var rule: String
    public var message: String

    public init(file: String, line: Int, column: Int, rule: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.rule = rule
        self.message = message
    }

    public var description: String { "\(file):\(line):\(column): \(message) [\(rule)]" }

    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.rule) < (rhs.file, rhs.line, rhs.column, rhs.rule)
    }
}
