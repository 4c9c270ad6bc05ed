import TOMLGuard
internal import TOMLKit

/// A theme's TOML (`theme.toml`, a locale catalogue), parsed: TOMLGuard first, since toml++
/// aborts on some malformed input, then TOMLKit. A failure says where, for the caller's error.
enum TOMLFile {
    struct Problem: Error {
        var line: Int
        var column: Int
        var reason: String
    }

    static func table(_ text: String) throws(Problem) -> TOMLTable {
        do {
            if let problem = TOMLGuard.problem(in: text) {
                // What comes before the fault may hold an earlier one, which TOMLKit names.
                _ = try TOMLTable(string: problem.textBefore)
                throw Problem(line: problem.line, column: problem.column, reason: problem.message)
            }
            return try TOMLTable(string: text)
        } catch let problem as Problem {
            throw problem
        } catch let error as TOMLParseError {
            throw Problem(
                line: error.source.begin.line, column: error.source.begin.column,
                reason: TOMLGuard.reworded(error.description))
        } catch {
            throw Problem(line: 1, column: 1, reason: "\(error)")
        }
    }
}
