extension Redactor {
    /// `headers` with every value redacted.
    func callAsFunction(_ headers: HTTPHeaders) -> HTTPHeaders {
        guard !isEmpty else { return headers }
        var redacted = HTTPHeaders()
        for (name, value) in headers { redacted.add(name, self(value)) }
        return redacted
    }

    /// An answer with its body and header values redacted.
    func callAsFunction(_ response: HTTPResponse) -> HTTPResponse {
        guard !isEmpty else { return response }
        var response = response
        response.body = self(response.body)
        response.headers = self(response.headers)
        return response
    }
}
