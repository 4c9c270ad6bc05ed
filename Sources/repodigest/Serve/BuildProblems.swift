import Foundation
import Synchronization

/// Why the latest build of `serve` failed, while it stays failed: the request handler then
/// answers pages with the message rather than the stale site, so the person editing a
/// template sees the error where they are looking, not only in the terminal.
final class BuildProblems: Sendable {
    private let lines: Mutex<[String]?>

    init(_ lines: [String]? = nil) {
        self.lines = Mutex(lines)
    }

    /// Nil once a build succeeds again.
    func set(_ new: [String]?) {
        lines.withLock { $0 = new }
    }

    var current: [String]? {
        lines.withLock { $0 }
    }
}
