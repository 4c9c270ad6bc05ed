import Testing

@testable import SiteRenderer

/// Languages GitHub colours in READMEs that were once shown plain, and CSS past its numbers.
@Suite struct SyntaxHighlighterTests {
    func html(_ code: String, _ language: String) throws -> String {
        SyntaxHighlighter(language: try #require(SyntaxHighlighter.Language(named: language))).html(code)
    }

    @Test func cssColoursSelectorsPropertiesAndColoursOnOneLine() throws {
        let html = try html(".a #b a:hover { color: #fff; margin-top: 0 auto; }", "css")
        #expect(html.contains("<span class=\"hl-f\">.a</span> <span class=\"hl-f\">#b</span> a:hover"), "\(html)")
        #expect(html.contains("<span class=\"hl-a\">color</span>: <span class=\"hl-n\">#fff</span>;"), "\(html)")
        #expect(html.contains("<span class=\"hl-a\">margin-top</span>: <span class=\"hl-n\">0</span> auto;"))
        #expect(
            !(try self.html(".a { background: url(a.png) }", "css")).contains("<span class=\"hl-f\">.png</span>"),
            "a file's dot is no class")
    }

    @Test(arguments: [
        (
            "defmodule Hello do\n  def hi, do: \"hi\" # greet\nend", "elixir",
            "<span class=\"hl-k\">defmodule</span> <span class=\"hl-t\">Hello</span>"
        ),
        (
            "main :: IO ()\nmain = do\n  let x' = 1 -- note", "haskell",
            "<span class=\"hl-k\">let</span> x&apos; = <span class=\"hl-n\">1</span> <span class=\"hl-c\">-- note</span>"
        ),
        ("library(dplyr)\nx <- c(TRUE, NA) # flags", "r", "<span class=\"hl-k\">library</span>(dplyr)"),
        (
            "cmake_minimum_required(VERSION 3.20)\ntarget_link_libraries(app PRIVATE ${LIBS})", "cmake",
            "<span class=\"hl-v\">${LIBS}</span>"
        ),
        ("my $n = $#list; # last", "perl", "<span class=\"hl-k\">my</span> <span class=\"hl-v\">$n</span>"),
        (
            "function f(x::Int)\n    return x'\nend", "julia",
            "<span class=\"hl-k\">function</span> <span class=\"hl-f\">f</span>"
        ),
        ("[core]\n  editor = vim ; the editor", "gitconfig", "<span class=\"hl-a\">[core]</span>"),
        ("<template><div :id=\"x\">{{ a }}</div></template>", "vue", "<span class=\"hl-a\">template</span>"),
    ])
    func moreLanguagesAreColoured(_ code: String, _ language: String, _ expected: String) throws {
        let html = try html(code, language)
        #expect(html.contains(expected), "\(html)")
    }

    @Test func aCommentAfterASemicolonInAnINIFile() throws {
        #expect(try html("name = x ; why", "ini").contains("<span class=\"hl-c\">; why</span>"))
    }

    @Test func perlsLastIndexIsNoComment() throws {
        #expect(!(try html("my $n = $#list;", "perl")).contains("hl-c"))
    }
}
