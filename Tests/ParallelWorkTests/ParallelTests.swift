import Foundation
import ParallelWork
import Synchronization
import Testing

@Suite struct ParallelTests {
    struct Failure: Error, Equatable { var index: Int }

    @Test("map gives every index's result in index order")
    func mapKeepsOrder() {
        #expect(Parallel.map(1_000) { $0 * 2 } == (0..<1_000).map { $0 * 2 })
        #expect(Parallel.map(0) { $0 }.isEmpty)
        #expect(Array(0..<300).concurrentMap { String($0) } == (0..<300).map { String($0) })
    }

    @Test("forEach throws the first error, and starts no index after it")
    func forEachStopsAtAnError() {
        let started = Atomic<Int>(0)
        #expect(throws: Failure(index: 0)) {
            try Parallel.forEach(10_000) { (index) throws(Failure) in
                started.add(1, ordering: .relaxed)
                if index == 0 { throw Failure(index: 0) }
                Thread.sleep(forTimeInterval: 0.0001)
            }
        }
        #expect(started.load(ordering: .relaxed) < 10_000)
    }

    @Test("map that fails frees every result it made, and throws the error")
    func mapFreesWhatItMadeOnAnError() {
        let made = Atomic<Int>(0)
        let freed = Atomic<Int>(0)
        #expect(throws: Failure(index: 500)) {
            _ = try Parallel.map(1_000) { (index) throws(Failure) in
                if index == 500 { throw Failure(index: 500) }
                made.add(1, ordering: .relaxed)
                return Tracked { freed.add(1, ordering: .relaxed) }
            }
        }
        #expect(made.load(ordering: .relaxed) > 0)
        #expect(freed.load(ordering: .relaxed) == made.load(ordering: .relaxed))
    }

    @Test("map beside gives every result in order and runs the work beside it once")
    func mapBesideGivesBothResults() {
        let runs = Atomic<Int>(0)
        let (squares, strings) = Parallel.map(
            500,
            beside: {
                runs.wrappingAdd(1, ordering: .relaxed)
                return (0..<3).map { "\($0)" }
            }
        ) { $0 * $0 }
        #expect(squares == (0..<500).map { $0 * $0 })
        #expect(strings == ["0", "1", "2"])
        #expect(runs.load(ordering: .relaxed) == 1)
        let (none, alone) = Parallel.map(0, beside: { "alone" }) { $0 }
        #expect(none.isEmpty && alone == "alone")
    }

    @Test("map beside goes on with the indexes on the worker that ran the work beside")
    func mapBesideKeepsItsWorker() throws {
        // The work beside holds its worker a while, the others start on the indexes meanwhile;
        // nested in another apply, as `Parallel.both` had it, it ran on a thread of its own.
        let besideThread = Mutex<pthread_t?>(nil)
        let indexThreads = Mutex<Set<pthread_t>>([])
        _ = Parallel.map(
            Parallel.workers * 20,
            beside: {
                besideThread.withLock { $0 = pthread_self() }
                Thread.sleep(forTimeInterval: 0.02)
            }
        ) { _ in
            Thread.sleep(forTimeInterval: 0.002)
            indexThreads.withLock { _ = $0.insert(pthread_self()) }
        }
        let thread = try #require(besideThread.withLock { $0 })
        #expect(indexThreads.withLock { $0.contains(thread) })
    }

    final class Tracked: Sendable {
        let freed: @Sendable () -> Void
        init(freed: @escaping @Sendable () -> Void) { self.freed = freed }
        deinit { freed() }
    }

    @Test("release frees a value nothing else holds, on another thread")
    func releaseFreesElsewhere() {
        let freedOn = Mutex<pthread_t?>(nil)
        Parallel.release(Tracked { freedOn.withLock { $0 = pthread_self() } })
        for _ in 0..<500 where freedOn.withLock({ $0 == nil }) { Thread.sleep(forTimeInterval: 0.01) }
        let thread = freedOn.withLock { $0 }
        #expect(thread != nil)
        #expect(thread.map { pthread_equal($0, pthread_self()) == 0 } == true)
    }
}
