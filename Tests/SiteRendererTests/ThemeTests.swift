import Foundation
import PageModels
import Testing

@testable import SiteRenderer

@Suite struct ThemeTests {
    /// A scratch theme folder, removed when the test ends.
    final class ThemeFolderFixture {
        let url = FileManager.default.temporaryDirectory.appending(path: "repodigest-theme-\(UUID().uuidString)")

        init(_ files: [String: String]) throws {
            for (path, text) in files {
                let file = url.appending(path: path)
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
            }
        }

        deinit { try? FileManager.default.removeItem(at: url) }
    }

    static func render(_ theme: Theme) throws -> [String: Data] {
        Dictionary(
            uniqueKeysWithValues: try SiteGenerator(theme: theme).render(SiteFixture.site).map {
                ($0.path, $0.contents)
            })
    }

    @Test func bothBuiltInThemesAreThereWithTheirManifest() throws {
        #expect(Theme.builtInNames == ["default", "minimal"])
        for name in Theme.builtInNames {
            let theme = try Theme.builtIn(name)
            #expect(theme.name == name)
            #expect(!theme.description.isEmpty)
            #expect(theme.lineage == [name], "built-in themes stand alone")
        }
    }

    @Test func theMinimalThemeShipsNoJavaScript() throws {
        let files = try Self.render(try Theme.builtIn("minimal"))
        #expect(!files.keys.contains { $0.hasSuffix(".js") })
        let pages = files.filter { $0.key.hasSuffix(".html") }
        #expect(!pages.isEmpty)
        #expect(!pages.values.contains { String(decoding: $0, as: UTF8.self).contains("<script") })
    }

    @Test func overridingOneTemplateChangesOnlyThePagesItRenders() throws {
        let folder = try ThemeFolderFixture([
            "theme.toml": "name = \"mine\"\nextends = \"default\"\n",
            "templates/not-found.mustache": "{{<layout}}{{$main}}<h1>Lost?</h1>{{/main}}{{/layout}}\n",
        ])
        let theme = try Theme(directory: folder.url)
        #expect(theme.lineage == ["mine", "default"])
        let mine = try Self.render(theme)
        let base = try Self.render(try Theme.builtIn("default"))
        #expect(Set(mine.keys) == Set(base.keys))
        let changed = mine.keys.filter { mine[$0] != base[$0] }
        #expect(changed == ["404.html"])
        #expect(String(decoding: mine["404.html"]!, as: UTF8.self).contains("<h1>Lost?</h1>"))
    }

    @Test func overridingAnAssetReplacesOnlyThatAsset() throws {
        let folder = try ThemeFolderFixture(["assets/style.css": "body { color: red; }\n"])
        let mine = try Self.render(try Theme(directory: folder.url))
        let base = try Self.render(try Theme.builtIn("default"))
        #expect(mine.keys.filter { mine[$0] != base[$0] } == ["assets/style.css"])
        #expect(mine["assets/filter.js"] == base["assets/filter.js"], "the rest falls back")
    }

