import Dispatch
import Foundation
import Synchronization

/// Work spread over every core: one worker per core takes the next index until none is left,
/// so a slow page (a long README) holds up one worker, not a fixed share of the site.
enum Parallel {
    static var workers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Calls `body` once for each index in `0..<count`, on all cores. After the first error no
    /// new index is started, and that error is thrown once every worker has stopped.
    static func forEach(_ count: Int, _ body: @Sendable (Int) throws -> Void) throws {
        let next = Atomic<Int>(0)
        let failure = Mutex<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: min(workers, max(count, 1))) { _ in
            while failure.withLock({ $0 == nil }) {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                do {
                    try body(index)
                } catch {
                    failure.withLock { if $0 == nil { $0 = error } }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// `transform` of each index, in index order, computed on all cores.
    static func map<T>(_ count: Int, _ transform: @Sendable (Int) throws -> T) throws -> [T] {
        var results = [T?](repeating: nil, count: count)
        try results.withUnsafeMutableBufferPointer { buffer in
            let slots = Slots(base: buffer.baseAddress)
            try forEach(count) { index in slots.base![index] = try transform(index) }
        }
        return results.map { $0! }
    }

    /// The results' storage, shared by the workers: each index is written exactly once, by one
    /// worker, before `forEach` returns, so no two threads ever touch one slot.
    private struct Slots<T>: @unchecked Sendable {
        let base: UnsafeMutablePointer<T?>?
    }
}
