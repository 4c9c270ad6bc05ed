import Foundation

/// `repodigest-bench --measured RESULT PROGRAM ARGUMENTS…`: runs PROGRAM and writes its exit
/// status, wall time, peak RSS and processor time to RESULT. Started by `ChildProcess` as a fresh, small
/// process, so that PROGRAM's peak is its own: Linux carries the high-water mark of the
/// memory a process had before `exec` into the program it becomes, and the benchmark
/// itself holds hundreds of megabytes of synthetic data.
struct Measured {
    static let flag = "--measured"
    static var program: String { URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path }

    var status: Int32
    /// When the program was started, by the wall clock (the helper's own start comes before).
    var started: Date
    var wall: Double
    /// Peak resident set size, in MB.
    var peakRSS: Double
    /// Processor time, user and system, in seconds: on a shared machine, steadier than the
    /// wall time, which other work stretches.
    var cpu: Double

    init?(file: String) {
        let fields = ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: " ")
        guard fields.count == 5, let status = Int32(fields[0]), let wall = Double(fields[1]),
            let peak = Double(fields[2]),
            let started = Double(fields[3]), let cpu = Double(fields[4])
        else { return nil }
        self.cpu = cpu
        self.status = status
        self.started = Date(timeIntervalSince1970: started)
        self.wall = wall
        self.peakRSS = peak
    }

    /// The `--measured` mode's whole work; standard output and error pass through.
    static func main(_ arguments: [String]) -> Never {
        guard arguments.count >= 2 else { exit(2) }
        var usage = rusage()
        let started = Date().timeIntervalSince1970
        let start = ContinuousClock.now
        let status =
            (try? ChildProcess.spawn(
                arguments[1], Array(arguments.dropFirst(2)), stdout: nil, stderr: nil,
                environment: ProcessInfo.processInfo.environment, usage: &usage)) ?? 127
        let wall = (ContinuousClock.now - start).seconds
        let cpu = [usage.ru_utime, usage.ru_stime].reduce(0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6 }
        let line = "\(status) \(wall) \(Double(usage.ru_maxrss) / 1024) \(started) \(cpu)"
        exit((try? Data(line.utf8).write(to: URL(fileURLWithPath: arguments[0]))) == nil ? 1 : 0)
    }
}
