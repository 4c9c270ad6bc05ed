import Dispatch
import Foundation
import Synchronization

/// Work spread over every core: one worker per core takes the next index until none is left,
/// so a slow item (a long README) holds up one worker, not a fixed share of the rest.
public enum Parallel {
    public static var workers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Calls `body` once for each index in `0..<count`, on all cores. After the first error no
    /// new index is started, and that error is thrown once every worker has stopped.
    public static func forEach<Failure: Error>(_ count: Int, _ body: @Sendable (Int) throws(Failure) -> Void)
        throws(Failure)
    {
        let next = Atomic<Int>(0)
        let failure = Mutex<Failure?>(nil)
        DispatchQueue.concurrentPerform(iterations: min(workers, max(count, 1))) { _ in
            while failure.withLock({ $0 == nil }) {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                do throws(Failure) {
                    try body(index)
                } catch {
                    failure.withLock { if $0 == nil { $0 = error } }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// `transform` of each index, in index order, computed on all cores.
    public static func map<T, Failure: Error>(_ count: Int, _ transform: @Sendable (Int) throws(Failure) -> T)
        throws(Failure) -> [T]
    {
        var results = [T?](repeating: nil, count: count)
        try results.withUnsafeMutableBufferPointer { (buffer) throws(Failure) in
            let slots = Slots(base: buffer.baseAddress)
            try forEach(count) { (index) throws(Failure) in slots.base![index] = try transform(index) }
        }
        return results.map { $0! }
    }

    /// `first` and `second` side by side, for two pieces of work that need nothing of each
    /// other (one of them may itself use every core); both results once both are done.
    public static func both<A, B>(_ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (A, B) {
        var a: A?
        var b: B?
        withUnsafeMutablePointer(to: &a) { a in
            withUnsafeMutablePointer(to: &b) { b in
                let slots = (Slots(base: a), Slots(base: b))
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 { slots.0.base!.pointee = first() } else { slots.1.base!.pointee = second() }
                }
            }
        }
        return (a!, b!)
    }

    /// Lets go of `value` on another thread: freeing what a build held (10,000 pages' models,
    /// the marker's entries) takes tens of milliseconds the caller need not wait for. Only a
    /// value nothing else holds is freed there; a copy kept elsewhere outlives it as ever.
    public static func release<T: Sendable>(_ value: consuming T) {
        let held = Held(value: value)
        Task.detached(priority: .background) { withExtendedLifetime(held) {} }
    }

    private final class Held<T: Sendable>: Sendable {
        let value: T
        init(value: consuming T) { self.value = value }
    }

    /// The results' storage, shared by the workers: each index is written exactly once, by one
    /// worker, before `forEach` returns, so no two threads ever touch one slot.
    private struct Slots<T>: @unchecked Sendable {
        let base: UnsafeMutablePointer<T?>?
    }
}

extension Array where Element: Sendable {
    /// `map` on every core, the results in order, for work that depends on nothing but its
    /// own element (a repository's card, a kept answer's decoding); a short array is mapped
    /// in place, where starting the workers would cost more than the work.
    public func concurrentMap<T>(_ transform: @Sendable (Element) -> T) -> [T] {
        guard count >= 256 else { return map(transform) }
        return Parallel.map(count) { transform(self[$0]) }
    }
}
