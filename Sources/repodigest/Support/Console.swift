import Foundation
import GitHubData

/// Messages for people and log collectors, on standard error: progress unless `--quiet`,
/// warnings and errors always. Standard output is kept for what a script may want to read
/// (the published path unless `--quiet`, the address `serve` listens on).
struct Console: Sendable {
    /// `--log-format`: lines for people, or one JSON object per line for log collectors.
    enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    enum Level: String, Sendable {
        case info, warning, error
    }

    var quiet = false
    var format = Format.text
    /// Standard error is a terminal: cron, pipes and files get plain lines, no bar, no colour.
    var isTerminal: Bool
    /// Colour on a terminal, unless `NO_COLOR` is set (https://no-color.org) or `TERM=dumb`.
    var colour: Bool
    /// Hides the token's value (as `GitHubToken` trims it) in every line. A value too short to
    /// be a token is refused without being said, and is not hidden: a blank or a letter
    /// would garble every line, and the refusal itself.
    var redactor: Redactor

    init(
        quiet: Bool = false, format: Format = .text, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.quiet = quiet
        self.format = format
        redactor = Redactor(
            secrets: ["GITHUB_TOKEN", "GH_TOKEN"].compactMap {
                environment[$0]?.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            .filter { $0.utf8.count >= GitHubToken.minimumLength })
        isTerminal = isatty(STDERR_FILENO) == 1
        colour =
            isTerminal && format == .text && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    func info(_ message: String, fields: [String: any Sendable] = [:]) {
        guard !quiet else { return }
        log(.info, message, fields)
    }

    func warning(_ message: String) { log(.warning, message) }
    func warning(_ message: String, fields: [String: any Sendable]) { log(.warning, message, fields) }

    func error(_ message: String) { log(.error, message) }
    func error(_ message: String, fields: [String: any Sendable]) { log(.error, message, fields) }

    /// Written at once, unbuffered: a script (or a test) waiting for the line sees it now.
    func result(_ message: String) {
        FileHandle.standardOutput.write(Data((message + "\n").utf8))
    }

    /// The published site's `index.html`, unless `--quiet`: a cron job that succeeded then
    /// prints nothing at all, and cron mails only when something is wrong.
    func published(_ index: String) {
        guard !quiet else { return }
        result(index)
    }

    /// A bar for a long phase, only where a person watches: a terminal, text, not `--quiet`.
    func progress(_ phase: String) -> ProgressBar? {
        guard isTerminal, format == .text, !quiet else { return nil }
        return ProgressBar(phase: phase, colour: colour)
    }

    func log(_ level: Level, _ message: String, _ fields: [String: any Sendable] = [:]) {
        let line: String
        switch format {
        case .text:
            line = prefix(level) + TerminalText.escaped(redactor(message))
        case .json:
            let fields = fields.mapValues { value -> any Sendable in
                guard let text = value as? String else { return value }
                return redactor(text)
            }
            line = Self.json(level, redactor(message), fields)
        }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private func prefix(_ level: Level) -> String {
        switch (level, colour) {
        case (.info, _): return ""
        case (.warning, false): return "warning: "
        case (.error, false): return "error: "
        case (.warning, true): return "\u{1B}[33mwarning:\u{1B}[0m "
        case (.error, true): return "\u{1B}[1;31merror:\u{1B}[0m "
        }
    }

    /// `{"level":…,"message":…,"time":…}` plus the fields, keys sorted, on one line.
    static func json(_ level: Level, _ message: String, _ fields: [String: any Sendable], now: Date = Date()) -> String
    {
        var object: [String: Any] = [:]
        for (key, value) in fields {
            object[key] = JSONSerialization.isValidJSONObject([value]) ? value : "\(value)"
        }
        object["time"] = now.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        object["level"] = level.rawValue
        object["message"] = message
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
        return TerminalText.escapedJSON(String(decoding: data, as: UTF8.self))
    }
}
