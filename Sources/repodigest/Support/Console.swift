import Foundation

/// Messages for people: progress on standard error unless `--quiet`, problems always.
/// Standard output is kept for what a script may want to read (the published path).
struct Console: Sendable {
    var quiet = false

    func info(_ message: String) {
        guard !quiet else { return }
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    func warning(_ message: String) {
        FileHandle.standardError.write(Data(("warning: " + message + "\n").utf8))
    }

    func error(_ message: String) {
        FileHandle.standardError.write(Data(("error: " + message + "\n").utf8))
    }

    func result(_ message: String) {
        print(message)
    }
}
