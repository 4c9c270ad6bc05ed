import Foundation

/// The process's allocator settings: glibc's `mallopt(3)`, looked up at run time, as Glibc's
/// Swift module does not export `malloc.h`. Its parameter numbers are glibc's.
enum Allocator {
    private typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
    private static let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
    private static let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD

    /// Blocks of 64 KB and more (a page's HTML, a README, a cached answer) are mapped for
    /// themselves and unmapped when freed, and freed memory is given back past 64 KB. glibc
    /// would otherwise raise both thresholds as the build frees such blocks, and keep them in
    /// each thread's arena: a cold build of 10,000 repositories peaked at 155–175 MB of
    /// memory instead of 137–139, for no measurable gain in time (`make bench`). Nor is a
    /// top pad kept (`M_TOP_PAD`), even for a build that only carries a published site over:
    /// 64 MB made such a run's time move within the noise (0.59–0.70 s against 0.67–0.74 s
    /// at 10,000 repositories) for 35–40 MB more memory (docs/benchmarks.md, 2026-11-29).
    static func returnLargeBlocksAtOnce() {
        set(mmapThreshold, 64 * 1024)
        set(trimThreshold, 64 * 1024)
    }

    private static func set(_ parameter: Int32, _ value: Int32) {
        guard let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: MallOpt.self)(parameter, value)
    }
}
