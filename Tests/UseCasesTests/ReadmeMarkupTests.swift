import Entities
import Foundation
import PageModels
import Testing

@testable import UseCases

@Suite("A README's markup decides who renders it; emoji shortcodes in descriptions")
struct ReadmeMarkupTests {
    let repo = Make.repo("x/y", id: 1)

    @Test("GitHub's rendering of a README.rst is handed on as HTML, with the README's folder as base")
    func renderedHTMLIsPassedOn() {
        let readme = Readme(
            path: "README.rst", markdown: "Title\n=====\n", html: "<h1>Title</h1>",
            htmlURL: "https://github.com/x/y/blob/main/README.rst",
            downloadURL: "https://raw.githubusercontent.com/x/y/main/README.rst")
        let text = RepoPageTranslator.markdown(of: readme, in: repo, format: .english)
        #expect(text.markup == .html)
        #expect(text.source == "<h1>Title</h1>")
        #expect(text.linkBase == "https://github.com/x/y/blob/main/")
        #expect(text.imageBase == "https://github.com/x/y/raw/main/", "as GitHub's rendering: a file in Git LFS shows")
    }

    @Test("a README's relative images are its page's folder as raw files; its download folder where that is no blob")
    func imageBase() {
        func base(_ page: String?, _ download: String?) -> String? {
            let readme = Readme(path: "README.md", markdown: "", htmlURL: page, downloadURL: download)
            return RepoPageTranslator.markdown(of: readme, in: repo, format: .english).imageBase
        }
        let download = "https://raw.githubusercontent.com/x/y/feature/z/README.md"
        #expect(
            base("https://github.com/x/y/blob/feature/z/README.md", download) == "https://github.com/x/y/raw/feature/z/"
        )
        #expect(
            base("https://ghe.example/x/y/blob/main/docs/README.md", nil) == "https://ghe.example/x/y/raw/main/docs/")
        #expect(
            base("https://github.com/x/y/tree/main/README.md", download)
                == "https://raw.githubusercontent.com/x/y/feature/z/")
        #expect(
            base("https://github.com/x/y/blob/README.md", download)
                == "https://raw.githubusercontent.com/x/y/feature/z/")
        #expect(base(nil, nil) == "https://github.com/x/y/raw/main/", "the repository's default branch")
    }

    @Test("a README in another markup with no rendering shows its text whole, never read as Markdown")
    func unrenderedOtherMarkupIsShownAsText() {
        let source = "Title\n=====\n\nCode\n~~~~\n\n```\nnot a fence end\n"
        let readme = Readme(path: "README.rst", markdown: source, htmlURL: nil, downloadURL: nil)
        let text = RepoPageTranslator.markdown(of: readme, in: repo, format: .english)
        #expect(text.markup == .markdown)
        #expect(text.source == "````text\n\(source)\n````\n", "the fence is longer than any run of backticks inside")
    }

    @Test("a Markdown README stays Markdown")
    func markdownStaysMarkdown() {
        let readme = Readme(path: "README.md", markdown: "# Hi", htmlURL: nil, downloadURL: nil)
        #expect(RepoPageTranslator.markdown(of: readme, in: repo, format: .english).markup == .markdown)
    }

    @Test("release notes GitHub rendered are handed on as HTML; without a rendering, the Markdown")
    func releaseNotesMarkup() {
        func notes(_ body: String?, _ html: String?) -> MarkdownText? {
            let release = Release(id: 1, tagName: "v1", body: body, bodyHTML: html, htmlURL: "https://github.com/x/y")
            return RepoPageTranslator.releaseItems(
                of: RepositoryDetail(repo: repo, releases: [release], readme: nil), format: .english
            ).first?.notes
        }
        let rendered = notes("**Big**", "<p><strong>Big</strong></p>")
        #expect(rendered?.markup == .html && rendered?.source == "<p><strong>Big</strong></p>")
        #expect(rendered?.linkBase == "https://github.com/x/y/blob/main/")
        let fallback = notes("**Big**", nil)
        #expect(fallback?.markup == .markdown && fallback?.source == "**Big**", "an answer cached before body_html")
        #expect(notes("**Big**", " \n")?.markup == .markdown, "an empty rendering is none")
        #expect(notes(nil, nil) == nil && notes("", "") == nil)
    }

    @Test("images a source holds itself get a file each, named after their URL, and every README knows them")
    func readmeImageFiles() {
        let svg = Data("<svg/>".utf8)
        let images = ReadmeImages([
            ReadmeImage(url: "https://raw.githubusercontent.com/x/y/main/docs/logo.svg", data: svg, format: .svg),
            ReadmeImage(url: "https://github.com/x/y/raw/main/docs/shot.svg", data: svg, format: .svg),
            ReadmeImage(url: "https://img.shields.io/badge/ci-passing-green.svg", data: svg, format: .svg),
            ReadmeImage(url: "https://github.com/x/y/actions/workflows/ci.yml/badge.svg", data: svg, format: .svg),
            ReadmeImage(
                url: "https://example.org/" + String(repeating: "very-long-", count: 20) + "end", data: svg,
                format: .svg),
            ReadmeImage(url: "https://example.org/A_B", data: svg, format: .svg),
            ReadmeImage(url: "https://example.org/a-b", data: svg, format: .svg),
        ])
        #expect(images.names["https://raw.githubusercontent.com/x/y/main/docs/logo.svg"] == "x-y-docs-logo.svg")
        #expect(images.names["https://github.com/x/y/raw/main/docs/shot.svg"] == "x-y-docs-shot.svg")
        #expect(
            images.names["https://img.shields.io/badge/ci-passing-green.svg"]
                == "img.shields.io-badge-ci-passing-green.svg")
        #expect(
            images.names["https://github.com/x/y/actions/workflows/ci.yml/badge.svg"]
                == "x-y-actions-workflows-ci.yml-badge.svg")
        let long = images.names.values.first { $0.hasSuffix("-end.svg") }
        #expect(long.map { $0.count <= 60 && $0.hasPrefix("very-long") } == true, "\(long ?? "")")
        #expect(Set(images.names.values).count == 7, "two URLs that spell the same name get two files")
        #expect(Set(images.files.keys) == Set(images.names.values))

        let readme = Readme(path: "README.md", markdown: "![logo](docs/logo.svg)", htmlURL: nil, downloadURL: nil)
        #expect(
            RepoPageTranslator.markdown(of: readme, in: repo, format: .english, images: images).localImages
                == images.names)
        #expect(RepoPageTranslator.markdown(of: readme, in: repo, format: .english).localImages.isEmpty)
    }

    @Test("known shortcodes in a description become emoji; unknown ones and lone colons stay")
    func descriptionEmoji() {
        let card = RepoCardTranslator(favourites: [], format: .english).card(
            for: Make.repo("x/y", id: 1, description: ":rocket: Fast :sparkles: at 10:30, :not_an_emoji: ok"))
        #expect(card.description == "🚀 Fast ✨ at 10:30, :not_an_emoji: ok")
    }
}
