/// The `Content-Type` of each kind of file a site may hold (`FileKindChecker.inert` and the
/// pages, feeds and JSON); text is UTF-8, as the build writes it. A kind missing here is
/// served as bytes, which with `nosniff` a browser will not run: a module script (`.mjs`)
/// must be JavaScript to load at all.
enum ContentType {
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "map": "application/json",
        "webmanifest": "application/manifest+json",
        "json": "application/json",
        "xml": "application/xml",
        "opml": "text/x-opml; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/vnd.microsoft.icon",
        "bmp": "image/bmp",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "eot": "application/vnd.ms-fontobject",
        "mp4": "video/mp4",
        "webm": "video/webm",
        "mp3": "audio/mpeg",
        "ogg": "audio/ogg",
        "wav": "audio/wav",
        "pdf": "application/pdf",
    ]

    /// Unknown kinds are bytes: with `nosniff`, a browser then neither renders nor runs them.
    static func of(path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "application/octet-stream" }
        return byExtension[path[path.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }
}
