internal import ArgumentParser
import Foundation
import SiteRenderer

/// `repodigest validate DIR`: the build's gate, for any folder.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a site folder with the rules every build must pass.",
        discussion:
            "Exits 0 when every file passes, 4 when any finding is printed, 1 when the folder holds no page."
    )

    @Argument(help: ArgumentHelp("The site folder to check.", valueName: "dir"))
    var directory: String

    func run() throws {
        let console = Console()
        guard !directory.isEmpty else {
            console.error("validate: an empty path; name the site's folder")
            throw ExitStatus.failure
        }
        if let problem = RealPath.folderProblem(URL(fileURLWithPath: directory)) {
            let said = problem == "not a folder" ? "not a folder (validate checks a site's folder)" : problem
            console.error("\(directory): \(said)")
            throw ExitStatus.failure
        }
        let (findings, usersFiles, pages) = try SiteValidator().validate(
            directory: URL(fileURLWithPath: directory), usersKinds: true)
        // As a build carries them: what kind of file the user keeps is theirs to judge; a page
        // among them is still a page of the site, and checked.
        let skipped =
            usersFiles == 0
            ? "" : " (\(usersFiles) file(s) of yours, which the build carries: their kinds not judged, pages checked)"
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        Console.shown(Console.folded(findings, prefix: folder)).forEach(console.error)
        guard findings.isEmpty else {
            console.error("\(findings.count) finding(s)\(skipped)")
            throw ExitStatus.invalidOutput
        }
        guard pages > 0 else {
            // A mistyped folder, or a build's output not there yet, must not pass as a valid site;
            // nor may one whose only pages are in `.git`, which no check reads.
            console.error("\(directory): holds no page (no .html file outside .git), so it is not a site's folder")
            throw ExitStatus.failure
        }
        console.result("\(directory): no findings\(skipped)")
    }
}
