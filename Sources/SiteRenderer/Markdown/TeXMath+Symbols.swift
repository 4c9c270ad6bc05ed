extension TeXMath {
    /// An operator that takes its scripts under and over it in display (`\sum`, `\lim`).
    static let limits = " movablelimits=\"true\""
    /// A delimiter that `\left`, `\right` or an environment stretches to its content.
    static let fence = " stretchy=\"true\""
    /// A delimiter written as a character, which TeX does not stretch (MathML would).
    private static let fixed = " stretchy=\"false\""
    /// A bar or a slash, which TeX sets as a letter, with no space around it (`|x|`, `\|v\|`, `a/b`).
    private static let bar = " stretchy=\"false\" lspace=\"0\" rspace=\"0\""

    /// What a command or a character stands for: kept as plain values rather than as
    /// `Node`s, whose boxes a table held for the program's life would keep (and which
    /// LeakSanitizer, reading tagged pointers, takes for leaks).
    struct Symbol: Sendable {
        enum Kind: Sendable { case identifier, upright, op, function }
        var kind: Kind
        var text: String
        var attributes = ""

        static func op(_ text: String, attributes: String = "") -> Symbol {
            Symbol(kind: .op, text: text, attributes: attributes)
        }
        static func identifier(_ text: String, upright: Bool = false) -> Symbol {
            Symbol(kind: upright ? .upright : .identifier, text: text)
        }
        static func function(_ name: String) -> Symbol { Symbol(kind: .function, text: name) }

        var node: Node {
            switch kind {
            case .identifier: .identifier(text)
            case .upright: .identifier(text, upright: true)
            case .op: .op(text, attributes: attributes)
            case .function: .function(text)
            }
        }
    }

    /// Characters that are not what a letter or a number would make.
    static let characters: [Unicode.Scalar: Symbol] = [
        "-": .op("\u{2212}"), "*": .op("\u{2217}"), "(": .op("(", attributes: fixed),
        ")": .op(")", attributes: fixed), "[": .op("[", attributes: fixed), "]": .op("]", attributes: fixed),
        "|": .op("|", attributes: bar), "/": .op("/", attributes: bar),
    ]

    /// Commands that stand for one symbol, by name (without the `\`).
    static let symbols: [String: Symbol] = {
        var table: [String: Symbol] = [:]
        let lowerGreek: [String: String] = [
            "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "\u{03F5}", "varepsilon": "ε",
            "zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "lambda": "λ",
            "mu": "μ", "nu": "ν", "xi": "ξ", "omicron": "ο", "pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ",
            "sigma": "σ", "varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "\u{03D5}", "varphi": "φ", "chi": "χ",
            "psi": "ψ", "omega": "ω",
        ]
        for (name, letter) in lowerGreek { table[name] = .identifier(letter) }
        let upperGreek: [String: String] = [
            "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ",
            "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
        ]
        for (name, letter) in upperGreek { table[name] = .identifier(letter, upright: true) }
        let ordinary: [String: String] = [
            "infty": "∞", "partial": "∂", "nabla": "∇", "emptyset": "∅", "varnothing": "∅", "aleph": "ℵ",
            "hbar": "ℏ", "ell": "ℓ", "Re": "ℜ", "Im": "ℑ", "wp": "℘", "imath": "ı", "jmath": "ȷ", "top": "⊤",
            "bot": "⊥", "angle": "∠", "triangle": "△", "prime": "′", "checkmark": "✓", "degree": "°", "S": "§",
            "P": "¶", "copyright": "©", "pounds": "£", "dag": "†", "ddag": "‡", "clubsuit": "♣",
            "diamondsuit": "♢", "heartsuit": "♡", "spadesuit": "♠", "flat": "♭", "natural": "♮", "sharp": "♯",
            "Box": "□", "square": "□", "blacksquare": "■", "Diamond": "◊", "lozenge": "◊", "star": "⋆",
        ]
        for (name, symbol) in ordinary { table[name] = .identifier(symbol, upright: true) }
        let operators: [String: String] = [
            "pm": "±", "mp": "∓", "times": "×", "div": "÷", "cdot": "⋅", "ast": "∗", "circ": "∘", "bullet": "∙",
            "oplus": "⊕", "ominus": "⊖", "otimes": "⊗", "oslash": "⊘", "odot": "⊙", "cup": "∪", "cap": "∩",
            "sqcup": "⊔", "sqcap": "⊓", "uplus": "⊎", "vee": "∨", "lor": "∨", "wedge": "∧", "land": "∧",
            "setminus": "∖", "smallsetminus": "∖", "wr": "≀", "dagger": "†", "ddagger": "‡", "amalg": "⨿",
            "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "leqslant": "⩽", "geqslant": "⩾", "ne": "≠", "neq": "≠",
            "lt": "<", "gt": ">", "equiv": "≡", "approx": "≈", "sim": "∼", "simeq": "≃", "cong": "≅",
            "propto": "∝", "ll": "≪", "gg": "≫", "prec": "≺", "succ": "≻", "preceq": "⪯", "succeq": "⪰",
            "subset": "⊂", "supset": "⊃", "subseteq": "⊆", "supseteq": "⊇", "subsetneq": "⊊", "supsetneq": "⊋",
            "in": "∈", "notin": "∉", "ni": "∋", "mid": "∣", "nmid": "∤", "parallel": "∥", "perp": "⊥",
            "vdash": "⊢", "dashv": "⊣", "models": "⊨", "asymp": "≍", "doteq": "≐", "triangleq": "≜",
            "coloneqq": "≔", "approxeq": "≊", "lesssim": "≲", "gtrsim": "≳", "to": "→", "rightarrow": "→",
            "leftarrow": "←", "gets": "←", "leftrightarrow": "↔", "Rightarrow": "⇒", "Leftarrow": "⇐",
            "Leftrightarrow": "⇔", "implies": "⟹", "impliedby": "⟸", "iff": "⟺", "mapsto": "↦",
            "longrightarrow": "⟶", "longleftarrow": "⟵", "longleftrightarrow": "⟷", "longmapsto": "⟼",
            "Longrightarrow": "⟹", "Longleftarrow": "⟸", "Longleftrightarrow": "⟺", "uparrow": "↑",
            "downarrow": "↓", "updownarrow": "↕", "Uparrow": "⇑", "Downarrow": "⇓", "nearrow": "↗",
            "searrow": "↘", "swarrow": "↙", "nwarrow": "↖", "hookrightarrow": "↪", "hookleftarrow": "↩",
            "rightharpoonup": "⇀", "leftharpoonup": "↼", "rightleftharpoons": "⇌", "leadsto": "⇝",
            "forall": "∀", "exists": "∃", "nexists": "∄", "neg": "¬", "lnot": "¬", "therefore": "∴",
            "because": "∵", "ldots": "…", "dots": "…", "dotsc": "…", "dotsb": "⋯", "cdots": "⋯", "vdots": "⋮",
            "ddots": "⋱", "colon": ":", "cdotp": "⋅", "vert": "|", "lvert": "|", "rvert": "|", "Vert": "‖",
            "lVert": "‖", "rVert": "‖", "|": "‖", "langle": "⟨", "rangle": "⟩", "lceil": "⌈", "rceil": "⌉",
            "lfloor": "⌊", "rfloor": "⌋", "{": "{", "}": "}", "lbrace": "{", "rbrace": "}", "lbrack": "[",
            "rbrack": "]", "#": "#", "$": "$", "%": "%", "&": "&", "_": "_", "backslash": "\\", "bmod": "mod",
            "mod": "mod", "circledast": "⊛", "boxplus": "⊞", "boxtimes": "⊠", "diamond": "⋄",
            "bigtriangleup": "△", "bigtriangledown": "▽", "triangleleft": "◃", "triangleright": "▹",
            "intercal": "⊺", "dotsm": "⋯", "dotsi": "⋯", "iddots": "⋰", "lhd": "⊲", "rhd": "⊳", "unlhd": "⊴",
            "unrhd": "⊵", "sqsubseteq": "⊑", "sqsupseteq": "⊒",
        ]
        for (name, symbol) in operators {
            let isDelimiter = delimiters.values.contains(symbol) && symbol != "\\"
            table[name] = .op(symbol, attributes: symbol == "|" || symbol == "‖" ? bar : isDelimiter ? fixed : "")
        }
        // amssymb's negated and other relations, arrows and binary operators, as MathJax (GitHub's) sets them.
        let amsOperators: [String: String] = [
            "nleq": "≰", "ngeq": "≱", "nless": "≮", "ngtr": "≯", "nsubseteq": "⊈", "nsupseteq": "⊉",
            "nparallel": "∦", "nsim": "≁", "ncong": "≇", "nvdash": "⊬", "nvDash": "⊭", "nRightarrow": "⇏",
            "nLeftarrow": "⇍", "nrightarrow": "↛", "nleftarrow": "↚", "nLeftrightarrow": "⇎", "nleftrightarrow": "↮",
            "leqq": "≦", "geqq": "≧", "lll": "⋘", "ggg": "⋙", "lessgtr": "≶", "gtrless": "≷", "subsetneqq": "⫋",
            "supsetneqq": "⫌", "Subset": "⋐", "Supset": "⋑", "sqsubset": "⊏", "sqsupset": "⊐", "bowtie": "⋈",
            "Join": "⨝", "smile": "⌣", "frown": "⌢", "multimap": "⊸", "circlearrowleft": "↺",
            "circlearrowright": "↻", "curvearrowleft": "↶", "curvearrowright": "↷", "rightsquigarrow": "⇝",
            "twoheadrightarrow": "↠", "twoheadleftarrow": "↞", "rightrightarrows": "⇉", "leftleftarrows": "⇇",
            "upharpoonright": "↾", "downharpoonright": "⇂", "Lsh": "↰", "Rsh": "↱", "dotplus": "∔", "ltimes": "⋉",
            "rtimes": "⋊", "leftthreetimes": "⋋", "rightthreetimes": "⋌", "centerdot": "⋅", "divideontimes": "⋇",
            "barwedge": "⌅", "veebar": "⊻", "curlyvee": "⋎", "curlywedge": "⋏", "boxminus": "⊟", "boxdot": "⊡",
            "circleddash": "⊝", "circledcirc": "⊚", "eqcirc": "≖", "circeq": "≗", "backsim": "∽", "backsimeq": "⋍",
            "lessdot": "⋖", "gtrdot": "⋗", "eqslantless": "⪕", "eqslantgtr": "⪖", "precsim": "≾", "succsim": "≿",
            "vartriangleleft": "⊲", "vartriangleright": "⊳", "trianglelefteq": "⊴", "trianglerighteq": "⊵",
            "between": "≬", "pitchfork": "⋔", "blacktriangleleft": "◂", "blacktriangleright": "▸",
        ]
        for (name, symbol) in amsOperators { table[name] = .op(symbol) }
        let amsOrdinary: [String: String] = [
            "complement": "∁", "euro": "€", "yen": "¥", "mho": "℧", "eth": "ð", "beth": "ℶ", "gimel": "ℷ",
            "daleth": "ℸ", "backprime": "‵", "blacklozenge": "⧫", "bigstar": "★", "sphericalangle": "∢",
            "measuredangle": "∡", "circledS": "Ⓢ", "Finv": "Ⅎ", "Game": "⅁",
        ]
        for (name, symbol) in amsOrdinary { table[name] = .identifier(symbol, upright: true) }
        // Large operators: their scripts go under and over in display, beside them in a line.
        let large: [String: String] = [
            "sum": "∑", "prod": "∏", "coprod": "∐", "bigcup": "⋃", "bigcap": "⋂", "bigoplus": "⨁",
            "bigotimes": "⨂", "bigodot": "⨀", "biguplus": "⨄", "bigsqcup": "⨆", "bigvee": "⋁", "bigwedge": "⋀",
        ]
        for (name, symbol) in large { table[name] = .op(symbol, attributes: limits) }
        // Integrals keep their scripts beside them, as TeX sets them.
        for (name, symbol) in ["int": "∫", "iint": "∬", "iiint": "∭", "oint": "∮", "intop": "∫"] {
            table[name] = .op(symbol)
        }
        for name in ["lim", "max", "min", "sup", "inf", "det", "gcd", "Pr", "argmax", "argmin"] {
            table[name] = .op(name, attributes: limits)
        }
        table["limsup"] = .op("lim sup", attributes: limits)
        table["liminf"] = .op("lim inf", attributes: limits)
        let functions = [
            "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "coth",
            "log", "ln", "lg", "exp", "ker", "dim", "deg", "arg", "hom", "sgn",
        ]
        for name in functions { table[name] = .function(name) }
        return table
    }()

    /// Delimiters `\left`, `\right` and the `\big` sizes take by name.
    static let delimiters: [String: String] = [
        "{": "{", "}": "}", "lbrace": "{", "rbrace": "}", "langle": "⟨", "rangle": "⟩", "lvert": "|", "rvert": "|",
        "vert": "|", "Vert": "‖", "|": "‖", "lVert": "‖", "rVert": "‖", "lceil": "⌈", "rceil": "⌉", "lfloor": "⌊",
        "rfloor": "⌋", "lbrack": "[", "rbrack": "]", "backslash": "\\", "uparrow": "↑", "downarrow": "↓",
        "lgroup": "⟮", "rgroup": "⟯",
    ]

    /// `\big(` and its kin: the delimiter's height.
    static let delimiterSizes: [String: String] = {
        var sizes: [String: String] = [:]
        for (name, size) in ["big": "1.2em", "Big": "1.623em", "bigg": "2.047em", "Bigg": "2.470em"] {
            for suffix in ["", "l", "r", "m"] { sizes[name + suffix] = size }
        }
        return sizes
    }()

    /// Spaces by command name.
    static let spaces: [String: String] = [
        ",": "0.1667em", ":": "0.2222em", ">": "0.2222em", ";": "0.2778em", " ": "0.25em", "quad": "1em",
        "qquad": "2em", "enspace": "0.5em", "thinspace": "0.1667em", "medspace": "0.2222em",
        "thickspace": "0.2778em", "space": "0.25em",
    ]

    /// A mark over or under its base.
    struct Accent: Sendable {
        var mark: String
        var over = true
        var stretchy = false
    }

    static let accents: [String: Accent] = [
        "hat": Accent(mark: "^"), "widehat": Accent(mark: "^", stretchy: true), "check": Accent(mark: "ˇ"),
        "breve": Accent(mark: "˘"), "acute": Accent(mark: "´"), "grave": Accent(mark: "`"),
        "mathring": Accent(mark: "˚"), "dot": Accent(mark: "˙"), "ddot": Accent(mark: "¨"),
        "tilde": Accent(mark: "~"), "widetilde": Accent(mark: "~", stretchy: true), "bar": Accent(mark: "¯"),
        "overline": Accent(mark: "‾", stretchy: true), "vec": Accent(mark: "→"),
        "overrightarrow": Accent(mark: "→", stretchy: true), "overleftarrow": Accent(mark: "←", stretchy: true),
        "overbrace": Accent(mark: "\u{23DE}", stretchy: true),
        "underbrace": Accent(mark: "\u{23DF}", over: false, stretchy: true),
        "underline": Accent(mark: "_", over: false, stretchy: true),
    ]

    /// A table environment: the delimiters around it and how its columns align.
    struct Environment: Sendable {
        var open: String?
        var close: String?
        var columnAlign: String?
        /// `smallmatrix`: set as in a line of text.
        var small = false
    }

    static let environments: [String: Environment] = {
        var table: [String: Environment] = [
            "matrix": Environment(), "smallmatrix": Environment(small: true), "array": Environment(),
            "pmatrix": Environment(open: "(", close: ")"), "bmatrix": Environment(open: "[", close: "]"),
            "Bmatrix": Environment(open: "{", close: "}"), "vmatrix": Environment(open: "|", close: "|"),
            "Vmatrix": Environment(open: "‖", close: "‖"),
            "cases": Environment(open: "{", columnAlign: "left left"),
            "rcases": Environment(close: "}", columnAlign: "left left"),
        ]
        for name in ["aligned", "align", "align*", "split", "eqnarray", "eqnarray*", "alignat", "alignedat"] {
            table[name] = Environment(columnAlign: "right left right left right left")
        }
        for name in ["gathered", "gather", "gather*", "equation", "equation*", "multline", "multline*"] {
            table[name] = Environment()
        }
        return table
    }()

    /// A relation with a `\not` before it, as its own negated character where Unicode has one.
    static func negated(_ symbol: String) -> String {
        negations[symbol] ?? symbol + "\u{0338}"
    }

    private static let negations: [String: String] = [
        "=": "≠", "<": "≮", ">": "≯", "∈": "∉", "≡": "≢", "⊂": "⊄", "⊃": "⊅", "⊆": "⊈", "⊇": "⊉", "∼": "≁", "≈": "≉",
        "≤": "≰", "≥": "≱", "∃": "∄", "∣": "∤", "∥": "∦", "≅": "≇", "≃": "≄", "≺": "⊀", "≻": "⊁",
    ]
}
