import PageModels
import Testing

/// A URL's host and port as the URL standard reads them, which no percent-encoding mends.
@Suite struct URLHostTests {
    @Test(
        "valid hosts and ports, and URLs with none, pass",
        arguments: [
            "https://example.org", "https://example.org:443/a", "https://user:pw@example.org:0080/",
            "http://[::1]:8080/",
            "https://exa_mple.org/", "https://b\u{FC}cher.example/", "https://b%C3%BCcher.example/", "//example.org/x",
            "mailto:a@b.example", "../x.html", "#top", "https://example.org:/", "https://example.org?q=a b",
        ])
    func validHostsPass(_ url: String) {
        #expect(URLHost.problem(in: url) == nil)
    }

    @Test(
        "a host with a character no host may hold, a port past 65535, an IPv6 host that is none",
        arguments: [
            ("https://exa mple.org/", "a space in the host"), ("https://exa%20mple.org/", "a space in the host"),
            ("https://e|x.org/", "'|' in the host"), ("https://e%zz.org/", "'%' in the host"),
            ("https://example.org:65536/", "a port that is no number below 65536"),
            ("https://example.org:8a/", "a port that is no number below 65536"),
            ("https://[zz]/", "an IPv6 host that is no address"), ("https://[::1/", "an IPv6 host without its ]"),
            ("https://[::1]x/", "text after an IPv6 host"), ("https:///x", "no host"), ("https://user@/", "no host"),
        ])
    func badHostsAreNamed(_ url: String, _ problem: String) {
        #expect(URLHost.problem(in: url) == problem)
    }
}
