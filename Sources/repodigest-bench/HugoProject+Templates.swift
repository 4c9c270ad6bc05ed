/// Hugo templates doing what repodigest's default theme does: a layout with navigation and
/// feeds, a card per repository on the lists, a repository page with facts, releases (their
/// notes rendered from Markdown) and the README.
extension HugoProject {
    static let templates: [(String, String)] = [
        (
            "_default/baseof.html",
            """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <title>{{ .Title }} · {{ .Site.Title }}</title>
            <link rel="canonical" href="{{ .Permalink }}" />
            <link rel="stylesheet" href="{{ "style.css" | relURL }}" />
            {{ with .OutputFormats.Get "rss" }}<link rel="alternate" type="application/rss+xml" href="{{ .RelPermalink }}" />{{ end }}
            </head>
            <body class="page-{{ .Kind }}">
            <header class="site-header">
            <a class="site-title" href="{{ "/" | relURL }}">{{ .Site.Title }}</a>
            <nav aria-label="Site"><ul>
            <li><a href="{{ "/" | relURL }}">Digest</a></li>
            <li><a href="{{ "repos/" | relURL }}">Starred</a></li>
            <li><a href="{{ "languages/" | relURL }}">Languages</a></li>
            <li><a href="{{ "topics/" | relURL }}">Topics</a></li>
            </ul></nav>
            </header>
            <main id="content">
            {{ block "main" . }}{{ end }}
            </main>
            <footer class="site-footer"><p>Generated <time datetime="{{ now.Format "2006-01-02T15:04:05Z07:00" }}">{{ now.Format "2 Jan 2006" }}</time> by Hugo.</p></footer>
            </body>
            </html>

            """
        ),
        (
            "partials/card.html",
            """
            <li class="card">
            <h3 class="card-title"><a href="{{ .RelPermalink }}">{{ .Title }}</a></h3>
            {{ with .Description }}<p class="card-description">{{ . }}</p>{{ end }}
            <p class="card-meta">
            <span class="stars" title="{{ .Params.stars }} stars">★ {{ lang.FormatNumber 0 .Params.stars }}</span>
            {{ range .GetTerms "languages" }}<a class="language" href="{{ .RelPermalink }}">{{ .LinkTitle }}</a>{{ end }}
            <span class="pushed">pushed {{ .Lastmod.Format "2 Jan 2006" }}</span>
            </p>
            {{ with .GetTerms "topics" }}<ul class="topics">{{ range . }}<li><a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a></li>{{ end }}</ul>{{ end }}
            </li>

            """
        ),
        (
            "_default/list.html",
            """
            {{ define "main" }}
            <h1>{{ .Title }}</h1>
            <p class="summary">{{ len .Pages }} repositories</p>
            <ul class="cards">
            {{ range .Paginator.Pages }}{{ partial "card.html" . }}{{ end }}
            </ul>
            {{ template "_internal/pagination.html" . }}
            {{ end }}

            """
        ),
        (
            "_default/terms.html",
            """
            {{ define "main" }}
            <h1>{{ .Title }}</h1>
            <ul>{{ range .Data.Terms.ByCount }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> ({{ .Count }})</li>{{ end }}</ul>
            {{ end }}

            """
        ),
        (
            "_default/single.html",
            """
            {{ define "main" }}
            <h1>{{ .Title }}</h1>
            {{ with .Description }}<p class="summary">{{ . }}</p>{{ end }}
            <p class="repo-links"><a href="{{ .Params.github }}">On GitHub</a> <a href="https://github.com/{{ .Params.owner }}">{{ .Params.owner }} on GitHub</a></p>
            {{ with .GetTerms "topics" }}<ul class="topics" aria-label="Topics">{{ range . }}<li><a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a></li>{{ end }}</ul>{{ end }}
            <section><h2 id="section-facts">At a glance</h2>
            <dl class="facts">
            <div><dt>Stars</dt><dd>{{ lang.FormatNumber 0 .Params.stars }}</dd></div>
            {{ range .GetTerms "languages" }}<div><dt>Language</dt><dd><a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a></dd></div>{{ end }}
            <div><dt>Pushed</dt><dd><time datetime="{{ .Lastmod.Format "2006-01-02T15:04:05Z07:00" }}">{{ .Lastmod.Format "2 Jan 2006" }}</time></dd></div>
            <div><dt>Starred</dt><dd>{{ .Date.Format "2 Jan 2006" }}</dd></div>
            </dl>
            </section>
            {{ with .Params.releases }}
            <section><h2 id="section-releases">Latest releases</h2>
            {{ range . }}
            <article class="release">
            <h3><a href="{{ .url }}">{{ .name }}</a></h3>
            <p class="release-meta"><code>{{ .tag }}</code> · <time datetime="{{ .published }}">{{ dateFormat "2 Jan 2006" .published }}</time></p>
            <div class="markdown">{{ .body | markdownify }}</div>
            </article>
            {{ end }}
            </section>
            {{ end }}
            <section><h2 id="section-readme">README</h2>
            <div class="markdown readme">{{ .Content }}</div>
            </section>
            {{ end }}

            """
        ),
        (
            "index.html",
            """
            {{ define "main" }}
            <h1>{{ .Site.Title }}</h1>
            <section><h2>Recently starred</h2>
            <ul class="cards">{{ range first 20 (where .Site.RegularPages "Section" "repos") }}{{ partial "card.html" . }}{{ end }}</ul>
            <p><a href="{{ "repos/" | relURL }}">All starred</a></p>
            </section>
            <section><h2>Most starred</h2>
            <ul class="cards">{{ range first 20 (sort .Site.RegularPages "Params.stars" "desc") }}{{ partial "card.html" . }}{{ end }}</ul>
            </section>
            <section><h2>Languages</h2>
            <ul>{{ range .Site.Taxonomies.languages.ByCount }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> ({{ .Count }})</li>{{ end }}</ul>
            </section>
            <section><h2>Topics</h2>
            <ul>{{ range .Site.Taxonomies.topics.ByCount }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> ({{ .Count }})</li>{{ end }}</ul>
            </section>
            {{ end }}

            """
        ),
        (
            "404.html",
            """
            {{ define "main" }}<h1>Page not found</h1><p><a href="{{ "/" | relURL }}">Back to the digest</a></p>{{ end }}

            """
        ),
    ]
}
