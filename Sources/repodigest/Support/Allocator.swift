import Foundation

/// The process's allocator settings: glibc's `mallopt(3)`, looked up at run time, as Glibc's
/// Swift module does not export `malloc.h`. Its parameter numbers are glibc's.
enum Allocator {
    private typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
    private static let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
    private static let topPad: Int32 = -2  // M_TOP_PAD
    private static let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD

    /// Blocks of 64 KB and more (a page's HTML, a README, a cached answer) are mapped for
    /// themselves and unmapped when freed, and freed memory is given back past 64 KB. glibc
    /// would otherwise raise both thresholds as the build frees such blocks, and keep them in
    /// each thread's arena: a cold build of 10,000 repositories peaked at 155–175 MB of
    /// memory instead of 137–139, for no measurable gain in time (`make bench`).
    static func returnLargeBlocksAtOnce() {
        set(mmapThreshold, 64 * 1024)
        set(trimThreshold, 64 * 1024)
    }

    /// For a build that carries a published site over (no `--force`): each arena keeps 64 MB
    /// spare at its top instead of giving freed memory back at once. Such a run makes and
    /// drops a value or two for each of the site's repositories at every step, and the
    /// kernel's page faults for memory given back and touched again were a tenth of its
    /// processor time; padded, a one-change run at 10,000 repositories took 0.91–1.00 s of
    /// processor time against 1.08–1.15 s (`make bench`, alternated). Not for a cold or
    /// forced build, which renders every page: its peak memory rose from some 120 MB to
    /// 136–149 MB with the pad, past the 130 MB the cold build is held to.
    static func keepSpareForCarryingBuild() {
        set(topPad, 64 * 1024 * 1024)
    }

    private static func set(_ parameter: Int32, _ value: Int32) {
        guard let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: MallOpt.self)(parameter, value)
    }
}
