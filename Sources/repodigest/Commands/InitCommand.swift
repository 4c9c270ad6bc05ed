internal import ArgumentParser
import Foundation
import RepodigestConfiguration

/// `repodigest init`: a commented `repodigest.toml` to start from.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented repodigest.toml that explains every key.",
        discussion: "It builds as it is with `repodigest build --sample --config repodigest.toml`."
    )

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp("Where to write it. Default: repodigest.toml.", valueName: "file"))
    var configOption: String?
    var config: String { configOption ?? "repodigest.toml" }

    @Flag(name: .long, help: "Replace the file if it exists.")
    var force = false

    func run() throws {
        let console = Console()
        guard !config.isEmpty else {
            console.error("--config: a file name is needed")
            throw ExitStatus.failure
        }
        // `dir/` names a folder: the file would be made as `dir`, which no command then reads.
        guard !config.hasSuffix("/") else {
            console.error("--config: \(config) names a folder; name the file, such as \(config)repodigest.toml")
            throw ExitStatus.failure
        }
        let url = URL(fileURLWithPath: config)
        let data = Data(Configuration.starter.utf8)
        // --force replaces a configuration, never what a path names otherwise: a link's target
        // would be left as it was and the link made a file, a device or a FIFO a plain file.
        if force, let kind = Self.notARegularFile(config) {
            console.error("\(config) is \(kind); --force replaces only a regular file, so it was left as it is")
            throw ExitStatus.failure
        }
        // The replaced file's permissions are the new one's: a private or read-only
        // configuration stays so (the atomic write makes a new file, 644).
        var replaced = stat()
        let mode = force && stat(config, &replaced) == 0 ? replaced.st_mode & 0o777 : nil
        do {
            // Without --force the file is created only if absent, in one step: no check-then-write race.
            try data.write(to: url, options: force ? [.atomic] : [.withoutOverwriting])
            if let mode { _ = chmod(config, mode) }
        } catch let error as CocoaError where error.code == .fileWriteFileExists {
            let what = Self.notARegularFile(config).map { "is \($0)" } ?? "already exists"
            console.error("\(config) \(what); it was left as it is (pass --force to replace a file)")
            throw ExitStatus.failure
        } catch {
            console.error(
                "\(config): cannot write: \(Self.writeProblem(config) ?? (error as NSError).localizedDescription)")
            throw ExitStatus.failure
        }
        console.info("Wrote \(config). Try it: repodigest build --sample --config \(Self.shellWord(config))")
        console.result(url.standardizedFileURL.path)
    }

    /// Why a file cannot be made at `path`, in the system's words, found by making one beside
    /// it (Foundation's own say "The file doesn't exist" for a folder that does not, and
    /// "error 512" for a path through a file); nil when one can be made.
    static func writeProblem(_ path: String) -> String? {
        let name = URL(fileURLWithPath: path).lastPathComponent
        if name.utf8.count > NAME_MAX {
            return "its name is \(name.utf8.count) bytes long; a name may have \(NAME_MAX)"
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let probe = "\(folder)/.repodigest-init-\(getpid())"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor < 0 else {
            close(descriptor)
            unlink(probe)
            return nil
        }
        let reason = String(cString: strerror(errno))
        switch errno {
        case ENOENT where access(folder, F_OK) != 0: return "the folder \(folder) does not exist; make it first"
        case ENOTDIR: return "a part of \(folder) is not a folder"
        default: return "\(reason) (in \(folder))"
        }
    }

    /// What is at `path` when it is there and not a regular file, said for a message.
    static func notARegularFile(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: return "a symbolic link"
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "not a regular file"
        }
    }

    /// `path` as one word of a shell command line to copy: as it is when it holds only
    /// characters no shell reads specially, else in single quotes; one with a control
    /// character (a line break), which the console shows escaped, in bash's and zsh's `$'…'`,
    /// each such character written as its escape, so the line shown is the one to type.
    static func shellWord(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-+,:@%".unicodeScalars.contains($0)
        }
        // A leading dash would be read as an option: `./-x.toml` is the same file.
        if path.hasPrefix("-") { return shellWord("./" + path) }
        if plain && !path.isEmpty { return path }
        guard path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        var word = "$'"
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\\", "'": word += "\\" + String(scalar)
            case "\n": word += "\\n"
            case "\t": word += "\\t"
            case _ where scalar.properties.generalCategory == .control:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                word +=
                    scalar.value < 0x80
                    ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                    : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: word.unicodeScalars.append(scalar)
            }
        }
        return word + "'"
    }
}
