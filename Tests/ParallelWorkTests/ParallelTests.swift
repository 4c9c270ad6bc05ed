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

    @Test("both runs the two pieces of work, one of which may itself use every core")
    func bothGivesBothResults() {
        let (sum, strings) = Parallel.both(
            { Parallel.map(500) { $0 }.reduce(0, +) }, { (0..<3).map { "\($0)" } })
        #expect(sum == 124_750)
        #expect(strings == ["0", "1", "2"])
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
