import Foundation

/// What the figures were measured on: they mean little without it.
enum Machine {
    static func describe() -> String {
        let cpu =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last!.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        let memory = ProcessInfo.processInfo.physicalMemory / 1_073_741_824
        let load = ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "").split(separator: " ").prefix(
            3)
        let hugo =
            (try? ChildProcess(executable: "hugo", arguments: ["version"]).run().standardOutput)?
            .split(separator: " ").dropFirst().first.map(String.init) ?? "not found"
        return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) GB; Linux "
            + "\(ProcessInfo.processInfo.operatingSystemVersionString); Hugo \(hugo); "
            + "load average at start \(load.joined(separator: " "))"
    }
}
