import Foundation

/// The page `serve` answers in place of the site while its latest build has failed: the
/// messages, escaped, and the reload script, so the page turns back into the site when a
/// change fixes the build. Served only; never published, so its inline style is no concern
/// of the validator.
enum ErrorPage {
    static func html(_ lines: [String]) -> Data {
        let items = lines.map { "<li><pre>\(escape($0))</pre></li>" }.joined(separator: "\n")
        let page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <meta name="color-scheme" content="light dark" />
            <title>Build failed · repodigest serve</title>
            <style>
            body { font: 1rem/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
            h1 { color: #a40e26; font-size: 1.5rem; }
            @media (prefers-color-scheme: dark) { h1 { color: #ff7b72; } }
            ul { padding: 0; list-style: none; }
            pre { white-space: pre-wrap; overflow-wrap: anywhere; padding: 0.75rem; border: 1px solid #d1d9e0; border-radius: 6px; }
            </style>
            </head>
            <body>
            <main>
            <h1>The last build failed</h1>
            <p>The site is not rebuilt until this is fixed. This page reloads by itself after the next save of the configuration or the theme (a fix elsewhere, in the output folder say, needs such a save to be seen).</p>
            <ul>
            \(items)
            </ul>
            </main>
            \(SiteRequestHandler.scriptTag)
            </body>
            </html>

            """
        return Data(page.utf8)
    }

    private static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