    @Test("an editor's and a system's own files in a theme are skipped: swap, backup, autosave, lock, .DS_Store")
    func editorLeftoversAreSkipped() throws {
        let folder = try ThemeFolderFixture([
            "assets/style.css": "body { color: red; }\n", "assets/.style.css.swp": "b0VIM", "assets/style.css~": "old",
            "assets/#style.css#": "autosave", "assets/.DS_Store": "x", "assets/.cache/x.css": "x",
            "templates/.card.mustache.swp": "b0VIM",
        ])
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appending(path: "assets/.#style.css").path, withDestinationPath: "root@host.1234")
        let theme = try Theme(directory: folder.url)
        #expect(theme.assets["style.css"] == Data("body { color: red; }\n".utf8))
        #expect(
            !theme.assets.keys.contains {
                $0.contains(".swp") || $0.contains("~") || $0.contains("#") || $0.hasPrefix(".")
            })
        #expect(ThemeFolder.isLeftover("#x#") && !ThemeFolder.isLeftover("#") && !ThemeFolder.isLeftover("x.css"))
    }

    @Test func aFolderWithoutManifestExtendsTheDefaultTheme() throws {
        let folder = try ThemeFolderFixture(["templates/card.mustache": "<li>{{fullName}}</li>\n"])
        let theme = try Theme(directory: folder.url)
        #expect(theme.lineage == [folder.url.lastPathComponent, "default"])
        #expect(theme.templates["card"]?.file == folder.url.path + "/templates/card.mustache")
        #expect(theme.templates["layout"]?.file == "Themes/default/templates/layout.mustache")
    }

    @Test func aThemeMayExtendAnotherFolder() throws {
        let parent = try ThemeFolderFixture([
            "theme.toml": "name = \"parent\"\nextends = \"minimal\"\n",
            "templates/back.mustache": "<p>up</p>\n",
        ])
        let child = try ThemeFolderFixture([
            "theme.toml": "name = \"child\"\nextends = \"\(parent.url.path)\"\n"
        ])
        let theme = try Theme(directory: child.url)
        #expect(theme.lineage == ["child", "parent", "minimal"])
        #expect(theme.templates["back"]?.text == "<p>up</p>\n")
    }

    @Test("only theme.toml, templates/, assets/ and locales/ are read; a file past 32 MB there is an error")
    func onlyTheThemesOwnFilesAreRead() throws {
        let fixture = try ThemeFolderFixture([
            "theme.toml": "name = \"mine\"\nextends = \"default\"\n", "assets/site.css": "a{}", "README.md": "# mine",
        ])
        // Sparse: no disk is used. Beside the theme's folders it is never opened.
        let video = fixture.url.appending(path: "demo.mp4")
        #expect(FileManager.default.createFile(atPath: video.path, contents: nil))
        #expect(truncate(video.path, ThemeFolder.maxFileBytes + 1) == 0)
        let theme = try Theme(directory: fixture.url)
        #expect(theme.assets["site.css"] == Data("a{}".utf8))
        #expect(theme.folders.map(\.path) == [fixture.url.standardizedFileURL.path])
        try FileManager.default.moveItem(at: video, to: fixture.url.appending(path: "assets/demo.mp4"))
        #expect {
            try Theme(directory: fixture.url)
        } throws: { error in
            "\(error)".contains("assets/demo.mp4") && "\(error)".contains("past the 32 MB a theme's file may be")
        }
    }

    @Test("a link inside the theme is read; one out of it, to a folder, or round to itself is an error naming it")
    func linksStayInsideTheTheme() throws {
        let secret = FileManager.default.temporaryDirectory.appending(path: "secret-\(UUID().uuidString).txt")
        try Data("secret".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let fixture = try ThemeFolderFixture([
            "theme.toml": "name = \"mine\"\nextends = \"default\"\n", "shared/site.css": "a{}",
        ])
        let assets = fixture.url.appending(path: "assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: assets.appending(path: "in.css").path, withDestinationPath: "../shared/site.css")
        #expect(try Theme(directory: fixture.url).assets["in.css"] == Data("a{}".utf8))
        for (name, target, says) in [
            ("leak.txt", secret.path, "a link out of the theme's folder"),
            ("shared", "../shared", "a link to a folder, which is not followed"),
            ("loop.css", "loop.css", "a link that leads round to itself (a loop of links)"),
        ] {
            let link = assets.appending(path: name)
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target)
            #expect {
                try Theme(directory: fixture.url)
            } throws: { error in
                "\(error)".contains(link.path) && "\(error)".contains(says)
            }
            try FileManager.default.removeItem(at: link)
        }
    }

    @Test("a FIFO in a theme, as a template or an asset, is an error naming it, not skipped")
    func aFIFOInAThemeIsAnError() throws {
        let fixture = try ThemeFolderFixture(["theme.toml": "name = \"mine\"\nextends = \"default\"\n"])
        let templates = fixture.url.appending(path: "templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let fifo = templates.appending(path: "card.mustache")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        #expect {
            try Theme(directory: fixture.url)
        } throws: { error in
            "\(error)".contains(fifo.path) && "\(error)".contains("not a file (a FIFO, a socket or a device)")
        }
    }

    @Test("an asset whose name is not UTF-8 is an error naming it, not dropped without a word")
    func anAssetNamedInAnotherEncodingIsAnError() throws {
        let fixture = try ThemeFolderFixture(["theme.toml": "name = \"mine\"\nextends = \"default\"\n"])
        let assets = fixture.url.appending(path: "assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        let path = Array(assets.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".css".utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { creat($0.baseAddress!, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        #expect {
            try Theme(directory: fixture.url)
        } throws: { error in
            "\(error)".contains("/assets/caf\\xE9.css") && "\(error)".contains("a name that is not UTF-8")
        }
    }

    @Test func aStandaloneThemeMustBringEveryPageTemplate() throws {
        let folder = try ThemeFolderFixture([
            "theme.toml": "name = \"bare\"\n", "templates/digest.mustache": "x",
        ])
        #expect(throws: ThemeError.missingTemplate(theme: "bare", name: "list")) { try Theme(directory: folder.url) }
    }

    @Test func themesThatExtendEachOtherInACircleAreRefused() throws {
        let folder = try ThemeFolderFixture(["theme.toml": "name = \"loop\"\nextends = \"./\"\n"])
        #expect {
            try Theme(directory: folder.url)
        } throws: { error in
            guard case .extendsCycle(let chain) = error as? ThemeError else { return false }
            return chain.count == 2
        }
    }

    @Test func manifestErrorsNameTheFileAndLine() throws {
        let folder = try ThemeFolderFixture(["theme.toml": "name = \"x\"\n\nextend = \"default\"\n"])
        #expect(
            throws: ThemeError.manifest(
                file: folder.url.path + "/theme.toml", line: 3, column: 1,
                reason: "unknown key 'extend'; expected one of: description, extends, name")
        ) { try Theme(directory: folder.url) }
        #expect(throws: ThemeError.unknownTheme(name: "nope", known: ["default", "minimal"])) {
            try Theme.builtIn("nope")
        }
    }

    @Test func templateErrorsNameTheFileLineAndColumn() throws {
        let folder = try ThemeFolderFixture([
            "templates/not-found.mustache": "{{<layout}}\n{{$main}}\n<h1>{{#x}}Lost</h1>\n{{/main}}\n{{/layout}}\n"
        ])
        let file = folder.url.path + "/templates/not-found.mustache"
        #expect {
            try Theme(directory: folder.url).library()
        } throws: { error in
            guard case .template(let path, let line, let column, _) = error as? ThemeError else { return false }
            return path == file && line == 4 && column > 0
        }
    }

    /// Mustache renders a name no value has as nothing: a misspelt catalogue key, or a block
    /// a parent does not have, would leave a hole in every page with no word said.
    @Test(
        "a catalogue key or a parent's block that does not exist is an error where it is written",
        arguments: [
            (
                "{{<layout}}{{$main}}\n<h1>{{t.not_found.titel}}</h1>{{/main}}{{/layout}}", 2, 5,
                "no text 't.not_found.titel' in the catalogues (Themes/locales/en.toml has every key); "
                    + "'t.not_found' has ",
                "title"
            ),
            (
                "{{<layout}}\n  {{$mian}}<h1>x</h1>{{/mian}}{{/layout}}", 2, 3,
                "'layout' (Themes/default/templates/layout.mustache) has no block 'mian' to fill: its blocks are ",
                "main"
            ),
        ])
    func misspeltNamesAreFound(_ template: String, _ line: Int, _ column: Int, _ reason: String, _ hint: String)
        throws
    {
        let folder = try ThemeFolderFixture(["templates/not-found.mustache": template])
        #expect {
            try Theme(directory: folder.url).library()
        } throws: { error in
            guard case .template(let path, line, column, let said) = error as? ThemeError else { return false }
            return path.hasSuffix("templates/not-found.mustache") && said.hasPrefix(reason) && said.contains(hint)
        }
        // Those that do exist, a section over a table of them included, are no error.
        let fine = try ThemeFolderFixture([
            "templates/not-found.mustache":
                "{{<layout}}{{$main}}{{#t.nav}}{{digest}}{{/t.nav}}{{t.nav.digest}}{{/main}}{{/layout}}"
        ])
        _ = try Theme(directory: fine.url).library()
    }

    @Test("a folder or file named almost as one that is read, or a template no page uses, is a warning")
    func nearMissesAreWarnings() throws {
        let folder = try ThemeFolderFixture([
            "templates/crad.mustache": "<li>x</li>", "templates/card.html": "x", "template/card.mustache": "x",
            "Assets/style.css": "x", "locales/en.tml": "x", "locales/de/de.toml": "x", "README.md": "mine",
        ])
        let warnings = try Theme(directory: folder.url).warnings
        for expected in [
            "/template/ is not read", "/Assets/ is not read", "/templates/card.html is not read",
            "/locales/en.tml is not read", "/locales/de/de.toml is not read",
            "/templates/crad.mustache is used by no page",
        ] {
            #expect(warnings.contains { $0.contains(expected) }, "\(expected): \(warnings)")
        }
        #expect(warnings.count == 6, "a README is the author's own: \(warnings)")
        for name in Theme.builtInNames { #expect(try Theme.builtIn(name).warnings.isEmpty) }
    }

    @Test(
        "a value no page has is a warning at its tag, with the name meant; positions, the current value and a table's texts are not"
    )
    func valuesNoPageHasAreWarnings() throws {
        let folder = try ThemeFolderFixture([
            "templates/card.mustache": """
            <li>{{fullName}} {{titel}}
            {{#repo.descripton}}x{{/repo.descripton}} {{count(cardz)}}{{^last()}},{{/last()}} {{.}} {{.href}}
            {{#t.filter}}{{matches.one}}{{/t.filter}} {{{readmeHTML}}} {{&noteHTML}}</li>
            """
        ])
        let file = folder.url.path + "/templates/card.mustache"
        let warnings = try Theme(directory: folder.url).warnings
        #expect(
            warnings == [
                "\(file):1:18: no page has a value named 'titel' (did you mean 'title'?), so {{titel}} renders as nothing",
                "\(file):2:1: no page has a value named 'descripton' (did you mean 'description'?), "
                    + "so {{#repo.descripton}} renders as nothing",
                "\(file):2:43: no page has a value named 'cardz' (did you mean 'cards'?), so {{count(cardz)}} renders as nothing",
                "\(file):3:60: no page has a value named 'noteHTML' (did you mean 'notesHTML'?), "
                    + "so {{&noteHTML}} renders as nothing",
            ])
    }

    @Test("every value name a template may use is in Themes/README.md, where the values are listed")
    func everyValueNameIsDocumented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../..")
        let readme = try String(contentsOf: root.appending(path: "Themes/README.md"), encoding: .utf8)
        let values = readme.components(separatedBy: "### The values")[1].components(separatedBy: "### Languages")[0]
        for name in TemplateVocabulary.names.sorted() {
            #expect(values.contains("`\(name)") || values.contains(".\(name)`"), "'\(name)' is not in 'The values'")
        }
    }

    @Test func aPartialNamingNoTemplateIsAnErrorWhereItIsNamed() throws {
        let folder = try ThemeFolderFixture(["templates/card.mustache": "<li>\n  {{> badge }}</li>\n"])
        let file = folder.url.path + "/templates/card.mustache"
        #expect(
            throws: ThemeError.template(
                file: file, line: 2, column: 3,
                reason: "no template named 'badge' in theme '\(folder.url.lastPathComponent)' or the themes it extends")
        ) { try Theme(directory: folder.url).library() }
    }

    @Test("a templates/ (or assets/, locales/) that is a file is an error, not a theme built from the default's")
    func aReadFolderThatIsAFileIsAnError() throws {
        for part in ["templates", "assets", "locales"] {
            let folder = try ThemeFolderFixture(["theme.toml": "name = \"x\"\nextends = \"default\"\n", part: "x"])
            #expect(
                throws: ThemeError.unreadable(
                    path: folder.url.appending(path: part).path,
                    reason: "not a folder; a theme's \(part)/ must be a folder of files")
            ) { try Theme(directory: folder.url) }
        }
    }

    @Test("a partial named by a value ({{>*kind}}) is no missing template; lines end at a CR alone too")
    func dynamicPartialsAndCRLines() throws {
        let dynamic = try ThemeFolderFixture(["templates/card.mustache": "<li>{{>*kind}}</li>\n"])
        _ = try Theme(directory: dynamic.url).library()
        let folder = try ThemeFolderFixture(["templates/card.mustache": "<li>\r\r x {{> badge }}</li>\r"])
        #expect(
            throws: ThemeError.template(
                file: folder.url.path + "/templates/card.mustache", line: 3, column: 4,
                reason: "no template named 'badge' in theme '\(folder.url.lastPathComponent)' or the themes it extends")
        ) { try Theme(directory: folder.url).library() }
    }

    @Test("the load-time checks read tags as the parser does: set delimiters are followed, a comment holds none")
    func loadTimeChecksFollowTheParser() throws {
        let folder = try ThemeFolderFixture([
            "templates/card.mustache": """
            <li>{{! a note:
            {{>nosuch}}{{=<% %>=}}{{titel}} <%titel%>
            <%#t.filter%><%matches.one%><%/t.filter%> <%>badge%></li>
            """
        ])
        let file = folder.url.path + "/templates/card.mustache"
        let theme = try Theme(directory: folder.url)
        #expect(
            theme.warnings == [
                "\(file):2:33: no page has a value named 'titel' (did you mean 'title'?), so {{titel}} renders as nothing"
            ])
        #expect(
            throws: ThemeError.template(
                file: file, line: 3, column: 43,
                reason: "no template named 'badge' in theme '\(folder.url.lastPathComponent)' or the themes it extends")
        ) { try theme.library() }
    }

    @Test(
        "theme.toml's errors name the line at fault: an unknown table or dotted key, a theme extends names that is not there",
        arguments: [
            ("name = \"x\"\nextends = \"default\"\n\n\n[extra]\nfoo = \"bar\"\n", 5, "unknown key 'extra'"),
            ("name = \"x\"\n\nextra.foo = \"bar\"\n", 3, "unknown key 'extra'"),
            ("name = \"x\"\n\nextends = \"defualt\"\n", 3, "extends: no theme named 'defualt'"),
            ("name = \"x\"\nextends = \"./nothere\"\n", 2, "extends: "),
            ("name = \"x\"\n\n[extra.sub]\nfoo = \"bar\"\n", 3, "unknown key 'extra'"),
        ])
    func manifestErrorsNameTheirLine(toml: String, line: Int, reason: String) throws {
        let folder = try ThemeFolderFixture(["theme.toml": toml])
        #expect {
            try Theme(directory: folder.url)
        } throws: { error in
            guard case .manifest(let file, let found, _, let message) = error as? ThemeError else { return false }
            return file == folder.url.path + "/theme.toml" && found == line && message.hasPrefix(reason)
        }
    }

    @Test("a template saved with a byte order mark first (as Windows editors save) writes none into the page")
    func aByteOrderMarkIsNoPartOfATemplate() throws {
        let layout = try #require(try Theme.builtIn("default").templates["layout"]?.text)
        let folder = try ThemeFolderFixture(["templates/layout.mustache": "\u{FEFF}" + layout])
        let pages = try Self.render(try Theme(directory: folder.url))
        let index = try #require(pages["index.html"])
        #expect(index.starts(with: Data("<!DOCTYPE html>".utf8)))
    }

    @Test("a template saved with Windows line ends is named at the line it is at")
    func windowsLineEndsCountAsLines() throws {
        let folder = try ThemeFolderFixture([
            "templates/card.mustache": "<div>\r\n<p>x</p>\r\n  {{>nosuch}}\r\n</div>\r\n"
        ])
        #expect {
            try Theme(directory: folder.url).library()
        } throws: { error in
            guard case .template(_, let line, let column, _) = error as? ThemeError else { return false }
            return line == 3 && column == 3
        }
    }

    @Test(
        "a theme file that is not UTF-8 is an error naming the file and the line, not U+FFFD on every page",
        arguments: ["templates/card.mustache", "locales/en.toml", "theme.toml"])
    func aFileThatIsNotUTF8IsRefused(path: String) throws {
        let folder = try ThemeFolderFixture(["theme.toml": "name = \"t\"\nextends = \"default\"\n"])
        var bytes = Array("name = \"t\"\nextends = \"default\"\n# caf".utf8) + [0xE9] + Array("\n".utf8)
        if path == "locales/en.toml" { bytes = Array("[nav]\ndigest = \"D".utf8) + [0xFF] + Array("\"\n".utf8) }
        if path.hasSuffix(".mustache") { bytes = Array("<li>\n<p>caf".utf8) + [0xE9] + Array("</p></li>\n".utf8) }
        let file = folder.url.appending(path: path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        #expect(
            throws: ThemeError.unreadable(
                path: folder.url.path + "/" + path + (path == "theme.toml" ? ":3" : ":2"), reason: "not UTF-8 text")
        ) {
            try Theme(directory: folder.url)
        }
    }

    @Test func aCardThatIncludesItselfIsAnErrorNamingTheTemplatesNotACrash() throws {
        let folder = try ThemeFolderFixture(["templates/card.mustache": "<li>{{fullName}}{{>card}}</li>\n"])
        let theme = try Theme(directory: folder.url)
        #expect {
            try SiteGenerator(theme: theme).render(SiteFixture.site)
        } throws: { error in
            guard case .endlessPartials(let name, let chain) = error as? ThemeError else { return false }
            // Whichever page is rendered first finds it: a list or the digest, through the layout.
            return name == theme.name && chain.contains("layout") && chain.suffix(3) == ["card", "card", "card"]
                && "\(error)".contains("include each other without end: ")
        }
    }

    @Test("an extends through a link that leads round to itself says so, not that no folder is there")
    func anExtendsThroughALinkLoopSaysSo() throws {
        let folder = try ThemeFolderFixture(["theme.toml": "name = \"x\"\nextends = \"./loop\"\n"])
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appending(path: "loop").path, withDestinationPath: "loop")
        #expect(
            throws: ThemeError.manifest(
                file: folder.url.path + "/theme.toml", line: 2, column: 1,
                reason: "extends: \(folder.url.path)/loop: cannot read theme: Too many levels of symbolic links")
        ) { try Theme(directory: folder.url) }
    }

    @Test("a chain of seventy partials, none twice, is said to nest too deep, not to include each other")
    func aLongChainOfPartialsIsSaidToNestTooDeep() throws {
        var files = ["templates/card.mustache": "<li>{{>c0}}</li>\n", "templates/c70.mustache": "x"]
        for level in 0..<70 { files["templates/c\(level).mustache"] = "{{>c\(level + 1)}}" }
        let folder = try ThemeFolderFixture(files)
        let theme = try Theme(directory: folder.url)
        #expect {
            try SiteGenerator(theme: theme).render(SiteFixture.site)
        } throws: { error in
            guard case .endlessPartials(_, let chain) = error as? ThemeError else { return false }
            return chain.contains("c0") && chain.contains("c50")
                && "\(error)".contains("nest partials and parents more than 64 deep: ")
                && !"\(error)".contains("include each other")
        }
    }

    @Test("a NUL in theme.toml is an error at its line, not the end of the file")
    func aNULInThemeTomlIsAnError() throws {
        #expect(
            throws: ThemeError.manifest(
                file: "theme.toml", line: 2, column: 1,
                reason: "the control character U+0000 is not allowed in TOML, not even in a string or a comment "
                    + "(write it as an escape such as \\u0000 in a string)")
        ) { try ThemeManifest(toml: "name = \"x\"\n\u{0}\nextend = \"default\"\n", file: "theme.toml") }
    }

    @Test("a theme's name or description with a control character is an error at its line")
    func aControlCharacterInAThemeValueIsAnError() throws {
        #expect(
            throws: ThemeError.manifest(
                file: "theme.toml", line: 2, column: 1,
                reason: "'description' must be at most 1000 bytes with no control character")
        ) { try ThemeManifest(toml: "name = \"x\"\ndescription = \"\\u001B]0;owned\\u0007\"\n", file: "theme.toml") }
    }

    @Test func aThemeTomlHeaderThatWouldCrashTOMLKitIsAnErrorAtItsLine() throws {
        #expect(
            throws: ThemeError.manifest(
                file: "theme.toml", line: 2, column: 2,
                reason:
                    "a table header must start with a key (ASCII letters, digits, '-', '_', or a quoted name), found 'é'"
            )
        ) { try ThemeManifest(toml: "name = \"x\"\n[é]\n", file: "theme.toml") }
    }
}
