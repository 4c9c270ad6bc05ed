extension TeXMath {
    /// `\mathbf` and its kin. MathML Core draws a letter bold, double-struck or script only
    /// as Unicode's mathematical letter of that style (`𝐱`, `ℝ`, `𝒜`), so the letters
    /// become those; `\mathrm` sets single letters upright.
    enum Font: Sendable {
        case roman, bold, italic, boldItalic, script, fraktur, doubleStruck, sansSerif, monospace

        /// Where each style's capital A, small a and digit 0 are, in Mathematical Alphanumeric Symbols.
        private var starts: (capital: UInt32, small: UInt32, digit: UInt32?)? {
            switch self {
            case .roman: nil
            case .bold: (0x1D400, 0x1D41A, 0x1D7CE)
            case .italic: (0x1D434, 0x1D44E, nil)
            case .boldItalic: (0x1D468, 0x1D482, 0x1D7CE)
            case .script: (0x1D49C, 0x1D4B6, nil)
            case .fraktur: (0x1D504, 0x1D51E, nil)
            case .doubleStruck: (0x1D538, 0x1D552, 0x1D7D8)
            case .sansSerif: (0x1D5A0, 0x1D5BA, 0x1D7E2)
            case .monospace: (0x1D670, 0x1D68A, 0x1D7F6)
            }
        }

        /// Letters Unicode had already (Letterlike Symbols), whose places in the block are empty.
        private var exceptions: [Unicode.Scalar: Unicode.Scalar] {
            switch self {
            case .italic: ["h": "\u{210E}"]
            case .script:
                [
                    "B": "\u{212C}", "E": "\u{2130}", "F": "\u{2131}", "H": "\u{210B}", "I": "\u{2110}",
                    "L": "\u{2112}", "M": "\u{2133}", "R": "\u{211B}", "e": "\u{212F}", "g": "\u{210A}",
                    "o": "\u{2134}",
                ]
            case .fraktur: ["C": "\u{212D}", "H": "\u{210C}", "I": "\u{2111}", "R": "\u{211C}", "Z": "\u{2128}"]
            case .doubleStruck:
                [
                    "C": "\u{2102}", "H": "\u{210D}", "N": "\u{2115}", "P": "\u{2119}", "Q": "\u{211A}",
                    "R": "\u{211D}", "Z": "\u{2124}",
                ]
            default: [:]
            }
        }

        /// Where the style's capital Alpha is, for the styles Unicode has Greek letters in.
        private var greekStart: UInt32? {
            switch self {
            case .bold: 0x1D6A8
            case .italic: 0x1D6E2
            case .boldItalic: 0x1D71C
            default: nil
            }
        }

        /// A Greek letter's place after the style's capital Alpha: the capitals, ∇, the small
        /// letters, then ∂ and the variant forms, in the order of Mathematical Alphanumeric Symbols.
        private static func greekOffset(_ value: UInt32) -> UInt32? {
            switch value {
            case 0x391...0x3A9: value - 0x391
            case 0x3B1...0x3C9: value - 0x3B1 + 26
            default:
                [0x3F4: 17, 0x2207: 25, 0x2202: 51, 0x3F5: 52, 0x3D1: 53, 0x3F0: 54, 0x3D5: 55, 0x3F1: 56, 0x3D6: 57][
                    value]
            }
        }

        /// `text`'s ASCII letters and digits in this style; every other character as it is.
        func letters(_ text: String) -> String {
            guard let starts else { return text }
            let exceptions = self.exceptions
            var styled = ""
            for scalar in text.unicodeScalars {
                let value = scalar.value
                let mapped: Unicode.Scalar? =
                    if let exception = exceptions[scalar] {
                        exception
                    } else if (0x41...0x5A).contains(value) {
                        Unicode.Scalar(starts.capital + value - 0x41)
                    } else if (0x61...0x7A).contains(value) {
                        Unicode.Scalar(starts.small + value - 0x61)
                    } else if (0x30...0x39).contains(value), let digit = starts.digit {
                        Unicode.Scalar(digit + value - 0x30)
                    } else if let greek = greekStart, let offset = Self.greekOffset(value) {
                        Unicode.Scalar(greek + offset)
                    } else {
                        nil
                    }
                styled.unicodeScalars.append(mapped ?? scalar)
            }
            return styled
        }

        /// The node with its letters in this style, through its rows and scripts.
        func applied(to node: Node) -> Node {
            switch node {
            case .row(let nodes) where self == .roman:
                // `\mathrm{RTT}` is one name, as a function's: one `<mi>`, not three letters.
                return .row(
                    nodes.map(applied).reduce(into: []) { merged, node in
                        if case .identifier(let name, _) = node, case .identifier(let before, _)? = merged.last {
                            merged[merged.count - 1] = .identifier(before + name, upright: true)
                        } else {
                            merged.append(node)
                        }
                    })
            case .row(let nodes): return .row(nodes.map(applied))
            case .identifier(let name, let upright):
                guard self != .roman else { return .identifier(name, upright: true) }
                // A letter made a mathematical one is drawn as it is: no "upright" to say.
                let styled = letters(name)
                return .identifier(styled, upright: upright && styled == name)
            case .number(let digits): return .number(letters(digits))
            case .text(let text): return .text(letters(text))
            case .scripts(let base, let sub, let sup, let limits):
                return .scripts(applied(to: base), sub: sub.map(applied), sup: sup.map(applied), limits: limits)
            default: return node
            }
        }
    }

    /// The font commands, by name.
    static let fonts: [String: Font] = [
        "mathrm": .roman, "mathup": .roman, "mathbf": .bold, "boldsymbol": .boldItalic, "bm": .boldItalic,
        "mathbfit": .boldItalic, "mathit": .italic, "mathcal": .script, "mathscr": .script, "mathfrak": .fraktur,
        "mathbb": .doubleStruck, "mathsf": .sansSerif, "mathtt": .monospace,
    ]

    /// The switches of plain TeX (`{\rm d}x`), which set the rest of their group.
    static let fontSwitches: [String: Font] = [
        "rm": .roman, "bf": .bold, "it": .italic, "cal": .script, "sf": .sansSerif, "tt": .monospace,
    ]
}
