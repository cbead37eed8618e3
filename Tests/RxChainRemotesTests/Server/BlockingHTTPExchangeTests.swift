import Testing

@testable import RxChainRemotes

/// The answer reading of the feed's blocking HTTP exchange.
@Suite struct BlockingHTTPExchangeTests {
    func parse(_ text: String) -> (status: Int, body: String)? {
        guard case .success(let answer) = BlockingHTTPExchange.parse(Array(text.utf8)) else { return nil }
        return (answer.status, String(decoding: answer.body, as: UTF8.self))
    }

    @Test func aContentLengthBodyIsCutToItsLength() throws {
        let answer = try #require(parse("HTTP/1.1 200 OK\r\nContent-Length: 4\r\nX: y\r\n\r\n{\"a\"}extra"))
        #expect(answer.status == 200)
        #expect(answer.body == "{\"a\"")
    }

    @Test func aChunkedBodyIsDecoded() throws {
        let answer = try #require(
            parse(
                "HTTP/1.1 401 Unauthorized\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n{\"a\r\n2;x=1\r\n\"}\r\n0\r\n\r\n")
        )
        #expect(answer.status == 401)
        #expect(answer.body == "{\"a\"}")
    }

    @Test func aBodyReadToTheEndWithoutLength() throws {
        #expect(try #require(parse("HTTP/1.0 200 OK\r\n\r\nall of it")).body == "all of it")
    }

    @Test(arguments: [
        "", "HTTP/1.1 200 OK\r\nContent-Length: 4", "SMTP 220 hello\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    ])
    func aBrokenAnswerIsAFailure(text: String) {
        #expect(parse(text) == nil, "\(text)")
    }

    /// Found by `Fuzz/FuzzServerAnswer`: a chunk size line with nothing before its `;` (or
    /// nothing at all) trapped on an empty split, and sizes or lengths out of range trapped on a
    /// negative count or an overflow, instead of failing the answer.
    @Test(arguments: [
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n;x=y\r\nab\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-2\r\nab\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7fffffffffffffff\r\nab\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabXY0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\nbody",
    ])
    func aBrokenChunkOrLengthIsAFailureNotATrap(text: String) {
        #expect(parse(text) == nil, "\(text)")
    }
}
