/// GitHub's colour for each language (from github-linguist's `languages.yml`), compiled in:
/// the dot beside a language should be the one readers know from GitHub, and no build may
/// fetch it. Languages missing here get no dot, which is how GitHub shows those too.
enum LanguageColors {
    /// `#rrggbb` for a language, matched without regard to case.
    static func hex(for language: String) -> String? {
        table[language.lowercased()]
    }

    private static let table: [String: String] = [
        "ada": "#02f88c", "apex": "#1797c0", "assembly": "#6e4c13", "astro": "#ff5a03",
        "c": "#555555", "c#": "#178600", "c++": "#f34b7d", "clojure": "#db5855",
        "cmake": "#da3434", "coffeescript": "#244776", "common lisp": "#3fb68b", "crystal": "#000100",
        "css": "#663399", "cuda": "#3a4e3a", "d": "#ba595e", "dart": "#00b4ab",
        "dockerfile": "#384d54", "elixir": "#6e4a7e", "elm": "#60b5cc", "emacs lisp": "#c065db",
        "erlang": "#b83998", "f#": "#b845fc", "fortran": "#4d41b1", "gdscript": "#355570",
        "gleam": "#ffaff3", "go": "#00add8", "groovy": "#4298b8", "haskell": "#5e5086",
        "haxe": "#df7900", "hcl": "#844fba", "html": "#e34c26", "java": "#b07219",
        "javascript": "#f1e05a", "jsonnet": "#0064bd", "julia": "#a270ba", "jupyter notebook": "#da5b0b",
        "kotlin": "#a97bff", "less": "#1d365d", "lua": "#000080", "makefile": "#427819",
        "markdown": "#083fa1", "matlab": "#e16737", "mdx": "#fcb32c", "meson": "#007800",
        "mojo": "#ff4c1f", "nim": "#ffc200", "nix": "#7e7eff", "objective-c": "#438eff",
        "objective-c++": "#6866fb", "ocaml": "#ef7a08", "pascal": "#e3f171", "perl": "#0298c3",
        "php": "#4f5d95", "powershell": "#012456", "prolog": "#74283c", "purescript": "#1d222d",
        "python": "#3572a5", "r": "#198ce7", "racket": "#3c5caa", "raku": "#0000fb",
        "reason": "#ff5847", "roff": "#ecdebe", "ruby": "#701516", "rust": "#dea584",
        "sass": "#a53b70", "scala": "#c22d40", "scheme": "#1e4aec", "scss": "#c6538c",
        "shell": "#89e051", "smalltalk": "#596706", "solidity": "#aa6746", "starlark": "#76d275",
        "svelte": "#ff3e00", "swift": "#f05138", "tcl": "#e4cc98", "tex": "#3d6117",
        "typescript": "#3178c6", "typst": "#239dad", "v": "#4f87c4", "vala": "#a56de2",
        "vim script": "#199f4b", "vue": "#41b883", "webassembly": "#04133b", "zig": "#ec915c",
    ]
}
