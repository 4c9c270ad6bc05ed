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
        // Each result goes straight into its place in the array: kept as optionals, every
        // result was copied once more to unwrap it (10,000 repository pages a build).
        var made = [Bool](repeating: false, count: count)
        var failure: Failure?
        let results = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            made.withUnsafeMutableBufferPointer { made in
                let slots = Slots(results: buffer.baseAddress, made: made.baseAddress)
                do throws(Failure) {
                    try forEach(count) { (index) throws(Failure) in
                        (slots.results! + index).initialize(to: try transform(index))
                        slots.made![index] = true
                    }
                    initialized = count
                } catch {
                    for index in 0..<count where made[index] { (buffer.baseAddress! + index).deinitialize(count: 1) }
                    failure = error
                }
            }
        }
        if let failure { throw failure }
        return results
    }

    /// `transform` of each index, as `map` gives them, and `beside` run once by the same
    /// workers: work for one core (grouping, sorting) beside work for every core. The first
    /// worker runs `beside` before its first index, then goes on with the indexes left. (Two
    /// pieces of work side by side, one of them a `map`, left that `map` one core: libdispatch
    /// runs an apply inside another on the thread it is on, so the core `beside` freed sat idle.)
    public static func map<T, B: Sendable>(
        _ count: Int, beside: @Sendable () -> B, _ transform: @Sendable (Int) -> T
    ) -> ([T], B) {
        guard count > 0 else { return ([], beside()) }
        let besideResult = Mutex<B?>(nil)
        let started = Atomic<Bool>(false)
        let results = map(count) { index in
            if !started.exchange(true, ordering: .relaxed) {
                let result = beside()
                besideResult.withLock { $0 = result }
            }
            return transform(index)
        }
        return (results, besideResult.withLock { $0! })
    }

    /// Lets go of `value` on another thread: freeing what a build held (10,000 pages' models,
    /// the marker's entries) takes tens of milliseconds the caller need not wait for. Only a
    /// value nothing else holds is freed there; a copy kept elsewhere outlives it as ever.
    public static func release<T: Sendable>(_ value: consuming T) {
        // The task holds the one reference: were this function to keep one too, a task done
        // before it returns would leave the freeing to the caller after all.
        let held = Handover(Unmanaged.passRetained(Held(value: value)))
        Task.detached(priority: .background) { held.reference.release() }
    }

    /// A reference handed to the task that lets go of it, and held by nothing else.
    private struct Handover<T: Sendable>: @unchecked Sendable {
        let reference: Unmanaged<Held<T>>
        init(_ reference: Unmanaged<Held<T>>) { self.reference = reference }
    }

    private final class Held<T: Sendable>: Sendable {
        let value: T
        init(value: consuming T) { self.value = value }
    }

    /// The results' storage, shared by the workers: each index is written exactly once, by one
    /// worker, before `forEach` returns, so no two threads ever touch one slot.
    private struct Slots<T>: @unchecked Sendable {
        let results: UnsafeMutablePointer<T>?
        /// Which results were made, to free them if another index fails.
        let made: UnsafeMutablePointer<Bool>?
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
