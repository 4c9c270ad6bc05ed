import Foundation
import Testing

@testable import BuildPipeline

@Suite struct RunLockTests {
    /// A state folder that cannot be made is said for what stands in its way.
    @Test func aFolderThatCannotBeMadeIsSaidForWhatIsInTheWay() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "runlock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("x".utf8).write(to: root.appending(path: "file"))
        try FileManager.default.createSymbolicLink(atPath: root.appending(path: "a").path, withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: root.appending(path: "b").path, withDestinationPath: "a")

        let underFile = #expect(throws: RunLockError.self) {
            try RunLock(stateDirectory: root.appending(path: "file/st"))
        }
        #expect("\(underFile!)".hasSuffix("file is a file, not a folder"), "\(underFile!)")
        let looped = #expect(throws: RunLockError.self) { try RunLock(stateDirectory: root.appending(path: "a")) }
        #expect("\(looped!)".hasSuffix("a is a symbolic link that leads round in a loop"), "\(looped!)")
        #expect(RunLock.whyNoFolder(root.appending(path: "new/deeper")) == nil, "a folder that is merely missing")
        try FileManager.default.createSymbolicLink(
            atPath: root.appending(path: "gone").path, withDestinationPath: "nowhere")
        #expect(
            RunLock.whyNoFolder(root.appending(path: "gone/st"))?.hasSuffix(
                "gone is a symbolic link to something that does not exist") == true)
        #expect(
            RunLock.whyNoFolder(URL(fileURLWithPath: root.path + "/file/../st"))?.hasSuffix(
                "file is a file, not a folder") == true)
    }
}
