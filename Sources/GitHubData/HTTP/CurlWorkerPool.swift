import Foundation

/// A few dedicated threads, each with its own easy handle, running blocking libcurl transfers
/// so that they never occupy Swift's cooperative thread pool. The number of threads is the
/// concurrency limit: a request beyond it waits in the queue, never on the network.
final class CurlWorkerPool: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var queue: [CurlJob] = []
    private var idle = 0
    private var threads = 0
    private var stopping = false

    private let width: Int
    private let configuration: CurlHTTPClient.Configuration

    init(configuration: CurlHTTPClient.Configuration) {
        self.width = configuration.concurrency
        self.configuration = configuration
    }

    /// Queues a job, starting another worker only while fewer than `width` exist and none is free.
    func submit(_ job: CurlJob) {
        condition.lock()
        defer { condition.unlock() }
        guard !stopping else {
            job.finish(.failure(CancellationError()))
            return
        }
        queue.append(job)
        if idle == 0 && threads < width {
            threads += 1
            let thread = Thread { [self] in work() }
            thread.name = "repodigest-curl-\(threads)"
            thread.start()
        } else {
            condition.signal()
        }
    }

    /// Lets the workers end once the queue is empty; jobs still queued are cancelled.
    func shutdown() {
        condition.lock()
        stopping = true
        let abandoned = queue
        queue.removeAll()
        condition.broadcast()
        condition.unlock()
        abandoned.forEach { $0.finish(.failure(CancellationError())) }
    }

    private func work() {
        guard let handle = CurlEasyHandle() else {
            failAll(HTTPClientError(.other, url: "", detail: "libcurl could not create a handle"))
            return
        }
        while let job = next() {
            guard !job.isCancelled else {
                job.finish(.failure(CancellationError()))
                continue
            }
            job.finish(
                Result {
                    try handle.perform(
                        url: job.url, headers: job.headers, body: job.body, configuration: configuration,
                        isCancelled: { job.isCancelled })
                })
        }
    }

    private func next() -> CurlJob? {
        condition.lock()
        defer { condition.unlock() }
        idle += 1
        while queue.isEmpty && !stopping { condition.wait() }
        idle -= 1
        guard !queue.isEmpty else {
            threads -= 1
            return nil
        }
        return queue.removeFirst()
    }

    private func failAll(_ error: HTTPClientError) {
        condition.lock()
        threads -= 1
        let failed = threads == 0 ? queue : []
        if threads == 0 { queue.removeAll() }
        condition.unlock()
        failed.forEach { $0.finish(.failure(error)) }
    }
}
