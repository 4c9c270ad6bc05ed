import Foundation
import FuzzTargets
import Testing

/// Every seed and every crash `make fuzz` ever found, replayed through the same target
/// bodies: a finding, once fixed, stays fixed.
@Suite struct FuzzRegressionTests {
    static let fuzz = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Fuzz")

    static func inputs(_ target: String) -> [URL] {
        ["Corpus", "Regressions"].flatMap { kind -> [URL] in
            let folder = fuzz.appending(path: "\(kind)/\(target)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appending(path: $0) }
        }
    }

    @Test(arguments: FuzzTargets.all.keys.sorted())
    func everyKnownInputKeepsTheInvariant(_ target: String) throws {
        let inputs = Self.inputs(target)
        #expect(!inputs.isEmpty, "Tests/Fuzz/Corpus/\(target) has seeds")
        for input in inputs {
            FuzzTargets.all[target]!(Array(try Data(contentsOf: input)))
        }
    }
}
