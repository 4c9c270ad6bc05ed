import Foundation

/// Warnings the data layer wants a person to read (a cache set aside, a cache that failed),
/// collected for the composition root to print; `once` for a warning that may arise many
/// times in one run (each answer of a failing cache), `add` for one said where it arises.
public final class WarningLog: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    /// How many of `messages` `untold()` has handed out.
    private var told = 0

    public init() {}

    public var all: [String] { lock.withLock { messages } }

    /// The warnings added since the last call: a run says each once, as it comes (a cache
    /// that cannot be written is found long after the store was made).
    public func untold() -> [String] {
        lock.withLock {
            defer { told = messages.count }
            return Array(messages[told...])
        }
    }

    func add(_ message: String) {
        lock.withLock { messages.append(message) }
    }

    func once(_ message: String) {
        lock.withLock {
            if !messages.contains(message) { messages.append(message) }
        }
    }
}
