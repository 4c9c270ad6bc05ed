import Foundation

/// Warnings the data layer wants a person to read (a cache set aside, a cache that failed),
/// collected for the composition root to print; `once` for a warning that may arise many
/// times in one run (each answer of a failing cache), `add` for one said where it arises.
public final class WarningLog: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    public init() {}

    public var all: [String] { lock.withLock { messages } }

    func add(_ message: String) {
        lock.withLock { messages.append(message) }
    }

    func once(_ message: String) {
        lock.withLock {
            if !messages.contains(message) { messages.append(message) }
        }
    }
}
