// fuzz TARGET [FILE|FOLDER ...]   replays inputs through a target (any build)
// fuzz TARGET [libFuzzer options]   fuzzes the target (built by `make fuzz` only)
//
// Targets are the bodies in FuzzTargets (`FuzzTargets.all`).
import Foundation
import FuzzTargets

#if FUZZING
    internal import CFuzzer
#endif

@main
enum Fuzz {
    /// The target libFuzzer calls: a C callback cannot capture, so it reads this. Set once,
    /// before fuzzing starts, on the only thread that exists then.
    nonisolated(unsafe) static var target: (@Sendable ([UInt8]) -> Void)?

    static func main() throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first, let body = FuzzTargets.all[name] else {
            FileHandle.standardError.write(
                Data(
                    "usage: fuzz TARGET [FILE|FOLDER... | libFuzzer options]; targets: \(FuzzTargets.all.keys.sorted().joined(separator: ", "))\n"
                        .utf8))
            exit(1)
        }
        let rest = Array(arguments.dropFirst())
        #if FUZZING
            if rest.isEmpty || rest.contains(where: { $0.hasPrefix("-") }) || rest.allSatisfy(isFolder) {
                target = body
                exit(runLibFuzzer(arguments: [CommandLine.arguments[0]] + rest))
            }
        #endif
        var count = 0
        for input in rest.flatMap(files) {
            body(Array(try Data(contentsOf: input)))
            count += 1
        }
        print("\(name): \(count) inputs replayed, no invariant broken")
    }

    #if FUZZING
        /// libFuzzer sees the arguments without the target's name: the rest are its options and
        /// corpus folders.
        private static func runLibFuzzer(arguments: [String]) -> Int32 {
            var argc = Int32(arguments.count)
            var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            return pointers.withUnsafeMutableBufferPointer { buffer in
                var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buffer.baseAddress
                return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                    Fuzz.target?(Array(UnsafeBufferPointer(start: data, count: size)))
                    return 0
                }
            }
        }
    #endif

    private static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// A file, or every file in a folder, sorted.
    private static func files(_ path: String) -> [URL] {
        guard isFolder(path) else { return [URL(fileURLWithPath: path)] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { URL(fileURLWithPath: path).appending(path: $0) }
    }
}
