import Foundation

/// `writing [##########··········]  50% 552/1105` on one terminal line, redrawn in place only
/// when the percentage moves, and wiped when the phase ends so the next message starts clean.
final class ProgressBar {
    let phase: String
    let colour: Bool
    private var drawn = -1
    static let width = 24

    init(phase: String, colour: Bool) {
        self.phase = phase
        self.colour = colour
    }

    func update(_ done: Int, of total: Int) {
        guard total > 0 else { return }
        let percent = min(100, done * 100 / total)
        guard percent != drawn else { return }
        drawn = percent
        let filled = Self.width * percent / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: "·", count: Self.width - filled)
        let shown = colour ? "\u{1B}[32m\(bar)\u{1B}[0m" : bar
        write("\r\(phase) [\(shown)] \(String(percent).leftPadded(to: 3))% \(done)/\(total)\u{1B}[K")
    }

    func finish() {
        guard drawn >= 0 else { return }
        write("\r\u{1B}[2K")
        drawn = -1
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
