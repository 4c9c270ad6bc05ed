extension SyntaxHighlighter {
    /// The languages coloured at build time. Others are shown as plain code.
    enum Language: String, CaseIterable, Sendable {
        case swift, rust, go, python, javascript, typescript, shell, json, yaml, toml, c
        case ruby, java, kotlin, csharp, php, sql, css, diff, html
        case dockerfile, makefile, lua, scala, dart, hcl, powershell, graphql, nix, zig
        case elixir, haskell, r, cmake, perl, julia, ini
        /// A shell session: commands after a prompt, and what they print (`SyntaxHighlighter.session`).
        case console

        /// The language an info string or class names (`js`, `bash`, `yml`, `c++`, …).
        init?(named name: String) {
            let name = name.lowercased()
            if let exact = Language(rawValue: name) {
                self = exact
                return
            }
            guard let alias = Self.aliases[name] else { return nil }
            self = alias
        }

        private static let aliases: [String: Language] = [
            "rs": .rust, "golang": .go, "py": .python, "python3": .python, "js": .javascript, "jsx": .javascript,
            "mjs": .javascript, "cjs": .javascript, "node": .javascript, "ts": .typescript, "tsx": .typescript,
            "sh": .shell, "bash": .shell, "zsh": .shell, "shell-session": .console, "sh-session": .console,
            "jsonc": .json, "json5": .json, "yml": .yaml, "h": .c, "cpp": .c, "c++": .c, "cc": .c, "hpp": .c,
            "objc": .c, "objective-c": .c, "rb": .ruby, "kt": .kotlin, "kts": .kotlin, "cs": .csharp, "c#": .csharp,
            "postgresql": .sql, "psql": .sql, "mysql": .sql, "sqlite": .sql, "scss": .css, "less": .css,
            "patch": .diff, "xml": .html, "htm": .html, "xhtml": .html, "svg": .html, "docker": .dockerfile,
            "containerfile": .dockerfile, "make": .makefile, "mk": .makefile, "mak": .makefile, "sc": .scala,
            "terraform": .hcl, "tf": .hcl, "tfvars": .hcl, "ps1": .powershell, "pwsh": .powershell,
            "ps": .powershell, "gql": .graphql, "ex": .elixir, "exs": .elixir, "hs": .haskell, "pl": .perl,
            "pm": .perl, "jl": .julia, "cfg": .ini, "conf": .ini, "properties": .ini, "editorconfig": .ini,
            "gitconfig": .ini, "dosini": .ini, "vue": .html, "svelte": .html,
        ]

        /// The language's keywords, built once: the highlighter asks for them at every word.
        var keywords: Set<String> { Self.keywordSets[self] ?? [] }

        private static let keywordSets = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.keywordList) })

        private var keywordList: Set<String> {
            switch self {
            case .swift:
                return Self.words(
                    "actor any as associatedtype async await break case catch class continue default defer deinit do else enum extension fallthrough false fileprivate final for func guard if import in init inout internal is lazy let mutating nil nonisolated open operator override private protocol public repeat rethrows return self Self some static struct subscript super switch throw throws true try typealias var weak where while"
                )
            case .rust:
                return Self.words(
                    "as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while"
                )
            case .go:
                return Self.words(
                    "break case chan const continue default defer else fallthrough false for func go goto if import interface iota map nil package range return select struct switch true type var"
                )
            case .python:
                return Self.words(
                    "False None True and as assert async await break case class continue def del elif else except finally for from global if import in is lambda match nonlocal not or pass raise return self try while with yield"
                )
            case .javascript:
                return Self.javaScriptWords
            case .typescript:
                return Self.javaScriptWords.union(
                    Self.words(
                        "abstract any boolean declare enum implements interface keyof namespace never number private protected public readonly string type unknown"
                    ))
            case .shell:
                return Self.words(
                    "case cd do done echo elif else esac exit export fi for function if in local readonly return set source then unset until while"
                )
            case .ruby:
                return Self.words(
                    "BEGIN END alias and attr_accessor attr_reader attr_writer begin break case class def do else elsif end ensure false for if in module next nil not or private protected public puts raise redo require require_relative rescue retry return self super then true undef unless until when while yield"
                )
            case .java:
                return Self.words(
                    "abstract assert boolean break byte case catch char class const continue default do double else enum extends false final finally float for goto if implements import instanceof int interface long native new null package private protected public record return short static strictfp super switch synchronized this throw throws transient true try var void volatile while yield"
                )
            case .kotlin:
                return Self.words(
                    "as break by catch class companion constructor continue data do else enum false finally for fun get if import in init inline interface internal is lateinit null object open override package private protected public return sealed set super suspend this throw true try typealias val var when while"
                )
            case .csharp:
                return Self.words(
                    "abstract as async await base bool break byte case catch char checked class const continue decimal default delegate do double else enum event explicit extern false finally fixed float for foreach get goto if implicit in int interface internal is lock long namespace new null object operator out override params private protected public readonly record ref return sbyte sealed set short sizeof stackalloc static string struct switch this throw true try typeof uint ulong unchecked unsafe ushort using var virtual void volatile while yield"
                )
            case .php:
                return Self.words(
                    "abstract and array as break callable case catch class clone const continue declare default do echo else elseif empty extends false final finally fn for foreach function global if implements include include_once instanceof interface isset list match namespace new null or print private protected public readonly require require_once return static switch throw trait true try unset use var while xor yield"
                )
            case .sql:
                // Written in either case, as SQL is.
                let lower = Self.words(
                    "all alter and as asc begin between by case check commit constraint create default delete desc distinct drop else end exists foreign from full group having if in index inner insert into is join key left like limit not null offset on or order outer primary references returning right rollback select set table then transaction union unique update values view when where with"
                )
                return lower.union(lower.map { $0.uppercased() })
            case .css, .diff, .html, .console:
                return []
            case .dockerfile:
                let upper = Self.words(
                    "ADD ARG AS CMD COPY ENTRYPOINT ENV EXPOSE FROM HEALTHCHECK LABEL MAINTAINER ONBUILD RUN SHELL STOPSIGNAL USER VOLUME WORKDIR"
                )
                return upper.union(upper.map { $0.lowercased() })
            case .makefile:
                return Self.words(
                    "define else endef endif export ifdef ifeq ifndef ifneq include override unexport vpath")
            case .lua:
                return Self.words(
                    "and break do else elseif end false for function goto if in local nil not or repeat return then true until while"
                )
            case .scala:
                return Self.words(
                    "abstract case catch class def do else enum export extends false final finally for given if implicit import lazy match new null object override package private protected return sealed super then this throw trait true try type using val var while with yield"
                )
            case .dart:
                return Self.words(
                    "abstract as assert async await break case catch class const continue covariant default deferred do dynamic else enum export extends extension external factory false final finally for get hide if implements import in interface is late library mixin new null on operator part required rethrow return sealed set show static super switch sync this throw true try typedef var void when while with yield"
                )
            case .hcl:
                return Self.words(
                    "data false for if in locals module null output provider resource terraform true variable")
            case .powershell:
                let lower = Self.words(
                    "begin break catch class continue data do dynamicparam else elseif end enum exit filter finally for foreach function if in param process return switch throw trap try until using while"
                )
                return lower.union(lower.map { $0.prefix(1).uppercased() + $0.dropFirst() })
            case .graphql:
                return Self.words(
                    "directive enum extend false fragment implements input interface mutation null on query scalar schema subscription true type union"
                )
            case .nix:
                return Self.words("assert else false if import in inherit let null or rec then true with")
            case .zig:
                return Self.words(
                    "align allowzero and anyframe anytype asm async await break callconv catch comptime const continue defer else enum errdefer error export extern false fn for if inline noalias noinline nosuspend null opaque or orelse packed pub resume return struct suspend switch test threadlocal true try undefined union unreachable usingnamespace var volatile while"
                )
            case .elixir:
                return Self.words(
                    "after alias and case catch cond def defexception defguard defimpl defmacro defmacrop defmodule defp defprotocol defstruct do else end false fn for if import in nil not or quote raise receive require rescue reraise super throw true try unless unquote use when with"
                )
            case .haskell:
                return Self.words(
                    "as case class data default deriving do else family forall foreign hiding if import in infix infixl infixr instance let module newtype of qualified then type where"
                )
            case .r:
                return Self.words(
                    "break else FALSE for function if in Inf library NA NaN next NULL repeat require return TRUE while")
            case .cmake:
                // Commands in either case, as CMake reads them; its keywords in capitals.
                let commands = Self.words(
                    "add_custom_command add_custom_target add_definitions add_dependencies add_executable add_library add_subdirectory add_test cmake_minimum_required configure_file else elseif enable_testing endforeach endfunction endif endmacro endwhile file find_library find_package foreach function if include include_directories install link_directories list macro message option project return set string target_compile_definitions target_compile_features target_compile_options target_include_directories target_link_libraries target_sources unset while"
                )
                return commands.union(commands.map { $0.uppercased() }).union(
                    Self.words(
                        "AND COMPONENTS DEFINED INTERFACE LANGUAGES NOT OFF ON OR PRIVATE PUBLIC REQUIRED STATUS VERSION"
                    ))
            case .perl:
                return Self.words(
                    "and cmp continue do else elsif eq for foreach ge gt if last le local lt my ne next no not or our package print redo require return sub unless until use while xor"
                )
            case .julia:
                return Self.words(
                    "abstract baremodule begin break catch const continue do else elseif end export false finally for function global if import in let local macro module mutable nothing quote return struct true try using where while"
                )
            case .json, .toml, .ini:
                return ["true", "false", "null"]
            case .yaml:
                return ["true", "false", "null", "yes", "no"]
            case .c:
                return Self.words(
                    "auto bool break case char class const continue default delete do double else enum extern false float for goto if inline int long namespace new nullptr NULL private protected public register restrict return short signed sizeof static struct switch template this true typedef typename union unsigned using virtual void volatile while"
                )
            }
        }

        private static let javaScriptWords = words(
            "async await break case catch class const continue debugger default delete do else export extends false finally for from function if import in instanceof let new null of return static super switch this throw true try typeof undefined var void while yield"
        )

        private static func words(_ list: String) -> Set<String> { Set(list.split(separator: " ").map(String.init)) }

        var lineComments: [String] {
            switch self {
            case .python, .shell, .yaml, .toml, .ruby, .dockerfile, .makefile, .powershell, .graphql, .nix, .elixir, .r,
                .cmake, .perl, .julia:
                return ["#"]
            case .haskell: return ["--"]
            case .ini: return [";", "#"]
            case .swift, .rust, .go, .javascript, .typescript, .c, .json, .java, .kotlin, .csharp, .scala, .dart, .zig:
                return ["//"]
            case .hcl: return ["#", "//"]
            case .lua: return ["--"]
            case .php: return ["//", "#"]
            case .sql: return ["--"]
            case .css, .diff, .html, .console: return []
            }
        }

        /// Whether `/* … */` is a comment.
        var hasBlockComments: Bool { (lineComments.contains("//") && self != .zig) || self == .sql || self == .css }

        /// Whether `#` starts a comment only as a word of its own: in a shell and the languages
        /// that run one or name things with it (`${#list}`, `http://x/#top` are not comments).
        var hashCommentsStandAlone: Bool {
            [.shell, .dockerfile, .makefile, .powershell, .nix, .hcl, .perl].contains(self)
        }

        /// Whether `$name` (and `${…}`) is a variable.
        var hasDollarVariables: Bool {
            [.shell, .php, .dockerfile, .makefile, .powershell, .graphql, .cmake, .perl].contains(self)
        }

        /// Quotes that open a string. Rust's `'` also opens lifetimes, so it is left plain.
        var quotes: Set<Unicode.Scalar> {
            switch self {
            case .swift, .rust, .json: return ["\""]
            case .go, .javascript, .typescript, .ruby: return ["\"", "'", "`"]
            case .python, .shell, .yaml, .toml, .c, .java, .kotlin, .csharp, .php, .sql, .css, .html, .dockerfile,
                .makefile, .lua, .scala, .dart, .powershell, .zig, .elixir, .r, .perl, .ini:
                return ["\"", "'"]
            // A `'` is part of a name in Haskell (`x'`), a character or a transpose in Julia.
            case .hcl, .graphql, .nix, .haskell, .julia, .cmake: return ["\""]
            case .diff, .console: return []
            }
        }

        /// Whether `"""` (and `'''`) open a string that runs over lines.
        var hasTripleQuotes: Bool {
            [.swift, .python, .toml, .java, .kotlin, .csharp, .scala, .dart, .elixir, .julia].contains(self)
        }

        /// Whether a capitalised name reads as a type.
        var capitalisedAreTypes: Bool {
            [
                .swift, .rust, .go, .typescript, .javascript, .python, .ruby, .java, .kotlin, .csharp, .php, .scala,
                .dart, .graphql, .elixir, .haskell, .julia,
            ]
            .contains(self)
        }

        /// What separates a key from its value when the language is data: `key: value`, `key = value`.
        var keySeparator: Unicode.Scalar? {
            switch self {
            case .json, .yaml, .css: return ":"
            case .toml, .hcl, .nix, .ini: return "="
            default: return nil
            }
        }
    }

    /// What a token is, as the class the themes colour.
    enum TokenKind: CaseIterable, Sendable {
        case keyword, string, comment, number, type, function, key, variable

        var className: String {
            switch self {
            case .keyword: return "hl-k"
            case .string: return "hl-s"
            case .comment: return "hl-c"
            case .number: return "hl-n"
            case .type: return "hl-t"
            case .function: return "hl-f"
            case .key: return "hl-a"
            case .variable: return "hl-v"
            }
        }
    }
}
