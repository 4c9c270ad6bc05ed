import Foundation

extension Array where Element: Sendable {
    /// `map` on every core, the results in order: for the translations made once per
    /// repository (10,000 cards and as many pages), which depend on nothing but their own.
    func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        guard count >= 256 else { return map(transform) }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = Slots(base: buffer.baseAddress!)
            // Strided, so every worker takes a share of the cheap and the costly alike.
            let workers = ProcessInfo.processInfo.activeProcessorCount * 4
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for index in Swift.stride(from: worker, to: count, by: workers) {
                    (slots.base + index).initialize(to: transform(self[index]))
                }
            }
            initialized = count
        }
    }
}

/// Each worker writes only the slots of its own indexes.
private struct Slots<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
}
